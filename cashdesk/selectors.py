"""Reading the money (README "Cash desk"): a tournament's ledger, its totals and
the director's overview, the open "pay later" rows, shifts. Selectors read;
they never write."""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field
from datetime import date
from decimal import Decimal
from typing import Any

from django.db.models import QuerySet, Sum
from django.utils import timezone

from cashdesk.models import (
    ZERO,
    Kind,
    LedgerRow,
    Method,
    PrizePayout,
    Shift,
    SpecialPrizePayout,
)
from cashdesk.services.ledger import ledger_facts
from tournament import audit
from tournament.audit_verify import CHUNK, rows_against_lines
from tournament.models import SpecialPrize, Tournament
from tournament.services.payouts import payouts_view
from tournament.services.results import results_compute

# Prizes handed over at the desk: place prizes and special prizes' shares.
PAYOUT_KINDS = {Kind.PRIZE_PAYOUT, Kind.SPECIAL_PAYOUT}


@dataclass
class Totals:
    """A tournament's money, to the cent. ``taken`` = prize pool + fees + bounties
    (what the purchases brought, refunds and reversals counted off), by any
    method; of it, ``money_taken`` is what came in cash or by card, and comps and
    vouchers are counted apart (README "Cash desk")."""

    taken: Decimal = ZERO
    prize_pool: Decimal = ZERO
    fees: Decimal = ZERO
    bounties: Decimal = ZERO
    overlay: Decimal = ZERO
    prizes_paid: Decimal = ZERO
    prizes_open: Decimal = ZERO
    open_later: Decimal = ZERO  # "pay later" not settled yet
    by_method: dict[str, Decimal] = field(default_factory=lambda: defaultdict(lambda: ZERO))

    @property
    def money_taken(self) -> Decimal:
        return self.by_method[Method.CASH] + self.by_method[Method.CARD]

    @property
    def comps(self) -> Decimal:
        return self.by_method[Method.COMP]

    @property
    def vouchers(self) -> Decimal:
        return self.by_method[Method.VOUCHER]

    def payload(self) -> dict[str, str]:
        apart = {
            name: f"{getattr(self, name):.2f}" for name in ("money_taken", "comps", "vouchers")
        }
        return apart | {
            name: f"{getattr(self, name):.2f}"
            for name in (
                "taken",
                "prize_pool",
                "fees",
                "bounties",
                "overlay",
                "prizes_paid",
                "prizes_open",
            )
        }


def ledger_of_rows(rows: QuerySet[LedgerRow]) -> QuerySet[LedgerRow]:
    return rows.select_related("by", "entry__player").order_by("pk")


def ledger_of(tournament: Tournament) -> QuerySet[LedgerRow]:
    return ledger_of_rows(LedgerRow.objects.filter(tournament=tournament))


def open_later_ids(rows: list[LedgerRow]) -> set[int]:
    """The "pay later" rows neither settled nor reversed nor refunded (a
    settlement reversed settles nothing)."""
    reversed_ids = {r.reverses_id for r in rows if r.reverses_id}
    answered = reversed_ids | {
        r.settles_id for r in rows if r.settles_id and r.pk not in reversed_ids
    }
    return {
        r.pk
        for r in rows
        if r.method == Method.ACCOUNT and r.kind != Kind.REVERSAL and r.pk not in answered
    }


def ledger_totals(tournament: Tournament, rows: list[LedgerRow] | None = None) -> Totals:
    rows = list(ledger_of(tournament)) if rows is None else rows
    totals = Totals()
    kinds = {row.pk: row.kind for row in rows}
    for row in rows:
        split = row.prize_pool + row.fee + row.bounty
        totals.taken += split
        totals.prize_pool += row.prize_pool
        totals.fees += row.fee
        totals.bounties += row.bounty
        reversed_kind = kinds.get(row.reverses_id) if row.reverses_id else None
        if Kind.OVERLAY in (row.kind, reversed_kind):  # an overlay taken back counts off
            totals.overlay += row.amount
        if {row.kind, reversed_kind} & PAYOUT_KINDS:  # a payout reversed counts off
            totals.prizes_paid -= row.amount
        _count_method(totals, row, split, reversed_kind)
    open_ids = open_later_ids(rows)
    totals.open_later = sum((r.amount for r in rows if r.pk in open_ids), ZERO)
    totals.prizes_open = max(ZERO, prizes_due(tournament) - totals.prizes_paid)
    return totals


