"""Tickets (README "Satellites and tickets"): a seat won in a satellite is a
payment method at the target's desk, used once.

:func:`ticket_pay` is called inside the write that registers the entry (the
desk's payment with method "ticket"): it locks the ticket's scope (after the
tournament, in the room's lock order), checks it may pay this buy-in and marks
it used, so two desks using one ticket at once get one entry and one 409.
"""

from __future__ import annotations

import datetime
from typing import Any

from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from cashdesk.models import Kind, LedgerRow, Method, Ticket, TicketRoomSettings
from cashdesk.services.ledger import Split, ledger_append
from tournament.errors import Conflict, FieldInvalid, NotFound
from tournament.models import Entry, Player, Tournament
from tournament.rules.payouts import money
from tournament.rules.satellites import SatelliteError, ticket_change
from tournament.writes import Write, scopes, write

TICKET_NOT_FOUND = _("Ticket not found.")
TICKET_USED = _("This ticket has already been used.")
TICKET_REFUNDED = _("This ticket was refunded; it pays nothing.")
TICKET_EXPIRED = _("This ticket expired on %(date)s.")
TICKET_WRONG_TARGET = _("This ticket is not valid for this tournament.")
TICKET_OTHER_HOLDER = _("This ticket belongs to another player; a director can transfer it.")
TICKET_TOO_SMALL = _("This ticket is worth %(value)s, less than the buy-in of %(price)s.")
TICKET_NOT_OPEN = _("Only an unused ticket can be transferred or refunded.")
REASON_NEEDED = _("Give a reason.")
PLAYER_NOT_FOUND = _("Player not found.")
TICKET_NEEDED = _("Name the ticket that pays.")
CHANGE_REASON = _("Change for ticket %(number)s")


def _expired(ticket: Ticket, today: datetime.date) -> bool:
    return ticket.expires is not None and ticket.expires < today


def check_open(ticket: Ticket) -> None:
    if ticket.status == Ticket.Status.USED:
        raise Conflict(TICKET_USED)
    if ticket.status == Ticket.Status.REFUNDED:
        raise Conflict(TICKET_REFUNDED)
    if ticket.status == Ticket.Status.EXPIRED or _expired(ticket, timezone.localdate()):
        raise Conflict(TICKET_EXPIRED % {"date": ticket.expires})


def ticket_scope(ticket_id: int) -> scopes.Scope:
    return scopes.ticket(ticket_id, missing=TICKET_NOT_FOUND)


def ticket_locked(w: Write, ticket_id: int) -> Ticket:
    ticket: Ticket = w.lock(ticket_scope(ticket_id))
    return ticket


def ticket_valid_for(ticket: Ticket, tournament: Tournament) -> bool:
    """The ticket buys into this tournament: its target, a flight of its target
    event, or any tournament when it names none (up to its value, checked at
    the desk)."""
    if ticket.target_tournament_id is None and ticket.target_event_id is None:
        return True
    return ticket.target_tournament_id == tournament.pk or (
        ticket.target_event_id is not None and ticket.target_event_id == tournament.event_id
    )


def ticket_pay(w: Write, *, entry: Entry, payment: Any, split: Split, kind: str) -> LedgerRow:
    """Pay ``entry``'s purchase (``split``: buy-in, fee, bounty) with the ticket
    ``payment.ticket``, inside the registering write: the ticket is locked,
    checked and marked used; the row is the purchase's, method "ticket". A
    ticket worth more leaves change only where the room allows it (a cash row)."""
    if payment.ticket is None:
        raise FieldInvalid("payment", TICKET_NEEDED)
    tournament = w.tournament
    ticket = ticket_locked(w, payment.ticket)
    check_open(ticket)
    valid = ticket_valid_for(ticket, tournament)
    if not valid:
        raise Conflict(TICKET_WRONG_TARGET)
    if ticket.holder_id != entry.player_id:
        raise Conflict(TICKET_OTHER_HOLDER)
    price = split.total
    try:
        change = ticket_change(
            ticket.value, price, change_allowed=TicketRoomSettings.current().ticket_change
        )
    except SatelliteError as exc:
        raise Conflict(
            TICKET_TOO_SMALL % {"value": money(ticket.value), "price": money(price)}
        ) from exc
    ticket.status = Ticket.Status.USED
    ticket.save(update_fields=["status"])
    row = ledger_append(
        w,
        kind=kind,
        amount=price,
        split=split,
        method=Method.TICKET,
        by=w.user,
        tournament=tournament,
        entry=entry,
        ticket=ticket,
    )
    if change > 0:
        ledger_append(
            w,
            kind=Kind.REFUND,
            amount=-change,
            method=Method.CASH,
            by=w.user,
            tournament=tournament,
            entry=entry,
            ticket=ticket,
            reason=str(CHANGE_REASON % {"number": ticket.number}),
        )
    w.log("ticket_used", {"ticket": ticket.pk, "entry": entry.pk, "change": money(change)})
    return row


