"""A screen's own look (README "Named screens"): colours, font and message line
that stand in for the room's on this screen; a field left empty is the room's.
Plain data in, plain data (or a refusal) out."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from layouts.rules import look as room_look
from signage.rules.settings import SettingRefused

COLOURS = ("background_colour", "text_colour", "accent_colour", "tile_colour")
FIELDS = (*COLOURS, "font", "message")


def look_clean(raw: Mapping[str, Any] | None) -> dict[str, str]:
    """The fields set (never empty ones), each checked as the room's look checks it."""
    clean: dict[str, str] = {}
    for field in FIELDS:
        value = str((raw or {}).get(field) or "").strip()
        if not value:
            continue
        try:
            if field in COLOURS:
                value = room_look.colour(value)
            elif field == "font":
                value = room_look.font(value)
        except room_look.LookRefused as refused:
            raise SettingRefused(f"look.{field}", refused.code) from None
        clean[field] = value[: room_look.MAX_MESSAGE]
    return clean
