"""Editing a blind structure: shifting its blind amounts along the schedule and
scaling them to another starting stack (the structure itself:
clock/rules/structure.py)."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import replace
from fractions import Fraction

from clock.rules.errors import RuleError
from clock.rules.structure import Entry, Level

__all__ = [
    "scale_blinds",
    "shift_blinds",
]


def shift_blinds(entries: Sequence[Entry], steps: int) -> tuple[Entry, ...]:
    """Move the blind amounts ``steps`` levels along the schedule.

    Times and breaks stay where they are; each Level takes the amounts
    (blinds, ante, big-blind-ante flag) of the Level ``steps`` positions
    later (``steps > 0``: a faster, "skip ahead" structure) or earlier
    (``steps < 0``). Breaks are not counted. Past either end the first or
    last Level's amounts repeat. Colour-ups are kept as they are: run
    :func:`validate_structure` afterwards.
    """
    levels = [entry for entry in entries if isinstance(entry, Level)]
    if not levels:
        return tuple(entries)
    result: list[Entry] = []
    position = 0
    for entry in entries:
        if isinstance(entry, Level):
            source = levels[min(max(position + steps, 0), len(levels) - 1)]
            result.append(replace(source, seconds=entry.seconds))
            position += 1
        else:
            result.append(entry)
    return tuple(result)


def scale_blinds(
    entries: Sequence[Entry], factor: Fraction | int | str, *, round_to: int
) -> tuple[Entry, ...]:
    """Multiply every blind and ante by ``factor``, rounding half up to ``round_to``.

    A non-zero amount never rounds to zero (it becomes ``round_to``). Use it
    to adapt a template to a different starting stack, e.g. factor 2 for
    20,000 instead of 10,000 chips.
    """
    if round_to <= 0:
        raise RuleError("bad_round_to", round_to=round_to)
    ratio = Fraction(factor)
    if ratio <= 0:
        raise RuleError("bad_factor", factor=str(factor))

    def scaled(value: int) -> int:
        if value == 0:
            return 0
        units = math.floor(value * ratio / round_to + Fraction(1, 2))
        return max(units, 1) * round_to

    return tuple(
        replace(
            entry,
            small_blind=scaled(entry.small_blind),
            big_blind=scaled(entry.big_blind),
            ante=scaled(entry.ante),
        )
        if isinstance(entry, Level)
        else entry
        for entry in entries
    )
