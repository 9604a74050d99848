from __future__ import annotations

from django.http import HttpRequest
from django.utils.translation import gettext_lazy as _
from ninja import Query, Router, Status

from cashdesk.services.payments import payment_of, payment_payload
from prereg.services.walk_ins import walk_in_register
from tables.services.registration import tournament_update
from tournament.api.auth import MONEY_AUTH, acting_user, require_role
from tournament.api.choices import EntryStatus
from tournament.api.options import overrides
from tournament.api.schemas import (
    EntryIn,
    EntryOut,
    EventDaysOut,
    EventIn,
    EventOut,
    EventResultOut,
    PlayerOut,
    TournamentIn,
    TournamentOut,
    TournamentPatch,
)
from tournament.models import Entry, Player, Tournament
from tournament.presenters import entry_payload, tournament_payload
from tournament.roles import DIRECTOR, STAFF, has_role
from tournament.services.entries import player_contacts_search, player_search
from tournament.services.events import event_create, event_get
from tournament.services.results import event_results
from tournament.services.tournaments import (
    TournamentSettings,
    tournament_create,
    tournament_get,
)

router = Router(tags=["tournaments"])

ONLY_DIRECTOR = _("Only a tournament director may do this.")
ONLY_STAFF = _("Only staff may see this.")


def schedule_fields(fields: dict) -> dict:
    """The body's ``pre_registration`` object as the tournament's own fields
    (README "Pre-registration and the schedule"); what it leaves out stays."""
    pre = fields.pop("pre_registration", None) or {}
    names = {
        "open": "pre_registration_open",
        "capacity": "pre_registration_capacity",
        "check_in_deadline_minutes": "check_in_deadline_minutes",
    }
    for key, field in names.items():
        if key in pre and (pre[key] is not None or key == "capacity"):
            fields[field] = pre[key]
    if fields.get("listed", False) is None:
        fields.pop("listed")
    return fields


@router.post("/tournaments", response={201: TournamentOut})
def create_tournament(request: HttpRequest, payload: TournamentIn):
    user = require_role(request, (DIRECTOR,), ONLY_DIRECTOR)
    fields = {**schedule_fields(payload.dict()), "options": overrides(payload.options) or {}}
    tournament = tournament_create(settings=TournamentSettings(**fields), by=user)
    return Status(201, tournament_payload(tournament))


@router.get("/tournaments", response=list[TournamentOut])
def list_tournaments(request: HttpRequest):
    require_role(request, STAFF, ONLY_STAFF)
    return [tournament_payload(t) for t in Tournament.objects.all()[:200]]


@router.get("/tournaments/{tournament_id}", response=TournamentOut)
def get_tournament(request: HttpRequest, tournament_id: int):
    require_role(request, STAFF, ONLY_STAFF)
    return tournament_payload(tournament_get(tournament_id))


@router.patch("/tournaments/{tournament_id}", response=TournamentOut)
def update_tournament(request: HttpRequest, tournament_id: int, payload: TournamentPatch):
    user = require_role(request, (DIRECTOR,), ONLY_DIRECTOR)
    changes = schedule_fields(payload.dict(exclude_unset=True))
    if "options" in changes:
        changes["options"] = overrides(payload.options) or {}
    tournament = tournament_update(tournament_id=tournament_id, changes=changes, by=user)
    return tournament_payload(tournament)


@router.post("/tournaments/{tournament_id}/entries", response={201: EntryOut}, auth=MONEY_AUTH)
def register_entry(request: HttpRequest, tournament_id: int, payload: EntryIn):
    # Registering takes the buy-in: the desk's and the directors' (README "Cash desk").
    user = acting_user(request)
    # The API does not ask before passing waiting pre-registrations; the log says it
    # (README "Pre-registration and the schedule").
    entry, paid = walk_in_register(
        ahead_confirmed=True,
        payment=payment_of(payload.payment),
        tournament_id=tournament_id,
        by=user,
        player_id=payload.player,
        name=payload.name,
        email=payload.email or "",
        phone=payload.phone or "",
        nickname=payload.nickname or "",
        consent=bool(payload.consent and payload.consent.contact),
        news=bool(payload.consent and payload.consent.news),
        buy_in=payload.buy_in,
    )
    return Status(201, {**entry_payload(entry), "payment": payment_payload(paid)})


@router.get("/tournaments/{tournament_id}/entries", response=list[EntryOut])
def list_entries(request: HttpRequest, tournament_id: int, status: EntryStatus | None = None):
    require_role(request, STAFF, ONLY_STAFF)
    tournament = tournament_get(tournament_id)
    entries = Entry.objects.filter(tournament=tournament).select_related("player", "seat__table")
    # Unregistered entries (money refunded) are out of the field: listed only when asked for.
    entries = entries.filter(status=status) if status else entries.exclude(status="withdrawn")
    return [entry_payload(e) for e in entries]


@router.get("/players", response=list[PlayerOut])
def search_players(request: HttpRequest, q: str = Query("", max_length=100)):
    """Players by part of the name or nickname, or by id. E-mail and phone go to
    directors only (null for floor and desk), and each such read is in the privacy log."""
    user = require_role(request, STAFF, ONLY_STAFF)
    if has_role(user, (DIRECTOR,)):
        return [_player_out(p, contact=True) for p in player_contacts_search(query=q, by=user)]
    return [_player_out(p, contact=False) for p in player_search(q)]


def _player_out(player: Player, *, contact: bool) -> dict:
    return {
        "id": player.pk,
        "name": player.name,
        "nickname": player.nickname,
        "email": player.email if contact else None,
        "phone": player.phone if contact else None,
        "entries": player.entries.count(),
    }


@router.post("/events", response={201: EventOut})
def create_event(request: HttpRequest, payload: EventIn):
    """An event and one tournament per Day 1 flight, all with the fields given."""
    user = require_role(request, (DIRECTOR,), ONLY_DIRECTOR)
    fields = schedule_fields(payload.dict(exclude={"flights", "stack_rule"}))
    fields["options"] = overrides(payload.options) or {}
    event, flights = event_create(
        name=payload.name,
        flights=[flight.name for flight in payload.flights],
        stack_rule=payload.stack_rule,
        settings=TournamentSettings(**fields),
        by=user,
    )
    return Status(
        201,
        {
            "id": event.pk,
            "name": event.name,
            "stack_rule": event.stack_rule,
            "flights": [{"id": flight.pk, "name": flight.name} for flight in flights],
        },
    )


@router.get("/events/{event_id}", response=EventDaysOut)
def get_event(request: HttpRequest, event_id: int):
    """The event's days: each flight or later day with its state."""
    require_role(request, STAFF, ONLY_STAFF)
    event = event_get(event_id)
    return {
        "id": event.pk,
        "name": event.name,
        "stack_rule": event.stack_rule,
        "days": [
            {
                "tournament": day.pk,
                "name": day.name,
                "day": day.day,
                "status": day.status,
                "day_closed": day.day_closed_at is not None,
            }
            for day in event.days.order_by("day", "pk")
        ],
    }


@router.get("/events/{event_id}/results", response=list[EventResultOut])
def get_event_results(request: HttpRequest, event_id: int):
    """Every entry of every flight once: place, prize and bounties in the event."""
    require_role(request, STAFF, ONLY_STAFF)
    return event_results(event_get(event_id))
