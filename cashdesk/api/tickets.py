"""Tickets, fixing the prizes, and pots (README "Satellites and tickets", "Pots").

Directors and the desk; the floor sees none of the money.
"""

from __future__ import annotations

import datetime
from decimal import Decimal
from typing import Literal

from django.http import HttpRequest
from django.utils.translation import gettext_lazy as _
from ninja import Query, Router, Schema, Status
from pydantic import Field

from cashdesk.selectors_tickets import (
    pots_list,
    ticket_get,
    ticket_payload,
    ticket_settings_payload,
    tickets_list,
)
from cashdesk.services import pots as pot_services
from cashdesk.services import tickets as ticket_services
from cashdesk.services.satellites import prizes_fix
from cashdesk.services.ticket_desk import ticket_buy_in
from tournament.api.auth import MONEY_AUTH, acting_user, require_role
from tournament.api.choices import Money
from tournament.api.fields import DB_BIGINT_MAX, NOT_BLANK, Amount, Body
from tournament.roles import DIRECTOR

router = Router(tags=["tickets and pots"])

ONLY_DIRECTOR = _("Only a tournament director may do this.")

TicketStatus = Literal["issued", "used", "refunded", "expired"]


class TicketOut(Schema):
    id: int
    number: str = Field(description="Printed on the ticket; the desk finds it by it.")
    value: Money
    target_tournament: int | None
    target_event: int | None = Field(description="Any flight of this event.")
    holder: int = Field(description="The player holding the ticket.")
    holder_name: str
    status: TicketStatus
    issued_by: int | None = Field(description="The result (entry) that won it.")
    expires: datetime.date | None


class TicketFilter(Schema):
    player: int | None = Field(None, ge=1, le=DB_BIGINT_MAX, description="The holder's id.")
    number: str | None = Field(None, max_length=32, description="The ticket number.")
    tournament: int | None = Field(
        None, ge=1, le=DB_BIGINT_MAX, description="Valid for this tournament."
    )


class TransferIn(Body):
    player: int = Field(..., ge=1, description="The new holder.")
    reason: str = Field(..., min_length=1, max_length=200, json_schema_extra={"pattern": NOT_BLANK})


class TicketReasonIn(Body):
    reason: str = Field(..., min_length=1, max_length=200, json_schema_extra={"pattern": NOT_BLANK})


class TicketBuyInIn(Body):
    tournament: int = Field(..., ge=1, description="The target tournament (or a flight).")


class TicketBuyInOut(Schema):
    entry: int = Field(description="The new entry's id.")
    ticket: TicketOut
    receipt_number: int = Field(description="The receipt of the buy-in paid with the ticket.")
    receipt: str = Field(description="That receipt as printed (series and number).")


class TicketSettingsIn(Body):
    ticket_change: bool = Field(
        ..., description="A ticket worth more than the buy-in leaves the difference in cash."
    )


class TicketSettingsOut(Schema):
    ticket_change: bool = Field(
        description="A ticket worth more than the buy-in leaves the difference in cash."
    )


class FixedOut(Schema):
    tickets: list[TicketOut] = Field(description="The tickets issued to the winners.")


class PotMovementOut(Schema):
    id: int
    amount: Money = Field(description="Positive: into the pot; negative: out of it.")
    tournament: int | None
    reason: str
    at: datetime.datetime
    receipt_number: int | None = Field(description="Its ledger row's receipt number.")
    receipt: str | None = Field(None, description="That receipt as printed (series and number).")


class PotOut(Schema):
    id: int
    name: str
    balance: Money
    movements: list[PotMovementOut] = Field(description="Newest first (the last 50).")


class PotPayOutIn(Body):
    amount: Amount = Field(..., gt=0, max_digits=12, decimal_places=2)
    reason: str = Field(..., min_length=1, max_length=200)


class PotMoveIn(Body):
    tournament: int = Field(..., ge=1, description="Its prize pool receives the money.")
    amount: Amount = Field(..., gt=0, max_digits=12, decimal_places=2)


@router.get("/tickets", response=list[TicketOut], auth=MONEY_AUTH)
def get_tickets(request: HttpRequest, filters: Query[TicketFilter]):
    found = tickets_list(
        player_id=filters.player, number=filters.number, tournament_id=filters.tournament
    )
    return [ticket_payload(t) for t in found]


