"""League points per tournament and the season table (``tournament.rules.league``).

A tournament earns points when its payout settings name a season. Each
player scores once per tournament, for their best place over all their
entries; the field is counted as the tournament counts places: the players
(by player, the default) or the paid entries, re-entries included (by entry).
Players still in without a place score nothing yet. A season of kind ``td3``
computes points with its own formula text (``tournament.services.league_formula``);
the standings are computed on read, so they follow a changed formula.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from decimal import Decimal
from typing import Any, cast

from django.utils.translation import gettext_lazy as _

from tournament import audit, changes
from tournament.errors import Conflict, FieldInvalid, Invalid, NotFound
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
from tournament.services.corrections import Correction, result_corrections
from tournament.services.league_formula import (
    Field,
    PreviewRow,
    formula_preview_rows,
    formula_read,
    formula_run,
    tournament_figures,
)
from tournament.services.prize_pool import PAID_STATUSES, payout_settings_for
from tournament.services.results import results_compute
from tournament.writes import scopes, write

SEASON_NOT_FOUND = _("League season not found.")
SEASON_NAME_REQUIRED = _("A season needs a name.")
FORMULA_UNKNOWN = _("Unknown points formula.")
TABLE_INVALID = _("The points table must list zero or more points per place.")
BEST_OF_INVALID = _("Count at least one best result, or leave it empty.")
LEAGUE_INVALID = _("The league points cannot be computed from these results.")
PREVIEW_MOST_PLAYERS = 1000
UNFINISHED = (Tournament.Status.PLANNED, Tournament.Status.RUNNING)
PREVIEW_FIELD_INVALID = _("Preview a field of 1 to 1000 players.")


def _points_formula(
    formula: str, scale: Decimal, table: list[Decimal] | None, participation: Decimal
) -> PointsFormula:
    # The field's choices (LeagueSeason.Formula) are the rule's kinds and the
    # services refuse any other value; "td3" is handled before this is asked.
    return PointsFormula(
        kind=cast(FormulaKind, formula),
        scale=Decimal(scale),
        table=tuple(table) if table else DEFAULT_TABLE,
        participation=Decimal(participation),
    )


def season_formula(season: LeagueSeason) -> PointsFormula:
    table = [Decimal(str(p)) for p in season.table] if season.table else None
    return _points_formula(season.formula, season.scale, table, season.participation)


@dataclass(frozen=True)
class SeasonFields:
    """What a season is made of, as given; ``_checked`` turns it into the columns."""

    name: str
    formula: str
    formula_text: str
    scale: Decimal
    table: list[Decimal] | None
    participation: Decimal
    best_of: int | None


def _checked(fields: SeasonFields) -> dict[str, Any]:
    name = " ".join(fields.name.split())
    if not name:
        raise Invalid(SEASON_NAME_REQUIRED)
    if fields.formula not in LeagueSeason.Formula.values:
        raise Invalid(FORMULA_UNKNOWN)
    table = fields.table
    if table is not None and any(p < 0 or not p.is_finite() for p in table):
        raise Invalid(TABLE_INVALID)
    if fields.best_of is not None and fields.best_of < 1:
        raise Invalid(BEST_OF_INVALID)
    if fields.formula == LeagueSeason.Formula.TD3:
        formula_read(fields.formula_text)
    return {
        **vars(fields),
        "name": name[:120],
        "table": [str(p) for p in table or []],
    }


# No live screen shows a season: its pages compute the standings when read.
STANDINGS_ON_READ = "a season's standings are computed when read"


def season_create(
    *,
    name: str,
    by: Any,
    formula: str = LeagueSeason.Formula.LINEAR,
    formula_text: str = "",
    scale: Decimal = Decimal(10),
    table: list[Decimal] | None = None,
    participation: Decimal = Decimal(0),
    best_of: int | None = None,
) -> LeagueSeason:
    """A new league season (seasons belong to no tournament, so no tournament lock).
    A ``td3`` season's formula text is read first: a 422 names what is wrong."""
    given = SeasonFields(name, formula, formula_text, scale, table, participation, best_of)
    columns = _checked(given)
    with write(by=by) as w:
        season = LeagueSeason.objects.create(**columns)
        w.log("season_created", audit.plain(columns), scope=w.adopt(season))
        w.keep_quiet(STANDINGS_ON_READ)
    return season


def season_update(
    *,
    season_id: int,
    by: Any,
    name: str,
    formula: str,
    formula_text: str = "",
    scale: Decimal = Decimal(10),
    table: list[Decimal] | None = None,
    participation: Decimal = Decimal(0),
    best_of: int | None = None,
) -> LeagueSeason:
    """Change a season: its name, formula and counting. The standings are computed
    on read, so they follow at once."""
    given = SeasonFields(name, formula, formula_text, scale, table, participation, best_of)
    columns = _checked(given)
    with write(scopes.season(season_id, missing=SEASON_NOT_FOUND), by=by) as w:
        season: LeagueSeason = w.row(scopes.season(season_id))
        before = {key: getattr(season, key) for key in columns}
        for key, value in columns.items():
            setattr(season, key, value)
        season.save(update_fields=list(columns))
        changed = audit.edits(before, columns)
        w.log("season_changed", {"name": season.name, "changed": changed})
        w.keep_quiet(STANDINGS_ON_READ)
        changes.announce_season(season.pk)
    return season


