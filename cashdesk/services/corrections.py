"""Correcting the ledger without editing it (README "Cash desk").

A mistake is answered by a new row: a reversal (the same money the other way,
linked to the row it reverses, with a reason), a refund (the purchases of an
entry paid back, with a reason) or a settlement (a "pay later" row paid). The
database holds each row to one reversal and one settlement.
"""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from django.db import IntegrityError
from django.utils.translation import gettext_lazy as _

from cashdesk.models import PURCHASE_KINDS, Kind, LedgerRow, Method
from cashdesk.services.ledger import Split, ledger_append
from cashdesk.services.payments import Payment, check_payment
from cashdesk.services.prizes import prize_reversal_check
from tables.services.withdraw import entry_withdraw, never_played, play_started
from tournament.errors import Conflict, FieldInvalid, Forbidden
from tournament.models import Entry
from tournament.roles import DIRECTOR, has_role
from tournament.services.entries import entry_get
from tournament.services.fixed_prizes import pool_change_check
from tournament.services.prize_pool import PurchaseKind, purchases_reversed
from tournament.writes import Scope, Write, scopes, tournament_write, write

ROW_NOT_FOUND = _("Ledger row not found.")
ALREADY_REVERSED = _("This ledger row has already been reversed.")
REVERSAL_NOT_REVERSED = _("A reversal is not reversed; book the payment again instead.")
SETTLED_FIRST = _("This later payment has been settled: reverse the settlement first.")
NOT_OPEN = _("Only an open later payment can be settled.")
ALREADY_SETTLED = _("This later payment has already been settled.")
REASON_NEEDED = _("Give a reason.")
NOTHING_TO_REFUND = _("This entry has no payment left to refund.")
REFUND_DIRECTOR = _("Once the tournament has started only a director may refund.")
SETTLE_WITH = _("Settle with cash, card or a voucher.")


def _reason(reason: str) -> str:
    reason = " ".join((reason or "").split())
    if not reason:
        raise FieldInvalid("reason", REASON_NEEDED)
    return reason[:500]


def _scope_of(row_id: int) -> Scope:
    """The row's tournament; the room's for a row of none (a pot's, a ticket's)."""
    return write.for_row_or_room(LedgerRow, row_id, ROW_NOT_FOUND) or scopes.room()


def _in_write(scope: Scope, by: Any, step: Any) -> LedgerRow:
    """Run ``step(w)`` in the write of the row's scope and record the change for
    the money screens (a row of no tournament is on none)."""
    try:
        with write(scope, by=by) as w:
            row: LedgerRow = step(w)
            w.log(f"ledger_{row.kind}", {"row": row.pk, "receipt": row.receipt})
            if w.held_tournament is None:
                w.keep_quiet("a row of no tournament is on no screen")
            else:
                w.record("ledger", facts={"ledger_row": row.pk})
            return row
    except IntegrityError as exc:  # the database's one-reversal, one-settlement rule
        raise Conflict(ALREADY_REVERSED) from exc


def ledger_reverse(*, row_id: int, reason: str, by: Any) -> LedgerRow:
    """Book the row's money the other way, linked to it, with a reason."""
    reason = _reason(reason)
    scope = _scope_of(row_id)

    def step(w: Write) -> LedgerRow:
        row = LedgerRow.objects.select_related("entry").get(pk=row_id)
        if LedgerRow.objects.filter(reverses=row).exists():
            raise Conflict(ALREADY_REVERSED)
        if row.kind == Kind.REVERSAL:
            raise Conflict(REVERSAL_NOT_REVERSED)
        if row.kind in (Kind.PRIZE_PAYOUT, Kind.SPECIAL_PAYOUT):
            prize_reversal_check(by)
        if _settled(row):
            raise Conflict(SETTLED_FIRST)
        if row.prize_pool and row.tournament is not None:
            pool_change_check(row.tournament)
        split = Split(row.prize_pool, row.fee, row.bounty).negated()
        if (
            w.held_tournament is not None
            and row.entry_id is not None
            and row.kind in PURCHASE_COUNTERS
        ):
            # The purchase leaves the entry with its money, in this one write.
            purchases_reversed(
                w, entry_id=row.entry_id, kind=PURCHASE_COUNTERS[row.kind], count=_count_of(row)
            )
        return ledger_append(
            w,
            kind=Kind.REVERSAL,
            amount=-row.amount,
            split=split,
            method=row.method,
            by=by,
            tournament=row.tournament,
            entry=row.entry,
            reverses=row,
            ticket=row.ticket,
            reason=reason,
            count=None if row.count is None else -row.count,
        )

    return _in_write(scope, by, step)


