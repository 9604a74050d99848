"""The API names the tile kinds as a closed list for generated clients (README
"Screen layouts and the room's look"); it must be the rules' list, in order."""

from __future__ import annotations

from typing import get_args

from layouts.api.schemas import TileKind
from layouts.rules.tiles import KINDS


def test_the_schema_offers_exactly_the_kinds_the_rules_accept():
    assert get_args(TileKind) == KINDS
