"""The room's public schedule, pre-registering from the phone and the player's personal
link (README "Pre-registration and the schedule"). No sign-in; German or English by
``?lang=``; the pages carry names only, never a phone, an e-mail or notes."""

from __future__ import annotations

from collections.abc import Callable
from datetime import date, datetime, timedelta
from itertools import groupby
from typing import Any

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils import timezone, translation
from django.utils.translation import gettext_lazy as _
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from clock.web.finish_views import forecast_words
from prereg.models import NAME_MAX, PreRegistration
from prereg.presenters import running_forecasts, schedule_row, settled
from prereg.selectors import pre_registration_by_token, schedule_tournaments, structure_levels
from prereg.services import waiting
from prereg.services.registrations import (
    deadline_release,
    pre_register,
    pre_registration_cancel,
)
from prereg.web import throttle
from tournament.errors import DomainError
from tournament.models import RoomSettings, Tournament
from tournament.services.payouts import payouts_view
from tournament.web.addresses import public_address, qr_svg

LANGUAGES = ("de", "en")
WEEK_DAYS = 7
# A day as players read it: "Freitag, 27. November 2026", "Friday, 27 November 2026".
DAY_FORMATS = {"de": "l, j. F Y", "en": "l, j F Y"}


def page_language(request: HttpRequest) -> str:
    asked = request.GET.get("lang", "") or request.POST.get("lang", "")
    return asked if asked in LANGUAGES else (translation.get_language() or "en")[:2]


def localised(
    request: HttpRequest, template: str, context: dict[str, Any], *, status: int = 200
) -> HttpResponse:
    lang = page_language(request)
    with translation.override(lang):
        shown = {**context, "lang": lang, "day_format": DAY_FORMATS[lang]}
        response = render(request, template, shown, status=status)
    response["Content-Language"] = lang
    return response


def _switched_off(request: HttpRequest) -> HttpResponse | None:
    if RoomSettings.current().public_schedule:
        return None
    return localised(request, "prereg/closed.html", {}, status=404)


def _rows(tournaments: list[Tournament]) -> list[dict[str, Any]]:
    forecasts = running_forecasts(tournaments)
    return [
        {**schedule_row(t), "object": t, "forecast": _forecast_shown(forecasts.get(t.pk))}
        for t in tournaments
    ]


def _forecast_shown(line: dict[str, Any] | None) -> str | None:
    return None if line is None else forecast_words(line)


def _forecast_live(rows: list[dict[str, Any]]) -> dict[str, Any]:
    """What tiles.js needs to keep the forecast lines of running tournaments
    moving (README "Finish on time: where it shows"): each one's public socket
    and the words, in the page's language when it is rendered."""
    followed = [row["tournament"] for row in rows if row["forecast"]]
    if not followed:
        return {}
    return {
        "forecast_config": {"tournaments": followed, "sound": False},
        "forecast_labels": {"forecast": FORECAST_LINE, "clock_time": CLOCK_TIME},
    }


# The words of the forecast line, as the staff's and the board's.
FORECAST_LINE = _("Ends about {predicted}, between {earliest} and {latest}")
CLOCK_TIME = _("{hour12}:{minute} {ampm}")


def _by_day(rows: list[dict[str, Any]]) -> list[tuple[date | None, list[dict[str, Any]]]]:
    def day(row: dict[str, Any]) -> date | None:
        return timezone.localdate(row["starts_at"]) if row["starts_at"] else None

    return [(key, list(group)) for key, group in groupby(rows, key=day)]


@require_GET
def schedule_page(request: HttpRequest) -> HttpResponse:
    """Upcoming tournaments, day by day, phone first."""
    closed = _switched_off(request)
    if closed is not None:
        return closed
    rows = _rows(settled(schedule_tournaments()))
    context = {"days": _by_day(rows), **_forecast_live(rows)}
    return localised(request, "prereg/schedule.html", context)


@require_GET
def schedule_print(request: HttpRequest) -> HttpResponse:
    """The week's plan on one A4 page, from today."""
    closed = _switched_off(request)
    if closed is not None:
        return closed
    today = timezone.localdate()
    end = timezone.make_aware(
        datetime.combine(today + timedelta(days=WEEK_DAYS), datetime.min.time())
    )
    rows = [
        r for r in _rows(settled(schedule_tournaments())) if r["starts_at"] and r["starts_at"] < end
    ]
    schedule_url = public_address(request, reverse("prereg-schedule"))
    context = {
        "days": _by_day(rows),
        "first": today,
        "last": today + timedelta(days=WEEK_DAYS - 1),
        "schedule_url": schedule_url,
        "qr": qr_svg(schedule_url, scale=8),
    }
    return localised(request, "prereg/schedule_print.html", context)


