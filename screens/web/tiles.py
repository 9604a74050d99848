"""The display board drawn from a layout of tiles (README "Screen layouts and the room's look").

The server decides what each tile shows and from which tournament; the page
embeds each tournament's public snapshot and ``tiles.js`` draws the tiles,
following each tournament's public socket. Room tiles (logo, text, image,
schedule) are rendered here.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.db.models import F
from django.http import HttpRequest, HttpResponse
from django.urls import reverse
from django.utils import translation

from layouts.models import Layout, RoomLook
from layouts.presenters import layout_title
from layouts.rules.look import FONTS
from layouts.rules.tiles import ROOM_KINDS, tiles_from, tournaments_of
from screens import live
from screens.snapshots import snapshot
from screens.web.pages import localised
from tournament.models import Tournament
from tournament.security import CONTENT_SECURITY_POLICY
from tournament.web.addresses import public_address, qr_svg

# What the room's look sets on the page, as CSS custom properties.
LOOK_COLOURS = {
    "background_colour": "--d-bg",
    "text_colour": "--d-fg",
    "accent_colour": "--d-accent",
    "tile_colour": "--d-card",
}


def image_url(image_id: int | None) -> str:
    return reverse("layouts-image", args=[image_id]) if image_id else ""


def look_context(look: RoomLook, own: Mapping[str, str] | None = None) -> dict[str, Any]:
    """The room's colours, font, images and message line for a tile board; ``own``
    (a named screen's look, checked when stored) stands in for the fields it sets."""
    own = own or {}

    def value(field: str) -> str:
        return own.get(field) or getattr(look, field)

    style = [f"{var}: {value(field)}" for field, var in LOOK_COLOURS.items()]
    font = value("font")
    family = FONTS.get(font, "")
    if family:
        style.append(f'--tile-font: "{family}"')
    return {
        "style": "; ".join(style),
        "font": font if family else "",
        "logo": image_url(look.logo_id),
        "background": image_url(look.background_id),
        "message": value("message"),
    }


def schedule_rows() -> list[dict[str, Any]]:
    """The room's schedule: tournaments running, then those still to play by their
    start (those without a start time by the day they were set up)."""
    rows = Tournament.objects.exclude(status=Tournament.Status.FINISHED).order_by(
        "-status", F("starts_at").asc(nulls_last=True), "created_at"
    )
    return [
        {
            "name": t.name,
            "starts_at": t.starts_at,
            "date": t.created_at,
            "running": t.status == Tournament.Status.RUNNING,
        }
        for t in rows[:12]
    ]


def tournament_part(request: HttpRequest, tournament: Tournament, lang: str) -> dict[str, Any]:
    lobby = reverse("screens-lobby", args=[tournament.pk]) + f"?lang={lang}"
    url = public_address(request, lobby)
    return {
        "id": tournament.pk,
        "name": tournament.name,
        "currency": tournament.currency,
        "snapshot": snapshot(tournament.pk, audience=live.DISPLAY),
        "qr": qr_svg(url),
        "lobby_url": url,
    }


def page_of_tiles(tournament: Tournament, config: dict[str, Any]) -> dict[str, Any]:
    """What tiles.js needs on a page with one tournament's tiles in its own
    markup (the lobby, a player's page): its public snapshot and ``config``
    with the tournament named as the page's own."""
    return {
        "snapshots": {str(tournament.pk): snapshot(tournament.pk, audience=live.DISPLAY)},
        "config": {
            **config,
            "tournament": tournament.pk,
            "tournaments": [tournament.pk],
            "currencies": {str(tournament.pk): tournament.currency},
            "sound": False,
        },
    }


def board_tiles(
    layout: Layout, screen_tournament: int, look: dict[str, Any]
) -> list[dict[str, Any]]:
    """The layout's tiles with the tournament each one follows and its room content."""
    tiles = []
    for tile in tiles_from(layout.tiles):
        row: dict[str, Any] = {
            **tile.as_dict(),
            "area": f"{tile.y + 1} / {tile.x + 1} / span {tile.h} / span {tile.w}",
        }
        if tile.kind not in ROOM_KINDS:
            row["tournament"] = tile.tournament or screen_tournament
        if tile.kind == "logo":
            row["src"] = look["logo"]
        if tile.kind == "image":
            row["src"] = image_url(tile.options.get("image"))
        tiles.append(row)
    return tiles


def tile_board_context(
    request: HttpRequest,
    tournament: Tournament,
    layout: Layout,
    lang: str,
    own_look: Mapping[str, str] | None = None,
    *,
    sound: bool = False,
    seats_seconds: int | None = None,
) -> dict[str, Any]:
    """What ``screens/_tiles.html`` draws: ``layout``'s tiles for ``tournament`` (the
    page below, or a named screen's view, which mounts it with ``TileBoard.mount``,
    in the screen's ``own_look``). ``sound``: the board offers its sound (the
    display page; a named screen sounds through its own socket);
    ``seats_seconds``: how long each seat page stays, unless a tile says."""
    look = look_context(RoomLook.current(), own_look)
    tiles = board_tiles(layout, tournament.pk, look)
    ids = [tournament.pk, *tournaments_of(tiles_from(layout.tiles))]
    known = {t.pk: t for t in Tournament.objects.filter(pk__in=ids)}
    shown = [known[i] for i in dict.fromkeys(ids) if i in known]
    tiles = [t for t in tiles if t.get("tournament") in (None, *known)]
    with translation.override(lang):
        parts = [tournament_part(request, t, lang) for t in shown]
    names = {part["id"]: part["name"] for part in parts}
    for tile in tiles:
        # A tile of another tournament than the screen's says whose it is.
        other = tile.get("tournament") not in (None, tournament.pk)
        tile["caption"] = names.get(tile["tournament"], "") if other else ""
    context = {
        "tournament": tournament,
        "layout": layout,
        "layout_title": layout_title(layout),
        "tiles": tiles,
        "parts": parts,
        "look": look,
        "schedule": schedule_rows(),
        "config": {
            "tournament": tournament.pk,
            "tournaments": [part["id"] for part in parts],
            "currencies": {str(part["id"]): part["currency"] for part in parts},
            "lang": lang,
            "layout": layout.pk,
            "sound": sound,
            "seats_seconds": seats_seconds,
        },
        "snapshots": {str(part["id"]): part["snapshot"] for part in parts},
    }
    return context


def tile_board(
    request: HttpRequest,
    tournament: Tournament,
    layout: Layout,
    lang: str,
    *,
    seats_seconds: int | None = None,
) -> HttpResponse:
    """The board of ``tournament`` drawn from ``layout``'s tiles, as a page of its own."""
    context = tile_board_context(
        request, tournament, layout, lang, sound=True, seats_seconds=seats_seconds
    )
    # A page of its own follows an edit of its layout (a named screen's socket
    # tells its TV instead): README "Screen layouts and the room's look".
    context["config"]["follow_layout"] = layout.pk
    response = localised(request, "screens/tiles.html", context, lang)
    # The layout editor shows the board in a frame of its own page (same origin only).
    response["Content-Security-Policy"] = CONTENT_SECURITY_POLICY.replace(
        "frame-ancestors 'none'", "frame-ancestors 'self'"
    )
    response["X-Frame-Options"] = "SAMEORIGIN"
    return response
