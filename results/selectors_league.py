"""A league season's public table (README "Results out"): each player's rank,
points and every result with its corrections, over the season's tournaments the
public sees (finished, and published when the room holds results).

The points of a tournament and the standings are worked out once per version of
the tournaments and of the season's formula and kept (``tournament.kept``):
after a write on a finished tournament ``results.tasks`` works them out, so a
reader finds them; the names are read live with the room's default.
"""

from __future__ import annotations

import datetime
import hashlib
from dataclasses import dataclass
from decimal import Decimal
from typing import NamedTuple

from formats.selectors import league_standings
from results.selectors import figures_many, names_of, played_on, room, shown_tournaments
from tournament.kept import kept_each, season_standings_kept, season_tag
from tournament.models import LeagueSeason, PayoutSettings, Player, RoomSettings, Tournament
from tournament.public_labels import PLAYER_FIELDS, result_name
from tournament.rules.league import Standing


class SeasonCell(NamedTuple):
    """One result of a player in the season. A named tuple: thousands are kept
    per season, and a fresh process reads them from the cache about three
    times faster than as dataclasses."""

    tournament: int
    name: str
    date: datetime.date
    place: int
    points: Decimal
    correction: Decimal
    counted: bool


@dataclass(frozen=True)
class SeasonLine:
    rank: int
    name: str
    public_id: str | None
    points: Decimal
    played: int
    wins: int
    best_place: int
    results: list[SeasonCell]


@dataclass(frozen=True)
class SeasonTournament:
    id: int
    name: str
    date: datetime.date


@dataclass(frozen=True)
class PublicSeason:
    season: LeagueSeason
    tournaments: list[SeasonTournament]
    lines: list[SeasonLine]
    # Changes when a figure shown changes (a tournament, a correction, the
    # formula, the season's name), never with the names: what is composed from
    # it is kept by it, and the names (read on every ask) are put in after.
    version: str


def _standings(
    season: LeagueSeason, tournaments: list[Tournament]
) -> tuple[list[Standing], dict[int, list[SeasonCell]]]:
    table, points = season_standings_kept(season, tournaments, "public")
    counted = {standing.player_id: set(standing.counted) for standing in table}
    cells: dict[int, list[SeasonCell]] = {}
    for tournament, rows in zip(tournaments, points, strict=True):
        day = played_on(tournament)
        for player_id, place, earned, correction in rows:
            counts = tournament.pk in counted.get(player_id, set())
            cell = SeasonCell(
                tournament.pk, tournament.name, day, place, earned, correction, counts
            )
            cells.setdefault(player_id, []).append(cell)
    return table, cells


def standings_of(
    season: LeagueSeason, tournaments: list[Tournament]
) -> tuple[list[Standing], dict[int, list[SeasonCell]]]:
    """The standings without names and each player's results, kept per version of
    the season and its tournaments (worked out by ``results.tasks`` after a write)."""
    slot = ("season-cells", season.pk)
    return kept_each(
        [(slot, season_tag(season, tournaments))], lambda _i: _standings(season, tournaments)
    )[0]


def public_tournaments(season: LeagueSeason, room_settings: RoomSettings) -> list[Tournament]:
    """The season's tournaments the public sees, oldest first."""
    linked = PayoutSettings.objects.filter(season=season).values("tournament_id")
    return list(shown_tournaments(room_settings).filter(pk__in=linked).reverse())


def season_public(season_id: int, room_settings: RoomSettings | None = None) -> PublicSeason | None:
    """The season's table as the public sees it; None for an unknown season."""
    season = LeagueSeason.objects.filter(pk=season_id).first()
    if season is None:
        return None
    room_settings = room_settings or room()
    tournaments = public_tournaments(season, room_settings)
    table, cells = standings_of(season, tournaments)
    default = room_settings.public_name_default
    named = Player.objects.only("public_id", *PLAYER_FIELDS)
    players = named.in_bulk([s.player_id for s in table])
    shown = names_of(players, [s.player_id for s in table], default)
    lines = [
        SeasonLine(
            rank=standing.rank,
            name=name,
            public_id=None
            if result_name(players[standing.player_id], default) is None
            else players[standing.player_id].public_id,
            points=standing.points,
            played=standing.played,
            wins=standing.wins,
            best_place=standing.best_place,
            results=cells.get(standing.player_id, []),
        )
        for standing, name in zip(table, shown, strict=True)
    ]
    described = repr((season.pk, season_tag(season, tournaments), season.name))
    return PublicSeason(
        season=season,
        tournaments=[SeasonTournament(t.pk, t.name, played_on(t)) for t in tournaments],
        lines=lines,
        version=hashlib.sha256(described.encode()).hexdigest()[:32],
    )


def results_keep(tournament_id: int) -> None:
    """Work out what the public reads of a finished tournament (its figures, its
    seasons' standings) after a write on it, so the next reader finds them kept:
    the results task calls this; nothing is written but the cache."""
    tournament = Tournament.objects.filter(pk=tournament_id).first()
    if tournament is None or tournament.status != Tournament.Status.FINISHED:
        return
    room_settings = room()
    figures_many([tournament])
    linked = PayoutSettings.objects.filter(tournament=tournament).values("season_id")
    for season in LeagueSeason.objects.filter(pk__in=linked):
        _keep_season(season, room_settings)


def _keep_season(season: LeagueSeason, room_settings: RoomSettings) -> None:
    standings_of(season, public_tournaments(season, room_settings))
    league_standings(season)


def season_keep(season_id: int) -> None:
    """Work out a season's standings again after its formula changed (the task)."""
    season = LeagueSeason.objects.filter(pk=season_id).first()
    if season is not None:
        _keep_season(season, room())


def results_keep_all(chunk: int = 100) -> int:
    """Work out every finished tournament's figures and every season's standings
    (after the shared cache was emptied: ``manage.py results_keep``); returns the
    number of tournaments."""
    room_settings = room()
    finished = list(shown_tournaments(room_settings))
    for start in range(0, len(finished), chunk):
        figures_many(finished[start : start + chunk])
    for season in LeagueSeason.objects.all():
        _keep_season(season, room_settings)
    return len(finished)
