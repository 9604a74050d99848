"""Late registration on the clock: the entry at whose end it closes, whether it
is open at an instant, and the clock time left until it closes (the clock
itself: clock/rules/clock.py)."""

from __future__ import annotations

from collections.abc import Sequence

from clock.rules.clock import (
    ClockState,
    Instant,
    clock_ms_until_index,
    ms_from_instant,
    normalise,
    remaining_at,
)
from clock.rules.structure import Break, Entry, level_numbers

__all__ = [
    "late_registration_close_index",
    "late_registration_open",
    "registration_remaining_ms",
]


def late_registration_close_index(
    structure: Sequence[Entry], late_levels: int, *, through_break: bool = False
) -> int | None:
    """Entry index at whose end late registration closes.

    The last Level of late registration (levels counted without breaks) or,
    ``through_break``, the break right after it when there is one ("until the
    end of the break after level 6"). ``None`` if the structure has fewer
    levels (registration stays open while the clock has not finished) or
    ``late_levels`` is 0 or less.
    """
    if late_levels <= 0:
        return None
    for index, number in enumerate(level_numbers(structure)):
        if number == late_levels:
            following = index + 1
            if (
                through_break
                and following < len(structure)
                and isinstance(structure[following], Break)
            ):
                return following
            return index
    return None


def late_registration_open(
    state: ClockState,
    structure: Sequence[Entry],
    late_levels: int,
    now: Instant,
    *,
    through_break: bool = False,
) -> bool:
    """Whether late registration is open at ``now``.

    Open until the end of Level number ``late_levels`` (1-based, breaks not
    counted): a break right after that level is already closed, unless
    ``through_break``, when it closes at the end of that break. With
    ``late_levels`` 0 there is no late registration: open only before the
    clock is started.
    """
    current = normalise(state, structure, now)
    if current.status == "finished":
        return False
    if late_levels <= 0:
        return current.status == "stopped"
    close = late_registration_close_index(structure, late_levels, through_break=through_break)
    return close is None or current.level_index <= close


def registration_remaining_ms(
    state: ClockState,
    structure: Sequence[Entry],
    late_levels: int,
    now: Instant,
    *,
    through_break: bool = False,
) -> int | None:
    """Clock ms until late registration closes; None if closed or never closing by level."""
    now_ms = ms_from_instant(now)
    if not late_registration_open(
        state, structure, late_levels, now_ms, through_break=through_break
    ):
        return None
    close = late_registration_close_index(structure, late_levels, through_break=through_break)
    if close is None:
        return None
    current = normalise(state, structure, now_ms)
    return clock_ms_until_index(
        structure, current.level_index, remaining_at(current, now_ms), close + 1
    )
