"""What the core and the tables ask the clock (README "How a floor action flows").

The clock sits above the tables and the core (its models and services read
both), yet the desk decides the registration window and the floor the level
played from the clock at the request's moment. These are the only questions
asked downwards; everything else is a plain import in layer order. The clock
app plugs its answers in once, in ``ClockConfig.ready``; without the clock app
the core answers as a room without a clock would: the registration flag
decides, play is in level 1 and begins with the seat draw, no clock to pause
or carry over.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import Protocol

from tournament.models import Tournament


class Clock(Protocol):
    def registration_open(self, tournament: Tournament) -> bool:
        """Whether an entry may join now (the late-registration levels, the flag)."""

    def level_played(self, tournament: Tournament, at: datetime | None = None) -> tuple[int, bool]:
        """(level number, in a break) of the level played now, or at ``at`` (an
        action taken earlier on a device, README "Device time"); level 1 before play."""

    def play_started(self, tournament: Tournament) -> bool:
        """Whether play has begun: the clock has been started (a level is played)."""

    def late_entries_expected(self, tournament: Tournament) -> bool:
        """Play has begun and registration is open: late entries may still come."""

    def pause_within(self, tournament: Tournament, by: object, reason: str) -> bool:
        """Pause a running clock inside the caller's write; False when not running."""

    def continue_from(self, tournament: Tournament, previous: Sequence[Tournament]) -> None:
        """A later day's clock: the day before's structure, where it stopped."""


class NoClock:
    """A room without the clock app."""

    def registration_open(self, tournament: Tournament) -> bool:
        return not tournament.registration_closed

    def level_played(self, tournament: Tournament, at: datetime | None = None) -> tuple[int, bool]:
        return 1, False

    def play_started(self, tournament: Tournament) -> bool:
        # Without a clock, play begins with the seat draw.
        return tournament.status != Tournament.Status.PLANNED

    def late_entries_expected(self, tournament: Tournament) -> bool:
        return self.play_started(tournament) and self.registration_open(tournament)

    def pause_within(self, tournament: Tournament, by: object, reason: str) -> bool:
        return False

    def continue_from(self, tournament: Tournament, previous: Sequence[Tournament]) -> None:
        return None


_clock: list[Clock] = [NoClock()]


def plug_clock(answers: Clock) -> None:
    """The clock app plugs its answers in at start-up."""
    _clock[:] = [answers]


def clock() -> Clock:
    return _clock[0]
