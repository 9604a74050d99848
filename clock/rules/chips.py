"""Chip sets, chips in play, average stack and the colour-up plan.

Rule background (paraphrased): the smallest chips leave play once they
no longer fit the blind levels (BDPV Turnierreglement 8); planned
colour-ups round up to the smallest denomination still in play (TDA 2019
rule 24); the floor may colour up at other times but must announce it
(TDA 2019 rule 25).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace

from clock.rules.errors import RuleError
from clock.rules.structure import Break, Entry, Level

__all__ = [
    "Chip",
    "ChipSet",
    "apply_color_ups",
    "average_stack",
    "chips_in_play",
    "stacks_available",
    "suggest_color_ups",
]


@dataclass(frozen=True, slots=True)
class Chip:
    """One denomination of the set: its value, colour name and how many the room owns."""

    value: int
    colour: str
    count: int

    def __post_init__(self) -> None:
        if self.value <= 0:
            raise RuleError("bad_denomination", value=self.value)
        if self.count < 0:
            raise RuleError("negative_count", value=self.value)


@dataclass(frozen=True, slots=True)
class ChipSet:
    """The room's chips: one :class:`Chip` per denomination."""

    chips: tuple[Chip, ...]

    def __post_init__(self) -> None:
        if not self.chips:
            raise RuleError("empty_chip_set")
        values = [chip.value for chip in self.chips]
        if len(set(values)) != len(values):
            raise RuleError("duplicate_denomination")

    @property
    def denominations(self) -> tuple[int, ...]:
        """The values, ascending."""
        return tuple(sorted(chip.value for chip in self.chips))

    @property
    def inventory_value(self) -> int:
        """The value of every chip the room owns."""
        return sum(chip.value * chip.count for chip in self.chips)

    def colour_of(self, value: int) -> str:
        for chip in self.chips:
            if chip.value == value:
                return chip.colour
        raise RuleError("unknown_denomination", value=value)


def chips_in_play(
    *,
    entries: int,
    starting_stack: int,
    rebuys: int = 0,
    rebuy_stack: int = 0,
    addons: int = 0,
    addon_stack: int = 0,
    removed: int = 0,
    added: int = 0,
) -> int:
    """Total chips in play.

    Every entry (re-entries included) brings ``starting_stack``; rebuys and
    add-ons their stacks. ``removed`` is what left play (a disqualified
    player's chips, TDA 2019 rule 69 / BDPV Turnierreglement preamble;
    lost and found chips, TDA 2019 rule 63); ``added`` what colour-ups and
    chip races added (see :mod:`clock.rules.chip_race`).
    """
    for name, value in (
        ("entries", entries),
        ("starting_stack", starting_stack),
        ("rebuys", rebuys),
        ("rebuy_stack", rebuy_stack),
        ("addons", addons),
        ("addon_stack", addon_stack),
        ("removed", removed),
        ("added", added),
    ):
        if value < 0:
            raise RuleError("negative_amount", field=name)
    total = entries * starting_stack + rebuys * rebuy_stack + addons * addon_stack + added - removed
    return max(total, 0)


def average_stack(total_chips: int, players_remaining: int) -> int:
    """Average stack, rounded half up to a whole chip; 0 when nobody is left."""
    if total_chips < 0 or players_remaining < 0:
        raise RuleError("negative_amount")
    if players_remaining == 0:
        return 0
    return (2 * total_chips + players_remaining) // (2 * players_remaining)


def stacks_available(chip_set: ChipSet, stack: Mapping[int, int]) -> int:
    """How many starting stacks of ``stack`` (denomination -> count) the set can build."""
    if not stack or all(count == 0 for count in stack.values()):
        raise RuleError("empty_stack")
    counts = {chip.value: chip.count for chip in chip_set.chips}
    possible: list[int] = []
    for value, per_stack in stack.items():
        if per_stack < 0:
            raise RuleError("negative_count", value=value)
        if value not in counts:
            raise RuleError("unknown_denomination", value=value)
        if per_stack:
            possible.append(counts[value] // per_stack)
    return min(possible)


def _amounts_from(entries: Sequence[Entry], start: int) -> list[int]:
    return [
        value
        for entry in entries[start:]
        if isinstance(entry, Level)
        for _, value in entry.amounts()
    ]


def suggest_color_ups(
    entries: Sequence[Entry], denominations: Iterable[int]
) -> dict[int, int | None]:
    """For each denomination, the earliest break at which it can leave play.

    The smallest chip in play can leave at a break when every blind and
    ante of every later level is a multiple of the next denomination up;
    then the next one is tried at the same break. The largest denomination
    never leaves (``None``), nor one that is needed to the end. Returns
    ``{denomination: break index or None}``.
    """
    in_play = sorted(set(denominations))
    plan: dict[int, int | None] = {value: None for value in in_play}
    for index, entry in enumerate(entries):
        if not isinstance(entry, Break):
            continue
        later = _amounts_from(entries, index + 1)
        while len(in_play) >= 2 and all(amount % in_play[1] == 0 for amount in later):
            plan[in_play.pop(0)] = index
    return plan


def apply_color_ups(entries: Sequence[Entry], plan: Mapping[int, int | None]) -> tuple[Entry, ...]:
    """The structure with each break's ``color_up`` set from ``plan`` (replacing what was there)."""
    by_break: dict[int, list[int]] = {}
    for value, index in plan.items():
        if index is None:
            continue
        if not 0 <= index < len(entries) or not isinstance(entries[index], Break):
            raise RuleError("not_a_break", index=index, value=value)
        by_break.setdefault(index, []).append(value)
    return tuple(
        replace(entry, color_up=tuple(sorted(by_break.get(index, []))))
        if isinstance(entry, Break)
        else entry
        for index, entry in enumerate(entries)
    )
