"""What a write changed, told to the screens after it commits.

A service changes rows under the tournament lock and records here what it
changed: the event that happened (``bust``, ``move``, ...), which parts of
the screens it touched (``summary``, ``moves``, ``tables``) and which tables,
plus small facts of its own (the entry, the plan it made). It never builds a
screen payload. The version is bumped under the lock; after the commit the
screens layer, registered with :func:`compose_with`, reads the settled state
through the same selectors that build the snapshot and sends each audience
its message (:mod:`screens.compose`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field
from typing import Any

from django.db import transaction
from django.db.models import F

from tournament.models import Tournament

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
    }
)
STAFF_ONLY_PARTS = frozenset({RULINGS})


@dataclass(frozen=True)
class Change:
    tournament_id: int
    version: int
    event: str
    parts: frozenset[str]
    tables: frozenset[int] = frozenset()  # numbers of the tables whose rows changed
    facts: dict[str, Any] = field(default_factory=dict)  # for staff: ids, the plan
    public_facts: dict[str, Any] = field(default_factory=dict)  # for every screen


Composer = Callable[[Change], None]
_composer: list[Composer] = []
# Runs inside the write, before its version is taken, with the numbers of the
# tables it touched: the tables app keeps its per-table counts there.
Keeper = Callable[[Any, frozenset[int]], None]
_keepers: list[Keeper] = []


def compose_with(composer: Composer) -> None:
    """The screens layer registers here (at start-up); the core never imports it."""
    _composer[:] = [composer]


def keep_with(keeper: Keeper) -> None:
    """An app that keeps figures per table registers here (at start-up)."""
    if keeper not in _keepers:
        _keepers.append(keeper)


_TOUCHED = "_screen_tables_touched"
_PARTS_TOUCHED = "_screen_parts_touched"


def touched(tournament: Any) -> frozenset[int]:
    """The tables this write has touched so far."""
    return frozenset(tournament.__dict__.get(_TOUCHED, ()))


def touch(tournament: Any, *, tables: Iterable[int | None] = (), parts: Iterable[str] = ()) -> None:
    """Tables whose rows a step of this write changed (a seat taken, a halt lifted,
    a reserve table opened) and parts it changed on the way (a bust's bounty);
    the next :func:`record` of the write includes them. Kept on the locked
    tournament instance, which a write passes to every step."""
    tournament.__dict__.setdefault(_TOUCHED, set()).update(n for n in tables if n is not None)
    tournament.__dict__.setdefault(_PARTS_TOUCHED, set()).update(parts)


def record(
    tournament: Any,
    event: str,
    *,
    parts: Iterable[str] = (),
    tables: Iterable[int | None] = (),
    facts: dict[str, Any] | None = None,
    public_facts: dict[str, Any] | None = None,
) -> int:
    """Note what this write changed (inside its locked transaction); returns the version."""
    recorded = set(parts) | tournament.__dict__.pop(_PARTS_TOUCHED, set())
    unknown = recorded - PARTS
    if unknown:
        raise ValueError(f"unknown screen parts: {sorted(unknown)}")
    clashing = (set(facts or {}) | set(public_facts or {})) & (PARTS | {"type", "version"})
    if clashing:  # a fact must never stand in for a part the screens apply
        raise ValueError(f"facts named like screen parts: {sorted(clashing)}")
    numbers = frozenset(number for number in tables if number is not None) | frozenset(
        tournament.__dict__.pop(_TOUCHED, ())
    )
    for keeper in _keepers:
        keeper(tournament, numbers)
    version = bump_version(tournament)
    change = Change(
        tournament_id=tournament.pk,
        version=version,
        event=event,
        parts=frozenset(recorded),
        tables=numbers,
        facts={**(public_facts or {}), **(facts or {})},
        public_facts=dict(public_facts or {}),
    )

    _note_commit(version)  # an answer that fails after the commit must not say the write failed

    def tell_the_screens() -> None:
        for composer in _composer:
            composer(change)

    transaction.on_commit(tell_the_screens, robust=True)
    return version


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


def bump_version(tournament: Any) -> int:
    """The tournament's next version, once per transaction (called under its lock)."""
    if not getattr(tournament, "_live_version_bumped", False):
        Tournament.objects.filter(pk=tournament.pk).update(version=F("version") + 1)
        tournament.version = Tournament.objects.values_list("version", flat=True).get(
            pk=tournament.pk
        )
        tournament._live_version_bumped = True
    return tournament.version