def _listed(tournament_id: int) -> Tournament:
    tournament = Tournament.objects.filter(pk=tournament_id, listed=True).first()
    if tournament is None:
        raise Http404
    return tournament


def _payout_percentages(tournament: Tournament) -> list[Any]:
    try:
        return list(payouts_view(tournament, amounts=False).percentages)
    except DomainError:
        return []


@require_http_methods(["GET", "POST"])
def tournament_page(request: HttpRequest, tournament_id: int) -> HttpResponse:
    """One tournament: its facts, structure and payout plan, and the form."""
    closed = _switched_off(request)
    if closed is not None:
        return closed
    tournament = settled([_listed(tournament_id)])[0]

    def page(error: str = "", status: int = 200) -> HttpResponse:
        row = _rows([tournament])[0]
        context = {
            "row": row,
            **_forecast_live([row]),
            "tournament": tournament,
            "levels": structure_levels(tournament),
            "percentages": _payout_percentages(tournament),
            "deadline": waiting.check_in_deadline(tournament),
            "error": error,
            "sent": request.POST if request.method == "POST" else {},
            "name_max": NAME_MAX,
        }
        return localised(request, "prereg/tournament.html", context, status=status)

    if request.method == "GET":
        return page()
    return _send(request, page, lambda: _pre_register(request, tournament))


def _pre_register(request: HttpRequest, tournament: Tournament) -> PreRegistration:
    throttle.check_and_count(request, tournament_id=tournament.pk)
    return pre_register(
        tournament_id=tournament.pk,
        name=request.POST.get("name", "")[:200],
        phone=request.POST.get("phone", "")[:200],
        email=request.POST.get("email", "")[:254],
        consent=bool(request.POST.get("consent")),
    )


def _send(
    request: HttpRequest,
    page: Callable[..., HttpResponse],
    action: Callable[[], PreRegistration],
    *,
    query: str = "new=1",
) -> HttpResponse:
    """Run a public form's action; the personal page after it, or the form again with
    the reason in the reader's language and the error's status."""
    with translation.override(page_language(request)):
        try:
            prereg = action()
        except DomainError as exc:
            return page(str(exc), exc.status)
    lang = page_language(request)
    url = reverse("prereg-personal", args=[prereg.token])
    return redirect(f"{url}?lang={lang}&{query}")


def _personal(token: str) -> PreRegistration:
    found = pre_registration_by_token(token)
    if found is None:
        raise Http404
    # The check-in deadline applies when read, whether or not its task has run.
    if deadline_release(tournament_id=found.tournament_id):
        found = pre_registration_by_token(token)
        if found is None:
            raise Http404
    return found


@require_GET
def personal_page(request: HttpRequest, token: str) -> HttpResponse:
    """The player's own page: his status, place on the waiting list, code and QR code.
    Once he is checked in his page is the player's page (README "The player's page"):
    the link leads there, so he never holds two pages saying different things."""
    prereg = _personal(token)
    if prereg.status == PreRegistration.Status.CHECKED_IN:
        target = reverse("screens-me", args=[prereg.token])
        return redirect(f"{target}?lang={page_language(request)}")
    return _personal_response(request, prereg)


def _personal_response(
    request: HttpRequest, prereg: PreRegistration, error: str = "", status: int = 200
):
    tournament = prereg.tournament
    link = public_address(request, reverse("prereg-personal", args=[prereg.token]))
    context = {
        "me_url": reverse("screens-me", args=[prereg.token]),
        "prereg": prereg,
        "tournament": tournament,
        "deadline": waiting.check_in_deadline(tournament),
        "qr": qr_svg(prereg.code, scale=8),
        "link": link,
        "new": request.GET.get("new") == "1",
        "error": error,
        "may_cancel": prereg.status
        in (PreRegistration.Status.REGISTERED, PreRegistration.Status.WAITING),
    }
    return localised(request, "prereg/personal.html", context, status=status)


@require_POST
def personal_cancel(request: HttpRequest, token: str) -> HttpResponse:
    prereg = _personal(token)

    def page(error: str = "", status: int = 200) -> HttpResponse:
        return _personal_response(request, prereg, error, status)

    def cancel() -> PreRegistration:
        throttle.check_and_count(request, tournament_id=None)
        return pre_registration_cancel(token=token)

    return _send(request, page, cancel, query="cancelled=1")
