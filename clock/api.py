"""Clock, structure, chips, chip race, clock calls and the shot clock (README "API")."""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest
from django.utils.translation import gettext_lazy as _
from ninja import Router, Status
from pydantic import Field

from clock.rules.structure import to_json_data
from clock.services import chip_race, chips, player_clock, shot_clock
from clock.services import clock as clock_services
from clock.services.structure import (
    StructureInvalid,
    structure_from_template,
    structure_get,
    structure_set,
)
from tournament.api.auth import require_role
from tournament.api.fields import DB_INT_MAX, Body
from tournament.errors import Invalid
from tournament.json_input import JsonRefused, json_parse
from tournament.roles import DIRECTOR, FLOOR_STAFF, STAFF
from tournament.services.tournaments import tournament_get

router = Router(tags=["clock"])

ONLY_DIRECTOR_STRUCTURE = _("Only a tournament director may change the structure.")
ONLY_DIRECTOR_CHIPS = _("Only a tournament director may change the chip set.")
ONLY_FLOOR_CLOCK = _("Only floor staff or a director may run the clock.")
ONLY_STAFF_CLOCK = _("Only staff may see this.")
ONLY_DIRECTOR_SHOT_CLOCK = _("Only a tournament director may change the shot clock settings.")
NOT_JSON = _("The body must be JSON.")


def _json_body(request: HttpRequest) -> Any:
    try:
        return json_parse(request.body or b"null")
    except JsonRefused as exc:
        raise Invalid(NOT_JSON) from exc


class AdjustIn(Body):
    delta_seconds: int = Field(ge=-24 * 3600, le=24 * 3600)


class RemainingIn(Body):
    remaining_seconds: int = Field(ge=0, le=24 * 3600)


class GoToIn(Body):
    level_index: int = Field(ge=0, le=10_000)


class TemplateIn(Body):
    template: str = Field(max_length=40)


class ChipIn(Body):
    value: int = Field(ge=1, le=DB_INT_MAX)
    colour: str = Field(default="", max_length=40)
    count: int = Field(default=0, ge=0, le=10**7)


class ChipSetIn(Body):
    chips: list[ChipIn] = Field(min_length=1, max_length=30)


class ClockCallIn(Body):
    table: int = Field(ge=1)
    seat: int = Field(ge=1, le=10)
    facing_action: bool = True
    think_seconds: int | None = Field(None, ge=0, le=600)


class ShotClockStartIn(Body):
    seat: int = Field(ge=1, le=10)


class ShotClockSettingsIn(Body):
    enabled: bool
    action_seconds: int = Field(ge=1, le=600)
    extension_seconds: int = Field(ge=1, le=600)
    extensions_per_day: int = Field(ge=0, le=100)


# -- structure ---------------------------------------------------------------


@router.get("/tournaments/{tournament_id}/structure", response=dict)
def get_structure(request: HttpRequest, tournament_id: int):
    require_role(request, STAFF, ONLY_STAFF_CLOCK)
    return structure_get(tournament=tournament_get(tournament_id))


@router.put("/tournaments/{tournament_id}/structure", response={200: dict, 400: dict})
def put_structure(request: HttpRequest, tournament_id: int):
    user = require_role(request, (DIRECTOR,), ONLY_DIRECTOR_STRUCTURE)
    tournament_get(tournament_id)
    try:
        saved = structure_set(tournament_id=tournament_id, data=_json_body(request), by=user)
    except StructureInvalid as exc:
        return Status(400, {"detail": str(exc), "problems": exc.problems})
    return {**to_json_data(saved.entries), "warnings": saved.warnings}


@router.post("/tournaments/{tournament_id}/structure/template", response=dict)
def put_structure_template(request: HttpRequest, tournament_id: int, payload: TemplateIn):
    user = require_role(request, (DIRECTOR,), ONLY_DIRECTOR_STRUCTURE)
    saved = structure_from_template(tournament_id=tournament_id, key=payload.template, by=user)
    return {**to_json_data(saved.entries), "warnings": saved.warnings}


# -- clock -------------------------------------------------------------------


@router.get("/tournaments/{tournament_id}/clock", response=dict)
def get_clock(request: HttpRequest, tournament_id: int):
    require_role(request, STAFF, ONLY_STAFF_CLOCK)
    return clock_services.clock_get(tournament=tournament_get(tournament_id))


def _clock_action(name: str, service):
    def handler(request: HttpRequest, tournament_id: int):
        user = require_role(request, FLOOR_STAFF, ONLY_FLOOR_CLOCK)
        return service(tournament_id=tournament_id, by=user)

    handler.__name__ = f"clock_{name}"
    router.post(f"/tournaments/{{tournament_id}}/clock/{name}", response=dict)(handler)


_clock_action("start", clock_services.clock_start)
_clock_action("pause", clock_services.clock_pause)
_clock_action("resume", clock_services.clock_resume)
_clock_action("next", clock_services.clock_next)
_clock_action("previous", clock_services.clock_previous)


@router.post("/tournaments/{tournament_id}/clock/adjust", response=dict)
def clock_adjust(request: HttpRequest, tournament_id: int, payload: AdjustIn):
    user = require_role(request, FLOOR_STAFF, ONLY_FLOOR_CLOCK)
    return clock_services.clock_adjust(
        tournament_id=tournament_id, delta_seconds=payload.delta_seconds, by=user
    )


