"""The clock's boundaries: the side effects due when a running clock passes an
instant (one minute left, a level up, a break, late registration closing, the
end), each with a key that makes handing it on twice harmless (the clock
itself: clock/rules/clock.py)."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Literal

from clock.rules.clock import ONE_MINUTE_MS, ClockState, Instant, ms_from_instant
from clock.rules.late_registration import late_registration_close_index
from clock.rules.structure import Break, Entry

__all__ = [
    "Boundary",
    "BoundaryKind",
    "boundaries_between",
    "next_boundaries",
]

BoundaryKind = Literal[
    "one_minute_left",
    "registration_closed",
    "break_end",
    "finished",
    "level_up",
    "break_start",
    "last_late_reg_level",
]
_KIND_ORDER: dict[str, int] = {
    "one_minute_left": 0,
    "registration_closed": 1,
    "break_end": 2,
    "finished": 3,
    "level_up": 4,
    "break_start": 5,
    "last_late_reg_level": 6,
}


@dataclass(frozen=True, slots=True)
class Boundary:
    """A side effect due at ``at_ms`` (epoch ms).

    ``key`` = ``"{kind}:{level_index}:{at_ms}"`` is the same whoever
    computes it from the same stored state, so a task that records the keys
    it has handled does nothing the second time. ``level_index`` is the
    entry concerned: the new entry for ``level_up``/``break_start``/
    ``last_late_reg_level``, the ending one for ``break_end``/
    ``registration_closed``/``finished``, the current one for
    ``one_minute_left``.
    """

    kind: BoundaryKind
    at_ms: int
    level_index: int

    @property
    def key(self) -> str:
        return f"{self.kind}:{self.level_index}:{self.at_ms}"


def _projected(
    state: ClockState,
    structure: Sequence[Entry],
    late_levels: int | None,
    through_break: bool = False,
) -> Iterator[Boundary]:
    """All boundaries of a running state's timeline after ``running_since_ms``, in order.

    The stored state itself is projected (not normalised), so boundaries
    already passed are included too.
    """
    if state.status != "running" or state.level_index >= len(structure):
        return
    assert state.running_since_ms is not None
    last_level = late_registration_close_index(structure, late_levels) if late_levels else None
    close = (
        late_registration_close_index(structure, late_levels, through_break=through_break)
        if late_levels
        else None
    )
    since = state.running_since_ms
    start_ms, end_ms = since, since + state.remaining_ms
    index = state.level_index
    while True:
        due: list[Boundary] = []
        if end_ms - ONE_MINUTE_MS > start_ms:
            due.append(Boundary("one_minute_left", end_ms - ONE_MINUTE_MS, index))
        if isinstance(structure[index], Break):
            due.append(Boundary("break_end", end_ms, index))
        if close is not None and index == close:
            due.append(Boundary("registration_closed", end_ms, index))
        following = index + 1
        if following >= len(structure):
            due.append(Boundary("finished", end_ms, index))
        else:
            kind: BoundaryKind = (
                "break_start" if isinstance(structure[following], Break) else "level_up"
            )
            due.append(Boundary(kind, end_ms, following))
            if last_level is not None and following == last_level:
                due.append(Boundary("last_late_reg_level", end_ms, following))
        due.sort(key=lambda b: (b.at_ms, _KIND_ORDER[b.kind]))
        yield from (b for b in due if b.at_ms > since)
        if following >= len(structure):
            return
        index = following
        start_ms, end_ms = end_ms, end_ms + structure[index].duration_ms


def boundaries_between(
    state: ClockState,
    structure: Sequence[Entry],
    *,
    after_ms: int,
    until_ms: int,
    late_registration_levels: int | None = None,
    through_break: bool = False,
) -> tuple[Boundary, ...]:
    """Boundaries of the stored ``state`` with ``after_ms < at_ms <= until_ms``.

    Only a running clock has boundaries, and only after its
    ``running_since_ms``. How the clock loop uses it: remember the last
    instant checked, sleep until the first of :func:`next_boundaries`,
    then hand every boundary between the last check and now to an
    idempotent task (by ``key``). A service that replaces a running state
    (pause, next, adjust...) first hands on
    ``boundaries_between(old, after_ms=old.running_since_ms, until_ms=now)``:
    the keys make repeats harmless, and nothing the loop had not yet seen
    is lost.
    """
    found: list[Boundary] = []
    for boundary in _projected(state, structure, late_registration_levels, through_break):
        if boundary.at_ms > until_ms:
            break
        if boundary.at_ms > after_ms:
            found.append(boundary)
    return tuple(found)


def next_boundaries(
    state: ClockState,
    structure: Sequence[Entry],
    now: Instant,
    *,
    horizon_ms: int,
    late_registration_levels: int | None = None,
    through_break: bool = False,
) -> tuple[Boundary, ...]:
    """Boundaries after ``now`` and no later than ``now + horizon_ms``, in order."""
    now_ms = ms_from_instant(now)
    return boundaries_between(
        state,
        structure,
        after_ms=now_ms,
        until_ms=now_ms + horizon_ms,
        late_registration_levels=late_registration_levels,
        through_break=through_break,
    )
