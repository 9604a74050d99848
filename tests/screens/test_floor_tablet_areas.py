"""A large floor loads one area at a time (README "Screens"): the tablet's first
load stays small whatever the field, every area is one tap away, and the search
jumps to the area of a table number or of a seated player's name."""

from __future__ import annotations

import json
import re

import pytest
from conftest import seated_tournament
from django.test import Client

from tables.models import Seat

pytestmark = pytest.mark.django_db

TABLES = 90  # more than one area of 40 tables


@pytest.fixture
def large_floor(director):
    names = [f"Player {n:03}" for n in range(TABLES * 5)]
    return seated_tournament(director, tables=TABLES, players=names)


def tablet(client: Client, tournament, query: str = "") -> tuple[int, str]:
    response = client.get(f"/tournaments/{tournament.pk}/floor/{query}")
    return response.status_code, response.content.decode()


def cards(html: str) -> list[int]:
    return [int(n) for n in re.findall(r'class="table-card[^"]*" id="table-(\d+)"', html)]


def tablet_data(html: str) -> dict:
    found = re.search(r'<script id="floor-tablet" type="application/json">(.*?)</script>', html)
    assert found
    return json.loads(found.group(1))


def test_the_first_load_shows_one_area_and_offers_the_others(large_floor, floor_user):
    client = Client()
    client.force_login(floor_user)
    status, first = tablet(client, large_floor)
    assert status == 200
    assert cards(first) == list(range(1, 41))
    for area in ("1-40", "41-80", "81-120"):
        assert f'data-area="{area}"' in first
    assert tablet_data(first)["area"] == list(range(1, 41))
    # The whole floor on one page is what the areas spare the tablet.
    _status, whole = tablet(client, large_floor, f"?tables=1-{TABLES}")
    assert len(cards(whole)) == TABLES
    assert len(first.encode()) < 300_000 and len(whole) > 2 * len(first)


def test_the_search_jumps_to_a_table_or_a_player(large_floor, floor_user):
    client = Client()
    client.force_login(floor_user)
    _status, by_number = tablet(client, large_floor, "?find=85")
    assert cards(by_number) == list(range(81, TABLES + 1))
    assert tablet_data(by_number)["found"] == [85, None]
    seat = (
        Seat.objects.select_related("entry__player", "table")
        .filter(table__tournament=large_floor, table__number=57, entry__isnull=False)
        .order_by("number")
        .first()
    )
    _status, by_name = tablet(client, large_floor, f"?find={seat.entry.player.name.lower()}")
    assert cards(by_name) == list(range(41, 81))
    assert tablet_data(by_name)["found"] == [57, seat.number]
    client.cookies["django_language"] = "de"
    status, nobody = tablet(client, large_floor, "?find=Nobody+Here")
    assert status == 200 and "Kein Tisch und kein sitzender Spieler" in nobody
    assert cards(nobody) == list(range(1, 41))


def test_a_bad_area_is_a_clear_4xx(large_floor, floor_user):
    client = Client()
    client.force_login(floor_user)
    status, said = tablet(client, large_floor, "?tables=5-x")
    assert status == 400 and "1-10" in said
