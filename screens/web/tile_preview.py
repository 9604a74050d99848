"""The layout editor's preview of a layout not yet saved (README "Screen layouts
and the room's look").

The editor posts its tiles as they stand; they are checked by the same rules as
a save and drawn as the board's tile markup, which the editor's preview frame
mounts in place of the board it shows. Nothing is stored: a bad layout is a 422
with the rule's words.
"""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404
from django.views.decorators.http import require_POST

from layouts.models import Layout
from layouts.services import checked_tiles
from screens.web.pages import localised
from screens.web.pages import page_language as _language
from screens.web.tiles import tile_board_context
from tournament.errors import TOURNAMENT_NOT_FOUND, DomainError
from tournament.json_input import JsonRefused, json_parse
from tournament.models import Tournament
from tournament.roles import DIRECTOR
from tournament.web.decorators import role_required


def _refused(message: object, status: int = 422) -> JsonResponse:
    return JsonResponse({"detail": str(message)}, status=status)


@role_required(DIRECTOR)
@require_POST
def layout_preview(request: HttpRequest, layout_id: int) -> HttpResponse:
    """``tiles`` (the editor's JSON) drawn for the tournament ``tournament`` as the
    board's tile markup; the stored layout is not changed."""
    stored = get_object_or_404(Layout, pk=layout_id)
    tournament = Tournament.objects.filter(pk=_whole(request.POST.get("tournament"))).first()
    if tournament is None:
        return _refused(TOURNAMENT_NOT_FOUND, 404)
    try:
        tiles = checked_tiles(json_parse(request.POST.get("tiles", "")))
    except JsonRefused as refused:
        return _refused(refused, refused.status)
    except DomainError as refused:
        return _refused(refused, refused.status)
    draft = Layout(pk=stored.pk, name=stored.name, preset=stored.preset, tiles=tiles)
    lang = _language(request)
    context = tile_board_context(request, tournament, draft, lang)
    response = localised(request, "screens/_tiles.html", context, lang)
    response["Cache-Control"] = "no-store"
    return response


def _whole(value: str | None) -> int:
    text = (value or "").strip()
    return int(text) if text.isascii() and text.isdigit() and len(text) < 18 else 0
