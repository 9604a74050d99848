"""What a screen may be set to (README "Named screens"): checked here, plain data."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

OVERVIEW = "today"  # every running tournament, in place of a layout
LANGUAGES = ("de", "en")
# The events a screen may sound and speak, in the order the form lists them.
EVENTS = (
    "level_up",
    "break_start",
    "break_end",
    "one_minute_left",
    "registration_closed",
    "table_break",
    "move",
    "final_table",
    "bubble",
)
ROTATION_MAX = 12
SECONDS_MIN, SECONDS_MAX = 5, 3600
# Without a rotation, a screen of several tournaments shows each this long.
PER_TOURNAMENT_SECONDS = 20
DEFAULT_VOLUME = 80


class SettingRefused(ValueError):
    """A setting out of range; ``field`` names it, ``reason`` is a key the face words."""

    def __init__(self, field: str, reason: str) -> None:
        super().__init__(f"{field}: {reason}")
        self.field = field
        self.reason = reason


@dataclass(frozen=True, slots=True)
class View:
    """One view the TV shows: a layout of one tournament (0 for the overview), for
    `seconds` (0: for good). `layout` names it as the API does."""

    layout: str
    tournament: int
    seconds: int


def rotation_clean(raw: Iterable[Any], known: Callable[[str], bool]) -> list[dict[str, Any]]:
    rows = list(raw)
    if len(rows) > ROTATION_MAX:
        raise SettingRefused("rotation", "too_long")
    clean = []
    for row in rows:
        layout = str(row.get("layout", "")) if isinstance(row, dict) else ""
        if not known(layout):
            raise SettingRefused("rotation", "unknown_layout")
        seconds = row.get("seconds")
        if type(seconds) is not int or not SECONDS_MIN <= seconds <= SECONDS_MAX:
            raise SettingRefused("rotation", "seconds")
        clean.append({"layout": layout, "seconds": seconds})
    return clean


def sound_clean(raw: dict[str, Any] | None, language: str) -> dict[str, Any]:
    raw = raw or {}
    events = list(dict.fromkeys(raw.get("events") or []))
    if any(event not in EVENTS for event in events):
        raise SettingRefused("sound.events", "unknown_event")
    volume = raw.get("volume", DEFAULT_VOLUME)
    if type(volume) is not int or not 0 <= volume <= 100:
        raise SettingRefused("sound.volume", "volume")
    voice = raw.get("voice") or language
    if voice not in LANGUAGES:
        raise SettingRefused("sound.voice", "voice")
    return {
        "events": [e for e in EVENTS if e in events],
        "volume": volume,
        "voice": voice,
        "chime": bool(raw.get("chime", True)),
    }


def screen_views(layout: str, tournaments: list[int], rotation: list[dict[str, Any]]) -> list[View]:
    """What the TV turns through: each step of the rotation (or the screen's layout
    alone) for each tournament; the overview once. One view alone stays."""
    steps = rotation or [{"layout": layout, "seconds": PER_TOURNAMENT_SECONDS}]
    views: list[View] = []
    for step in steps:
        if step["layout"] == OVERVIEW:
            views.append(View(OVERVIEW, 0, step["seconds"]))
        else:
            views += [View(step["layout"], t, step["seconds"]) for t in tournaments]
    if len(views) == 1:
        return [View(views[0].layout, views[0].tournament, 0)]
    return views
