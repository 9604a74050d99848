from __future__ import annotations

from typing import Any

from django.contrib import admin

from rulings.models import Amendment, HouseRule, Penalty, Ruling, RulingEntry


@admin.register(HouseRule)
class HouseRuleAdmin(admin.ModelAdmin):
    list_display = ("number", "title_de", "title_en")
    search_fields = ("title_de", "title_en", "keywords_de", "keywords_en")
    readonly_fields = ("number", "created_at", "created_by")

    def has_add_permission(self, request: Any) -> bool:
        return False  # added from the rule catalog page, which numbers them


class ReadOnlyInline(admin.TabularInline):
    extra = 0
    can_delete = False

    def has_add_permission(self, request: Any, obj: Any = None) -> bool:
        return False

    def has_change_permission(self, request: Any, obj: Any = None) -> bool:
        return False


class RulingEntryInline(ReadOnlyInline):
    model = RulingEntry


class PenaltyInline(ReadOnlyInline):
    model = Penalty
    fk_name = "ruling"


class AmendmentInline(ReadOnlyInline):
    model = Amendment


@admin.register(Ruling)
class RulingAdmin(admin.ModelAdmin):
    """Read-only: the ruling log is append-only; amend from the log page."""

    list_display = ("id", "tournament", "created_at", "table_number", "category", "decided_by")
    list_filter = ("category",)
    inlines = (RulingEntryInline, PenaltyInline, AmendmentInline)

    def has_add_permission(self, request: Any) -> bool:
        return False

    def has_change_permission(self, request: Any, obj: Any = None) -> bool:
        return False

    def has_delete_permission(self, request: Any, obj: Any = None) -> bool:
        return False
