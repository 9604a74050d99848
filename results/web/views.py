"""The room's public results pages (README "Results out"): no sign-in, phone first,
German and English (``?lang=de|en``), in the room's colours. Each page reads live
and may be kept 30 seconds by a cache (``results.web.http``)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.http import HttpRequest, HttpResponse
from django.urls import reverse
from django.utils import translation
from django.utils.html import conditional_escape, format_html
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext_lazy as _
from django.views.decorators.http import require_GET, require_POST

from layouts.models import RoomLook
from results.selectors import kept, results_page, tournament_result
from results.selectors_league import PublicSeason, season_public
from results.selectors_player import player_results
from results.services import results_publish
from results.web.http import cacheable
from results.web.season_lines import season_lines
from screens.web.pages import localised, page_language
from screens.web.tiles import look_context
from tournament.models import RoomSettings
from tournament.roles import DIRECTOR
from tournament.web.decorators import role_required, run_action


def _page(
    request: HttpRequest,
    template: str,
    read: Callable[[RoomSettings], dict[str, Any] | None],
) -> HttpResponse:
    """The page in the reader's language; ``read`` runs in it (a hidden player's
    label is "Spieler 7" on a German page), None is a 404."""
    lang = page_language(request)
    room = RoomSettings.current()
    with translation.override(lang):
        found = read(room)
    context = {
        **(found or {}),
        "look": look_context(RoomLook.current()),
        "room_name": room.name,
    }
    if found is None:  # unknown, hidden or not published: one answer for all
        template, status = "results/not_found.html", 404
    else:
        status = 200
    return cacheable(request, localised(request, template, context, lang, status=status))


def _whole(value: str | None, default: int = 1) -> int:
    return (
        int(value) if value and value.isascii() and value.isdigit() and len(value) < 6 else default
    )


@require_GET
def results_list(request: HttpRequest) -> HttpResponse:
    """The finished tournaments, latest first, with the winner and the field."""
    query = request.GET.get("q", "")[:60]
    page = _whole(request.GET.get("page"))
    return _page(
        request,
        "results/list.html",
        lambda room: {
            "found": results_page(query=query, page=page, room_settings=room),
            "query": query,
        },
    )


def _named(key: str, value: object) -> dict[str, Any] | None:
    return None if value is None else {key: value}


@require_GET
def result_detail(request: HttpRequest, tournament_id: int) -> HttpResponse:
    return _page(
        request,
        "results/detail.html",
        lambda room: _named("result", tournament_result(tournament_id, room)),
    )


def _season_of(season_id: int, room: RoomSettings) -> dict[str, Any] | None:
    """The table: its lines rendered once per version of its figures and language
    and kept, the names (read on every ask) put in after (README "Results out")."""
    table = season_public(season_id, room)
    if table is None:
        return None
    lang = translation.get_language()
    parts = kept(("season-lines", table.version, lang), lambda: season_lines(table, lang))
    return {"table": table, "lines_html": _named_lines(parts, table, lang)}


def _named_lines(parts: list[str], table: PublicSeason, lang: str) -> SafeString:
    """The kept lines with each player's name, a link to his page unless hidden."""
    page = reverse("results-player", args=["-"])
    before, after = page.split("-", 1)
    names = [
        format_html(
            '<a href="{}{}{}?lang={}">{}</a>', before, line.public_id, after, lang, line.name
        )
        if line.public_id
        else conditional_escape(line.name)
        for line in table.lines
    ]
    if len(names) != len(parts) - 1:  # the template no longer marks one name per line
        raise RuntimeError("the league table's lines and names do not match")
    pieces = [parts[0]]
    for name, part in zip(names, parts[1:], strict=True):
        pieces += [name, part]
    return mark_safe("".join(pieces))  # noqa: S308 - our template's output, names escaped


@require_GET
def season_table(request: HttpRequest, season_id: int) -> HttpResponse:
    return _page(request, "results/season.html", lambda room: _season_of(season_id, room))


def _line_of(season_id: int, line: int, room: RoomSettings) -> dict[str, Any] | None:
    table = season_public(season_id, room)
    if table is None or not 1 <= line <= len(table.lines):
        return None
    return {"table": table, "line": table.lines[line - 1]}


@require_GET
def season_line(request: HttpRequest, season_id: int, line: int) -> HttpResponse:
    """One line of the league table: the player's results and corrections (the
    table reads them when the line is opened)."""
    return _page(request, "results/season_line.html", lambda room: _line_of(season_id, line, room))


@require_GET
def player_page(request: HttpRequest, public_id: str) -> HttpResponse:
    return _page(
        request,
        "results/player.html",
        lambda room: _named("player", player_results(public_id, room)),
    )


@require_POST
@role_required(DIRECTOR)
def result_publish(request: HttpRequest, tournament_id: int) -> HttpResponse:
    """The director publishes a finished tournament's results (a room that holds them)."""
    return run_action(
        request,
        lambda: results_publish(tournament_id=tournament_id, by=request.user),
        success=str(_("The results are published.")),
        back=reverse("tournament-detail", args=[tournament_id]),
    )
