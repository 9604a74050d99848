"""The formats other sites read, as pages and files (README "Results out: formats"):
the schedule as an iCal feed, a result's share image, the embed for a club's own
website and the organiser's page with its snippets. All public but the last."""

from __future__ import annotations

from typing import Any
from urllib.parse import urlsplit

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import reverse
from django.utils import timezone, translation
from django.utils.translation import gettext as _
from django.views.decorators.cache import cache_control
from django.views.decorators.clickjacking import xframe_options_exempt
from django.views.decorators.http import require_GET

from formats.presenters import share_image_png
from formats.rules import ical
from formats.selectors import (
    finished_tournament,
    forecast_ends,
    latest_results,
    schedule_for_calendar,
    season_table_lines,
    share_image_source,
)
from prereg.web.views import page_language
from tournament.errors import DomainError
from tournament.models import LeagueSeason, RoomSettings
from tournament.roles import STAFF
from tournament.security import CONTENT_SECURITY_POLICY
from tournament.web.addresses import public_address
from tournament.web.decorators import role_required

# The embed pages may sit in a frame on any site; every other page stays unframed.
EMBED_POLICY = CONTENT_SECURITY_POLICY.replace("frame-ancestors 'none'", "frame-ancestors *")
FRESH = 60  # seconds: a finished tournament shows within a minute


@require_GET
@cache_control(max_age=FRESH, public=True)
def schedule_ics(request: HttpRequest) -> HttpResponse:
    """The public schedule as an iCalendar feed; 404 while the room keeps it off."""
    room = RoomSettings.current()
    if not room.public_schedule:
        raise Http404
    # The room's address (PUBLIC_URL) names the events, so a calendar keeps them as one.
    host = urlsplit(public_address(request, "/")).hostname or "localhost"
    listed = schedule_for_calendar()
    ends = forecast_ends(listed)
    events = [
        ical.CalendarEvent(
            uid=f"tournament-{t.pk}@{host}",
            starts_at=t.starts_at,
            summary=t.name,
            url=public_address(request, reverse("prereg-tournament", args=[t.pk])),
            ends_at=ends.get(t.pk),
        )
        for t in listed
        if t.starts_at is not None
    ]
    text = ical.calendar(events, name=room.name or _("Schedule"), stamp=timezone.now())
    response = HttpResponse(text.encode("utf-8"), content_type="text/calendar; charset=utf-8")
    response["Content-Disposition"] = 'inline; filename="schedule.ics"'
    return response


@require_GET
@cache_control(max_age=FRESH, public=True)
def share_image(request: HttpRequest, tournament_id: int) -> HttpResponse:
    """A finished tournament's result as a 1080x1080 PNG; 404 before its end."""
    tournament = finished_tournament(tournament_id)
    with translation.override(page_language(request)):
        try:
            png = share_image_png(share_image_source(tournament))
        except DomainError as exc:
            return HttpResponse(
                str(exc), status=exc.status, content_type="text/plain; charset=utf-8"
            )
    return HttpResponse(png, content_type="image/png")


def embedded(request: HttpRequest, template: str, context: dict[str, Any]) -> HttpResponse:
    lang = page_language(request)
    with translation.override(lang):
        response = render(request, template, {**context, "lang": lang})
    response["Content-Security-Policy"] = EMBED_POLICY
    response["Content-Language"] = lang
    response["Cache-Control"] = f"public, max-age={FRESH}"
    return response


@require_GET
@xframe_options_exempt
def embed_results(request: HttpRequest) -> HttpResponse:
    """The latest results, small enough for an iframe on the club's website."""
    with translation.override(page_language(request)):
        results = latest_results()
    return embedded(request, "formats/embed_results.html", {"results": results})


@require_GET
@xframe_options_exempt
def embed_season(request: HttpRequest, season_id: int) -> HttpResponse:
    """A league table for an iframe."""
    with translation.override(page_language(request)):
        try:
            name, lines = season_table_lines(season_id)
        except DomainError as exc:
            raise Http404 from exc
    return embedded(request, "formats/embed_season.html", {"name": name, "lines": lines})


@require_GET
def embed_js(request: HttpRequest) -> HttpResponse:
    """The script a club's page loads: it puts the iframe where the script stands."""
    base = public_address(request, "/").rstrip("/")
    response = render(
        request, "formats/embed.js", {"base": base}, content_type="text/javascript; charset=utf-8"
    )
    response["Cache-Control"] = "public, max-age=3600"
    response["Access-Control-Allow-Origin"] = "*"
    return response


@role_required(*STAFF)
def embed_help(request: HttpRequest) -> HttpResponse:
    """The organiser's page: the snippets to copy onto the club's website."""
    base = public_address(request, "/").rstrip("/")
    seasons = list(LeagueSeason.objects.all()[:20])
    return render(request, "formats/embed_help.html", {"base": base, "seasons": seasons})
