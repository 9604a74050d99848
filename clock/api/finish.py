"""Finish on time: the hard stop's warning with its proposals, applying one, and
the forecast of a structure before the start (README "Finish on time: hard stop")."""

from __future__ import annotations

from datetime import datetime
from typing import Any, Literal

from django.http import HttpRequest
from django.utils.translation import gettext_lazy as _
from ninja import Query, Router, Schema
from pydantic import Field

from clock.services.finish import (
    MAX_PLAYERS,
    finish_planning,
    finish_proposal_apply,
    finish_warning,
)
from tournament.api.auth import require_role
from tournament.api.fields import Body
from tournament.roles import DIRECTOR, STAFF
from tournament.services.tournaments import tournament_get

router = Router(tags=["clock"])

ONLY_DIRECTOR_PROPOSALS = _("Only a tournament director may change the structure.")
ONLY_STAFF_FINISH = _("Only staff may see this.")


class EndsOut(Schema):
    """A forecast's end of play and its interval; ``*_text`` as the room's clock shows it."""

    predicted_end: datetime = Field(description="When play is expected to end.")
    earliest: datetime = Field(description="The interval's early end (about 10 % end sooner).")
    latest: datetime = Field(description="The interval's late end (about 10 % end later).")
    predicted_end_text: str = Field(description="23:40")
    earliest_text: str = Field(description="The early end as the room's clock shows it.")
    latest_text: str = Field(description="The late end as the room's clock shows it.")
    players_left: int = Field(description="Players still in (for a plan: the field).")
    average_stack_bb: float | None = Field(description="The average stack in big blinds now.")


class ProposalOut(Schema):
    id: str = Field(description="What POST .../apply takes: shorten-15, skip-7, deal-icm, ...")
    kind: Literal["shorten", "skip", "ante", "colour_up", "deal"] = Field(
        description="What the proposal changes."
    )
    minutes: int | None = Field(description="shorten: the levels' new length.")
    level: int | None = Field(
        description="skip: the level left out; ante: the first level with an ante now; "
        "colour_up: the level before the break."
    )
    chip: int | None = Field(description="colour_up: the chip that leaves at the break too.")
    method: Literal["icm", "chip_chop"] | None = Field(description="deal: how.")
    at: datetime | None = Field(description="deal: when.")
    at_text: str | None = Field(description="deal: when, as the room's clock shows it.")
    forecast: EndsOut = Field(description="The forecast with this proposal applied.")
    meets_hard_stop: bool = Field(description="Its latest end is before the hard stop.")


class FinishOut(Schema):
    hard_stop: datetime | None = Field(description="Null: the tournament has none.")
    hard_stop_text: str | None = Field(None, description="The hard stop as the clock shows it.")
    late: bool = Field(False, description="The forecast's latest end passes the hard stop.")
    forecast: EndsOut | None = Field(None, description="Null: no forecast yet (not started).")
    proposals: list[ProposalOut] = Field([], description="Least change first; only while late.")


class ProposalIn(Body):
    proposal: str = Field(
        min_length=3, max_length=40, description="A proposal's id, e.g. shorten-15 or skip-7."
    )


class PlanOut(EndsOut):
    players: int = Field(description="The field the plan is for.")
    starts_at: datetime = Field(description="The start time set, or now.")
    hard_stop: datetime | None = Field(description="Null: no hard stop.")
    meets_hard_stop: bool | None = Field(description="Null: no hard stop.")


def _finish(warning: dict[str, Any] | None) -> dict[str, Any]:
    return warning or {"hard_stop": None, "late": False, "forecast": None, "proposals": []}


@router.get("/tournaments/{tournament_id}/forecast/proposals", response=FinishOut)
def get_finish_proposals(request: HttpRequest, tournament_id: int):
    """The hard stop against the forecast; when its latest end passes the stop,
    the proposals to meet it, each with the forecast it would give."""
    require_role(request, STAFF, ONLY_STAFF_FINISH)
    return _finish(finish_warning(tournament_get(tournament_id)))


@router.post("/tournaments/{tournament_id}/forecast/proposals/apply", response=FinishOut)
def apply_finish_proposal(request: HttpRequest, tournament_id: int, payload: ProposalIn):
    """Apply a proposal to the structure (logged, the clock follows); answers the
    warning as it stands after it. 422: it does not fit the structure now; 409:
    a deal (the deal page makes it)."""
    user = require_role(request, (DIRECTOR,), ONLY_DIRECTOR_PROPOSALS)
    tournament_get(tournament_id)
    return _finish(
        finish_proposal_apply(tournament_id=tournament_id, proposal=payload.proposal, by=user)
    )


@router.get("/tournaments/{tournament_id}/structure/forecast", response=PlanOut)
def get_structure_forecast(
    request: HttpRequest,
    tournament_id: int,
    players: int = Query(..., ge=2, le=MAX_PLAYERS),
):
    """Before the start: when the structure would end for a field of ``players``,
    each with the starting stack, from the start time."""
    require_role(request, STAFF, ONLY_STAFF_FINISH)
    return finish_planning(tournament=tournament_get(tournament_id), players=players)
