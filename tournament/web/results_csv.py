"""Results and season tables as CSV for the club's spreadsheet (README "Results as
CSV"): a German reader gets ``;`` between cells and decimal commas, an English
one ``,`` and decimal points; every file starts with a byte-order mark and
writes its cells through ``tournament.rules.spreadsheet``."""

from __future__ import annotations

from decimal import Decimal

from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404
from django.utils import formats, timezone
from django.utils.translation import get_language
from django.utils.translation import gettext as _

from tournament.errors import DomainError
from tournament.models import LeagueSeason, Tournament
from tournament.roles import STAFF
from tournament.rules import names
from tournament.rules.spreadsheet import SpreadsheetWriter, spreadsheet_decimal, spreadsheet_writer
from tournament.services.result_sheets import season_sheet, tournament_sheet
from tournament.web.decorators import role_required


def german() -> bool:
    return (get_language() or "en").startswith("de")


def _number(value: Decimal | str) -> str:
    """A German spreadsheet reads 130,00 as a number and 130.00 as text."""
    return spreadsheet_decimal(value, decimal_comma=german())


def _csv(*name: str) -> tuple[HttpResponse, SpreadsheetWriter]:
    response = HttpResponse(content_type="text/csv; charset=utf-8")
    # "ergebnisse-freitagsturnier.csv": the reader's word and the tournament's name.
    response["Content-Disposition"] = f'attachment; filename="{names.file_slug(*name)}.csv"'
    return response, spreadsheet_writer(response, delimiter=";" if german() else ",")


def _refused(exc: DomainError) -> HttpResponse:
    return HttpResponse(str(exc), status=exc.status, content_type="text/plain; charset=utf-8")


@role_required(*STAFF)
def standings_csv(request: HttpRequest, tournament_id: int) -> HttpResponse:
    """The results: the columns as they always were, then bounties when the
    tournament plays for them and league points when it counts for a season."""
    tournament = get_object_or_404(Tournament, pk=tournament_id)
    try:
        sheet = tournament_sheet(tournament)
    except DomainError as exc:  # places that overlap: said, never a 500
        return _refused(exc)
    response, writer = _csv(_("results"), tournament.name)
    headers = [
        _("Place"),
        _("Start number"),
        _("Player ID"),
        _("Name"),
        _("Prize"),
        _("Place shared"),
        _("In the money"),
        _("Deal"),
        _("Re-entered"),
    ]
    if sheet.bounties:
        headers.append(_("Bounties"))
    if sheet.points is not None:
        headers.append(_("Points"))
    writer.writerow(headers)
    yes = _("yes")
    for row in sheet.rows:
        data = row.payload()
        cells = [
            "" if data["place"] is None else data["place"],
            row.entry.start_number or "",
            data["player"],
            data["name"],
            _number(data["prize"]),
            yes if data["shared"] else "",
            yes if data["in_the_money"] else "",
            _number(data["deal"]) if data["deal"] else "",
            yes if data["re_entered"] else "",
        ]
        if sheet.bounties:
            cells.append(_number(data["bounties"]))
        if sheet.points is not None:
            earned = sheet.points.get(row.entry.pk)
            cells.append("" if earned is None else _number(earned))
        writer.writerow(cells)
    return response


def _column(tournament: Tournament) -> str:
    """A tournament's column: its name and the day it was played, as the reader writes dates."""
    day = formats.date_format(timezone.localtime(tournament.created_at), "SHORT_DATE_FORMAT")
    return f"{tournament.name} ({day})"


@role_required(*STAFF)
def season_csv(request: HttpRequest, season_id: int) -> HttpResponse:
    """The season table, one column of points per tournament (empty: not played)."""
    season = get_object_or_404(LeagueSeason, pk=season_id)
    try:
        sheet = season_sheet(season_id=season.pk)
    except DomainError as exc:
        return _refused(exc)
    response, writer = _csv(_("season table"), sheet.season.name)
    writer.writerow(
        [
            _("Rank"),
            _("Player"),
            _("Points"),
            _("of them corrections"),
            _("Wins"),
            _("Best place"),
            _("Played"),
            *(_column(t) for t in sheet.tournaments),
        ]
    )
    for row in sheet.rows:
        standing = row.standing
        scored = [row.points.get(t.pk) for t in sheet.tournaments]
        writer.writerow(
            [
                standing.rank,
                row.player.name,
                _number(standing.points),
                _number(row.corrections),
                standing.wins,
                standing.best_place,
                standing.played,
                *("" if points is None else _number(points) for points in scored),
            ]
        )
    return response
