"""Reading named screens and the room's running tournaments (README "Named screens")."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from django.utils import timezone

from layouts.selectors import layout_by_id_or_preset
from signage.models import DEFAULT_LAYOUT, Screen
from signage.rules.settings import OVERVIEW
from tournament.models import Tournament

# A TV reports every 30 s: one silent for longer than this is shown as not reporting.
SILENT_AFTER = timedelta(seconds=90)


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


def running_tournaments() -> list[Tournament]:
    return list(
        Tournament.objects.filter(status=Tournament.Status.RUNNING).order_by("created_at", "pk")
    )
