"""Layouts as the API and the pages show them (README "Screen layouts and the room's look")."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext_lazy as _

from layouts.models import Layout
from layouts.rules.exchange import layout_document

PRESET_NAMES = {
    "clock": _("Clock"),
    "payouts": _("Payouts"),
    "seats": _("Seats"),
    "chips": _("Chip counts"),
    "final": _("Final table"),
}


def layout_title(layout: Layout) -> str:
    return str(PRESET_NAMES[layout.preset]) if layout.preset in PRESET_NAMES else layout.name


def layout_payload(layout: Layout) -> dict[str, Any]:
    return {
        "id": layout.pk,
        "name": layout_title(layout),
        "preset": layout.preset,
        "tiles": layout.tiles,
        "updated_at": layout.updated_at,
    }


def layout_export(layout: Layout) -> dict[str, Any]:
    return layout_document(layout_title(layout), layout.tiles)
