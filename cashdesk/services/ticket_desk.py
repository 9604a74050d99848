"""The desk buys a ticket's holder into its target (README "Satellites and tickets"):
find the ticket (by number or player), register the holder, pay with the ticket."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext_lazy as _

from cashdesk.models import LedgerRow, Method, Ticket
from cashdesk.services.payments import Payment, entry_register_paid
from cashdesk.services.tickets import TICKET_NOT_FOUND, check_open
from tournament.errors import Conflict, NotFound
from tournament.models import Entry
from tournament.writes import write

FIELD_FULL = _("The field is full: pay with the ticket when a seat is free.")


def ticket_buy_in(*, ticket_id: int, tournament_id: int, by: Any) -> tuple[Entry, LedgerRow]:
    """Register the ticket's holder into ``tournament_id``, paid with the ticket."""
    ticket = Ticket.objects.filter(pk=ticket_id).first()
    if ticket is None:
        raise NotFound(TICKET_NOT_FOUND)
    # Said before registering; checked again under the lock when it pays.
    check_open(ticket)
    # One transaction: an entry that would wait is refused and rolled back whole.
    with write(by=by):
        entry, row = entry_register_paid(
            tournament_id=tournament_id,
            by=by,
            payment=Payment(method=Method.TICKET, ticket=ticket_id),
            player_id=ticket.holder_id,
        )
        if entry.status == Entry.Status.WAITING or row is None:
            # He would wait as an alternate; nothing is registered or used.
            raise Conflict(FIELD_FULL)
    return entry, row
