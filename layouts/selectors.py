"""Reading layouts (README "Screen layouts and the room's look")."""

from __future__ import annotations

from layouts.models import Layout
from layouts.rules.presets import PRESET_NAMES, PRESETS, preset_tiles


def layout_by_id_or_preset(value: object) -> Layout | None:
    """The layout named by a preset key ("clock") or by its id (7 or "7"); None if none."""
    text = str(value if value is not None else "").strip()
    if not text:
        return None
    if text.isascii() and text.isdigit():
        if len(text) > 18:
            return None
        return Layout.objects.filter(pk=int(text)).first()
    return Layout.objects.filter(preset=text).first()


def preset_layout(key: str) -> Layout:
    """The preset ``key`` as installed, or as shipped before the room installed it."""
    stored = Layout.objects.filter(preset=key).first()
    return stored or Layout(preset=key, name=PRESET_NAMES[key], tiles=preset_tiles(key))


def layouts_all() -> list[Layout]:
    """Every layout, the presets first (in the board's order), then by name."""
    rows = list(Layout.objects.all())
    order = {key: i for i, key in enumerate(PRESETS)}
    return sorted(
        rows, key=lambda row: (order.get(row.preset or "", len(order)), row.name.lower(), row.pk)
    )