def _logged(w: Write, ticket: Ticket, kind: str, facts: dict[str, Any]) -> None:
    """The line in the ticket's scope, shown in the history of the tournament
    that issued it (else of its target)."""
    issued = ticket.issued_by.tournament if ticket.issued_by is not None else None
    w.log(
        kind,
        {"ticket": ticket.pk, "number": ticket.number, **facts},
        tournament=issued or ticket.target_tournament,
    )
    w.keep_quiet("no screen shows a ticket")


def _reason(reason: str) -> str:
    reason = " ".join(reason.split())[:200]
    if not reason:
        raise FieldInvalid("reason", REASON_NEEDED)
    return reason


def ticket_transfer(*, ticket_id: int, player_id: int, reason: str, by: Any) -> Ticket:
    """A director gives an unused ticket to another player (logged with the reason)."""
    reason = _reason(reason)
    with write(ticket_scope(ticket_id), by=by) as w:
        ticket = w.row(ticket_scope(ticket_id))
        check_open(ticket)
        player = Player.objects.filter(pk=player_id).first()
        if player is None:
            raise NotFound(PLAYER_NOT_FOUND)
        _logged(
            w,
            ticket,
            "ticket_transferred",
            {"from": ticket.holder_id, "to": player.pk, "reason": reason},
        )
        ticket.holder = player
        ticket.save(update_fields=["holder"])
    return ticket


def ticket_refund(*, ticket_id: int, reason: str, by: Any) -> Ticket:
    """A director refunds an unused ticket (its value paid in cash; logged)."""
    reason = _reason(reason)
    # The room's scope first: a refund paid from no cash box counts in the room's series.
    with write(scopes.room(), ticket_scope(ticket_id), by=by) as w:
        ticket = w.row(ticket_scope(ticket_id))
        if ticket.status != Ticket.Status.ISSUED:
            raise Conflict(TICKET_NOT_OPEN)
        ticket.status = Ticket.Status.REFUNDED
        ticket.save(update_fields=["status"])
        ledger_append(
            w,
            kind=Kind.REFUND,
            amount=-ticket.value,
            method=Method.CASH,
            by=by,
            tournament=ticket.issued_by.tournament if ticket.issued_by is not None else None,
            ticket=ticket,
            reason=reason,
        )
        _logged(w, ticket, "ticket_refunded", {"value": money(ticket.value), "reason": reason})
    return ticket


def tickets_expire(today: datetime.date | None = None) -> int:
    """Mark the unused tickets past their expiry date expired; the count."""
    today = today or timezone.localdate()
    due = Ticket.objects.filter(status=Ticket.Status.ISSUED, expires__lt=today)
    # The house's write: each ticket locked in id order, its line in its scope.
    with write(by=None) as w:
        tickets = w.lock(due)
        for ticket in tickets:
            ticket.status = Ticket.Status.EXPIRED
            ticket.save(update_fields=["status"])
            w.log(
                "ticket_expired",
                {"ticket": ticket.pk, "number": ticket.number, "expires": str(ticket.expires)},
                scope=ticket_scope(ticket.pk),
            )
        w.keep_quiet("no screen shows a ticket")
    return len(tickets)


def ticket_settings_set(*, ticket_change: bool, by: Any) -> TicketRoomSettings:
    """A director sets the room's ticket rule: a ticket worth more than the
    buy-in leaves the difference in cash, or not (README "Satellites and tickets")."""
    with write(scopes.room(), by=by) as w:
        room = TicketRoomSettings.current()
        room.ticket_change = ticket_change
        room.save(update_fields=["ticket_change"])
        w.log("ticket_change_set", {"ticket_change": ticket_change})
        w.keep_quiet("no screen shows the room's ticket rule")
    return room
