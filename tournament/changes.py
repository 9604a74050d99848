"""What a write changed, told to the screens after it commits.

A service changes rows inside its write (:mod:`tournament.writes`), which records here what it
changed: the event that happened (``bust``, ``move``, ...), which parts of
the screens it touched (``summary``, ``moves``, ``tables``) and which tables,
plus small facts of its own (the entry, the plan it made). It never builds a
screen payload. The version is bumped under the lock; after the commit the
screens layer, registered with :func:`compose_with`, reads the settled state
through the same selectors that build the snapshot and sends each audience
its message (:mod:`screens.compose`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field
from typing import Any

from django.db import transaction

# The parts of a screen (README "Screen messages"): each is a key of the
# snapshot, and a message carrying it replaces that key (table rows replace
# the rows of the same id).
SUMMARY = "summary"
MOVES = "moves"
TABLES = "tables"
CLOCK = "clock"
PAYOUTS = "payouts"  # the pool, the places and a recorded deal
RESULTS = "results"  # the winner and the places in the money, once the tournament is over
ANNOUNCEMENTS = "announcements"  # the director's announcement on the screens now
CLOCK_CALLS = "clock_calls"  # clock calls on players (TDA 2019 rule 29)
SHOT_CLOCK = "shot_clock"  # running shot-clock turns
CHIPS = "chips"  # the chip set: values, colours, counts
RULINGS = "rulings"  # the latest rulings of the log; staff screens only
# The chip leaders, the average of the counts and the final table's counts. Who
# sits where is part of it, so a change of the tables brings it too.
CHIP_COUNTS = "chip_counts"
BOUNTIES = "bounties"  # the bounty pool, what was paid, the biggest bounties, mystery left
# Whether rebuys and the add-on are sold at the clock's level now; follows the
# clock and the summary (the purchase settings), worked out by the server.
PURCHASES = "purchases"
# The alternates waiting for a seat, in the order they sit down; staff screens
# only; follows the summary (every change of the entries carries it).
ALTERNATES = "alternates"
# What the floor must act on beside the moves (a broken table back in play,
# players kept apart at one table); staff screens only; follows the tables.
FLOOR_ALERTS = "floor_alerts"
# The floor tablets' refused offline actions still open, for the director to
# resolve (README "When the network drops"); staff screens only.
CONFLICTS = "conflicts"
# The hard stop against the forecast's latest end and the proposals to meet it
# (README "Finish on time: hard stop"); staff screens only; follows the clock
# and the summary (every level, break and bust).
HARD_STOP = "hard_stop"
# The forecast's end with its interval, whether or not there is a hard stop
# (README "Finish on time: where it shows"); sent with HARD_STOP. The public
# screens get it only while the room shows it (RoomSettings.public_forecast):
# else their snapshots and messages carry no such key.
FORECAST = "forecast"
PARTS = frozenset(
    {
        SUMMARY,
        MOVES,
        TABLES,
        CLOCK,
        PAYOUTS,
        RESULTS,
        ANNOUNCEMENTS,
        CLOCK_CALLS,
        SHOT_CLOCK,
        CHIPS,
        RULINGS,
        CHIP_COUNTS,
        BOUNTIES,
        PURCHASES,
        ALTERNATES,
        FLOOR_ALERTS,
        CONFLICTS,
        HARD_STOP,
        FORECAST,
    }
)
STAFF_ONLY_PARTS = frozenset({RULINGS, ALTERNATES, FLOOR_ALERTS, CONFLICTS, HARD_STOP})
# Parts the public gets only while the room shows them (the screens layer asks
# the room's settings); off, the public snapshot has no such key.
ROOM_CHOSEN_PARTS = frozenset({FORECAST})


@dataclass(frozen=True)
class Change:
    tournament_id: int
    version: int
    event: str
    parts: frozenset[str]
    tables: frozenset[int] = frozenset()  # numbers of the tables whose rows changed
    facts: dict[str, Any] = field(default_factory=dict)  # for staff: ids, the plan
    public_facts: dict[str, Any] = field(default_factory=dict)  # for every screen
    finished: bool = False  # the tournament is over: its public results may have changed


@dataclass(frozen=True)
class RoomChange:
    """A room-level write changed what a TV shows (README "Named screens"): the
    settings of named screens, the tiles of layouts, the room's look. No
    version: a TV asks for its settings again and compares."""

    event: str
    screens: frozenset[int] = frozenset()
    layouts: frozenset[int] = frozenset()
    look: bool = False

    def says_something(self) -> bool:
        return bool(self.screens or self.layouts or self.look)


Composer = Callable[[Change], None]
RoomComposer = Callable[[RoomChange], None]
_composer: list[Composer] = []
_room_composer: list[RoomComposer] = []
_results_keepers: list[Composer] = []
_season_keepers: list[Callable[[int], None]] = []


def compose_with(composer: Composer, room: RoomComposer | None = None) -> None:
    """The screens layer registers here (at start-up); the core never imports it."""
    _composer[:] = [composer]
    _room_composer[:] = [room] if room is not None else []


def keep_results_with(keeper: Composer, season: Callable[[int], None]) -> None:
    """The public results register here (at start-up): told of every committed
    write on a finished tournament, and of a season's changed formula, they work
    the figures out for the readers (README "Results out"). The core never
    imports them."""
    _results_keepers[:] = [keeper]
    _season_keepers[:] = [season]


def announce_season(season_id: int) -> None:
    """A season's formula or counting changed: its standings are worked out
    again once the write commits (called by the season's service)."""

    def tell_the_results() -> None:
        for keeper in _season_keepers:
            keeper(season_id)

    transaction.on_commit(tell_the_results, robust=True)


def announce(change: Change) -> None:
    """Check a change and hand it to the screens once the write commits
    (called by tournament.writes.Write.record)."""
    unknown = change.parts - PARTS
    if unknown:
        raise ValueError(f"unknown screen parts: {sorted(unknown)}")
    clashing = set(change.facts) & (PARTS | {"type", "version"})
    if clashing:  # a fact must never stand in for a part the screens apply
        raise ValueError(f"facts named like screen parts: {sorted(clashing)}")
    _note_commit(
        change.version
    )  # an answer that fails after the commit must not say the write failed

    def tell_the_screens() -> None:
        for composer in _composer:
            composer(change)

    transaction.on_commit(tell_the_screens, robust=True)

    def tell_the_results() -> None:
        for keeper in _results_keepers:
            keeper(change)

    if change.finished:
        transaction.on_commit(tell_the_results, robust=True)


def announce_room(change: RoomChange) -> None:
    """Hand a room-level change to the screens once the write commits (called by
    tournament.writes.Write.record)."""

    def tell_the_screens() -> None:
        for composer in _room_composer:
            composer(change)

    transaction.on_commit(tell_the_screens, robust=True)


# The writes committed in the request being served (tournament/unavailable.py).
_commits: ContextVar[list[int] | None] = ContextVar("request_commits", default=None)


@contextmanager
def commits_of_request() -> Iterator[list[int]]:
    """Within this block, the version of every write that commits is listed."""
    commits: list[int] = []
    token = _commits.set(commits)
    try:
        yield commits
    finally:
        _commits.reset(token)


def committed_in_request() -> bool:
    return bool(_commits.get())


def _note_commit(version: int) -> None:
    commits = _commits.get()
    if commits is not None:
        transaction.on_commit(lambda: commits.append(version))
