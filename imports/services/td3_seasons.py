"""TD3's league and season as our league season (README "Importing TD3 files", leagues).

A file's ``LeagueName`` and ``SeasonName`` name one season of ours ("ORF
2025"), created at the first import and found again by them later. Its points
formula is TD3's formula language (kind ``td3``) with the text of the file's
``PointsForPlaying``: of the newest file of the season, should its files
carry different ones (a warning says so).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from django.db.models import Max
from django.utils.translation import gettext_lazy as _

from imports.models import Td3TournamentLink
from imports.rules.td3_model import Td3Tournament
from imports.services.td3_files import Td3File
from tournament.errors import Invalid
from tournament.models import LeagueSeason
from tournament.services.league import season_create
from tournament.services.league_formula import formula_read

NO_FORMULA = _(
    "The files of %(season)s carry no points formula; the season counts places linearly "
    "(field minus place plus one) until you give it one on its page."
)
FORMULA_UNREADABLE = _(
    "The points formula of %(file)s cannot be read (%(problem)s); the season keeps its own."
)

SeasonKey = tuple[str, str]  # (league, season) as TD3 names them

FORMULAS_DIFFER = _(
    "The files of %(season)s carry different points formulas; the newest file's "
    "(%(file)s) is the season's formula."
)


def season_key(td3: Td3Tournament) -> SeasonKey | None:
    league, season = " ".join(td3.league.split()), " ".join(td3.season.split())
    if not league and not season:
        return None
    return (league, season)


def season_name(key: SeasonKey) -> str:
    return " ".join(part for part in key if part)[:120]


def season_find(key: SeasonKey) -> LeagueSeason | None:
    return LeagueSeason.objects.filter(td3_league=key[0], td3_season=key[1]).order_by("pk").first()


def _by_season(files: Sequence[Td3File]) -> dict[SeasonKey, list[Td3File]]:
    grouped: dict[SeasonKey, list[Td3File]] = {}
    for file in files:
        key = season_key(file.td3)
        if key is not None:
            grouped.setdefault(key, []).append(file)
    return grouped


def _newest_imported(season: LeagueSeason) -> int | None:
    """The start (ms) of the newest tournament imported into the season before."""
    newest = Td3TournamentLink.objects.filter(tournament__payout_settings__season=season).aggregate(
        at=Max("started_at")
    )["at"]
    return int(newest.timestamp() * 1000) if newest is not None else None


def _readable(text: str) -> str | None:
    """Why our formula reader refuses ``text`` (None: it reads)."""
    try:
        formula_read(text)
    except Invalid as exc:
        return str(exc)
    return None


def _season_new(key: SeasonKey, text: str, *, by: Any) -> LeagueSeason:
    kind = LeagueSeason.Formula.TD3 if text else LeagueSeason.Formula.LINEAR
    season = season_create(name=season_name(key), formula=kind, formula_text=text, by=by)
    season.td3_league, season.td3_season = key
    season.save(update_fields=["td3_league", "td3_season"])
    return season


def _season_formula(
    key: SeasonKey,
    season: LeagueSeason | None,
    group: Sequence[Td3File],
    before: int | None,
    *,
    by: Any,
) -> tuple[LeagueSeason, list[str]]:
    """The season as the files written set it: a new season gets the newest file's
    formula, an existing one when a file is newer than all imported before."""
    warnings: list[str] = []
    newest = max(group, key=lambda f: (f.td3.start_time or 0, f.filename))
    formulas = {f.td3.points_formula.strip() for f in group} - {""}
    if season is not None and season.formula_text.strip() and before is not None:
        formulas.add(season.formula_text.strip())
    text = newest.td3.points_formula.strip()
    problem = _readable(text) if text else None
    if problem:
        warnings.append(str(FORMULA_UNREADABLE % {"file": newest.filename, "problem": problem}))
        text = ""
    if season is None:
        season = _season_new(key, text, by=by)
        if not text:
            warnings.append(str(NO_FORMULA % {"season": season.name}))
    elif text and text != season.formula_text and (before is None or _newer(newest, before)):
        season.formula, season.formula_text = LeagueSeason.Formula.TD3, text
        season.save(update_fields=["formula", "formula_text"])
    if len(formulas) > 1:
        warnings.append(str(FORMULAS_DIFFER % {"season": season.name, "file": newest.filename}))
    return season, warnings


def _newer(file: Td3File, before: int) -> bool:
    return (file.td3.start_time or 0) >= before


def td3_seasons_apply(
    files: Sequence[Td3File], written: Sequence[Td3File], *, by: Any
) -> tuple[dict[SeasonKey, LeagueSeason], list[str]]:
    """The season of every file's league (created when new); the files written set
    its formula. Returns the seasons by key and warnings."""
    seasons: dict[SeasonKey, LeagueSeason] = {}
    warnings: list[str] = []
    writing = _by_season(written)
    for key in _by_season(files):
        season = season_find(key)
        group = writing.get(key, [])
        if group:
            before = _newest_imported(season) if season is not None else None
            season, found = _season_formula(key, season, group, before, by=by)
            warnings += found
        if season is not None:
            seasons[key] = season
    return seasons, warnings
