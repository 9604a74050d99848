"""Rulebook profiles: the options that differ between the rooms' books.

Each tournament picks a profile; any option can be overridden per tournament.
Plain data, no Django: the rules modules take these options as arguments.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

PROFILE_NAMES = ("tda2019", "tda2024", "bdpv", "ifp", "house")

# Option name -> allowed values: a tuple of choices, or a range of whole numbers.
# A value of None in a profile means "the rules' own default".
OPTION_CHOICES: dict[str, tuple[Any, ...] | range] = {
    "balancing": ("tda", "bdpv"),
    "halt_rule": ("immediate", "blinds_affected", "off"),
    "halt_short_by": range(2, 11),
    "tie_rule": ("share", "button"),
    "dead_button": ("dead", "moving"),
    "chip_race": ("race", "race_one_chip", "round_up"),
    "clock_call_seconds": range(5, 601),
    "clock_call_countdown_seconds": range(0, 61),
    "break_target": range(2, 11),
    # Seats each table keeps free for late entries while registration runs and
    # play has started (README "Breaking during registration"): 0 breaks a table
    # as soon as the players left fit at the others.
    "late_entry_seats": range(0, 4),
    "penalty_max_hands": range(1, 201),
    "penalty_max_rounds": range(1, 21),
    # Where the button starts after the seat draw: a high-card draw at each
    # table (IFP 2.1, card room rules 003), or seat 1 (BDPV Turnierreglement 5).
    "starting_button": ("high_card", "seat_one"),
}

_TDA2019: dict[str, Any] = {
    "balancing": "tda",
    "halt_rule": "immediate",
    # None: 3 players short at full-ring tables, 2 at short-handed ones (TDA 2019 rule 10).
    "halt_short_by": None,
    "tie_rule": "share",
    "dead_button": "dead",
    "chip_race": "round_up",
    "clock_call_seconds": 60,
    "clock_call_countdown_seconds": 10,
    "starting_button": "high_card",
    "late_entry_seats": 1,
}

PROFILES: dict[str, dict[str, Any]] = {
    "tda2019": _TDA2019,
    "tda2024": {
        **_TDA2019,
        "halt_rule": "blinds_affected",
        "chip_race": "race_one_chip",
        "clock_call_seconds": 25,
        "clock_call_countdown_seconds": 5,
    },
    "bdpv": {
        **_TDA2019,
        "balancing": "bdpv",
        "tie_rule": "button",
        "chip_race": "race",
        "starting_button": "seat_one",
    },
    "ifp": {**_TDA2019, "tie_rule": "share", "chip_race": "race"},
    "house": {**_TDA2019, "clock_call_seconds": 50, "clock_call_countdown_seconds": 10},
}


class UnknownOption(ValueError):
    def __init__(self, name: str, value: Any = None) -> None:
        super().__init__(name)
        self.name = name
        self.value = value


def validate_overrides(overrides: Mapping[str, Any]) -> dict[str, Any]:
    """Return the overrides unchanged if every name and value is allowed."""
    for name, value in overrides.items():
        if name not in OPTION_CHOICES:
            raise UnknownOption(name)
        choices = OPTION_CHOICES[name]
        if isinstance(choices, range) and (not isinstance(value, int) or isinstance(value, bool)):
            raise UnknownOption(name, value)
        if value not in choices:
            raise UnknownOption(name, value)
    return dict(overrides)


def resolve_options(profile: str, overrides: Mapping[str, Any]) -> dict[str, Any]:
    """The profile's options with the tournament's own overrides on top."""
    if profile not in PROFILES:
        raise UnknownOption("rulebook", profile)
    return {**PROFILES[profile], **validate_overrides(overrides)}
