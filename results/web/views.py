"""The room's public results pages (README "Results out"): no sign-in, phone first,
German and English (``?lang=de|en``), in the room's colours. Each page reads live
and may be kept 30 seconds by a cache (``results.web.http``)."""

from __future__ import annotations

from typing import Any

from django.http import Http404, HttpRequest, HttpResponse
from django.urls import reverse
from django.utils.translation import gettext_lazy as _
from django.views.decorators.http import require_GET, require_POST

from layouts.models import RoomLook
from results.selectors import player_results, results_page, tournament_result
from results.selectors_league import season_public
from results.services import results_publish
from results.web.http import cacheable
from screens.web.pages import localised, page_language
from screens.web.tiles import look_context
from tournament.models import RoomSettings
from tournament.roles import DIRECTOR
from tournament.web.decorators import role_required, run_action

NOT_SHOWN = _("These results are not published.")


def _page(request: HttpRequest, template: str, context: dict[str, Any]) -> HttpResponse:
    lang = page_language(request)
    context = {
        **context,
        "look": look_context(RoomLook.current()),
        "room_name": RoomSettings.current().name,
    }
    return cacheable(request, localised(request, template, context, lang))


def _whole(value: str | None, default: int = 1) -> int:
    return (
        int(value) if value and value.isascii() and value.isdigit() and len(value) < 6 else default
    )


@require_GET
def results_list(request: HttpRequest) -> HttpResponse:
    """The finished tournaments, latest first, with the winner and the field."""
    query = request.GET.get("q", "")[:60]
    found = results_page(query=query, page=_whole(request.GET.get("page")))
    return _page(request, "results/list.html", {"found": found, "query": query})


@require_GET
def result_detail(request: HttpRequest, tournament_id: int) -> HttpResponse:
    result = tournament_result(tournament_id)
    if result is None:
        raise Http404(NOT_SHOWN)
    return _page(request, "results/detail.html", {"result": result})


@require_GET
def season_table(request: HttpRequest, season_id: int) -> HttpResponse:
    season = season_public(season_id)
    if season is None:
        raise Http404(NOT_SHOWN)
    return _page(request, "results/season.html", {"table": season})


@require_GET
def player_page(request: HttpRequest, public_id: str) -> HttpResponse:
    player = player_results(public_id)
    if player is None:
        raise Http404(NOT_SHOWN)
    return _page(request, "results/player.html", {"player": player})


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
