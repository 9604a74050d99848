"""The TV page ``/s/<code>``, the boards it swaps in, the director's page of
screens, and the public "today" overview (README "Named screens")."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils import timezone, translation
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET

from layouts.models import Layout
from layouts.selectors import preset_layout
from screens.web.tiles import tile_board_context
from screens.web.views import LANGUAGES, localised
from signage import services
from signage.models import Screen
from signage.presenters import today_rows
from signage.rules.settings import OVERVIEW
from signage.selectors import (
    layout_drawn,
    reporting,
    screen_by_code,
    screen_tournament_ids,
    screens_all,
)
from signage.web.forms import ScreenForm, layout_label
from tournament.errors import DomainError
from tournament.models import Tournament
from tournament.roles import DIRECTOR
from tournament.web.decorators import role_required


def _labels() -> dict[str, str]:
    return {
        "offline": _("Offline – reconnecting…"),
        "nothing": _("This screen shows nothing yet: choose its tournament on the screens page."),
        "sound": _("Click or press a key to turn on sound and spoken announcements"),
    }


@require_GET
def tv(request: HttpRequest, code: str) -> HttpResponse:
    """The page a TV opens once; the socket tells it what to show."""
    screen = screen_by_code(code)
    if screen is None:
        raise Http404
    with translation.override(screen.language):
        context = {"screen": screen, "labels": _labels(), "config": {"code": screen.code}}
        response = render(request, "signage/tv.html", context)
    response["Cache-Control"] = "no-store"
    return response


@require_GET
def board(request: HttpRequest, code: str) -> HttpResponse:
    """One view of a screen: the display board of one of its tournaments in one layout."""
    screen = screen_by_code(code)
    if screen is None:
        raise Http404
    drawn = layout_drawn(request.GET.get("layout", ""))
    if drawn is None:
        raise Http404
    layout = drawn[0]
    lang = screen.language if screen.language in LANGUAGES else "en"
    if layout == OVERVIEW:
        response = localised(request, "signage/_today.html", {"rows": today_rows()}, lang)
    else:
        try:
            tid = int(request.GET.get("tournament", ""))
        except ValueError:
            raise Http404 from None
        if tid not in screen_tournament_ids(screen):
            raise Http404
        tournament = get_object_or_404(Tournament, pk=tid)
        response = _board(request, screen, tournament, (layout, drawn[1]), lang)
    response["Cache-Control"] = "no-store"
    return response


def _board(request: HttpRequest, screen: Screen, tournament: Tournament, drawn, lang: str):
    """The layout's tiles, a preset's as a room's own, in the screen's own look
    (README "Screen layouts and the room's look"); tiles.js draws them."""
    layout, layout_id = drawn
    chosen = Layout.objects.filter(pk=layout_id).first() if layout_id else None
    if chosen is None:
        chosen = preset_layout(layout)
    context = tile_board_context(request, tournament, chosen, lang, screen.look)
    return localised(request, "screens/_tiles.html", context, lang)


def _rows(screens: list[Screen]) -> list[dict[str, Any]]:
    now = timezone.now()
    return [
        {
            "screen": s,
            "reporting": reporting(s, now),
            "layout": layout_label(s.layout_value),
            "rotation": [(layout_label(r["layout"]), r["seconds"]) for r in s.rotation or []],
        }
        for s in screens
    ]


@role_required(DIRECTOR)
def screens_page(request: HttpRequest) -> HttpResponse:
    context = {"rows": _rows(screens_all())}
    return render(request, "signage/screens.html", context)


@role_required(DIRECTOR)
def screen_form(request: HttpRequest, screen_id: int | None = None) -> HttpResponse:
    screen = get_object_or_404(Screen, pk=screen_id) if screen_id is not None else None
    if request.method == "POST":
        form = ScreenForm(request.POST)
        if form.is_valid():
            try:
                if screen is None:
                    services.screen_create(settings=form.screen_settings(), by=request.user)
                else:
                    services.screen_update(
                        screen_id=screen.pk, settings=form.screen_settings(), by=request.user
                    )
            except DomainError as refused:
                form.add_error(None, str(refused))
            else:
                messages.success(request, _("Screen saved: the TV follows within seconds."))
                return redirect("signage-screens")
    else:
        form = ScreenForm(
            initial=ScreenForm.initial_of(screen) if screen else {"volume": 80, "chime": True}
        )
    return render(request, "signage/screen_form.html", {"form": form, "screen": screen})


@require_GET
def today(request: HttpRequest) -> HttpResponse:
    """Every running tournament at a glance (phones in the lobby, a screen's "today" view)."""
    asked = request.GET.get("lang", "")
    lang = asked if asked in LANGUAGES else (translation.get_language() or "en")[:2]
    return localised(request, "signage/today.html", {"rows": today_rows()}, lang)


@require_GET
def today_part(request: HttpRequest) -> HttpResponse:
    """The rows of the today page, fetched again by the page every few seconds."""
    asked = request.GET.get("lang", "")
    lang = asked if asked in LANGUAGES else (translation.get_language() or "en")[:2]
    return localised(request, "signage/_today.html", {"rows": today_rows()}, lang)
