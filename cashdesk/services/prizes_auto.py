"""Prizes fixed when the winner is known (README "Satellites and tickets", "Pots").

The bust that leaves one player ends the tournament and, in the same write,
fixes its prizes: a satellite's tickets are issued, the guarantee's overlay
and the money kept back are booked (``prizes_fix_within``, once). Undoing that
bust plays the tournament on: the fixing is taken back in the same write (the
unused tickets withdrawn, the overlay and the pot money reversed in the ledger,
a pot movement out), so the next winner fixes them again. Once a ticket of it
was used, or its pot spent, the undo is refused (409).

The core asks through ``tournament.prize_port``; this module's answer is
plugged in by ``CashdeskConfig.ready``.
"""

from __future__ import annotations

import logging

from django.utils.translation import gettext_lazy as _

from cashdesk.models import Kind, LedgerRow, Pot, PotMovement, PrizesFixed, Ticket
from cashdesk.selectors import payouts_of
from cashdesk.services.ledger import ledger_append
from cashdesk.services.pots import pot_balance
from cashdesk.services.satellites import SatellitePrizes, prizes_fix_within
from tournament.errors import Conflict, DomainError
from tournament.models import Tournament
from tournament.prize_port import PaidPrize
from tournament.writes import Write

TICKETS_USED = _(
    "A ticket this tournament issued has been used or refunded: its result can no longer change."
)
POT_SPENT = _(
    "The money this tournament kept back has left its pot: its result can no longer change."
)
REOPENED = _("The winner's bust was undone: the prizes are fixed again at the end")

logger = logging.getLogger(__name__)


class CashdeskPrizes(SatellitePrizes):
    """The cash desk's answers to the core (``tournament.prize_port``)."""

    def winner_known(self, w: Write) -> None:
        # The floor's bust must stand whatever the money says: prizes that cannot
        # be fixed now (the payouts do not fit the places) wait for the director.
        try:
            with w.attempt():
                prizes_fix_within(w)
        except DomainError:
            logger.warning("prizes of tournament %s not fixed at its end", w.tournament.pk)

    def winner_unknown(self, w: Write) -> None:
        prizes_unfix_within(w)

    def prizes_fixed(self, tournament: Tournament) -> bool:
        return PrizesFixed.objects.filter(tournament=tournament).exists()

    def prizes_paid(self, tournament: Tournament) -> list[PaidPrize]:
        return [
            PaidPrize(
                entry_id=p.entry_id,
                place=p.place,
                amount=p.amount,
                receipt=p.ledger_row.receipt,
            )
            for p in payouts_of(tournament).values()
        ]


def prizes_unfix_within(w: Write) -> None:
    """Take back the fixing of the write's tournament, if it was fixed (see above)."""
    tournament = w.tournament
    fixed = PrizesFixed.objects.filter(tournament=tournament).first()
    if fixed is None:
        return
    tickets = w.lock(Ticket.objects.filter(issued_by__tournament=tournament))
    if any(t.status != Ticket.Status.ISSUED or t.ledger.exists() for t in tickets):
        raise Conflict(TICKETS_USED)
    reason = str(REOPENED)
    kept = PotMovement.objects.filter(tournament=tournament, amount__gt=0, ledger_row__isnull=False)
    movements = list(
        kept.exclude(ledger_row__reversed_by__isnull=False).select_related("ledger_row")
    )
    # Every pot before the first row booked back (the room's lock order).
    pots = {pot.pk: pot for pot in w.lock(Pot.objects.filter(pk__in=[m.pot_id for m in movements]))}
    for movement in movements:
        row = movement.ledger_row
        pot = pots[movement.pot_id]
        if pot_balance(pot) < movement.amount:
            raise Conflict(POT_SPENT)
        if row is None:  # filtered out above; for the type checker
            continue
        back = _reverse(w, row, reason)
        PotMovement.objects.create(
            pot=pot,
            amount=-movement.amount,
            tournament=tournament,
            ledger_row=back,
            reason=pot.name,
            by=w.user,
        )
    overlay = LedgerRow.objects.filter(tournament=tournament, kind=Kind.OVERLAY)
    for row in overlay.exclude(reversed_by__isnull=False):
        _reverse(w, row, reason)
    numbers = [t.number for t in tickets]
    Ticket.objects.filter(pk__in=[t.pk for t in tickets]).delete()
    fixed.delete()
    w.log("prizes_reopened", {"tickets": numbers})


def _reverse(w: Write, row: LedgerRow, reason: str) -> LedgerRow:
    return ledger_append(
        w,
        kind=Kind.REVERSAL,
        amount=-row.amount,
        method=row.method,
        by=w.user,
        tournament=row.tournament,
        reverses=row,
        reason=reason,
    )
