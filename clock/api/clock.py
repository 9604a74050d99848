"""Clock, structure, chips, chip race, clock calls and the shot clock (README "API")."""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest
from django.utils.translation import gettext_lazy as _
from ninja import Router, Status

from clock.api.call_schemas import (
    ClockCallIn,
    ClockCallOut,
    ShotClockOut,
    ShotClockSettingsIn,
    ShotClockSettingsOut,
    ShotClockStartIn,
    ShotClockTurnOut,
)
from clock.api.schemas import (
    CLOCK_EXAMPLE,
    RACE_ANSWER_EXAMPLE,
    STRUCTURE_EXAMPLE,
    AdjustIn,
    ChipRaceIn,
    ChipRaceOut,
    ChipSetIn,
    ChipsOut,
    ClockOut,
    ColorUpOut,
    GoToIn,
    RemainingIn,
    StructureIn,
    StructureOut,
    StructureRefused,
    TemplateIn,
    declared_body,
)
from clock.api.template_schemas import TEMPLATE_EXAMPLE, TemplateOut, TemplateSaveIn
from clock.rules.structure import to_json_data
from clock.services import chip_race, chips, clock_state, player_clock, shot_clock, templates
from clock.services import clock as clock_services
from clock.services.structure import (
    StructureInvalid,
    structure_from_template,
    structure_get,
    structure_set,
)
from tournament.api.auth import require_role
from tournament.errors import Invalid
from tournament.json_input import JsonRefused, json_parse
from tournament.roles import DIRECTOR, FLOOR_STAFF, STAFF
from tournament.services.tournaments import tournament_get

router = Router(tags=["clock"])

ONLY_DIRECTOR_STRUCTURE = _("Only a tournament director may change the structure.")
ONLY_DIRECTOR_TEMPLATES = _("Only a tournament director may save or delete templates.")
ONLY_DIRECTOR_CHIPS = _("Only a tournament director may change the chip set.")
ONLY_FLOOR_CLOCK = _("Only floor staff or a director may run the clock.")
ONLY_STAFF_CLOCK = _("Only staff may see this.")
ONLY_DIRECTOR_SHOT_CLOCK = _("Only a tournament director may change the shot clock settings.")
NOT_JSON = _("The body must be JSON.")


def _json_body(request: HttpRequest) -> Any:
    """The body as sent, read with the bounded reader (README "API")."""
    try:
        return json_parse(request.body or b"null")
    except JsonRefused as exc:
        raise Invalid(NOT_JSON) from exc


StructureBody = declared_body(StructureIn)
ChipRaceBody = declared_body(ChipRaceIn)


def _example(value: Any, status: int = 200) -> dict[str, Any]:
    """An example answer for the schema (Django Ninja keys responses by int)."""
    return {"responses": {status: {"content": {"application/json": {"example": value}}}}}


# -- structure ---------------------------------------------------------------


@router.get("/tournaments/{tournament_id}/structure", response=StructureOut)
def get_structure(request: HttpRequest, tournament_id: int):
    """The blind structure, with what it gets wrong (warnings)."""
    require_role(request, STAFF, ONLY_STAFF_CLOCK)
    return structure_get(tournament=tournament_get(tournament_id))


@router.put(
    "/tournaments/{tournament_id}/structure",
    response={200: StructureOut, 422: StructureRefused},
    # A refusal carries only what the rules found: no nulls for fields they left out.
    exclude_unset=True,
    openapi_extra=_example({**STRUCTURE_EXAMPLE, "warnings": []}),
)
def put_structure(request: HttpRequest, tournament_id: int, payload: StructureBody):
    """Replace the structure; a running clock stays on its level. 422 names each
    problem (``problems``: the level's index and field); nothing is saved then."""
    user = require_role(request, (DIRECTOR,), ONLY_DIRECTOR_STRUCTURE)
    tournament_get(tournament_id)
    try:
        saved = structure_set(tournament_id=tournament_id, data=_json_body(request), by=user)
    except StructureInvalid as exc:
        return Status(422, {"detail": str(exc), "problems": exc.problems})
    return {**to_json_data(saved.entries), "warnings": saved.warnings}


@router.post("/tournaments/{tournament_id}/structure/template", response=StructureOut)
def put_structure_template(request: HttpRequest, tournament_id: int, payload: TemplateIn):
    """Replace the structure by a template: a built-in one or one the room saved
    (its ``key`` in GET /structure-templates)."""
    user = require_role(request, (DIRECTOR,), ONLY_DIRECTOR_STRUCTURE)
    saved = structure_from_template(tournament_id=tournament_id, key=payload.template, by=user)
    return {**to_json_data(saved.entries), "warnings": saved.warnings}


