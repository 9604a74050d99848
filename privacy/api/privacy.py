"""Player data over the API (README "Player data"): export, erasure and consent; the
room's settings and its retention of contact data. Directors only."""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest
from django.utils.translation import gettext_lazy as _
from ninja import Router

from privacy import services
from privacy.api.schemas import (
    ConsentIn,
    ConsentOut,
    ErasedOut,
    EraseIn,
    PlayerExportOut,
    RetentionOut,
    RetentionRunOut,
    RoomIn,
    RoomOut,
)
from tournament.api.auth import require_role
from tournament.models import RoomSettings
from tournament.roles import DIRECTOR
from tournament.selectors import HeldContact, retention_overview
from tournament.services.players import consent_record, consent_withdraw
from tournament.services.retention import ROOM_FIELDS, contact_retention_run, room_settings_update

router = Router(tags=["player data"])

ONLY_DIRECTOR = _("Only a tournament director may see or erase a player's data.")


@router.get("/players/{player_id}/export", response=PlayerExportOut)
def export_player(request: HttpRequest, player_id: int):
    """Everything stored about one player (logged)."""
    user = require_role(request, (DIRECTOR,), ONLY_DIRECTOR)
    return services.player_export(player_id=player_id, by=user)


@router.post("/players/{player_id}/erase", response=ErasedOut)
def erase_player(request: HttpRequest, player_id: int, payload: EraseIn):
    """Name and contact data replaced by a pseudonym; results stay (409 while he plays)."""
    user = require_role(request, (DIRECTOR,), ONLY_DIRECTOR)
    return services.player_erase(player_id=player_id, reason=payload.reason, by=user)


@router.post("/players/{player_id}/consent", response=ConsentOut)
def set_consent(request: HttpRequest, player_id: int, payload: ConsentIn):
    """Record the player's consent, or its withdrawal (his e-mail and phone go)."""
    user = require_role(request, (DIRECTOR,), ONLY_DIRECTOR)
    if payload.contact:
        player = consent_record(player_id=player_id, news=payload.news, by=user)
    else:
        player = consent_withdraw(player_id=player_id, by=user)
    return {"player": player.pk, "contact": player.consent_contact, "news": player.consent_news}


ONLY_DIRECTOR_ROOM = _("Only a tournament director may see or change the room's settings.")


def _room(room: RoomSettings) -> dict[str, Any]:
    shown = (*ROOM_FIELDS, "retention_last_run", "retention_last_removed")
    return {field: getattr(room, field) for field in shown}


@router.get("/room", response=RoomOut)
def get_room(request: HttpRequest):
    """The room's name and contact (the privacy notice's) and its retention period."""
    require_role(request, (DIRECTOR,), ONLY_DIRECTOR_ROOM)
    return _room(RoomSettings.current())


@router.patch("/room", response=RoomOut)
def patch_room(request: HttpRequest, payload: RoomIn):
    require_role(request, (DIRECTOR,), ONLY_DIRECTOR_ROOM)
    changes = {k: v for k, v in payload.model_dump(exclude_unset=True).items() if v is not None}
    return _room(room_settings_update(changes=changes, by=request.user))


def _held(contact: HeldContact) -> dict[str, Any]:
    return {
        "player": contact.player_id,
        "name": contact.name,
        "email": bool(contact.email),
        "phone": bool(contact.phone),
        "consent": contact.consent,
        "last_activity": contact.last_activity,
        "removal_day": contact.removal_day,
    }


@router.get("/players/retention", response=RetentionOut)
def get_retention(request: HttpRequest):
    """Whose contact data the retention period removes now and within 30 days,
    and the contact data kept without recorded consent."""
    require_role(request, (DIRECTOR,), ONLY_DIRECTOR)
    overview = retention_overview()
    return {
        "retention_months": overview.room.retention_months,
        "today": overview.today,
        "held": overview.held,
        "due": [_held(c) for c in overview.due],
        "soon": [_held(c) for c in overview.soon],
        "without_consent": [_held(c) for c in overview.without_consent],
        "last_run": overview.room.retention_last_run,
        "last_removed": overview.room.retention_last_removed,
    }


@router.post("/players/retention/run", response=RetentionRunOut)
def run_retention(request: HttpRequest):
    """Remove now what the daily run would remove (idempotent)."""
    require_role(request, (DIRECTOR,), ONLY_DIRECTOR)
    return {"removed": contact_retention_run()}
