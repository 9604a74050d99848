"""The player's page, the parts about his chips and his finish (README "The player's page").

The results and the league table are worked out for the whole field: this
process keeps one copy per tournament version (a hundred busted players
looking at their prize cost one computation, not a hundred).
"""

from __future__ import annotations

import threading
from datetime import datetime
from typing import Any

from tables.models import ChipCount, Seat
from tournament.errors import Conflict, NotFound
from tournament.models import LIVE_STATUSES, Bag, Entry, Tournament
from tournament.rules.payouts import money
from tournament.services.league import season_standings
from tournament.services.prize_pool import payout_settings_for
from tournament.services.results import results_compute

_Key = tuple[Any, ...]
_copies: dict[str, tuple[_Key, dict[Any, Any]]] = {}
_lock = threading.Lock()


def _kept(kind: str, key: _Key, build: Any) -> dict[Any, Any]:
    """One copy per ``kind`` and tournament, built again when ``key`` (the version) moves."""
    name = f"{kind}:{key[0]}"
    held = _copies.get(name)
    if held is not None and held[0] == key:
        return held[1]
    with _lock:
        held = _copies.get(name)
        if held is None or held[0] != key:
            held = (key, build())
            _copies[name] = held
    return held[1]


def _version(tournament: Tournament) -> tuple[int, int, datetime]:
    return (tournament.pk, tournament.version, tournament.created_at)


def chip_count(entry: Entry) -> dict[str, Any] | None:
    """His latest count, when the floor took one."""
    row = (
        ChipCount.objects.filter(entry=entry, latest=True)
        .values("chips", "counted_at", "level")
        .first()
    )
    return dict(row) if row else None


def bag(entry: Entry) -> dict[str, Any] | None:
    """His bag at the end of the day: its number and the chips in it."""
    row = Bag.objects.filter(entry=entry).values("number", "chips", "forfeited").first()
    return dict(row) if row else None


def next_day_seat(entry: Entry) -> dict[str, Any] | None:
    """Where his bag plays on: the next day's tournament, table and seat once drawn."""
    carried = (
        Bag.objects.filter(entry=entry, carried_to__isnull=False)
        .select_related("carried_to__tournament")
        .first()
    )
    if carried is None or carried.carried_to is None:
        return None
    day_entry = carried.carried_to
    seat = Seat.objects.filter(entry=day_entry).values_list("table__number", "number").first()
    return {
        "tournament": day_entry.tournament_id,
        "name": day_entry.tournament.name,
        "day": day_entry.tournament.day,
        "table": seat[0] if seat else None,
        "seat": seat[1] if seat else None,
    }


def _finishes(tournament: Tournament) -> dict[int, dict[str, Any]]:
    try:
        _view, rows = results_compute(tournament)
    except Conflict:  # places being corrected: no prize shown meanwhile
        return {}
    return {
        row.entry.pk: {
            "place": row.place,
            "prize": money(row.prize),
            "bounties": money(row.bounties),
        }
        for row in rows
        if row.place is not None
    }


def finish(tournament: Tournament, entry: Entry) -> dict[str, Any] | None:
    """His place and prize once he has a place (or holds every chip at the end)."""
    if entry.place is None and not (
        tournament.status == Tournament.Status.FINISHED and entry.status in LIVE_STATUSES
    ):
        return None
    rows = _kept("finish", _version(tournament), lambda: _finishes(tournament))
    return rows.get(entry.pk)


def _standings(season_id: int) -> dict[int, dict[str, Any]]:
    try:
        season, _tournaments, rows = season_standings(season_id=season_id)
    except (Conflict, NotFound):
        return {}
    return {
        row.player.pk: {
            "season": season.name,
            "rank": row.standing.rank,
            "points": str(row.standing.points),
            "played": row.standing.played,
            "players": len(rows),
        }
        for row in rows
    }


def league_standing(tournament: Tournament, entry: Entry) -> dict[str, Any] | None:
    """His place in the season this tournament counts for, when it counts for one."""
    season_id = payout_settings_for(tournament).season_id
    if season_id is None:
        return None
    key = (*_version(tournament), season_id)
    return _kept("league", key, lambda: _standings(season_id)).get(entry.player_id)
