"""Where the button starts after the seat draw, by rulebook (README "How a floor action flows")."""

from __future__ import annotations

import pytest

from tables.rules.button import button_on_seat_one
from tests.tables.test_floor_api import start, tables_of

pytestmark = pytest.mark.django_db


def test_under_bdpv_the_button_starts_on_seat_one_at_every_table(api):
    # BDPV Turnierreglement 5: the button begins on seat 1 when seats are drawn.
    game = start(api, players=27, tables=3, rulebook="bdpv")
    for table in tables_of(api, game["id"]):
        seats = [p["seat"] for p in table["players"]]
        assert table["button_seat"] == min(seats)
        if 1 in seats:
            assert table["button_seat"] == 1


def test_an_empty_seat_one_passes_the_button_to_the_next_player():
    assert button_on_seat_one(seats=[3, 5, 8]) == 3
    assert button_on_seat_one(seats=[1, 2]) == 1