def _template_payload(choice: templates.TemplateChoice) -> dict[str, Any]:
    return {
        "key": choice.key,
        "kind": choice.kind,
        "id": choice.id,
        "title": choice.title,
        "starting_stack": choice.starting_stack,
        "levels": to_json_data(choice.entries)["levels"],
    }


@router.get("/structure-templates", response=list[TemplateOut])
def list_structure_templates(request: HttpRequest):
    """The built-in templates, then those the room saved (by name)."""
    require_role(request, STAFF, ONLY_STAFF_CLOCK)
    return [_template_payload(choice) for choice in templates.templates_list()]


@router.post(
    "/tournaments/{tournament_id}/structure/save-as-template",
    response={200: TemplateOut, 201: TemplateOut},
    openapi_extra=_example(TEMPLATE_EXAMPLE, 201),
)
def save_structure_as_template(request: HttpRequest, tournament_id: int, payload: TemplateSaveIn):
    """Save the tournament's structure (also a finished or imported one's) as a
    template: 201 new, 200 replaced (``replace``); 409 when the name is taken or
    the tournament has no structure."""
    user = require_role(request, (DIRECTOR,), ONLY_DIRECTOR_TEMPLATES)
    saved = templates.template_save(
        tournament_id=tournament_id, name=payload.name, replace=payload.replace, by=user
    )
    return Status(201 if saved.created else 200, _template_payload(saved.template))


@router.delete("/structure-templates/{template_id}", response={204: None})
def delete_structure_template(request: HttpRequest, template_id: int):
    """Delete a saved template (the built-in ones cannot be deleted)."""
    user = require_role(request, (DIRECTOR,), ONLY_DIRECTOR_TEMPLATES)
    templates.template_delete(template_id=template_id, by=user)
    return Status(204, None)


# -- clock -------------------------------------------------------------------


@router.get("/tournaments/{tournament_id}/clock", response=ClockOut)
def get_clock(request: HttpRequest, tournament_id: int):
    require_role(request, STAFF, ONLY_STAFF_CLOCK)
    return clock_state.clock_get(tournament=tournament_get(tournament_id))


CLOCK_ACTIONS = {
    "start": (clock_services.clock_start, "Start the clock (409 without a structure)."),
    "pause": (clock_services.clock_pause, "Pause the running clock."),
    "resume": (clock_services.clock_resume, "Run the paused clock on."),
    "next": (clock_services.clock_next, "Go to the next level or break at its full length."),
    "previous": (clock_services.clock_previous, "Go back to the previous level or break."),
}


def _clock_action(name: str, service, description: str):
    def handler(request: HttpRequest, tournament_id: int):
        user = require_role(request, FLOOR_STAFF, ONLY_FLOOR_CLOCK)
        return service(tournament_id=tournament_id, by=user)

    handler.__name__ = f"clock_{name}"
    router.post(
        f"/tournaments/{{tournament_id}}/clock/{name}",
        response=ClockOut,
        description=f"{description} Answers the clock after the action.",
        openapi_extra=_example({**CLOCK_EXAMPLE, "state": "paused", "ends_at": None})
        if name == "pause"
        else _example(CLOCK_EXAMPLE),
    )(handler)


for _name, (_service, _description) in CLOCK_ACTIONS.items():
    _clock_action(_name, _service, _description)


@router.post("/tournaments/{tournament_id}/clock/adjust", response=ClockOut)
def clock_adjust(request: HttpRequest, tournament_id: int, payload: AdjustIn):
    user = require_role(request, FLOOR_STAFF, ONLY_FLOOR_CLOCK)
    return clock_services.clock_adjust(
        tournament_id=tournament_id, delta_seconds=payload.delta_seconds, by=user
    )


@router.post("/tournaments/{tournament_id}/clock/remaining", response=ClockOut)
def clock_set_remaining(request: HttpRequest, tournament_id: int, payload: RemainingIn):
    user = require_role(request, FLOOR_STAFF, ONLY_FLOOR_CLOCK)
    return clock_services.clock_set_remaining(
        tournament_id=tournament_id, remaining_seconds=payload.remaining_seconds, by=user
    )


@router.post("/tournaments/{tournament_id}/clock/level", response=ClockOut)
def clock_go_to(request: HttpRequest, tournament_id: int, payload: GoToIn):
    user = require_role(request, FLOOR_STAFF, ONLY_FLOOR_CLOCK)
    return clock_services.clock_go_to(
        tournament_id=tournament_id, level_index=payload.level_index, by=user
    )


# -- chips -------------------------------------------------------------------


@router.get("/tournaments/{tournament_id}/chips", response=ChipsOut)
def get_chips(request: HttpRequest, tournament_id: int):
    require_role(request, STAFF, ONLY_STAFF_CLOCK)
    return chips.chips_overview(tournament=tournament_get(tournament_id))


