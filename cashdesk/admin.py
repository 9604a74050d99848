"""The money in the admin: read-only. The ledger is append-only; corrections are
reversals made at the desk (README "Cash desk")."""

from __future__ import annotations

from typing import Any

from django.contrib import admin

from cashdesk.models import CashBox, LedgerRow, PrizePayout, Shift, Ticket


class ReadOnlyAdmin(admin.ModelAdmin):
    def has_add_permission(self, request: Any) -> bool:
        return False

    def has_change_permission(self, request: Any, obj: Any = None) -> bool:
        return False

    def has_delete_permission(self, request: Any, obj: Any = None) -> bool:
        return False


@admin.register(LedgerRow)
class LedgerRowAdmin(ReadOnlyAdmin):
    list_display = ("receipt", "at", "tournament", "kind", "amount", "method", "by")
    list_filter = ("kind", "method")


@admin.register(PrizePayout)
class PrizePayoutAdmin(ReadOnlyAdmin):
    list_display = ("tournament", "place", "entry", "amount", "method", "by", "at")


@admin.register(Shift)
class ShiftAdmin(ReadOnlyAdmin):
    list_display = ("box", "cashier", "opened_at", "closed_at", "float", "counted", "difference")


@admin.register(Ticket)
class TicketAdmin(ReadOnlyAdmin):
    list_display = ("number", "value", "holder", "status", "target_tournament", "expires")
    list_filter = ("status",)


@admin.register(CashBox)
class CashBoxAdmin(admin.ModelAdmin):
    list_display = ("name", "active")

    def has_delete_permission(self, request: Any, obj: Any = None) -> bool:
        return False