def formula_preview(
    *,
    formula: str,
    formula_text: str = "",
    field: int,
    scale: Decimal = Decimal(10),
    table: list[Decimal] | None = None,
    participation: Decimal = Decimal(0),
    buy_in: Decimal = Decimal(10),
) -> list[PreviewRow]:
    """Places 1..field with their points, without and with one hit, as the season
    form shows them while the director writes (no write)."""
    if formula not in LeagueSeason.Formula.values:
        raise Invalid(FORMULA_UNKNOWN)
    if table is not None and any(p < 0 or not p.is_finite() for p in table):
        raise Invalid(TABLE_INVALID)
    if not 1 <= field <= PREVIEW_MOST_PLAYERS:
        raise FieldInvalid("field", PREVIEW_FIELD_INVALID)
    if formula == LeagueSeason.Formula.TD3:
        read = formula_read(formula_text)
        return formula_preview_rows(read, field=field, buy_in=buy_in, participation=participation)
    named = _points_formula(formula, scale, table, participation)
    rows = []
    for place in range(1, field + 1):
        points = league_points(place=place, field=field, formula=named)
        rows.append(PreviewRow(place, points, points))
    return rows


@dataclass(frozen=True)
class PointsRow:
    player: Player
    place: int
    points: Decimal  # the formula's points plus the corrections
    correction: Decimal = Decimal(0)  # the corrections' points (README "Point corrections")


def tournament_points(tournament: Tournament, season: LeagueSeason) -> list[PointsRow]:
    """Points of every placed player of one tournament, best place first, each
    with his corrections (README "Point corrections") added."""
    corrections = result_corrections(tournament)
    return [
        replace(row, points=row.points + fix.points, correction=fix.points)
        if (fix := corrections.get(row.player.pk))
        else row
        for row in _formula_points(tournament, season, corrections)
    ]


def _formula_points(
    tournament: Tournament, season: LeagueSeason, corrections: dict[int, Correction]
) -> list[PointsRow]:
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
    own = payout_settings_for(tournament).formula_text.strip()
    if own or season.formula == LeagueSeason.Formula.TD3:
        # A tournament's own formula (an imported file's) wins over the season's.
        text = own or season.formula_text
        hits = {player: fix.hits for player, fix in corrections.items()}
        return _td3_points(tournament, (text, season), rows, best, (field, hits), _view)
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


def _td3_points(
    tournament: Tournament,
    formula_of: tuple[str, LeagueSeason],
    rows: list[Any],
    best: dict[int, Any],
    counted: tuple[int, dict[int, int]],
    view: Any,
) -> list[PointsRow]:
    """Points by a formula in TD3's language (the tournament's or the season's),
    from each player's figures, his hit corrections counted in. A stored formula
    that cannot be read (saved before a check, or imported) is a 409."""
    text, season = formula_of
    field, extra_hits = counted
    try:
        formula = formula_read(text)
    except Invalid as exc:
        raise Conflict(exc.message) from exc
    size = Field(
        size=max([field, *(r.place for r in best.values())]),
        final_table=tournament.final_table_size or 0,
    )
    figures = tournament_figures(tournament, rows, best, size, view)
    for player_id, hits in extra_hits.items():
        if player_id in figures:
            figures[player_id] = replace(figures[player_id], hits=figures[player_id].hits + hits)
    participation = Decimal(season.participation)
    return [
        PointsRow(
            row.entry.player,
            row.place,
            formula_run(formula, figures[player_id]) + participation,
        )
        for player_id, row in sorted(best.items(), key=lambda item: item[1].place)
    ]


def season_tournaments(season: LeagueSeason) -> list[Tournament]:
    """The tournaments that count in the season, in the order they were made."""
    tournament_ids = PayoutSettings.objects.filter(season=season).values_list(
        "tournament_id", flat=True
    )
    # An imported tournament counts only once played to its end, as in TD3
    # (README "Switching from TD3"); our own count as their players go out.
    return list(
        Tournament.objects.filter(pk__in=tournament_ids)
        .exclude(payout_settings__league_when_finished=True, status__in=UNFINISHED)
        .order_by("created_at")
    )


@dataclass(frozen=True)
class StandingRow:
    standing: Standing
    player: Player


def season_standings(*, season_id: int) -> tuple[LeagueSeason, list[Tournament], list[StandingRow]]:
    """The season table across the season's tournaments."""
    season = LeagueSeason.objects.filter(pk=season_id).first()
    if season is None:
        raise NotFound(SEASON_NOT_FOUND)
    tournaments = season_tournaments(season)
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
