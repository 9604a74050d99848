"""League points per tournament and the season table (``tournament.rules.league``).

A tournament earns points when its payout settings name a season. Each
player scores once per tournament, for their best place over all their
entries; the field is counted as the tournament counts places: the players
(by player, the default) or the paid entries, re-entries included (by entry).
Players still in without a place score nothing yet.
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal
from typing import Any, cast

from django.db import transaction
from django.utils.translation import gettext_lazy as _

from tournament.errors import Conflict, Invalid, NotFound
from tournament.models import LeagueSeason, PayoutSettings, Player, Tournament
from tournament.rules.league import (
    DEFAULT_TABLE,
    FormulaKind,
    LeagueError,
    PointsFormula,
    SeasonResult,
    Standing,
    league_points,
    season_table,
)
from tournament.services.prize_pool import PAID_STATUSES
from tournament.services.results import results_compute

SEASON_NOT_FOUND = _("League season not found.")
SEASON_NAME_REQUIRED = _("A season needs a name.")
FORMULA_UNKNOWN = _("Unknown points formula.")
TABLE_INVALID = _("The points table must list zero or more points per place.")
BEST_OF_INVALID = _("Count at least one best result, or leave it empty.")
LEAGUE_INVALID = _("The league points cannot be computed from these results.")


def season_formula(season: LeagueSeason) -> PointsFormula:
    table = tuple(Decimal(str(p)) for p in season.table) if season.table else DEFAULT_TABLE
    # The field's choices (LeagueSeason.Formula) are the rule's kinds and
    # season_create refuses any other value, so the stored one is one of them.
    kind = cast(FormulaKind, season.formula)
    return PointsFormula(
        kind=kind,
        scale=Decimal(season.scale),
        table=table,
        participation=Decimal(season.participation),
    )


def season_create(
    *,
    name: str,
    by: Any,
    formula: str = LeagueSeason.Formula.LINEAR,
    scale: Decimal = Decimal(10),
    table: list[Decimal] | None = None,
    participation: Decimal = Decimal(0),
    best_of: int | None = None,
) -> LeagueSeason:
    """A new league season (seasons belong to no tournament, so no tournament lock)."""
    name = " ".join(name.split())
    if not name:
        raise Invalid(SEASON_NAME_REQUIRED)
    if formula not in LeagueSeason.Formula.values:
        raise Invalid(FORMULA_UNKNOWN)
    if table is not None and any(p < 0 or not p.is_finite() for p in table):
        raise Invalid(TABLE_INVALID)
    if best_of is not None and best_of < 1:
        raise Invalid(BEST_OF_INVALID)
    with transaction.atomic():
        return LeagueSeason.objects.create(
            name=name[:120],
            formula=formula,
            scale=scale,
            table=[str(p) for p in table or []],
            participation=participation,
            best_of=best_of,
        )


@dataclass(frozen=True)
class PointsRow:
    player: Player
    place: int
    points: Decimal


def tournament_points(tournament: Tournament, season: LeagueSeason) -> list[PointsRow]:
    """Points of every placed player of one tournament, best place first."""
    _view, rows = results_compute(tournament)
    field = _view.counts.field
    if tournament.places == Tournament.Places.BY_PLAYER:
        field = (
            tournament.entries.filter(status__in=PAID_STATUSES)
            .values("player_id")
            .distinct()
            .count()
        )
    best: dict[int, Any] = {}
    for row in rows:
        if row.place is None:
            continue
        current = best.get(row.entry.player_id)
        if current is None or row.place < current.place:
            best[row.entry.player_id] = row
    formula = season_formula(season)
    try:
        return [
            PointsRow(
                row.entry.player,
                row.place,
                league_points(place=row.place, field=max(field, row.place), formula=formula),
            )
            for row in sorted(best.values(), key=lambda r: r.place)
        ]
    except LeagueError as exc:
        raise Conflict(LEAGUE_INVALID) from exc


@dataclass(frozen=True)
class StandingRow:
    standing: Standing
    player: Player


def season_standings(*, season_id: int) -> tuple[LeagueSeason, list[Tournament], list[StandingRow]]:
    """The season table across the season's tournaments."""
    season = LeagueSeason.objects.filter(pk=season_id).first()
    if season is None:
        raise NotFound(SEASON_NOT_FOUND)
    tournament_ids = PayoutSettings.objects.filter(season=season).values_list(
        "tournament_id", flat=True
    )
    tournaments = list(Tournament.objects.filter(pk__in=tournament_ids).order_by("created_at"))
    results: list[SeasonResult] = []
    players: dict[int, Player] = {}
    for tournament in tournaments:
        for row in tournament_points(tournament, season):
            players[row.player.pk] = row.player
            results.append(SeasonResult(tournament.pk, row.player.pk, row.place, row.points))
    try:
        table = season_table(results, best_of=season.best_of)
    except LeagueError as exc:
        raise Conflict(LEAGUE_INVALID) from exc
    return season, tournaments, [StandingRow(s, players[s.player_id]) for s in table]
