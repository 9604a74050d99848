"""The entry of the structure an action was taken in, earlier than the clock's
stored state (README "Device time"): a tablet that was offline sends a bust
after the level it was taken in has ended; it counts in that level."""

from __future__ import annotations

from collections.abc import Sequence

from clock.rules.clock import ClockState, clock_at
from clock.rules.structure import Entry


def entry_index_at(state: ClockState, structure: Sequence[Entry], at_ms: int) -> int:
    """The index of the entry the clock stood in at ``at_ms``.

    Before the moment a running clock was last set (started, resumed, moved on),
    its entries are taken as run back to back up to the present one: the
    entry's own start is ``running_since`` less what it had run then. An
    instant before the first entry's start is in the first entry."""
    since = state.running_since_ms
    if state.status != "running" or since is None or at_ms >= since:
        return clock_at(state, structure, at_ms).level_index
    index = min(state.level_index, len(structure) - 1)
    begun = since - (structure[index].duration_ms - state.remaining_ms)
    while index > 0 and at_ms < begun:
        index -= 1
        begun -= structure[index].duration_ms
    return index