def _count_method(
    totals: Totals, row: LedgerRow, split: Decimal, reversed_kind: str | None
) -> None:
    # Taken by method: a settlement moves a "pay later" amount to the method it
    # was paid by (and its reversal moves it back).
    if row.kind == Kind.SETTLEMENT or reversed_kind == Kind.SETTLEMENT:
        totals.by_method[row.method] += row.amount
        totals.by_method[Method.ACCOUNT] -= row.amount
    elif split:
        totals.by_method[row.method] += split


def money_overview(tournament: Tournament) -> dict[str, Any]:
    """The director's overview of one tournament (README "Cash desk"): the ledger's
    totals, and the one prize pool the payouts share out (what the ledger took
    into it, manual additions, the guarantee's overlay)."""
    totals = ledger_totals(tournament)
    pool = payouts_view(tournament, amounts=False).pool
    return {
        **totals.payload(),
        "pool_additions": f"{pool.additions:.2f}",
        "pool_overlay": f"{pool.overlay:.2f}",
        "pool_total": f"{pool.total:.2f}",
        "by_method": [
            {"method": method, "amount": f"{totals.by_method[method]:.2f}"}
            for method in Method.values
            if totals.by_method.get(method)
        ],
        "open_later": f"{totals.open_later:.2f}",
    }


def prizes_due(tournament: Tournament) -> Decimal:
    """The place prizes and the special prizes awarded that the desk pays (from
    the pool or the house; a pot's are paid with its pay-out, README "Special prizes")."""
    _view, rows = results_compute(tournament)
    awarded = (
        SpecialPrize.objects.filter(tournament=tournament, awarded_at__isnull=False)
        .exclude(source=SpecialPrize.Source.POT)
        .aggregate(total=Sum("amount"))
    )
    return sum((r.prize for r in rows if r.prize > 0), ZERO) + (awarded["total"] or ZERO)


def payouts_of(tournament: Tournament) -> dict[int, PrizePayout]:
    """The prizes paid out and not reversed, by entry id."""
    return {
        p.entry_id: p
        for p in PrizePayout.objects.filter(
            tournament=tournament, ledger_row__reversed_by__isnull=True
        ).select_related("by", "ledger_row")
    }


def special_payouts_standing(prize_ids: list[int]) -> dict[tuple[int, int], SpecialPrizePayout]:
    """The special prizes' shares paid and not reversed, by (prize id, entry id)."""
    return {
        (p.prize_id, p.entry_id): p
        for p in SpecialPrizePayout.objects.filter(
            prize_id__in=prize_ids, ledger_row__reversed_by__isnull=True
        )
    }


def special_prizes_paid(prizes: list[Any]) -> set[int]:
    """The awarded special prizes whose every winner has his share (README
    "Special prizes"); ``prizes`` as the results show them (id and winners)."""
    paid = special_payouts_standing([p.id for p in prizes])
    return {
        p.id
        for p in prizes
        if p.awarded and all((p.id, entry) in paid for entry, _name, _share in p.winners)
    }


