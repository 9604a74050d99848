"""The five board layouts exist as presets (README "Screen layouts and the room's look")."""

from __future__ import annotations

import pytest

from layouts.rules.presets import PRESETS, preset_tiles
from layouts.selectors import layout_by_id_or_preset, layouts_all

pytestmark = pytest.mark.django_db


def test_presets_are_there_after_migrating():
    rows = layouts_all()
    assert [row.preset for row in rows[: len(PRESETS)]] == list(PRESETS)
    assert all(row.tiles == preset_tiles(row.preset) for row in rows[: len(PRESETS)])


def test_a_layout_is_found_by_preset_key_or_id():
    clock = layout_by_id_or_preset("clock")
    assert clock is not None and clock.preset == "clock"
    assert layout_by_id_or_preset(clock.pk) == clock
    assert layout_by_id_or_preset(str(clock.pk)) == clock
    assert layout_by_id_or_preset("nope") is None
    assert layout_by_id_or_preset("") is None
    assert layout_by_id_or_preset(None) is None
    assert layout_by_id_or_preset("9" * 40) is None