@router.post("/tournaments/{tournament_id}/clock/remaining", response=dict)
def clock_set_remaining(request: HttpRequest, tournament_id: int, payload: RemainingIn):
    user = require_role(request, FLOOR_STAFF, ONLY_FLOOR_CLOCK)
    return clock_services.clock_set_remaining(
        tournament_id=tournament_id, remaining_seconds=payload.remaining_seconds, by=user
    )


@router.post("/tournaments/{tournament_id}/clock/level", response=dict)
def clock_go_to(request: HttpRequest, tournament_id: int, payload: GoToIn):
    user = require_role(request, FLOOR_STAFF, ONLY_FLOOR_CLOCK)
    return clock_services.clock_go_to(
        tournament_id=tournament_id, level_index=payload.level_index, by=user
    )


# -- chips -------------------------------------------------------------------


@router.get("/tournaments/{tournament_id}/chips", response=dict)
def get_chips(request: HttpRequest, tournament_id: int):
    require_role(request, STAFF, ONLY_STAFF_CLOCK)
    return chips.chips_overview(tournament=tournament_get(tournament_id))


@router.put("/tournaments/{tournament_id}/chips", response=dict)
def put_chips(request: HttpRequest, tournament_id: int, payload: ChipSetIn):
    user = require_role(request, (DIRECTOR,), ONLY_DIRECTOR_CHIPS)
    tournament_get(tournament_id)
    return chips.chip_set_set(
        tournament_id=tournament_id, chips=[c.dict() for c in payload.chips], by=user
    )


@router.get("/tournaments/{tournament_id}/color-ups", response=list[dict])
def get_color_ups(request: HttpRequest, tournament_id: int):
    require_role(request, STAFF, ONLY_STAFF_CLOCK)
    return chips.chips_overview(tournament=tournament_get(tournament_id))["color_ups"]


@router.post("/tournaments/{tournament_id}/color-ups/apply", response=dict)
def apply_color_ups(request: HttpRequest, tournament_id: int):
    user = require_role(request, (DIRECTOR,), ONLY_DIRECTOR_STRUCTURE)
    return chips.color_ups_apply(tournament_id=tournament_id, by=user)


@router.post("/chip-race", response=dict)
def run_chip_race(request: HttpRequest):
    require_role(request, STAFF, ONLY_STAFF_CLOCK)
    return chip_race.chip_race_run(data=_json_body(request))


# -- player clock ------------------------------------------------------------


@router.get("/tournaments/{tournament_id}/clock-calls", response=list[dict])
def list_clock_calls(request: HttpRequest, tournament_id: int):
    require_role(request, STAFF, ONLY_STAFF_CLOCK)
    return player_clock.clock_calls_current(tournament=tournament_get(tournament_id))


@router.post("/tournaments/{tournament_id}/clock-calls", response={201: dict})
def call_the_clock(request: HttpRequest, tournament_id: int, payload: ClockCallIn):
    user = require_role(request, FLOOR_STAFF, ONLY_FLOOR_CLOCK)
    call = player_clock.clock_call_start(
        tournament_id=tournament_id,
        table=payload.table,
        seat=payload.seat,
        facing_action=payload.facing_action,
        think_seconds=payload.think_seconds,
        by=user,
    )
    return Status(201, call)


@router.post("/clock-calls/{call_id}/cancel", response=dict)
def cancel_clock_call(request: HttpRequest, call_id: int):
    user = require_role(request, FLOOR_STAFF, ONLY_FLOOR_CLOCK)
    return player_clock.clock_call_cancel(call_id=call_id, by=user)


# -- shot clock --------------------------------------------------------------


@router.get("/tournaments/{tournament_id}/shot-clock", response=dict)
def get_shot_clock(request: HttpRequest, tournament_id: int):
    require_role(request, STAFF, ONLY_STAFF_CLOCK)
    return shot_clock.shot_clock_overview(tournament=tournament_get(tournament_id))


@router.put("/tournaments/{tournament_id}/shot-clock/settings", response=dict)
def put_shot_clock_settings(request: HttpRequest, tournament_id: int, payload: ShotClockSettingsIn):
    user = require_role(request, (DIRECTOR,), ONLY_DIRECTOR_SHOT_CLOCK)
    return shot_clock.shot_clock_settings_set(
        tournament_id=tournament_id, by=user, **payload.dict()
    )


@router.post("/tables/{table_id}/shot-clock", response={201: dict})
def start_shot_clock(request: HttpRequest, table_id: int, payload: ShotClockStartIn):
    user = require_role(request, FLOOR_STAFF, ONLY_FLOOR_CLOCK)
    turn = shot_clock.shot_clock_turn_start(table_id=table_id, seat=payload.seat, by=user)
    return Status(201, turn)


@router.post("/shot-clock/{turn_id}/extend", response=dict)
def extend_shot_clock(request: HttpRequest, turn_id: int):
    user = require_role(request, FLOOR_STAFF, ONLY_FLOOR_CLOCK)
    return shot_clock.shot_clock_extend(turn_id=turn_id, by=user)


@router.post("/shot-clock/{turn_id}/stop", response=dict)
def stop_shot_clock(request: HttpRequest, turn_id: int):
    user = require_role(request, FLOOR_STAFF, ONLY_FLOOR_CLOCK)
    return shot_clock.shot_clock_stop(turn_id=turn_id, by=user)
