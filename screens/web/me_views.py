"""The player's page and the way to it from the lobby's seat finder
(README "The player's page").

The page (``/me/<link>``) renders his payload and the public snapshot; the
finder (``/lobby/<id>/me/?table=&seat=``) asks the player who picked his name
for his code and, when it is the code of the pre-registration checked in at
that seat or the entry's own code (his seat card), sends him to his page, made
for him if he holds none. Wrong codes are counted per address and tournament:
after a few the finder answers 429 for a while.
"""

from __future__ import annotations

from typing import Any

from django.core.cache import cache
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import get_object_or_404
from django.urls import reverse
from django.utils import translation
from django.utils.http import urlencode
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _
from django.views.decorators.http import require_http_methods, require_POST

from prereg.services.links import phone_link_by_code
from screens.me import MeSubject, me_payload
from screens.me_labels import me_labels, status_words
from screens.me_links import me_subject, pre_registration_page
from screens.web.pages import localised, page_language
from screens.web.tiles import page_of_tiles
from tables.models import Seat
from tournament.errors import DomainError
from tournament.models import Entry, Player, RoomSettings, Tournament
from tournament.public_labels import screen_name
from tournament.services.public_names import player_public_name_set
from tournament.signin import client_address

CODE_WRONG = _(
    "This code does not belong to this seat. Check it on your confirmation or your seat card."
)
TOO_MANY_TRIES = _("Too many wrong codes. Please try again in a few minutes, or ask at the desk.")
NOT_SEATED = _("Nobody sits at this seat now.")
# Wrong codes one address may try per tournament and window.
TRIES = 10
TRIES_WINDOW_SECONDS = 600


@require_http_methods(["GET", "HEAD"])
def me_page(request: HttpRequest, token: str) -> HttpResponse:
    """The player's own page on his phone: his seat and moves, the clock and the
    field; it follows the public socket."""
    return _me_answer(request, token)


def _me_answer(
    request: HttpRequest, token: str, *, error: str | None = None, status: int = 200
) -> HttpResponse:
    lang = page_language(request)
    subject = me_subject(token)
    if subject is None:
        return localised(request, "screens/me_unknown.html", {}, lang, status=404)
    with translation.override(lang):
        context = _page_context(subject, token, lang)
    context["public_name_error"] = error
    response = localised(request, "screens/me.html", context, lang, status=status)
    response["Cache-Control"] = "no-store"
    response["Referrer-Policy"] = "no-referrer"  # the link is his key: never pass it on
    return response


@require_POST
def me_public_name(request: HttpRequest, token: str) -> HttpResponse:
    """The player chooses on his page how he appears in public (README "Results out")."""
    subject = me_subject(token)
    if subject is None or subject.entry is None:
        return _me_answer(request, token, status=404)
    try:
        with translation.override(page_language(request)):
            player_public_name_set(
                player_id=subject.entry.player_id,
                choice=request.POST.get("public_name", ""),
                pseudonym=request.POST.get("pseudonym", "")[:80],
                by=None,
                via="player_page",
            )
    except DomainError as exc:
        with translation.override(page_language(request)):
            message = str(exc)
        return _me_answer(request, token, error=message, status=exc.status)
    target = (
        reverse("screens-me", args=[token])
        + "?"
        + urlencode({"lang": page_language(request), "saved": "public_name"})
    )
    return HttpResponseRedirect(target + "#me-public-name", status=303)


def _page_context(subject: MeSubject, token: str, lang: str) -> dict[str, Any]:
    tournament = subject.tournament
    labels = me_labels()
    me = me_payload(subject)
    player = subject.entry.player if subject.entry is not None else None
    return {
        "token": token,
        "public_name": None
        if player is None
        else {
            "choice": player.public_name_choice,
            "pseudonym": player.pseudonym,
            "choices": Player._meta.get_field("public_name_choice").choices,
            "room_default": RoomSettings.current().get_public_name_default_display(),
        },
        "tournament": tournament,
        "me": me,
        "me_labels": labels,
        "status_text": status_words(labels, me),
        # Until he is checked in, his pre-registration page holds his code and cancelling.
        "pre_registration_token": token if pre_registration_page(token) else None,
        **page_of_tiles(tournament, {"lang": lang, "me_url": f"/api/v1/me/{token}"}),
    }


def _whole(value: str | None) -> int | None:
    return int(value) if value and value.isascii() and value.isdigit() and len(value) < 6 else None


def _tries_key(request: HttpRequest, tournament: Tournament) -> str:
    return f"me-finder:{tournament.pk}:{client_address(request)}"


def _wrong_tries(key: str) -> int:
    try:
        return int(cache.get(key) or 0)
    except Exception:  # the cache unreachable: no count, the form still works
        return 0


def _count_wrong(key: str) -> None:
    try:
        if not cache.add(key, 1, TRIES_WINDOW_SECONDS):
            cache.incr(key)
    except Exception:  # the cache unreachable or the count just expired
        return


def _sitting_at(tournament: Tournament, table: int | None, seat: int | None) -> Entry | None:
    """The entry at that seat now."""
    if table is None or seat is None:
        return None
    row = (
        Seat.objects.filter(table__tournament=tournament, table__number=table, number=seat)
        .exclude(entry=None)
        .select_related("entry__player")
        .first()
    )
    return row.entry if row is not None else None


def _seat_name(entry: Entry, tournament: Tournament, where: tuple[Any, Any]) -> str:
    """Who sits there, as the screens name him; a hidden player by his seat."""
    shown = screen_name(entry.player, tournament.display_names)
    if shown is not None:
        return shown
    return gettext("Table %(table)s, seat %(seat)s") % {"table": where[0], "seat": where[1]}


@require_http_methods(["GET", "HEAD", "POST"])
def me_finder(request: HttpRequest, tournament_id: int) -> HttpResponse:
    """From the seat finder to his page: the player picked his name (a seat);
    his code proves it is his."""
    tournament = get_object_or_404(Tournament, pk=tournament_id)
    lang = page_language(request)
    source = request.POST if request.method == "POST" else request.GET
    table, seat = _whole(source.get("table")), _whole(source.get("seat"))
    entry = _sitting_at(tournament, table, seat)
    context: dict[str, Any] = {
        "tournament": tournament,
        "table": table,
        "seat": seat,
        "name": _seat_name(entry, tournament, (table, seat)) if entry is not None else None,
        "error": None if entry is not None else NOT_SEATED,
    }
    status = 200 if entry is not None else 404
    if request.method == "POST" and entry is not None:
        key = _tries_key(request, tournament)
        code = source.get("code", "").replace(" ", "").strip().upper()[:20]
        if _wrong_tries(key) >= TRIES:
            context["error"], status = TOO_MANY_TRIES, 429
        elif (token := phone_link_by_code(entry_id=entry.pk, code=code)) is not None:
            target = reverse("screens-me", args=[token]) + "?" + urlencode({"lang": lang})
            return HttpResponseRedirect(target, status=303)
        else:
            _count_wrong(key)
            context["error"], status = CODE_WRONG, 400
    response = localised(request, "screens/me_finder.html", context, lang, status=status)
    response["Cache-Control"] = "no-store"
    return response