def row_payload(row: LedgerRow, open_ids: set[int] | frozenset[int] = frozenset()) -> dict:
    return {
        "id": row.pk,
        "kind": row.kind,
        "amount": f"{row.amount:.2f}",
        "prize_pool": f"{row.prize_pool:.2f}",
        "fee": f"{row.fee:.2f}",
        "bounty": f"{row.bounty:.2f}",
        "method": row.method,
        "receipt_number": row.receipt_number,
        "receipt": row.receipt,
        "entry": row.entry_id,
        "player": row.entry.player.name if row.entry is not None else None,
        "by": row.by.get_username() if row.by is not None else None,
        "at": row.at,
        "reverses": row.reverses_id,
        "settles": row.settles_id,
        "reason": row.reason,
        "open": row.pk in open_ids,
        "shift": row.shift_id,
        "reference": row.reference,
    }


def shifts_of_day(day: date | None = None) -> list[Shift]:
    """Every shift opened on the day (today), and any still open."""
    day = day or timezone.localdate()
    opened = Shift.objects.filter(opened_at__date=day) | Shift.objects.filter(
        closed_at__isnull=True
    )
    return list(opened.select_related("box", "cashier").distinct().order_by("opened_at", "pk"))


def shift_payload(shift: Shift, cash: Decimal | None = None) -> dict[str, Any]:
    money = lambda value: None if value is None else f"{value:.2f}"  # noqa: E731
    expected = shift.expected if shift.expected is not None else None
    if expected is None and cash is not None:
        expected = shift.float + cash
    return {
        "id": shift.pk,
        "box": shift.box_id,
        "box_name": shift.box.name,
        "cashier": shift.cashier.get_username(),
        "float": money(shift.float),
        "opened_at": shift.opened_at,
        "closed_at": shift.closed_at,
        "expected": money(expected),
        "counted": money(shift.counted),
        "difference": money(shift.difference),
        "note": shift.note,
    }


def open_shift_for(user: Any) -> Shift | None:
    """The user's open shift (read, not locked), or None."""
    if getattr(user, "pk", None) is None:
        return None
    return (
        Shift.objects.filter(cashier_id=user.pk, closed_at__isnull=True)
        .select_related("box")
        .first()
    )


def closed_shifts_of(user: Any) -> QuerySet[Shift]:
    return Shift.objects.filter(cashier_id=user.pk, closed_at__isnull=False).select_related("box")


def entries_owing(tournament: Tournament) -> set[int]:
    """The entries with a "pay later" row still open (every list marks them)."""
    rows = list(
        LedgerRow.objects.filter(tournament=tournament).only(
            "pk", "kind", "method", "entry_id", "reverses_id", "settles_id", "amount"
        )
    )
    open_ids = open_later_ids(rows)
    return {r.entry_id for r in rows if r.pk in open_ids and r.entry_id}


def receipts_of(entries: list[Any]) -> list[tuple[Any, LedgerRow | None]]:
    """Each entry with the receipt of its latest payment (None: nothing paid)."""
    latest: dict[int, LedgerRow] = {}
    for row in LedgerRow.objects.filter(entry__in=entries).order_by("pk"):
        latest[row.entry_id] = row  # type: ignore[index]
    return [(entry, latest.get(entry.pk)) for entry in entries]


def purchase_receipts(tournament: Tournament, last: int = 5) -> list[LedgerRow]:
    """The latest rebuys and add-ons sold and still standing (not reversed), with
    their receipts (the payouts page, where a mistaken one is reversed)."""
    rows = LedgerRow.objects.filter(
        tournament=tournament, kind__in=(Kind.REBUY, Kind.ADD_ON), reversed_by__isnull=True
    )
    return list(rows.select_related("entry__player").order_by("-pk")[:last])


def ledger_against_trail() -> list[str]:
    """Each ledger row against its line in the audit trail (README "Audit
    trail"): a row changed, added or taken out past the database's guard."""
    rows = (
        (row.pk, ledger_facts(row), row.by_id, row.at)
        for row in LedgerRow.objects.order_by("pk").iterator(chunk_size=CHUNK)
    )
    return rows_against_lines("ledger row", audit.LEDGER, "ledger", rows)
