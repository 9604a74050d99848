"""A player's public name over the API (README "Results out"): desk and directors."""

from __future__ import annotations

from typing import Literal

from django.http import HttpRequest
from django.utils.translation import gettext_lazy as _
from ninja import Router, Schema
from pydantic import Field

from tournament.api.auth import require_role
from tournament.api.fields import Body
from tournament.models import Player
from tournament.public_labels import room_default
from tournament.roles import MONEY
from tournament.rules import public_names
from tournament.services.public_names import player_public_name_set

router = Router(tags=["players"])

ONLY_DESK = _("Only the desk or a tournament director may change how a player appears.")

PublicNameChoice = Literal["full", "initials", "pseudonym", "hidden"]


class PublicNameIn(Body):
    public_name: PublicNameChoice = Field(
        description="How he appears in public: full name, first name and initial, "
        "his pseudonym, or hidden (a numbered label)."
    )
    pseudonym: str | None = Field(
        None,
        max_length=public_names.PSEUDONYM_MAX_LENGTH,
        description='His pseudonym; required with public_name "pseudonym" unless one '
        "is on file. Never another player's name or pseudonym (422).",
    )


class PublicNameOut(Schema):
    id: int = Field(description="The player's id.")
    public_name: PublicNameChoice | Literal[""] = Field(
        description='His choice; "" when he has not chosen (the room\'s default applies).'
    )
    pseudonym: str = Field(description="His pseudonym; empty if none.")
    shown_name: str | None = Field(
        description="What the results pages show with the room's default; null when hidden."
    )
    public_id: str = Field(description="His public page: /players/{public_id}/ (unless hidden).")


def public_name_out(player: Player, room_default: str) -> dict[str, object]:
    return {
        "id": player.pk,
        "public_name": player.public_name_choice,
        "pseudonym": player.pseudonym,
        "shown_name": player.shown_name(room_default),
        "public_id": player.public_id,
    }


@router.patch("/players/{player_id}", response=PublicNameOut)
def patch_player(request: HttpRequest, player_id: int, payload: PublicNameIn):
    """Set how the player appears in every public output (logged)."""
    user = require_role(request, MONEY, ONLY_DESK)
    player = player_public_name_set(
        player_id=player_id, choice=payload.public_name, pseudonym=payload.pseudonym, by=user
    )
    return public_name_out(player, room_default())