PURCHASE_COUNTERS: dict[str, PurchaseKind] = {Kind.REBUY: "rebuy", Kind.ADD_ON: "addon"}


def _count_of(row: LedgerRow) -> int:
    """How many rebuys or add-ons the row sold; rows booked before the count was
    kept sold one (or took one back)."""
    if row.count is not None:
        return row.count
    return -1 if row.amount < 0 else 1


def _settled(row: LedgerRow) -> bool:
    """A settlement of the row stands (one not reversed)."""
    return (
        LedgerRow.objects.filter(settles=row)
        .exclude(pk__in=LedgerRow.objects.filter(reverses__settles=row).values("reverses_id"))
        .exists()
    )


def ledger_settle(*, row_id: int, method: str, by: Any, reference: str = "") -> LedgerRow:
    """A "pay later" row paid: a settlement row takes the money by ``method``; a
    voucher names its number (``reference``), as at every sale."""
    payment = Payment(method, reference=reference)
    check_payment(payment, by)
    if method not in (Method.CASH, Method.CARD, Method.VOUCHER):
        raise FieldInvalid("method", SETTLE_WITH)
    scope = _scope_of(row_id)

    def step(w: Write) -> LedgerRow:
        row = LedgerRow.objects.select_related("entry").get(pk=row_id)
        if row.method != Method.ACCOUNT or row.kind == Kind.REVERSAL:
            raise Conflict(NOT_OPEN)
        if LedgerRow.objects.filter(reverses=row).exists():
            raise Conflict(NOT_OPEN)
        if _settled(row):
            raise Conflict(ALREADY_SETTLED)
        return ledger_append(
            w,
            kind=Kind.SETTLEMENT,
            amount=row.amount,
            method=method,
            by=by,
            tournament=row.tournament,
            entry=row.entry,
            settles=row,
            reference=payment.voucher_number if method == Method.VOUCHER else "",
        )

    return _in_write(scope, by, step)


def entry_refund(*, entry_id: int, reason: str, by: Any) -> list[LedgerRow]:
    """Pay back what the entry paid and was not reversed or refunded yet, with a
    reason: the desk before play starts, a director after it. An entry that never
    played (before play starts, or still waiting for a seat) unregisters with it:
    it leaves the field, the pool and every list; one that paid nothing (a
    freeroll) just unregisters, nothing booked (README "Cash desk")."""
    reason = _reason(reason)
    entry = entry_get(entry_id)
    with tournament_write(entry.tournament_id, by=by) as w:
        entry.refresh_from_db()  # as it is under the lock
        if play_started(w.tournament) and not has_role(by, (DIRECTOR,)):
            raise Forbidden(REFUND_DIRECTOR)
        purchases = _unanswered_purchases(entry)
        if any(row.prize_pool for row in purchases):
            pool_change_check(w.tournament)
        rows = [_refund_row(w, row, reason, by) for row in purchases]
        withdrawn = never_played(w.tournament, entry)
        if not rows and not withdrawn:
            raise Conflict(NOTHING_TO_REFUND)
        if rows:
            w.log(
                "ledger_refund",
                {"entry": entry.pk, "rows": [r.pk for r in rows], "reason": reason}
                | ({"withdrawn": True} if withdrawn else {}),
            )
        else:
            w.log("entry_unregistered", {"entry": entry.pk, "reason": reason})
        if withdrawn:
            entry_withdraw(w, entry)
        else:
            w.record("ledger", facts={"entry": entry.pk})
    return rows


def _unanswered_purchases(entry: Entry) -> list[LedgerRow]:
    """The entry's purchases with money on them neither reversed nor refunded."""
    paid = LedgerRow.objects.filter(entry=entry, kind__in=PURCHASE_KINDS).order_by("pk")
    answered = set(
        LedgerRow.objects.filter(entry=entry, reverses__isnull=False).values_list(
            "reverses_id", flat=True
        )
    )
    return [row for row in paid if row.pk not in answered and row.amount]


def _refund_row(w: Write, row: LedgerRow, reason: str, by: Any) -> LedgerRow:
    # Money paid later and not settled is not handed back: the refund cancels it.
    return ledger_append(
        w,
        kind=Kind.REFUND,
        amount=-row.amount if row.amount else Decimal(0),
        split=Split(row.prize_pool, row.fee, row.bounty).negated(),
        method=row.method,
        by=by,
        tournament=row.tournament,
        entry=row.entry,
        reverses=row,
        reason=reason,
    )
