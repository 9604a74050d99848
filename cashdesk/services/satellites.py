"""Satellites: payout settings that pay tickets, and the tickets issued when the
prizes are fixed (README "Satellites and tickets").

The split itself is the pure rule ``tournament.rules.satellites``; the core asks
for it through ``tournament.prize_port`` (plugged in by the cash desk app), so
the payouts, the results and the prize desk all see the same cash per place.
"""

from __future__ import annotations

import datetime
from collections.abc import Sequence
from decimal import Decimal
from typing import Any

from django.utils.translation import gettext_lazy as _

from cashdesk.models import Kind, Method, PrizesFixed, SatelliteSettings, Ticket
from cashdesk.services.ledger import ledger_append, pool_taken
from cashdesk.services.pots import kept_back_into_pot, pot_to_keep_back
from tournament import changes
from tournament.errors import Conflict, FieldInvalid, NotFound, RuleBeyondSchema
from tournament.models import Event, Tournament
from tournament.prize_port import Taken
from tournament.rules.satellites import SatelliteError, satellite_split
from tournament.services.results import results_compute
from tournament.writes import Write, tournament_write

TARGET_NEEDED = _("Name the target tournament or the target event (one of them).")
TARGET_NOT_FOUND = _("The target tournament or event was not found.")
TARGET_IS_ITSELF = _("A satellite cannot pay tickets to itself.")
TICKET_VALUE_NEEDED = _("Give the ticket value: the target has no buy-in to take it from.")
ANY_NEEDS_VALUE = _(
    "Name the target tournament or event, or give the ticket value: a ticket without a "
    "target buys into any tournament up to its value."
)
SATELLITE_INVALID = _("This satellite setting cannot be paid; check the ticket value.")
NOT_FINISHED = _("The prizes are fixed once the tournament has finished.")
ALREADY_FIXED = _("The prizes of this tournament are already fixed.")
OVERLAY_REASON = _("Guarantee overlay paid by the house")


class SatellitePrizes:
    """The cash desk's answer to the core (``tournament.prize_port``)."""

    def pool_taken(self, tournament_ids: Sequence[int]) -> Taken:
        return pool_taken(tournament_ids)

    def satellite_places(
        self, tournament: Tournament, pool: Decimal
    ) -> list[tuple[Decimal, Decimal]] | None:
        settings = SatelliteSettings.objects.filter(tournament_id=tournament.pk).first()
        if settings is None:
            return None
        places = satellite_split(
            pool,
            settings.ticket_value,
            settings.remainder,  # type: ignore[arg-type]  # the field's choices are the rule's
            tickets=settings.tickets,
            cash_places=set(settings.cash_places or ()),
        )
        zero = Decimal("0.00")
        return [(p.cash, settings.ticket_value if p.ticket else zero) for p in places]


def target_price(tournament: Tournament) -> Decimal:
    """What one seat in a tournament costs at its desk: buy-in and fee."""
    return tournament.buy_in + tournament.fee


def _event_price(event: Event) -> Decimal | None:
    flight = Tournament.objects.filter(event=event).order_by("day", "id").first()
    return None if flight is None else target_price(flight)


def _targets(
    tournament_id: int, target_tournament: int | None, target_event: int | None
) -> tuple[Tournament | None, Event | None]:
    """The target tournament or event; neither: any tournament (up to the value)."""
    if target_tournament is None and target_event is None:
        return None, None
    if target_tournament is not None and target_event is not None:
        raise FieldInvalid("satellite", TARGET_NEEDED)
    if target_tournament == tournament_id:
        # The path names the tournament: a rule the body's schema cannot state.
        raise RuleBeyondSchema("satellite", TARGET_IS_ITSELF, rule="target_not_itself")
    target = Tournament.objects.filter(pk=target_tournament).first() if target_tournament else None
    event = Event.objects.filter(pk=target_event).first() if target_event else None
    if target is None and event is None:
        raise NotFound(TARGET_NOT_FOUND)
    return target, event


