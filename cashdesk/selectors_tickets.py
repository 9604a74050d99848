"""Reading tickets, satellites and pots (README "Satellites and tickets", "Pots")."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from django.db.models import Q, Sum
from django.utils import timezone

from cashdesk.models import (
    Pot,
    PotMovement,
    PrizesFixed,
    SatelliteSettings,
    Ticket,
    TicketRoomSettings,
)
from tournament.models import Tournament
from tournament.rules.payouts import money


def status_now(ticket: Ticket) -> str:
    """The ticket's status today: an unused ticket past its expiry date is expired."""
    expired = ticket.expires is not None and ticket.expires < timezone.localdate()
    if ticket.status == Ticket.Status.ISSUED and expired:
        return Ticket.Status.EXPIRED
    return ticket.status


def ticket_payload(ticket: Ticket) -> dict[str, Any]:
    return {
        "id": ticket.pk,
        "number": ticket.number,
        "value": money(ticket.value),
        "target_tournament": ticket.target_tournament_id,
        "target_event": ticket.target_event_id,
        "holder": ticket.holder_id,
        "holder_name": ticket.holder.name,
        "status": status_now(ticket),
        "issued_by": ticket.issued_by_id,
        "expires": ticket.expires,
    }


def ticket_get(ticket_id: int) -> Ticket:
    return Ticket.objects.select_related("holder").get(pk=ticket_id)


def tickets_list(
    *, player_id: int | None = None, number: str | None = None, tournament_id: int | None = None
) -> list[Ticket]:
    """Tickets of a player, by number, or valid for a tournament (its target, its
    event, or any tournament: no target named)."""
    found = Ticket.objects.select_related("holder", "target_tournament", "target_event").order_by(
        "-created_at", "-id"
    )
    if player_id is not None:
        found = found.filter(holder_id=player_id)
    if number:
        found = found.filter(number__iexact=number.strip())
    if tournament_id is not None:
        event = Tournament.objects.filter(pk=tournament_id).values_list("event_id", flat=True)
        found = found.filter(
            Q(target_tournament_id=tournament_id)
            | Q(target_event_id__in=event)
            | Q(target_tournament__isnull=True, target_event__isnull=True)
        )
    tickets = list(found[:200])
    for ticket in tickets:
        # What the pages show: the status today, in the reader's language.
        now = status_now(ticket)
        ticket.status_label = Ticket.Status(now).label  # type: ignore[attr-defined]
        ticket.usable = now == Ticket.Status.ISSUED  # type: ignore[attr-defined]
    return tickets


def result_tickets(tournament: Tournament) -> dict[int, dict[str, Any]]:
    """Entry id -> the ticket its result won ({id, number, value})."""
    return {
        t.issued_by_id: {"id": t.pk, "number": t.number, "value": money(t.value)}
        for t in Ticket.objects.filter(issued_by__tournament=tournament)
        if t.issued_by_id is not None
    }


def satellite_payload(tournament: Tournament) -> dict[str, Any] | None:
    s = SatelliteSettings.objects.filter(tournament=tournament).first()
    if s is None:
        return None
    return {
        "target_tournament": s.target_tournament_id,
        "target_event": s.target_event_id,
        "ticket_value": money(s.ticket_value),
        "remainder": s.remainder,
        "tickets": s.tickets,
        "cash_places": list(s.cash_places or []),
        "expires": s.expires,
    }


def prizes_fixed(tournament: Tournament) -> bool:
    return PrizesFixed.objects.filter(tournament=tournament).exists()


def pots_list() -> list[dict[str, Any]]:
    """Every pot with its balance and its movements, newest first."""
    totals = dict(
        PotMovement.objects.values_list("pot_id")
        .annotate(s=Sum("amount"))
        .values_list("pot_id", "s")
    )
    return [
        {
            "id": pot.pk,
            "name": pot.name,
            "balance": money(totals.get(pot.pk) or Decimal(0)),
            "movements": [
                {
                    "id": m.pk,
                    "amount": money(m.amount),
                    "tournament": m.tournament_id,
                    "reason": m.reason,
                    "at": m.at,
                    "receipt_number": m.ledger_row.receipt_number if m.ledger_row else None,
                    "receipt": m.ledger_row.receipt if m.ledger_row else None,
                }
                for m in pot.movements.select_related("ledger_row").order_by("-id")[:50]
            ],
        }
        for pot in Pot.objects.all()
    ]


def ticket_settings_payload(room: TicketRoomSettings | None = None) -> dict[str, Any]:
    """The room's ticket rule (a room that never set it: no change in cash)."""
    room = room or TicketRoomSettings.objects.filter(pk=1).first()
    return {"ticket_change": bool(room and room.ticket_change)}
