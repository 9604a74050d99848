"""What the public outputs keep of a finished tournament (README "Results out"):
figures worked out once per version, in this process and in the shared cache
(Redis in production), so every process and a restart find them.

Two ways to keep:

- :func:`kept`: once per key, the key holding every version read (a rendered
  table, a feed's body); kept a month in the shared cache.
- :func:`kept_each`: many at once, each in its own slot (a tournament's figures,
  its league points), stored with the tag of the versions it was worked out
  from. One read of the shared cache for all of them; a slot whose tag no
  longer matches is worked out again and overwritten, so nothing needs to
  expire and ten years of results stay kept.

The writes keep nothing here: after a write on a finished tournament commits,
the results app's task works the new figures out (``results.tasks``), so the
next reader finds them. A slot missed (the cache emptied) is worked out on read.
"""

from __future__ import annotations

import hashlib
import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable, Sequence
from decimal import Decimal
from typing import Any, TypeVar

from django.core.cache import cache
from django.db.models import Q, Sum

from tournament.errors import DomainError
from tournament.models import (
    LIVE_STATUSES,
    WITHDRAWN_STATUSES,
    Entry,
    EntryTally,
    LeagueSeason,
    Tournament,
)
from tournament.rules.league import LeagueError, SeasonResult, Standing, season_table
from tournament.services.league import tournament_points

T = TypeVar("T")
KEPT = 8192  # values kept per process (figures of ten years of tournaments, twice)
SHARED_SECONDS = 60 * 60 * 24 * 30  # a versioned key never changes; a month keeps it
_MISSING = object()
_kept: OrderedDict[Hashable, Any] = OrderedDict()
_lock = threading.Lock()

# player id, place, points (corrections in), the corrections' points
Points = list[tuple[int, int, Decimal, Decimal]]


def _shared_key(key: Hashable) -> str:
    return "results:" + hashlib.sha256(repr(key).encode()).hexdigest()[:40]


def _remember(values: dict[Hashable, Any]) -> None:
    with _lock:
        for key, value in values.items():
            _kept[key] = value
            _kept.move_to_end(key)
        while len(_kept) > KEPT:
            _kept.popitem(last=False)


def forget_in_process() -> None:
    """Empty this process's copies (a fresh process; the shared cache stays)."""
    with _lock:
        _kept.clear()


def kept(key: Hashable, work: Callable[[], T]) -> T:
    """``work()`` once per key (the key holds the versions read)."""
    with _lock:
        if key in _kept:
            _kept.move_to_end(key)
            return _kept[key]  # type: ignore[no-any-return]
    try:
        value = cache.get(_shared_key(key), _MISSING)
    except Exception:  # the cache unreachable: worked out again, the page still answers
        value = _MISSING
    if value is _MISSING:
        value = work()
        try:
            cache.set(_shared_key(key), value, SHARED_SECONDS)
        except Exception:  # the cache unreachable: kept in this process only
            pass
    _remember({key: value})
    return value  # type: ignore[no-any-return]


def kept_each(slots: Sequence[tuple[Hashable, Hashable]], work: Callable[[int], T]) -> list[T]:
    """The value of each (slot, tag), worked out by ``work(index)`` only where the
    slot holds none for that tag: this process first, then one read of the
    shared cache, then the work, stored back in one write."""
    found: dict[int, Any] = {}
    with _lock:
        for index, (slot, tag) in enumerate(slots):
            held = _kept.get(slot, _MISSING)
            if held is not _MISSING and held[0] == tag:
                found[index] = held[1]
    wanted = {_shared_key(slots[i][0]): i for i in range(len(slots)) if i not in found}
    shared: dict[str, Any] = {}
    if wanted:
        try:
            shared = cache.get_many(list(wanted))
        except Exception:  # the cache unreachable: worked out here
            shared = {}
    fresh, worked = {}, {}
    for shared_key, index in wanted.items():
        slot, tag = slots[index]
        held = shared.get(shared_key, _MISSING)
        if held is _MISSING or held[0] != tag:
            held = (tag, work(index))
            worked[shared_key] = held
        found[index] = held[1]
        fresh[slot] = held
    if worked:
        try:
            cache.set_many(worked, None)
        except Exception:  # the cache unreachable: kept in this process only
            pass
    _remember(fresh)
    return [found[index] for index in range(len(slots))]


def winners_of(ids: list[int]) -> dict[int, int]:
    """The winner's player id of each finished tournament: place 1, or the one still in."""
    rows = Entry.objects.filter(tournament_id__in=ids).filter(
        Q(place=1) | Q(status__in=LIVE_STATUSES)
    )
    winners: dict[int, int] = {}
    for tournament_id, player_id, place in rows.values_list("tournament_id", "player_id", "place"):
        if place == 1 or tournament_id not in winners:
            winners[tournament_id] = player_id
    return winners


def entries_of(ids: list[int]) -> dict[int, int]:
    """Entries of each tournament, re-entries counted, withdrawn ones not."""
    rows = (
        EntryTally.objects.filter(tournament_id__in=ids)
        .exclude(status__in=WITHDRAWN_STATUSES)
        .values("tournament_id")
        .annotate(n=Sum("entries"))
        .values_list("tournament_id", "n")
    )
    return {tournament_id: n or 0 for tournament_id, n in rows}


def formula_key(season: LeagueSeason) -> tuple[object, ...]:
    """What of a season its points follow (its formula and counting)."""
    return (
        season.formula,
        season.scale,
        repr(season.table),
        season.participation,
        season.formula_text,
        season.best_of,
    )


def tournament_tag(tournament: Tournament) -> tuple[object, ...]:
    """What of a tournament its figures follow: every write bumps its version."""
    return (tournament.version, tournament.created_at)


def _points(tournament: Tournament, season: LeagueSeason) -> Points:
    try:
        return [
            (row.player.pk, row.place, row.points, row.correction)
            for row in tournament_points(tournament, season)
        ]
    except DomainError:  # a formula that cannot be read: the tournament counts nothing
        return []


def season_points(season: LeagueSeason, tournaments: Sequence[Tournament]) -> list[Points]:
    """Each tournament's league points in the season, in the order given."""
    slots = [
        (("points", season.pk, t.pk), (formula_key(season), tournament_tag(t))) for t in tournaments
    ]
    return kept_each(slots, lambda index: _points(tournaments[index], season))


def season_tag(season: LeagueSeason, tournaments: Sequence[Tournament]) -> Hashable:
    return (formula_key(season), tuple((t.pk, *tournament_tag(t)) for t in tournaments))


def season_standings_kept(
    season: LeagueSeason, tournaments: Sequence[Tournament], reader: str
) -> tuple[list[Standing], list[Points]]:
    """The season's table over these tournaments, and each one's points; an empty
    table when the league rule refuses the figures. ``reader`` names the set of
    tournaments (the public pages count the published ones, the embed all)."""

    def work(_index: int) -> tuple[list[Standing], list[Points]]:
        points = season_points(season, tournaments)
        results = [
            SeasonResult(t.pk, player_id, place, earned)
            for t, rows in zip(tournaments, points, strict=True)
            for player_id, place, earned, _fix in rows
        ]
        try:
            return season_table(results, best_of=season.best_of), points
        except LeagueError:  # the league rule refused the figures (README "The points formula")
            return [], points

    slot = ("standings", reader, season.pk)
    return kept_each([(slot, season_tag(season, tournaments))], work)[0]
