"""What the core asks of the apps above it, answered by them.

The core (registration, payouts) sits below the tables and the clock, so it may
not import them; yet registering a late entry must seat him once the seats are
drawn, and the registration and purchase windows depend on the clock. Each
question is a function the owning app registers in its ``AppConfig.ready``
(as :func:`tournament.changes.keep_with` does for the table counts):

- the clock: whether registration is open now, which level is played now,
  where a later day's clock goes on;
- the tables: seat a new entry once seats are drawn and plan what follows;
  plan the floor again when the table sizes change.

Without the app installed the core answers as a room without it would: the
registration flag decides, play is in level 1, nobody is seated.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any


@dataclass
class _Answers:
    registration_open: Callable[[Any], bool] | None = None
    level_played: Callable[[Any], tuple[int, bool]] | None = None
    seat_new_entry: Callable[[Any, Any, Any], None] | None = None
    replan_floor: Callable[[Any, Any], None] | None = None
    continue_clock: Callable[[Any, Any], None] | None = None
    pause_clock: Callable[[Any, Any, str], bool] | None = None


_answers = _Answers()


def clock_answers(
    *,
    registration_open: Callable[[Any], bool],
    level_played: Callable[[Any], tuple[int, bool]],
    continue_clock: Callable[[Any, Any], None] | None = None,
    pause_clock: Callable[[Any, Any, str], bool] | None = None,
) -> None:
    """The clock app tells the core how to read the clock (at the request's moment)
    and how a later day's clock goes on where the day before stopped."""
    _answers.registration_open = registration_open
    _answers.level_played = level_played
    _answers.continue_clock = continue_clock
    _answers.pause_clock = pause_clock


def seating_answers(
    *,
    seat_new_entry: Callable[[Any, Any, Any], None],
    replan_floor: Callable[[Any, Any], None],
) -> None:
    """The tables app tells the core how a new entry gets a seat and how the
    floor is planned again."""
    _answers.seat_new_entry = seat_new_entry
    _answers.replan_floor = replan_floor


def registration_open_now(tournament: Any) -> bool:
    if _answers.registration_open is None:
        return not tournament.registration_closed
    return _answers.registration_open(tournament)


def level_played_now(tournament: Any) -> tuple[int, bool]:
    """(level number, in a break) of the level played now; level 1 before play."""
    if _answers.level_played is None:
        return 1, False
    return _answers.level_played(tournament)


def seat_new_entry(tournament: Any, entry: Any, by: Any) -> None:
    """Seat a new entry if the seats are drawn (inside the registration's transaction)."""
    if _answers.seat_new_entry is not None:
        _answers.seat_new_entry(tournament, entry, by)


def replan_floor(tournament: Any, by: Any) -> None:
    """Plan the floor for new table sizes (inside the caller's transaction)."""
    if _answers.replan_floor is not None:
        _answers.replan_floor(tournament, by)


def continue_clock(tournament: Any, previous: Any) -> None:
    """A later day's clock: the day before's structure, at the level where it
    stopped (inside the caller's transaction)."""
    if _answers.continue_clock is not None:
        _answers.continue_clock(tournament, previous)


def pause_clock(tournament: Any, by: Any, reason: str) -> bool:
    """Pause the clock inside the caller's write; False when it was not running."""
    if _answers.pause_clock is None:
        return False
    return _answers.pause_clock(tournament, by, reason)