def satellite_set(
    *,
    tournament_id: int,
    by: Any,
    target_tournament: int | None = None,
    target_event: int | None = None,
    ticket_value: Decimal | None = None,
    remainder: str = "next_place",
    tickets: int | None = None,
    cash_places: list[int] | None = None,
    expires: datetime.date | None = None,
) -> SatelliteSettings:
    """Make a tournament a satellite (or change its settings)."""
    target, event = _targets(tournament_id, target_tournament, target_event)
    if ticket_value is None and target is None and event is None:
        raise FieldInvalid("satellite", ANY_NEEDS_VALUE)
    if ticket_value is None:
        ticket_value = target_price(target) if target is not None else _event_price(event)  # type: ignore[arg-type]
    if ticket_value is None or ticket_value <= 0:
        # The target has no buy-in: its state, not the body's shape.
        raise Conflict(TICKET_VALUE_NEEDED)
    try:
        satellite_split(Decimal("0.00"), ticket_value, remainder, tickets=tickets)  # type: ignore[arg-type]
    except SatelliteError as exc:
        raise FieldInvalid("satellite", SATELLITE_INVALID) from exc
    with tournament_write(tournament_id, by=by) as w:
        found = SatelliteSettings.objects.filter(tournament=w.tournament).first()
        if PrizesFixed.objects.filter(tournament=w.tournament).exists():
            raise Conflict(ALREADY_FIXED)
        settings = found or SatelliteSettings(tournament=w.tournament)
        settings.target_tournament, settings.target_event = target, event
        settings.ticket_value, settings.remainder = ticket_value, remainder
        settings.tickets, settings.cash_places = tickets, sorted(set(cash_places or ()))
        settings.expires = expires
        settings.save()
        w.log(
            "satellite_set",
            {
                "target_tournament": target_tournament,
                "target_event": target_event,
                "ticket_value": str(ticket_value),
                "remainder": remainder,
                "tickets": tickets,
                "cash_places": settings.cash_places,
            },
        )
        w.record("payouts", parts=(changes.PAYOUTS, changes.SUMMARY, changes.RESULTS))
    return settings


def satellite_clear(*, tournament_id: int, by: Any) -> None:
    """The tournament pays its prizes in cash again."""
    with tournament_write(tournament_id, by=by) as w:
        found = SatelliteSettings.objects.filter(tournament=w.tournament).first()
        if found is None:
            return
        if PrizesFixed.objects.filter(tournament=w.tournament).exists():
            raise Conflict(ALREADY_FIXED)
        found.delete()
        w.log("satellite_cleared", {})
        w.record("payouts", parts=(changes.PAYOUTS, changes.SUMMARY, changes.RESULTS))


def _issue_tickets(w: Write, settings: SatelliteSettings) -> list[Ticket]:
    """The n-th player in the finishing order wins what place n pays in tickets:
    players sharing a place never get more tickets than the pool bought (the
    better-ranked first, as with the odd units of a shared prize)."""
    view, rows = results_compute(w.tournament)
    placed = [row for row in rows if row.place is not None]
    issued = []
    for position, row in enumerate(placed, start=1):
        if position > len(view.tickets) or not view.tickets[position - 1]:
            continue
        ticket = Ticket.objects.create(
            number=f"T{w.tournament.pk}-{position}",
            value=view.tickets[position - 1],
            target_tournament=settings.target_tournament,
            target_event=settings.target_event,
            holder=row.entry.player,
            issued_by=row.entry,
            expires=settings.expires,
        )
        issued.append(ticket)
    return issued


def prizes_fix(*, tournament_id: int, by: Any) -> list[Ticket]:
    """Fix the prizes of a finished tournament (see :func:`prizes_fix_within`);
    the winner's bust fixed them already, so this is for what finished otherwise."""
    with tournament_write(tournament_id, by=by) as w:
        if w.tournament.status != Tournament.Status.FINISHED:
            raise Conflict(NOT_FINISHED)
        if PrizesFixed.objects.filter(tournament=w.tournament).exists():
            raise Conflict(ALREADY_FIXED)
        issued = prizes_fix_within(w)
        w.record("prizes_fixed", parts=(changes.RESULTS,))
    return issued


def prizes_fix_within(w: Write) -> list[Ticket]:
    """Inside the write that finished the tournament (or the director's): a
    satellite issues its tickets to the players who won them; the guarantee's
    overlay and what the structure kept back of the pool are booked in the
    ledger (the kept-back money into its pot). Once: fixed already, nothing."""
    tournament = w.tournament
    if PrizesFixed.objects.filter(tournament=tournament).exists():
        return []
    PrizesFixed.objects.create(tournament=tournament, by=w.user)
    settings = SatelliteSettings.objects.filter(tournament=tournament).first()
    view, _rows = results_compute(tournament)
    issued = _issue_tickets(w, settings) if settings is not None else []
    # The pot before the cash box its rows are booked to (the room's lock order).
    pot = pot_to_keep_back(w, view.kept_back, view.kept_back_reason)
    if view.pool.overlay > 0:
        # The house pays the guarantee's overlay into the prize pool: not money
        # taken, so no split (prize pool taken + overlay = prizes).
        ledger_append(
            w,
            kind=Kind.OVERLAY,
            amount=view.pool.overlay,
            method=Method.COMP,
            by=w.user,
            tournament=tournament,
            reason=str(OVERLAY_REASON),
        )
    kept_back_into_pot(w, pot, view.kept_back)
    w.log(
        "prizes_fixed",
        {
            "tickets": [t.number for t in issued],
            "overlay": str(view.pool.overlay),
            "kept_back": str(view.kept_back),
        },
    )
    return issued
