"""Player data over the API (issue 14): export and erasure, directors only."""

from __future__ import annotations

from django.http import HttpRequest
from django.utils.translation import gettext_lazy as _
from ninja import Router
from pydantic import Field

from privacy import services
from tournament.api.auth import require_role
from tournament.api.fields import Body
from tournament.roles import DIRECTOR
from tournament.services.players import consent_record, consent_withdraw

router = Router(tags=["player data"])

ONLY_DIRECTOR = _("Only a tournament director may see or erase a player's data.")


class EraseIn(Body):
    reason: str = Field(min_length=1, max_length=500)


class ConsentIn(Body):
    contact: bool
    news: bool = False


@router.get("/players/{player_id}/export", response=dict)
def export_player(request: HttpRequest, player_id: int):
    """Everything stored about one player (logged)."""
    user = require_role(request, (DIRECTOR,), ONLY_DIRECTOR)
    return services.player_export(player_id=player_id, by=user)


@router.post("/players/{player_id}/erase", response=dict)
def erase_player(request: HttpRequest, player_id: int, payload: EraseIn):
    """Name and contact data replaced by a pseudonym; results stay (409 while he plays)."""
    user = require_role(request, (DIRECTOR,), ONLY_DIRECTOR)
    return services.player_erase(player_id=player_id, reason=payload.reason, by=user)


@router.post("/players/{player_id}/consent", response=dict)
def set_consent(request: HttpRequest, player_id: int, payload: ConsentIn):
    """Record the player's consent, or its withdrawal (his e-mail and phone go)."""
    user = require_role(request, (DIRECTOR,), ONLY_DIRECTOR)
    if payload.contact:
        player = consent_record(player_id=player_id, news=payload.news, by=user)
    else:
        player = consent_withdraw(player_id=player_id, by=user)
    return {"player": player.pk, "contact": player.consent_contact, "news": player.consent_news}
