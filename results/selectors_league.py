"""A league season's public table (README "Results out"): each player's rank,
points and every result with its corrections, over the season's tournaments the
public sees (finished, and published when the room holds results).

The points of a tournament are worked out once per version of the tournament
and of the season's formula in this process (``results.selectors.kept``); the
names are read live with the room's default.
"""

from __future__ import annotations

import datetime
import hashlib
from dataclasses import dataclass
from decimal import Decimal

from django.utils.translation import get_language

from results.selectors import kept, names_of, played_on, room, shown_tournaments
from tournament.errors import DomainError
from tournament.models import LeagueSeason, PayoutSettings, Player, RoomSettings, Tournament
from tournament.public_labels import result_name
from tournament.rules.league import LeagueError, SeasonResult, Standing, season_table
from tournament.services.league import tournament_points

# player id, place, points (corrections in), the corrections' points
Points = list[tuple[int, int, Decimal, Decimal]]


@dataclass(frozen=True)
class SeasonCell:
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
    # Changes when anything shown changes (a tournament, a correction, the
    # formula, a name, the language): what is composed from it is kept by it.
    version: str


def _formula_key(season: LeagueSeason) -> tuple[object, ...]:
    return (
        season.formula,
        season.scale,
        repr(season.table),
        season.participation,
        season.formula_text,
    )


def _points(tournament: Tournament, season: LeagueSeason) -> Points:
    key = (
        "points",
        season.pk,
        _formula_key(season),
        tournament.pk,
        tournament.version,
        tournament.created_at,
    )
    try:
        return kept(
            key,
            lambda: [
                (row.player.pk, row.place, row.points, row.correction)
                for row in tournament_points(tournament, season)
            ],
        )
    except DomainError:  # a formula that cannot be read: the tournament counts nothing
        return []


def _standings(
    season: LeagueSeason, tournaments: list[Tournament]
) -> tuple[list[Standing], dict[int, list[SeasonCell]]]:
    results: list[SeasonResult] = []
    read: list[tuple[Tournament, datetime.date, int, int, Decimal, Decimal]] = []
    for tournament in tournaments:
        day = played_on(tournament)
        for player_id, place, points, correction in _points(tournament, season):
            results.append(SeasonResult(tournament.pk, player_id, place, points))
            read.append((tournament, day, player_id, place, points, correction))
    try:
        table = season_table(results, best_of=season.best_of)
    except LeagueError:  # the league rule refused the figures (README "The points formula")
        return [], {}
    counted = {standing.player_id: set(standing.counted) for standing in table}
    cells: dict[int, list[SeasonCell]] = {}
    for tournament, day, player_id, place, points, correction in read:
        counts = tournament.pk in counted.get(player_id, set())
        cell = SeasonCell(tournament.pk, tournament.name, day, place, points, correction, counts)
        cells.setdefault(player_id, []).append(cell)
    return table, cells


def season_public(season_id: int, room_settings: RoomSettings | None = None) -> PublicSeason | None:
    """The season's table as the public sees it; None for an unknown season."""
    season = LeagueSeason.objects.filter(pk=season_id).first()
    if season is None:
        return None
    room_settings = room_settings or room()
    linked = PayoutSettings.objects.filter(season=season).values("tournament_id")
    tournaments = list(shown_tournaments(room_settings).filter(pk__in=linked).reverse())
    # The standings without names, once per version of the season and its tournaments.
    key = (
        "season",
        season.pk,
        _formula_key(season),
        season.best_of,
        tuple((t.pk, t.version, t.created_at) for t in tournaments),
    )
    table, cells = kept(key, lambda: _standings(season, tournaments))
    default = room_settings.public_name_default
    players = {p.pk: p for p in Player.objects.filter(pk__in=[s.player_id for s in table])}
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
    shown_ids = [(line.name, line.public_id) for line in lines]
    described = repr((key, season.name, get_language(), shown_ids))
    return PublicSeason(
        season=season,
        tournaments=[SeasonTournament(t.pk, t.name, played_on(t)) for t in tournaments],
        lines=lines,
        version=hashlib.sha256(described.encode()).hexdigest()[:32],
    )
