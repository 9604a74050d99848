"""The tournament clock as data: stored timestamps, computed levels.

The clock is never a ticking counter. :class:`ClockState` stores where
the clock stood at one instant (``running_since_ms`` and the remaining
time of the current entry at that instant) and everything else is
computed for any ``now``: the current level, the time left, when the next
level starts, which side effects are due. Any process can do this, and a
clock nobody watched for hours (or a server restarted days later) shows
the right level to the millisecond.

Times are integers: epoch milliseconds (``now`` may also be an aware
:class:`datetime.datetime`, truncated to the millisecond). The caller
passes ``now``; nothing here reads the system clock.

Rule background (paraphrased): a new level is announced only when the
clock has reached zero and applies from the next hand; a hand starts with
the first riffle or shuffle (TDA 2019 rule 23; IFP 5.2; BDPV
Turnierreglement 7). Which hand that is belongs to the table, not to the
clock; the clock only says when the level changed.

Choices (documented for the service and the screens):

- **End of the structure**: when the last entry runs out the clock is
  ``finished``: it stays on the last entry with 0 ms left, and play goes
  on at the last level's blinds. ``previous``, a positive ``adjust`` or
  ``set_remaining`` reopen the last entry, *paused*, so the director
  decides when it runs again.
- **A structure shortened under the clock** (``level_index`` past the end)
  reads as ``finished``.
- **Negative adjustments** never carry over: taking more time than is
  left (or ``set_remaining(0)``) ends the entry now; the clock moves to
  the next entry at its full length, keeping its status (running, paused
  or stopped); after the last entry it is ``finished``.
- **``now`` before ``running_since_ms``** (clock skew between processes)
  counts as no time elapsed.
- **Actions normalise first**: every action first rolls the state over
  to ``now``, so ``pause`` after an unnoticed level change pauses the new
  level.
- **Breaks** are entries like levels: they run on the same clock and are
  skipped by ``next``/``previous`` like any other entry.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Literal

from clock.rules.errors import RuleError
from clock.rules.structure import Break, Entry, Level, level_numbers

__all__ = [
    "ClockActionError",
    "ClockState",
    "ClockView",
    "Instant",
    "ONE_MINUTE_MS",
    "adjust",
    "clock_at",
    "datetime_from_ms",
    "go_to",
    "ms_from_instant",
    "next_level",
    "normalise",
    "pause",
    "previous_level",
    "resume",
    "set_remaining",
    "start",
    "time_to_next_break",
]

Status = Literal["stopped", "running", "paused", "finished"]
Instant = int | datetime
ONE_MINUTE_MS = 60_000
_EPOCH = datetime(1970, 1, 1, tzinfo=UTC)
_MS = timedelta(milliseconds=1)


class ClockActionError(RuleError):
    """An action the clock cannot take now (code: ``not_running``, ``not_paused``,
    ``already_started``, ``finished``, ``no_next_level``, ``no_previous_level``,
    ``bad_level_index``, ``negative_remaining``, ``empty_structure``)."""


def ms_from_instant(instant: Instant) -> int:
    """Epoch milliseconds of an int (returned as is) or an aware datetime."""
    if isinstance(instant, datetime):
        if instant.tzinfo is None:
            raise RuleError("naive_datetime")
        return (instant - _EPOCH) // _MS
    return instant


def datetime_from_ms(ms: int) -> datetime:
    """The aware UTC datetime of epoch milliseconds (exact)."""
    return _EPOCH + timedelta(milliseconds=ms)


@dataclass(frozen=True, slots=True)
class ClockState:
    """What the database stores about the clock.

    ``remaining_ms`` is the time left in entry ``level_index``: when
    running, at the instant ``running_since_ms``; otherwise now.
    ``running_since_ms`` is set exactly when the status is ``running``.
    """

    status: Status
    level_index: int
    remaining_ms: int
    running_since_ms: int | None = None

    def __post_init__(self) -> None:
        if self.status not in ("stopped", "running", "paused", "finished"):
            raise RuleError("bad_state", field="status")
        if (self.status == "running") != (self.running_since_ms is not None):
            raise RuleError("bad_state", field="running_since_ms")
        if self.level_index < 0 or self.remaining_ms < 0:
            raise RuleError(
                "bad_state", field="level_index" if self.level_index < 0 else "remaining_ms"
            )

    @classmethod
    def initial(cls, structure: Sequence[Entry]) -> ClockState:
        """A clock not yet started, on the first entry at its full length."""
        _require_entries(structure)
        return cls(status="stopped", level_index=0, remaining_ms=structure[0].duration_ms)


@dataclass(frozen=True, slots=True)
class ClockView:
    """The clock as seen at one instant (all times in ms)."""

    state: ClockState  # the state normalised to ``now`` (store it if you like)
    status: Status
    level_index: int
    entry: Entry  # the current level or break
    level_number: int | None  # 1-based among levels; None during a break
    next_entry: Entry | None
    next_level: Level | None  # the next Level after this entry (skips breaks)
    remaining_ms: int
    elapsed_ms: int  # time spent in the current entry (0 if time was added beyond its length)
    ends_at_ms: int | None  # only while running
    rolled_over: int  # entries passed since the stored state
    time_to_next_break_ms: int | None

    @property
    def is_break(self) -> bool:
        return isinstance(self.entry, Break)

    @property
    def level(self) -> Level | None:
        """The blinds in play: the current Level, or None during a break."""
        return self.entry if isinstance(self.entry, Level) else None


def _require_entries(structure: Sequence[Entry]) -> None:
    if not structure:
        raise ClockActionError("empty_structure")


def _finished(structure: Sequence[Entry]) -> ClockState:
    return ClockState(status="finished", level_index=len(structure) - 1, remaining_ms=0)


def normalise(state: ClockState, structure: Sequence[Entry], now: Instant) -> ClockState:
    """The same clock, rolled over to ``now``.

    A running clock whose entry ran out moves on to the entry it is in at
    ``now`` (``running_since_ms`` becomes that entry's start, so the
    timeline is unchanged) or becomes ``finished``. A running clock still
    inside its entry is returned unchanged, so normalising is idempotent.
    """
    _require_entries(structure)
    if state.level_index >= len(structure):
        return _finished(structure)
    if state.status != "running":
        return state
    assert state.running_since_ms is not None
    now_ms = ms_from_instant(now)
    elapsed = max(0, now_ms - state.running_since_ms)
    index, remaining, since = state.level_index, state.remaining_ms, state.running_since_ms
    if elapsed < remaining:
        return state
    while elapsed >= remaining:
        elapsed -= remaining
        since += remaining
        index += 1
        if index >= len(structure):
            return _finished(structure)
        remaining = structure[index].duration_ms
    return ClockState(
        status="running", level_index=index, remaining_ms=remaining, running_since_ms=since
    )


def remaining_at(state: ClockState, now_ms: int) -> int:
    """Remaining ms of a normalised state at ``now_ms``."""
    if state.status != "running":
        return state.remaining_ms
    assert state.running_since_ms is not None
    return state.remaining_ms - max(0, now_ms - state.running_since_ms)


def clock_ms_until_index(
    structure: Sequence[Entry], index: int, remaining: int, target: int
) -> int:
    """Clock time from now (``remaining`` left in ``index``) to the start of ``target``."""
    return remaining + sum(entry.duration_ms for entry in structure[index + 1 : target])


def clock_at(state: ClockState, structure: Sequence[Entry], now: Instant) -> ClockView:
    """Everything a screen needs about the clock at ``now``."""
    now_ms = ms_from_instant(now)
    current = normalise(state, structure, now_ms)
    index = current.level_index
    remaining = remaining_at(current, now_ms)
    entry = structure[index]
    later = structure[index + 1 :]
    return ClockView(
        state=current,
        status=current.status,
        level_index=index,
        entry=entry,
        level_number=level_numbers(structure)[index],
        next_entry=later[0] if later else None,
        next_level=next((e for e in later if isinstance(e, Level)), None),
        remaining_ms=remaining,
        elapsed_ms=max(0, entry.duration_ms - remaining),
        ends_at_ms=now_ms + remaining if current.status == "running" else None,
        rolled_over=max(0, index - min(state.level_index, len(structure) - 1)),
        time_to_next_break_ms=_time_to_next_break(structure, current, remaining),
    )


def _time_to_next_break(
    structure: Sequence[Entry], state: ClockState, remaining: int
) -> int | None:
    if state.status == "finished":
        return None
    for target in range(state.level_index + 1, len(structure)):
        if isinstance(structure[target], Break):
            return clock_ms_until_index(structure, state.level_index, remaining, target)
    return None


def time_to_next_break(state: ClockState, structure: Sequence[Entry], now: Instant) -> int | None:
    """Clock ms until the next break starts (after the current entry); None if none is left.

    While paused this is clock time, not wall time: it does not shrink.
    """
    return clock_at(state, structure, now).time_to_next_break_ms


# -- actions -----------------------------------------------------------------


def start(state: ClockState, structure: Sequence[Entry], now: Instant) -> ClockState:
    """Start a stopped clock at its current entry and remaining time."""
    current = normalise(state, structure, now)
    if current.status != "stopped":
        raise ClockActionError("already_started", status=current.status)
    return ClockState("running", current.level_index, current.remaining_ms, ms_from_instant(now))


def pause(state: ClockState, structure: Sequence[Entry], now: Instant) -> ClockState:
    """Pause a running clock, keeping the time left at ``now``."""
    now_ms = ms_from_instant(now)
    current = normalise(state, structure, now_ms)
    if current.status != "running":
        raise ClockActionError("not_running", status=current.status)
    return ClockState("paused", current.level_index, remaining_at(current, now_ms))


def resume(state: ClockState, structure: Sequence[Entry], now: Instant) -> ClockState:
    """Let a paused clock run on from ``now``."""
    current = normalise(state, structure, now)
    if current.status != "paused":
        raise ClockActionError("not_paused", status=current.status)
    return ClockState("running", current.level_index, current.remaining_ms, ms_from_instant(now))


def go_to(
    state: ClockState, structure: Sequence[Entry], now: Instant, *, level_index: int
) -> ClockState:
    """Jump to entry ``level_index`` at its full length, keeping the status.

    A finished clock becomes paused (see the module notes).
    """
    now_ms = ms_from_instant(now)
    current = normalise(state, structure, now_ms)
    if not 0 <= level_index < len(structure):
        raise ClockActionError("bad_level_index", level_index=level_index)
    return _place(current.status, level_index, structure[level_index].duration_ms, now_ms)


def _place(status: Status, index: int, remaining: int, now_ms: int) -> ClockState:
    if status == "running":
        return ClockState("running", index, remaining, now_ms)
    if status == "finished":
        return ClockState("paused", index, remaining)
    return ClockState(status, index, remaining)


def next_level(state: ClockState, structure: Sequence[Entry], now: Instant) -> ClockState:
    """Skip to the next entry (level or break) at its full length."""
    current = normalise(state, structure, now)
    if current.status == "finished" or current.level_index + 1 >= len(structure):
        raise ClockActionError("no_next_level")
    return go_to(current, structure, now, level_index=current.level_index + 1)


def previous_level(state: ClockState, structure: Sequence[Entry], now: Instant) -> ClockState:
    """Go back one entry at its full length; a finished clock reopens its last entry."""
    current = normalise(state, structure, now)
    if current.status == "finished":
        return go_to(current, structure, now, level_index=current.level_index)
    if current.level_index == 0:
        raise ClockActionError("no_previous_level")
    return go_to(current, structure, now, level_index=current.level_index - 1)


def set_remaining(
    state: ClockState, structure: Sequence[Entry], now: Instant, *, remaining_ms: int
) -> ClockState:
    """Set the time left in the current entry; 0 ends the entry now."""
    if remaining_ms < 0:
        raise ClockActionError("negative_remaining", remaining_ms=remaining_ms)
    now_ms = ms_from_instant(now)
    current = normalise(state, structure, now_ms)
    if remaining_ms > 0:
        return _place(current.status, current.level_index, remaining_ms, now_ms)
    if current.status == "finished":
        return current
    index = current.level_index + 1
    if index >= len(structure):
        return _finished(structure)
    return _place(current.status, index, structure[index].duration_ms, now_ms)


def adjust(
    state: ClockState, structure: Sequence[Entry], now: Instant, *, delta_seconds: int
) -> ClockState:
    """Add (or with a negative delta take) time; see the module notes for below zero."""
    now_ms = ms_from_instant(now)
    current = normalise(state, structure, now_ms)
    remaining = remaining_at(current, now_ms) + delta_seconds * 1000
    if current.status == "finished" and remaining <= 0:
        return current
    return set_remaining(current, structure, now_ms, remaining_ms=max(0, remaining))
