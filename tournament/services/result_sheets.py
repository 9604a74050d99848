"""What the results and season CSV files hold, as plain data (README "Results as
CSV"); the pages word and format it for the reader's spreadsheet. Reads only.

A tournament's sheet is its result rows, with bounties when it plays for them
(or someone won one) and the league points when it counts for a season: each
player's points stand on the row of the place that earned them. A season's
sheet is its table with each tournament's points beside it.
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal

from tournament.models import LeagueSeason, Player, Tournament
from tournament.rules.league import Standing
from tournament.selectors import bounty_settings_for
from tournament.services.league import season_standings, tournament_points
from tournament.services.prize_pool import payout_settings_for
from tournament.services.results import ResultRow, results_compute


@dataclass(frozen=True)
class TournamentSheet:
    rows: list[ResultRow]
    bounties: bool  # show the bounty column
    points: dict[int, Decimal] | None  # entry id -> league points; None: counts for no season


def tournament_sheet(tournament: Tournament) -> TournamentSheet:
    _view, rows = results_compute(tournament)
    bounties = bounty_settings_for(tournament).active or any(row.bounties for row in rows)
    season = payout_settings_for(tournament).season
    if season is None:
        return TournamentSheet(rows, bounties, None)
    earned = {(p.player.pk, p.place): p.points for p in tournament_points(tournament, season)}
    points: dict[int, Decimal] = {}
    for row in rows:
        if row.place is not None and (key := (row.entry.player_id, row.place)) in earned:
            points[row.entry.pk] = earned.pop(key)
    return TournamentSheet(rows, bounties, points)


NO_CORRECTION = Decimal("0.00")  # in cents, as the points are written


@dataclass(frozen=True)
class SeasonSheetRow:
    standing: Standing
    player: Player
    points: dict[int, Decimal]  # tournament id -> the points he scored there
    # The season's point corrections inside those points (README "Point corrections").
    corrections: Decimal = Decimal("0.00")


@dataclass(frozen=True)
class SeasonSheet:
    season: LeagueSeason
    tournaments: list[Tournament]  # in the order they were played
    rows: list[SeasonSheetRow]


def season_sheet(*, season_id: int) -> SeasonSheet:
    """The season table (404 for an unknown season) with each tournament's points."""
    season, tournaments, standings = season_standings(season_id=season_id)
    scored: dict[int, dict[int, Decimal]] = {}
    corrected: dict[int, Decimal] = {}
    for tournament in tournaments:
        for result in tournament_points(tournament, season):
            scored.setdefault(result.player.pk, {})[tournament.pk] = result.points
            corrected[result.player.pk] = (
                corrected.get(result.player.pk, NO_CORRECTION) + result.correction
            )
    rows = [
        SeasonSheetRow(
            row.standing,
            row.player,
            scored.get(row.player.pk, {}),
            corrected.get(row.player.pk, NO_CORRECTION),
        )
        for row in standings
    ]
    return SeasonSheet(season, tournaments, rows)
