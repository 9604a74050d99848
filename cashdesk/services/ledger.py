"""Writing the ledger (README "Cash desk"): every money movement one row, with
the next receipt number of its series.

:func:`ledger_append` is called inside the write of the action that moves the
money (a registration, a rebuy, a payout): the row commits or rolls back with
it, and so does its receipt number, so each series has no gap. The series is
the cash box the money passed (numbered under the box's lock, which the write
takes in the room's order: after the tournament, before the shift), else the
row's tournament when the write holds it, else the room's. Two tournaments'
desks at two boxes never wait for each other's numbers.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from django.db import connection
from django.db.models import Sum
from django.utils.translation import gettext_lazy as _

from cashdesk.models import (
    PURCHASE_KINDS,
    ZERO,
    CashBox,
    Kind,
    LedgerRow,
    Method,
    Shift,
    Ticket,
)
from tournament import audit
from tournament.errors import Conflict
from tournament.models import Entry, Tournament
from tournament.models_room import RoomSettings
from tournament.prize_port import Taken
from tournament.rules.payouts import money
from tournament.writes import Scope, Write, scopes

SHIFT_CLOSED = _("This shift has been closed meanwhile; open a new shift.")
OPEN_A_SHIFT = _(
    "Cash is taken in an open shift: open your shift on a cash box first "
    "(Cash desk, My shift), or pay by card."
)

# Rows that take a player's money at the desk: in cash they go into a drawer.
TAKING_KINDS = (*PURCHASE_KINDS, Kind.SETTLEMENT)


class ShiftNeeded(Conflict):
    """Cash taken with no shift open (README "Cash desk"): 409; a page shows the
    message with a link to the shift page (its message tag)."""

    message_tags = "open-shift"


@dataclass(frozen=True)
class Split:
    """Where the money of a purchase goes; the parts add up to the amount."""

    prize_pool: Decimal = ZERO
    fee: Decimal = ZERO
    bounty: Decimal = ZERO

    @property
    def total(self) -> Decimal:
        return self.prize_pool + self.fee + self.bounty

    def negated(self) -> Split:
        return Split(-self.prize_pool, -self.fee, -self.bounty)


def receipt_number_take(series: Scope) -> int:
    """The next number of a series whose scope the write holds: one statement,
    committed or rolled back with the row that uses it (gapless)."""
    with connection.cursor() as cursor:
        cursor.execute(_NEXT_NUMBER, [str(series)])
        return int(cursor.fetchone()[0])


_NEXT_NUMBER = (
    "INSERT INTO cashdesk_receiptcounter (series, last) VALUES (%s, 1) "
    "ON CONFLICT (series) DO UPDATE SET last = cashdesk_receiptcounter.last + 1 "
    "RETURNING last"
)


def open_shift_of(w: Write, user: Any) -> Shift | None:
    """The cashier's open shift, locked with its box (a close waits for the
    payment), or None."""
    if getattr(user, "pk", None) is None:
        return None
    found = Shift.objects.filter(cashier_id=user.pk, closed_at__isnull=True).first()
    return None if found is None else _locked_open(w, found.box_id, found.pk)


def _locked_open(w: Write, box_id: int, shift_id: int) -> Shift | None:
    """The shift locked after its cash box (the room's order), if still open."""
    w.lock(scopes.cashbox(box_id))
    shift: Shift | None = w.lock(scopes.shift(shift_id))
    return shift if shift is not None and shift.closed_at is None else None


def _series(w: Write, box: CashBox | None, tournament: Tournament | None) -> Scope:
    """The scope whose series numbers the row (see the module's docstring)."""
    if box is not None:
        return scopes.cashbox(box.pk)
    if tournament is not None and w.holds(scopes.tournament(tournament.pk)):
        return scopes.tournament(tournament.pk)
    w.lock(scopes.room())
    return scopes.room()


def ledger_append(
    w: Write,
    *,
    kind: str,
    amount: Decimal,
    method: str = Method.CASH,
    by: Any = None,
    tournament: Tournament | None = None,
    entry: Entry | None = None,
    split: Split = Split(),
    reverses: LedgerRow | None = None,
    settles: LedgerRow | None = None,
    ticket: Ticket | None = None,
    reason: str = "",
    shift: Shift | None = None,
    count: int | None = None,
    no_shift: bool = False,
    reference: str = "",
) -> LedgerRow:
    """One ledger row with the next receipt number of its series, booked to the
    cashier's open shift (or the shift given) and its cash box; ``no_shift``: to
    none (no money passed a drawer). Inside the write ``w``; ``by`` is its actor
    unless given."""
    by = by if by is not None else w.user
    user = by if getattr(by, "pk", None) is not None else None
    if no_shift:
        shift = None
    elif shift is None:
        shift = open_shift_of(w, user)
    elif _locked_open(w, shift.box_id, shift.pk) is None:
        raise Conflict(SHIFT_CLOSED)
    if shift is None and user is not None and _needs_a_shift(kind, method):
        raise ShiftNeeded(OPEN_A_SHIFT)
    box: CashBox | None = w.row(scopes.cashbox(shift.box_id)) if shift is not None else None
    tournament = tournament or (entry.tournament if entry is not None else None)
    series = _series(w, box, tournament)
    row = LedgerRow.objects.create(
        tournament=tournament,
        entry=entry,
        kind=kind,
        amount=amount,
        prize_pool=split.prize_pool,
        fee=split.fee,
        bounty=split.bounty,
        method=method,
        receipt_number=receipt_number_take(series),
        receipt_series=str(series),
        by=user,
        cash_box=box,
        shift=shift,
        reverses=reverses,
        settles=settles,
        ticket=ticket,
        reason=reason,
        count=count,
        reference=reference,
    )
    # Its line in the chain of its receipt series (README "Audit trail"): the
    # scope the write holds already, so two tournaments' desks never race for
    # one chain; the row's facts, hashed, beside the database's append-only guard.
    audit.append(
        scope=str(series),
        tournament=None,
        kind=audit.LEDGER,
        data=ledger_facts(row),
        by=user,
        at=row.at,
    )
    return row


def ledger_facts(row: LedgerRow) -> dict[str, Any]:
    """What a ledger row's line in the trail records of it (``audit verify``
    compares the row with it)."""
    return {
        "ledger": row.pk,
        "receipt": row.receipt_number,
        "kind": row.kind,
        "amount": money(row.amount),
        "prize_pool": money(row.prize_pool),
        "fee": money(row.fee),
        "bounty": money(row.bounty),
        "method": row.method,
        "tournament": row.tournament_id,
        "entry": row.entry_id,
        "cash_box": row.cash_box_id,
        "shift": row.shift_id,
        "reverses": row.reverses_id,
        "settles": row.settles_id,
        "ticket": row.ticket_id,
        "reason": row.reason,
        "count": row.count,
        "reference": row.reference,
    }


def pool_taken(tournament_ids: Sequence[int]) -> Taken:
    """The one prize pool's money (README "Cash desk"): the prize-pool and fee
    shares of the tournaments' rows. Only purchases carry a split, and their
    refunds and reversals carry it negated, so they count off; payouts, the
    overlay and pot movements carry none."""
    sums = LedgerRow.objects.filter(tournament_id__in=list(tournament_ids)).aggregate(
        pool=Sum("prize_pool"), fees=Sum("fee")
    )
    return Taken(prize_pool=sums["pool"] or ZERO, fees=sums["fees"] or ZERO)


def _needs_a_shift(kind: str, method: str) -> bool:
    """Cash a cashier takes goes into his shift's drawer, unless the room chose
    "no shifts" on its settings page."""
    return method == Method.CASH and kind in TAKING_KINDS and RoomSettings.current().cash_shifts