@router.put("/tournaments/{tournament_id}/chips", response=ChipsOut)
def put_chips(request: HttpRequest, tournament_id: int, payload: ChipSetIn):
    user = require_role(request, (DIRECTOR,), ONLY_DIRECTOR_CHIPS)
    tournament_get(tournament_id)
    return chips.chip_set_set(
        tournament_id=tournament_id, chips=[c.dict() for c in payload.chips], by=user
    )


@router.get("/tournaments/{tournament_id}/color-ups", response=list[ColorUpOut])
def get_color_ups(request: HttpRequest, tournament_id: int):
    require_role(request, STAFF, ONLY_STAFF_CLOCK)
    return chips.chips_overview(tournament=tournament_get(tournament_id))["color_ups"]


@router.post("/tournaments/{tournament_id}/color-ups/apply", response=ChipsOut)
def apply_color_ups(request: HttpRequest, tournament_id: int):
    """Write the suggested colour-ups into the structure's breaks."""
    user = require_role(request, (DIRECTOR,), ONLY_DIRECTOR_STRUCTURE)
    return chips.color_ups_apply(tournament_id=tournament_id, by=user)


@router.post(
    "/chip-race",
    response=ChipRaceOut,
    openapi_extra=_example(RACE_ANSWER_EXAMPLE),
)
def run_chip_race(request: HttpRequest, payload: ChipRaceBody):
    """Colour up one table (nothing is stored). 400 says what is wrong with the body."""
    require_role(request, STAFF, ONLY_STAFF_CLOCK)
    return chip_race.chip_race_run(data=_json_body(request))


# -- player clock ------------------------------------------------------------


@router.get("/tournaments/{tournament_id}/clock-calls", response=list[ClockCallOut])
def list_clock_calls(request: HttpRequest, tournament_id: int):
    require_role(request, STAFF, ONLY_STAFF_CLOCK)
    return player_clock.clock_calls_current(tournament=tournament_get(tournament_id))


@router.post("/tournaments/{tournament_id}/clock-calls", response={201: ClockCallOut})
def call_the_clock(request: HttpRequest, tournament_id: int, payload: ClockCallIn):
    """Call the clock on a seat; ``table`` is the table's number (404: no open table)."""
    user = require_role(request, FLOOR_STAFF, ONLY_FLOOR_CLOCK)
    call = player_clock.clock_call_start(
        tournament_id=tournament_id,
        table=payload.number,
        seat=payload.seat,
        facing_action=payload.facing_action,
        think_seconds=payload.think_seconds,
        by=user,
    )
    return Status(201, call)


@router.post("/clock-calls/{call_id}/cancel", response=ClockCallOut)
def cancel_clock_call(request: HttpRequest, call_id: int):
    user = require_role(request, FLOOR_STAFF, ONLY_FLOOR_CLOCK)
    return player_clock.clock_call_cancel(call_id=call_id, by=user)


# -- shot clock --------------------------------------------------------------


@router.get("/tournaments/{tournament_id}/shot-clock", response=ShotClockOut)
def get_shot_clock(request: HttpRequest, tournament_id: int):
    require_role(request, STAFF, ONLY_STAFF_CLOCK)
    return shot_clock.shot_clock_overview(tournament=tournament_get(tournament_id))


@router.put("/tournaments/{tournament_id}/shot-clock/settings", response=ShotClockSettingsOut)
def put_shot_clock_settings(request: HttpRequest, tournament_id: int, payload: ShotClockSettingsIn):
    user = require_role(request, (DIRECTOR,), ONLY_DIRECTOR_SHOT_CLOCK)
    return shot_clock.shot_clock_settings_set(
        tournament_id=tournament_id, by=user, **payload.dict()
    )


@router.post("/tables/{table_id}/shot-clock", response={201: ShotClockTurnOut})
def start_shot_clock(request: HttpRequest, table_id: int, payload: ShotClockStartIn):
    """Start the shot clock on a seat; the path takes the table's id."""
    user = require_role(request, FLOOR_STAFF, ONLY_FLOOR_CLOCK)
    turn = shot_clock.shot_clock_turn_start(table_id=table_id, seat=payload.seat, by=user)
    return Status(201, turn)


@router.post("/shot-clock/{turn_id}/extend", response=ShotClockTurnOut)
def extend_shot_clock(request: HttpRequest, turn_id: int):
    user = require_role(request, FLOOR_STAFF, ONLY_FLOOR_CLOCK)
    return shot_clock.shot_clock_extend(turn_id=turn_id, by=user)


@router.post("/shot-clock/{turn_id}/stop", response=ShotClockTurnOut)
def stop_shot_clock(request: HttpRequest, turn_id: int):
    user = require_role(request, FLOOR_STAFF, ONLY_FLOOR_CLOCK)
    return shot_clock.shot_clock_stop(turn_id=turn_id, by=user)
