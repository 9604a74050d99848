"""Reading named screens and the room's running tournaments (README "Named screens")."""

from __future__ import annotations

import json
import zlib
from datetime import timedelta
from typing import Any

from django.urls import reverse
from django.utils import timezone

from clock.models import BoundaryFired
from clock.services.boundaries import announcement_facts, parse_key
from layouts.models import Layout, RoomLook
from layouts.selectors import layout_by_id_or_preset
from screens.live_data import clock_data
from signage.models import DEFAULT_LAYOUT, Screen
from signage.rules.settings import OVERVIEW, screen_views
from tournament.models import Tournament
from tournament.summary import tournament_summary

# A TV reports every 30 s: one silent for longer than this is shown as not reporting.
SILENT_AFTER = timedelta(seconds=90)
# A screen that connects within this long after a boundary still sounds it (once).
REPLAY_WINDOW = timedelta(seconds=60)


def layout_known(value: str) -> bool:
    """A layout as the API names it: "today", a preset key ("clock") or an id."""
    return value == OVERVIEW or layout_by_id_or_preset(value) is not None


def layout_drawn(value: str) -> tuple[str, int | None] | None:
    """How the board draws a layout named so: the board's layout of that preset
    (a layout of the room's own stands as the clock layout here; its view draws
    its tiles, README "Screen layouts and the room's look") and the layout's id;
    None if there is no such layout."""
    if value == OVERVIEW:
        return OVERVIEW, None
    layout = layout_by_id_or_preset(value)
    if layout is None:
        return None
    return layout.preset or DEFAULT_LAYOUT, layout.pk


def screen_by_code(code: str) -> Screen | None:
    return Screen.objects.filter(code=code).first()


def screen_tournament_ids(screen: Screen) -> list[int]:
    return sorted(screen.tournaments.values_list("pk", flat=True))


def reporting(screen: Screen, now: Any = None) -> bool:
    now = now or timezone.now()
    return screen.last_seen is not None and now - screen.last_seen <= SILENT_AFTER


def screens_all() -> list[Screen]:
    return list(Screen.objects.select_related("layout").prefetch_related("tournaments"))


def screen_settings(screen: Screen) -> dict[str, Any]:
    """What the TV is told: its views (each with the address of its board), its
    language and its sound. Public: names of tournaments and layouts only."""
    ids = screen_tournament_ids(screen)
    views = screen_views(screen.layout_value, ids, screen.rotation or [])
    board = reverse("signage-board", args=[screen.code])
    sound = dict(screen.sound or {})
    # The board carries the screen's look: a new look is a new address, fetched again.
    look = f"&look={zlib.crc32(json.dumps(screen.look, sort_keys=True).encode())}"
    look = look if screen.look else ""
    shown = []
    for view in views:
        drawn = layout_drawn(view.layout)
        if drawn is None:  # a layout of the rotation deleted since
            continue
        edited = _edited(drawn[1])
        shown.append(
            {
                "layout": drawn[0],
                "layout_id": drawn[1],
                "tournament": view.tournament,
                "seconds": view.seconds,
                "url": f"{board}?layout={view.layout}&tournament={view.tournament}{look}{edited}",
            }
        )
    return {
        "type": "screen",
        "name": screen.name,
        "settings_version": screen.settings_version,
        "lang": screen.language,
        "views": shown,
        "sound": {**sound, "on": bool(screen.speaker and sound.get("events"))},
    }


def _edited(layout_id: int | None) -> str:
    """A room's own layout is drawn with its tiles and the room's look: a layout
    or a look saved since is a new address, so the TV fetches its board again
    (README "Named screens")."""
    if layout_id is None:
        return ""
    layout = (
        Layout.objects.filter(pk=layout_id, preset__isnull=True).values_list("updated_at").first()
    )
    if layout is None:
        return ""
    look = RoomLook.objects.values_list("updated_at", flat=True).first()
    saved = f"{layout[0].isoformat()}|{look.isoformat() if look else ''}"
    return f"&edited={zlib.crc32(saved.encode())}"


def recent_boundaries(tournament_ids: list[int]) -> list[dict[str, Any]]:
    """Boundaries fired within the replay window, as announcement messages."""
    since = timezone.now() - REPLAY_WINDOW
    rows = BoundaryFired.objects.filter(tournament_id__in=tournament_ids, fired_at__gte=since)
    found = []
    for row in rows.select_related("tournament").order_by("at", "pk"):
        parsed = parse_key(row.key)
        if parsed is None:
            continue
        kind, level_index, at_ms = parsed
        facts = announcement_facts(row.tournament, kind, level_index, at_ms)
        clock = clock_data(row.tournament)
        found.append(
            {**facts, "type": "announcement", "clock": clock, "tournament": row.tournament_id}
        )
    return found


def running_tournaments() -> list[Tournament]:
    return list(
        Tournament.objects.filter(status=Tournament.Status.RUNNING).order_by("created_at", "pk")
    )


def today_rows() -> list[dict[str, Any]]:
    """Every running tournament: its level, the clock (counted down on the page),
    players left of entries, and the next break (README "Named screens", "Today")."""
    return [
        {"tournament": t, "summary": tournament_summary(t), "clock": clock_data(t)}
        for t in running_tournaments()
    ]