@router.post("/tickets/{ticket_id}/transfer", response=TicketOut, auth=MONEY_AUTH)
def transfer_ticket(request: HttpRequest, ticket_id: int, payload: TransferIn):
    user = require_role(request, (DIRECTOR,), ONLY_DIRECTOR)
    ticket = ticket_services.ticket_transfer(
        ticket_id=ticket_id, player_id=payload.player, reason=payload.reason, by=user
    )
    return ticket_payload(ticket)


@router.post("/tickets/{ticket_id}/refund", response=TicketOut, auth=MONEY_AUTH)
def refund_ticket(request: HttpRequest, ticket_id: int, payload: TicketReasonIn):
    user = require_role(request, (DIRECTOR,), ONLY_DIRECTOR)
    ticket = ticket_services.ticket_refund(ticket_id=ticket_id, reason=payload.reason, by=user)
    return ticket_payload(ticket)


@router.post("/tickets/{ticket_id}/buy-in", response={201: TicketBuyInOut}, auth=MONEY_AUTH)
def buy_in_with_ticket(request: HttpRequest, ticket_id: int, payload: TicketBuyInIn):
    """The desk registers the ticket's holder into the target, paid with the ticket."""
    user = acting_user(request)
    entry, row = ticket_buy_in(ticket_id=ticket_id, tournament_id=payload.tournament, by=user)
    ticket = ticket_get(ticket_id)
    body = {
        "entry": entry.pk,
        "ticket": ticket_payload(ticket),
        "receipt_number": row.receipt_number,
        "receipt": row.receipt,
    }
    return Status(201, body)


@router.get("/ticket-settings", response=TicketSettingsOut, auth=MONEY_AUTH)
def get_ticket_settings(request: HttpRequest):
    """The room's ticket rule, as the satellite page sets it (directors only)."""
    require_role(request, (DIRECTOR,), ONLY_DIRECTOR)
    return ticket_settings_payload()


@router.put("/ticket-settings", response=TicketSettingsOut, auth=MONEY_AUTH)
def set_ticket_settings(request: HttpRequest, payload: TicketSettingsIn):
    """Set the room's ticket rule: whether a ticket worth more than the target's
    buy-in leaves the difference in cash (directors only)."""
    user = require_role(request, (DIRECTOR,), ONLY_DIRECTOR)
    room = ticket_services.ticket_settings_set(ticket_change=payload.ticket_change, by=user)
    return ticket_settings_payload(room)


@router.post("/tournaments/{tournament_id}/prizes/fix", response=FixedOut, auth=MONEY_AUTH)
def fix_prizes(request: HttpRequest, tournament_id: int):
    """The tournament is over: issue its tickets, book its overlay and kept-back money."""
    user = require_role(request, (DIRECTOR,), ONLY_DIRECTOR)
    issued = prizes_fix(tournament_id=tournament_id, by=user)
    return {"tickets": [ticket_payload(t) for t in issued]}


@router.get("/pots", response=list[PotOut], auth=MONEY_AUTH)
def get_pots(request: HttpRequest):
    require_role(request, (DIRECTOR,), ONLY_DIRECTOR)
    return pots_list()


def _pot(pot_id: int) -> dict:
    return next(p for p in pots_list() if p["id"] == pot_id)


@router.post("/pots/{pot_id}/pay-out", response=PotOut, auth=MONEY_AUTH)
def pay_out_pot(request: HttpRequest, pot_id: int, payload: PotPayOutIn):
    user = require_role(request, (DIRECTOR,), ONLY_DIRECTOR)
    pot_services.pot_pay_out(
        pot_id=pot_id, amount=Decimal(payload.amount), reason=payload.reason, by=user
    )
    return _pot(pot_id)


@router.post("/pots/{pot_id}/move", response=PotOut, auth=MONEY_AUTH)
def move_pot(request: HttpRequest, pot_id: int, payload: PotMoveIn):
    """Move money from the pot into a tournament's prize pool (a season final)."""
    user = require_role(request, (DIRECTOR,), ONLY_DIRECTOR)
    pot_services.pot_into_tournament(
        pot_id=pot_id, tournament_id=payload.tournament, amount=Decimal(payload.amount), by=user
    )
    return _pot(pot_id)
