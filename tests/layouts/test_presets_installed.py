"""The five presets are always there (README "Screen layouts and the room's
look"): laid down after every migrate and every flush, as Django does with
its permissions, so a screen set to "clock" never finds it missing."""

from __future__ import annotations

import pytest
from django.core.management import call_command

from layouts.rules.presets import PRESETS, preset_tiles
from layouts.selectors import layout_by_id_or_preset


@pytest.mark.django_db(transaction=True)
def test_the_presets_are_back_after_the_database_is_emptied():
    call_command("flush", interactive=False, verbosity=0)
    for key in PRESETS:
        layout = layout_by_id_or_preset(key)
        assert layout is not None, key
        assert layout.tiles == preset_tiles(key)
