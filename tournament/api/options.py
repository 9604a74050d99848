"""A tournament's rule options, typed: every option the rules read, with its
allowed values (README "Rulebook profiles"). The rulebook presets them; a
tournament's ``options`` override some. A test holds these fields equal to
``tournament.rules.profiles.OPTION_CHOICES``."""

from __future__ import annotations

from typing import Literal

from ninja import Schema
from pydantic import Field

from tournament.api.fields import Body

HALT_SHORT_BY = "Players short that halt play; null: 3 at full-ring tables, 2 at short-handed ones."

_DESCRIPTIONS = {
    "balancing": "How tables are balanced: TDA (worst seat of the short table) or BDPV.",
    "halt_rule": "When play halts for balancing: at once, when blinds are affected, or never.",
    "tie_rule": "Equal stacks busted in one hand share the place, or the player closer to "
    "the button finishes higher.",
    "dead_button": "Dead-button variant: the button stays dead, or moves on.",
    "chip_race": "How the smallest chips are removed at a colour-up.",
    "clock_call_seconds": "Seconds a player has when the clock is called on him.",
    "clock_call_countdown_seconds": "The last seconds of a clock call counted down aloud.",
    "break_target": "Tables break when this many players could fill the others' seats.",
    "late_entry_seats": "Seats each table keeps free for late entries while registration is "
    "open and play runs: a table breaks only when the players left fit at the others with "
    "this many seats free at each (0: as soon as they fit).",
    "penalty_max_hands": "Most hands a missed-hands penalty may take.",
    "penalty_max_rounds": "Most rounds a missed-rounds penalty may take.",
    "starting_button": "Where the button starts after the draw: high card, or seat 1.",
}


def _d(name: str) -> str:
    return _DESCRIPTIONS[name]


class RuleOptionsIn(Body):
    """Overrides of the rulebook's options; a field left out or null keeps the
    rulebook's value. A PATCH replaces the whole set of overrides."""

    balancing: Literal["tda", "bdpv"] | None = Field(None, description=_d("balancing"))
    halt_rule: Literal["immediate", "blinds_affected", "off"] | None = Field(
        None, description=_d("halt_rule")
    )
    halt_short_by: int | None = Field(None, ge=2, le=10, description=HALT_SHORT_BY)
    tie_rule: Literal["share", "button"] | None = Field(None, description=_d("tie_rule"))
    dead_button: Literal["dead", "moving"] | None = Field(None, description=_d("dead_button"))
    chip_race: Literal["race", "race_one_chip", "round_up"] | None = Field(
        None, description=_d("chip_race")
    )
    clock_call_seconds: int | None = Field(None, ge=5, le=600, description=_d("clock_call_seconds"))
    clock_call_countdown_seconds: int | None = Field(
        None, ge=0, le=60, description=_d("clock_call_countdown_seconds")
    )
    break_target: int | None = Field(None, ge=2, le=10, description=_d("break_target"))
    penalty_max_hands: int | None = Field(None, ge=1, le=200, description=_d("penalty_max_hands"))
    penalty_max_rounds: int | None = Field(None, ge=1, le=20, description=_d("penalty_max_rounds"))
    starting_button: Literal["high_card", "seat_one"] | None = Field(
        None, description=_d("starting_button")
    )
    late_entry_seats: int | None = Field(None, ge=0, le=3, description=_d("late_entry_seats"))


class RuleOptionsOut(Schema):
    """The options in force: the rulebook's, with the tournament's overrides on
    top. An option neither sets is null (the rules' own default)."""

    balancing: Literal["tda", "bdpv"] = Field(description=_d("balancing"))
    halt_rule: Literal["immediate", "blinds_affected", "off"] = Field(description=_d("halt_rule"))
    halt_short_by: int | None = Field(None, ge=2, le=10, description=HALT_SHORT_BY)
    tie_rule: Literal["share", "button"] = Field(description=_d("tie_rule"))
    dead_button: Literal["dead", "moving"] = Field(description=_d("dead_button"))
    chip_race: Literal["race", "race_one_chip", "round_up"] = Field(description=_d("chip_race"))
    clock_call_seconds: int = Field(ge=5, le=600, description=_d("clock_call_seconds"))
    clock_call_countdown_seconds: int = Field(
        ge=0, le=60, description=_d("clock_call_countdown_seconds")
    )
    break_target: int | None = Field(None, ge=2, le=10, description=_d("break_target"))
    penalty_max_hands: int | None = Field(None, ge=1, le=200, description=_d("penalty_max_hands"))
    penalty_max_rounds: int | None = Field(None, ge=1, le=20, description=_d("penalty_max_rounds"))
    starting_button: Literal["high_card", "seat_one"] = Field(description=_d("starting_button"))
    late_entry_seats: int = Field(1, ge=0, le=3, description=_d("late_entry_seats"))


def overrides(options: RuleOptionsIn | None) -> dict | None:
    """The overrides as the services take them: only the options given."""
    return None if options is None else options.model_dump(exclude_none=True)
