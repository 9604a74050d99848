"""The shapes of the clock's API (README "API"): structure, clock, chips and chip race.

Every enum comes from its one source: the model's choices or the rules'
literals. Amounts are chips (integers); times are milliseconds since the epoch
(``*_at``, ``server_time``) or lengths in milliseconds (``*_ms``) or seconds.
The structure and chip race bodies are declared here for the schema and read by
the rules' own parsers, which name the level or field at fault (see
:func:`declared_body`).
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from ninja import Body as BodyParam
from ninja import Schema
from pydantic import ConfigDict, Field, GetPydanticSchema
from pydantic_core import core_schema

from clock.models import ClockState
from clock.rules.chip_race import METHODS, chip_race
from clock.rules.chip_race_request import request_from_json_data
from clock.rules.structure import MAX_NUMBER
from tournament.api.fields import DB_INT_MAX, Body
from tournament.api.shapes import choices_of, one_of

SEVERITIES = ("error", "warning")


def declared_body(model: type[Schema]) -> Any:
    """A body documented as ``model`` and handed to the operation as sent.

    For bodies the rules parse themselves: their errors name the entry and the
    field (``problems``), which a validation error of the whole body could not.
    The size and depth of every API body are bounded before any operation runs
    (``tournament.inputs``).
    """
    schema = model.__pydantic_core_schema__
    # Referenced, not inlined: a generated client names the class after the model.
    reference = core_schema.definitions_schema(
        core_schema.definition_reference_schema(schema["ref"]), [schema]
    )
    documented = Annotated[
        Any,
        GetPydanticSchema(
            lambda _source, _handler: core_schema.any_schema(),
            lambda _schema, handler: handler(reference),
        ),
    ]
    return BodyParam[documented]


Chips = Annotated[int, Field(ge=0, le=MAX_NUMBER)]
ClockStatus = choices_of(ClockState.Status)
RaceMethod = one_of(METHODS)
Severity = one_of(SEVERITIES)
Millis = Annotated[int, Field(description="Milliseconds.")]
EpochMillis = Annotated[int, Field(description="Milliseconds since 1970-01-01 UTC.")]


# -- structure ---------------------------------------------------------------


class StructureLevel(Schema):
    """A blind level; amounts in chips."""

    kind: Literal["level"] = Field(description='Always "level".')
    small_blind: Chips = Field(description="Small blind, in chips.")
    big_blind: Chips = Field(description="Big blind, in chips; more than the small blind.")
    ante: Chips = Field(
        0, description="Ante, in chips (with big_blind_ante: what the big blind posts)."
    )
    big_blind_ante: bool = Field(
        False, description="One ante paid by the big blind for the whole table."
    )
    seconds: int = Field(ge=1, le=MAX_NUMBER, description="Length of the level, in seconds.")


class StructureBreak(Schema):
    """A break; the chips in color_up leave play at it."""

    kind: Literal["break"] = Field(description='Always "break".')
    seconds: int = Field(ge=1, le=MAX_NUMBER, description="Length of the break, in seconds.")
    color_up: list[Annotated[int, Field(ge=1, le=MAX_NUMBER)]] = Field(
        default_factory=list, description="Chip denominations removed at this break."
    )


StructureEntry = Annotated[StructureLevel | StructureBreak, Field(discriminator="kind")]

LEVEL_EXAMPLE = {
    "kind": "level",
    "small_blind": 100,
    "big_blind": 200,
    "ante": 0,
    "big_blind_ante": False,
    "seconds": 1200,
}
BREAK_EXAMPLE = {"kind": "break", "seconds": 600, "color_up": [25]}
STRUCTURE_EXAMPLE = {"levels": [LEVEL_EXAMPLE, BREAK_EXAMPLE, {**LEVEL_EXAMPLE, "ante": 200}]}


class StructureIn(Schema):
    """The blind structure: levels and breaks in playing order."""

    model_config = ConfigDict(json_schema_extra={"examples": [STRUCTURE_EXAMPLE]})

    levels: list[StructureEntry] = Field(
        min_length=1, description="Levels and breaks, first played first."
    )


class StructureProblem(Schema):
    """One finding about the structure: an error refuses it, a warning is reported."""

    code: str = Field(
        description="Stable code, e.g. not_payable, big_blind_not_above_small_blind, "
        "missing_field, out_of_range."
    )
    severity: Severity | None = Field(
        None, description="error (nothing saved) or warning (saved); absent for a malformed body."
    )
    index: int | None = Field(
        None, description="Position of the level or break (0-based); null for the whole structure."
    )
    field: str | None = Field(None, description="The field at fault, e.g. big_blind.")
    value: int | None = Field(None, description="The value at fault.")
    message: str | None = Field(None, description="The problem in the reader's language.")


class StructureOut(Schema):
    """The blind structure as saved: empty for a tournament whose structure was never set
    (an imported TD3 file that recorded no levels)."""

    model_config = ConfigDict(
        json_schema_extra={"examples": [{**STRUCTURE_EXAMPLE, "warnings": []}]}
    )

    levels: list[StructureEntry] = Field(description="Levels and breaks, first played first.")
    warnings: list[StructureProblem] = Field(
        description="Findings that do not block saving (errors are refused with 422)."
    )


class StructureRefused(Schema):
    detail: str = Field(description="What went wrong, in the reader's language.")
    problems: list[StructureProblem] = Field(
        default_factory=list, description="Where: one entry per problem found."
    )


# -- clock -------------------------------------------------------------------


class ClockLevel(StructureLevel):
    number: int | None = Field(None, description="1-based number among the levels.")


ClockEntry = Annotated[ClockLevel | StructureBreak, Field(discriminator="kind")]


class ClockOut(Schema):
    """The clock at server_time; a screen counts down locally from ends_at."""

    state: ClockStatus = Field(description="stopped, running, paused or finished.")
    level_index: int = Field(description="Position of the current level or break (0-based).")
    level_number: int | None = Field(
        None, description="1-based number of the current level; null during a break."
    )
    level: ClockEntry | None = Field(description="The current level or break.")
    next: ClockEntry | None = Field(description="The level or break that follows.")
    next_level: ClockEntry | None = Field(description="The next blind level (breaks skipped).")
    remaining_ms: Millis = Field(description="Time left in the current level or break.")
    elapsed_ms: Millis = Field(0, description="Time played in the current level or break.")
    server_time: EpochMillis = Field(description="The server's clock when this was computed.")
    ends_at: EpochMillis | None = Field(
        description="When the current level or break ends; null unless running."
    )
    is_break: bool = Field(False, description="A break is on.")
    time_to_next_break_ms: Millis | None = Field(None, description="Time until the next break.")
    structure_length: int = Field(description="Number of levels and breaks.")
    registration_open: bool = Field(description="An entry may join now.")
    registration_remaining_ms: Millis | None = Field(
        description="Time until late registration closes; null when closed."
    )


CLOCK_EXAMPLE = {
    "state": "running",
    "level_index": 0,
    "level_number": 1,
    "level": {**LEVEL_EXAMPLE, "number": 1},
    "next": {**LEVEL_EXAMPLE, "number": 2, "small_blind": 200, "big_blind": 400},
    "next_level": {**LEVEL_EXAMPLE, "number": 2, "small_blind": 200, "big_blind": 400},
    "remaining_ms": 1200000,
    "elapsed_ms": 0,
    "server_time": 1764100800000,
    "ends_at": 1764102000000,
    "is_break": False,
    "time_to_next_break_ms": 4800000,
    "structure_length": 12,
    "registration_open": True,
    "registration_remaining_ms": 2400000,
}


class AdjustIn(Body):
    delta_seconds: int = Field(
        ge=-24 * 3600, le=24 * 3600, description="Seconds to add (positive) or take (negative)."
    )


class RemainingIn(Body):
    remaining_seconds: int = Field(
        ge=0, le=24 * 3600, description="Time left in the current level; 0 ends it now."
    )


class GoToIn(Body):
    level_index: int = Field(
        ge=0, le=10_000, description="Position (0-based) of the level or break to jump to."
    )


class TemplateIn(Body):
    template: str = Field(
        max_length=40,
        description="A template key: club20, turbo, deepstack, or a saved one's "
        '("saved-<id>", see GET /structure-templates).',
    )


# -- chips -------------------------------------------------------------------


class ChipIn(Body):
    value: int = Field(ge=1, le=DB_INT_MAX, description="The chip's value, in chips.")
    colour: str = Field(default="", max_length=40, description="Its colour, as the room says it.")
    count: int = Field(default=0, ge=0, le=10**7, description="How many the room has.")


class ChipSetIn(Body):
    chips: list[ChipIn] = Field(
        min_length=1, max_length=30, description="Every denomination, one each."
    )


class ChipOut(Schema):
    value: int = Field(description="The chip's value, in chips.")
    colour: str = Field(description="Its colour, as the room says it.")
    count: int = Field(description="How many the room has.")


class ColorUpOut(Schema):
    """A denomination the plan takes out of play."""

    value: int = Field(description="The denomination that leaves play.")
    colour: str = Field(description="Its colour.")
    break_index: int | None = Field(
        description="Position of the break it should leave at; null: no break fits."
    )
    before_level: int | None = Field(description="Number of the level after that break.")
    planned_at: int | None = Field(
        description="Position of the break the structure removes it at now; null: not yet."
    )


class ChipsOut(Schema):
    chips: list[ChipOut] = Field(description="The chip set, lowest value first.")
    inventory_value: int = Field(description="Value of all the room's chips, in chips.")
    starting_stack: int = Field(description="Chips each entry starts with.")
    entries: int = Field(description="Entries bought, re-entries included.")
    players_remaining: int = Field(description="Players still in.")
    chips_in_play: int = Field(description="Starting stacks plus rebuy and add-on chips.")
    average_stack: int = Field(description="Chips in play per player still in.")
    color_ups: list[ColorUpOut] = Field(description="The suggested colour-ups.")
    warnings: list[StructureProblem] = Field(
        description="What the structure gets wrong with this chip set."
    )


# -- chip race ---------------------------------------------------------------

Card = Annotated[
    str,
    Field(
        pattern=r"^[2-9TJQKAtjqka][cdhsCDHS]$", description='A card: rank then suit, "As", "Td".'
    ),
]


class RacePlayerIn(Schema):
    # No upper bounds: nothing of a race is stored, and the rules take any whole number.
    # A player with no chips at all takes no part.
    model_config = ConfigDict(
        json_schema_extra={
            "anyOf": [
                {"properties": {"chips": {"minimum": 1}}},
                {"properties": {"other_value": {"minimum": 1}}},
            ]
        }
    )
    seat: int = Field(ge=1, description="The player's seat number.")
    chips: int = Field(ge=0, description="How many chips of the removed denomination he holds.")
    other_value: int = Field(
        ge=0, description="Value of all his other chips; a multiple of smallest_remaining."
    )


# A seat number as a key of the cards: "1", "2", ...
SeatKey = Annotated[str, Field(pattern=r"^[1-9][0-9]*$")]


def _seat_keys_only(schema: dict[str, Any]) -> None:
    """Pydantic says the seat keys as ``patternProperties``, which leaves any
    other key open: the cards take seat numbers only."""
    for branch in schema.get("anyOf", []):
        if "patternProperties" in branch:
            branch["additionalProperties"] = False


RACE_EXAMPLE = {
    "method": "race",
    "removed": 25,
    "smallest_remaining": 100,
    "button_seat": 3,
    "players": [
        {"seat": 1, "chips": 3, "other_value": 1000},
        {"seat": 2, "chips": 5, "other_value": 2000},
    ],
    "cards": {"1": ["2c", "7d", "9h"], "2": ["As"]},
}


class ChipRaceIn(Schema):
    """One table's colour-up (README "API"); values in chips."""

    model_config = ConfigDict(
        json_schema_extra={
            "examples": [RACE_EXAMPLE],
            # The round-up deals no cards.
            "if": {"properties": {"method": {"const": "round_up"}}},
            "then": {"properties": {"cards": {"type": "null"}}},
        }
    )

    method: RaceMethod = Field(
        description="race (all odd chips to the best card), race_one_chip (one chip per "
        "best card), round_up (no race: every odd stack rounded up)."
    )
    removed: int = Field(ge=1, description="The denomination leaving play.")
    smallest_remaining: int = Field(
        ge=2, description="The smallest chip left in play; a multiple of removed."
    )
    button_seat: int = Field(ge=1, description="The button's seat number.")
    players: list[RacePlayerIn] = Field(min_length=1, description="Every player at the table.")
    cards: dict[SeatKey, list[Card]] | None = Field(
        None,
        description='The cards dealt, keyed by seat number ("1"): one per odd chip. '
        "Without it the app deals.",
        json_schema_extra=_seat_keys_only,
    )


class AwardOut(Schema):
    """What one player got; values in chips."""

    seat: int = Field(description="The player's seat number.")
    exchanged: int = Field(description="Value changed at par into whole new chips.")
    odd: int = Field(description="Value of the chips that could not be changed so.")
    raced: int = Field(description="The part of odd that went into the race.")
    won: int = Field(description="Value won by the race or the round-up.")
    protected: bool = Field(description="Given one chip so as not to be raced out.")
    awarded: int = Field(description="Value of all new chips received.")
    final: int = Field(description="The stack after the colour-up.")
    cards: list[str] = Field(description="His cards, in the order dealt.")


class ChipRaceOut(Schema):
    method: RaceMethod = Field(description="The method raced by.")
    deal_order: list[int] = Field(description="Seats that received cards, in dealing order.")
    winners: list[int] = Field(description="Seats that won race chips, best card first.")
    awards: list[AwardOut] = Field(description="One per player, in seat order.")
    total_before: int = Field(description="The table's chips before, in chips.")
    total_after: int = Field(description="The table's chips after, in chips.")


# The rules' own answer to the example body (its cards are given: nothing random).
RACE_ANSWER_EXAMPLE = chip_race(request_from_json_data(RACE_EXAMPLE)).to_json_data()
