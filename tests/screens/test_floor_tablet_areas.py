"""A large floor loads one area at a time (README "Screens"): the tablet's first
load stays small whatever the field, every area is one tap away, and the search
jumps to the area of a table number or of a seated player's name."""

from __future__ import annotations

import json

import pytest
from conftest import seated_tournament
from django.test import Client
from floor_page import floor_page

from tables.models import Seat

pytestmark = pytest.mark.django_db

TABLES = 90  # more than one area of 40 tables


@pytest.fixture
def large_floor(director):
    names = [f"Player {n:03}" for n in range(TABLES * 5)]
    return seated_tournament(director, tables=TABLES, players=names)


def test_the_first_load_shows_one_area_and_offers_the_others(large_floor, floor_user):
    client = Client()
    client.force_login(floor_user)
    first = floor_page(client, large_floor.pk)
    assert first.status == 200
    assert first.cards == list(range(1, 41))
    for area in ("1-40", "41-80", "81-120"):
        assert f'data-area="{area}"' in first.html
    assert first.tablet["area"] == list(range(1, 41))
    # The whole floor on one page is what the areas spare the tablet.
    whole = floor_page(client, large_floor.pk, f"?tables=1-{TABLES}")
    assert len(whole.cards) == TABLES
    assert len(first.html.encode()) < 300_000
    assert len(json.dumps(whole.snapshot["tables"])) > 2 * len(json.dumps(first.snapshot["tables"]))


def test_the_search_jumps_to_a_table_or_a_player(large_floor, floor_user):
    client = Client()
    client.force_login(floor_user)
    by_number = floor_page(client, large_floor.pk, "?find=85")
    assert by_number.cards == list(range(81, TABLES + 1))
    assert by_number.tablet["found"] == [85, None]
    seat = (
        Seat.objects.select_related("entry__player", "table")
        .filter(table__tournament=large_floor, table__number=57, entry__isnull=False)
        .order_by("number")
        .first()
    )
    by_name = floor_page(client, large_floor.pk, f"?find={seat.entry.player.name.lower()}")
    assert by_name.cards == list(range(41, 81))
    assert by_name.tablet["found"] == [57, seat.number]
    client.cookies["django_language"] = "de"
    nobody = floor_page(client, large_floor.pk, "?find=Nobody+Here")
    assert nobody.status == 200 and "Kein Tisch und kein sitzender Spieler" in nobody.html
    assert nobody.cards == list(range(1, 41))


def test_a_bad_area_is_a_clear_4xx(large_floor, floor_user):
    client = Client()
    client.force_login(floor_user)
    bad = floor_page(client, large_floor.pk, "?tables=5-x")
    assert bad.status == 400 and "1-10" in bad.html
