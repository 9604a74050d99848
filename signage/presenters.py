"""What a named screen is sent (README "Named screens"): its settings, the
boundaries it may still sound, the rows of "Today". Built from the selectors
and the screens' own clock reader, so the TV shows what every screen shows."""

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
from screens.live_data import clock_data
from signage.models import Screen
from signage.rules.settings import screen_views
from signage.selectors import layout_drawn, running_tournaments, screen_tournament_ids
from tournament.summary import tournament_summary

# A screen that connects within this long after a boundary still sounds it (once).
REPLAY_WINDOW = timedelta(seconds=60)


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


def today_rows() -> list[dict[str, Any]]:
    """Every running tournament: its level, the clock (counted down on the page),
    players left of entries, and the next break (README "Named screens", "Today")."""
    return [
        {"tournament": t, "summary": tournament_summary(t), "clock": clock_data(t)}
        for t in running_tournaments()
    ]
