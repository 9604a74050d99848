"""The public display board and lobby, and the screens' snapshots over HTTP.

Public pages carry display names only (the public snapshot), never e-mail,
phone or notes, and load nothing from outside the server.
"""

from __future__ import annotations

from django.db import connection
from django.db.models import Q
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext_lazy as _
from django.views.decorators.http import require_GET

from layouts.selectors import layout_by_id_or_preset, preset_layout
from screens import fanout, live
from screens.consumers import DATABASE_DOWN
from screens.live_data import clock_data, final_results
from screens.seats import seat_page
from screens.snapshots import screen_snapshot
from screens.web.pages import LANGUAGES as LANGUAGES  # signage reads it here
from screens.web.pages import localised
from screens.web.pages import page_language as _language
from screens.web.tiles import page_of_tiles, tile_board
from tables.web.floor_tablet import AREA_REFUSED, area_numbers
from tournament import unavailable
from tournament.api.fields import DB_BIGINT_MAX as VERSION_MAX
from tournament.errors import TOURNAMENT_NOT_FOUND
from tournament.models import ActionLog, Tournament
from tournament.roles import STAFF, has_role
from tournament.summary import tournament_summary
from tournament.web.whole_numbers import NumberRefused, whole_number

FLOOR_NEEDS_STAFF = _("Sign in as staff to follow the floor.")


def _seconds(value: str | None) -> int | None:
    try:
        return min(max(int(value or ""), 2), 120)
    except ValueError:
        return None


@require_GET
def display(request: HttpRequest, tournament_id: int) -> HttpResponse:
    """The board of a tournament: a layout of tiles by its id, or one of the
    board's presets (``clock``, ``payouts``, ``seats``, ``chips``, ``final``; any
    other name shows the clock), all drawn by tiles.js (README "Screen layouts
    and the room's look"). ``&tiles=1`` from before the presets were tiles
    changes nothing."""
    tournament = get_object_or_404(Tournament, pk=tournament_id)
    chosen = layout_by_id_or_preset(request.GET.get("layout") or "clock")
    return tile_board(
        request,
        tournament,
        chosen or preset_layout("clock"),
        _language(request),
        seats_seconds=_seconds(request.GET.get("seconds")),
    )


def lobby_tournaments() -> list[Tournament]:
    """Running and planned tournaments, then those that ended today (local time):
    players look up the winner and the results that evening."""
    midnight = timezone.localtime().replace(hour=0, minute=0, second=0, microsecond=0)
    ended_today = ActionLog.objects.filter(kind="winner", at__gte=midnight).values("tournament_id")
    shown = Tournament.objects.filter(
        ~Q(status=Tournament.Status.FINISHED) | Q(pk__in=ended_today)
    ).order_by("-status", "-created_at")
    return list(shown[:30])


@require_GET
def lobby_list(request: HttpRequest) -> HttpResponse:
    lang = _language(request)
    cards = [
        {
            "tournament": t,
            "summary": tournament_summary(t),
            "clock": clock_data(t),
            "results": final_results(t, public=True),
        }
        for t in lobby_tournaments()
    ]
    return localised(request, "screens/lobby_list.html", {"cards": cards}, lang)


@require_GET
def lobby(request: HttpRequest, tournament_id: int) -> HttpResponse:
    tournament = get_object_or_404(Tournament, pk=tournament_id)
    lang = _language(request)
    query = request.GET.get("q", "")[:60]
    config = {
        "lang": lang,
        # Every seated player reaches his page from here with his code.
        "me_finder": reverse("screens-me-finder", args=[tournament.pk]),
    }
    context = {
        "tournament": tournament,
        "query": query,
        # Without JavaScript the form's search is answered here.
        "found": seat_page(tournament, query=query)["seats"] if query.strip() else None,
        **page_of_tiles(tournament, config),
    }
    return localised(request, "screens/lobby.html", context, lang)


@require_GET
def live_snapshot(request: HttpRequest, tournament_id: int, audience: str) -> HttpResponse:
    """The socket's snapshot over HTTP, for screens polling while live pushes are down.

    ``?since=<version>`` answers 204 when the screen already shows the current
    version; otherwise the same JSON the socket sends, from the same copy.
    """
    if audience == live.FLOOR and not has_role(request.user, STAFF):
        return JsonResponse({"detail": str(FLOOR_NEEDS_STAFF)}, status=403)
    since = request.GET.get("since", "")
    try:  # a version is a whole number; anything else: send it all
        digits = since.isascii() and since.isdigit()
        known = whole_number(since, low=0, high=VERSION_MAX) if digits else None
    except NumberRefused as refused:
        return JsonResponse({"detail": f"since: {refused}"}, status=422)
    try:
        area = area_numbers(request.GET.get("tables")) if audience == live.FLOOR else None
    except ValueError:
        return JsonResponse({"detail": str(AREA_REFUSED)}, status=400)
    answer = screen_snapshot(
        tournament_id, audience=audience, since=known, area=tuple(area) if area else None
    )
    if answer is None:
        return JsonResponse({"detail": str(TOURNAMENT_NOT_FOUND)}, status=404)
    if answer.text is None:
        response = HttpResponse(status=204)
    else:
        response = HttpResponse(answer.text, content_type="application/json")
    response["Cache-Control"] = "no-store"
    return response


def healthz(request: HttpRequest) -> JsonResponse:
    """Liveness for the proxy and docker-compose: the database answers.

    ``live`` is "degraded" while this process cannot push to its screens
    (Redis unreachable): floor actions still work and screens poll meanwhile.
    """
    try:
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1")
    except DATABASE_DOWN:  # a health check reads JSON, also while the database is away
        response = JsonResponse(
            {"ok": False, "live": fanout.live_state(), "detail": str(unavailable.DATABASE_DOWN)},
            status=503,
        )
        response["Retry-After"] = str(unavailable.RETRY_AFTER_SECONDS)
        return response
    return JsonResponse({"ok": True, "live": fanout.live_state()})
