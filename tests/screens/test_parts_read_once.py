"""A message carries each part twice, for the floor and for the public screens;
the parts whose two copies differ only in the names are read once and shaped
twice (README "Benchmarks": the composer's time is what a screen waits for
after the floor action answered)."""

from __future__ import annotations

import json

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from screens.live_data import READERS, parts_data
from tournament import changes
from tournament.models import Tournament

pytestmark = pytest.mark.django_db

NAMES = ["Anna Berger", "Bernd Krause", "Clara Vogt", "Dieter Fuchs"]
NAMES += ["Eva Lang", "Fritz Ott", "Gerda Maier", "Hans Roth"]
READ_ONCE = sorted(part for part, reader in READERS.items() if reader.both is not None)


@pytest.fixture
def busy_floor(api) -> Tournament:
    """Progressive bounties grown by two eliminations, one table counted, and a
    balancing move pending: every part read once has something to name."""
    bounty = {"kind": "progressive", "amount": "20", "progressive_share": 50}
    tid = api.post("/tournaments", {"name": "KO", "buy_in": "50", "bounty": bounty}).json()["id"]
    api.post(f"/tournaments/{tid}/tables", {"count": 2})
    for name in NAMES:
        api.post(f"/tournaments/{tid}/entries", {"name": name})
    api.post(f"/tournaments/{tid}/draw")
    first, _second = api.get(f"/tournaments/{tid}/tables").json()
    counts = [{"seat": p["seat"], "chips": 9000 + 500 * i} for i, p in enumerate(first["players"])]
    assert api.post(f"/tables/{first['id']}/chip-counts", {"counts": counts}).status_code == 201
    hunter, *victims = [p["entry"] for p in first["players"]]
    for victim in victims[:2]:
        response = api.post(f"/entries/{victim}/bust", {"eliminated_by": [hunter]})
        assert response.status_code == 200, response.content
    assert api.get(f"/tournaments/{tid}/moves").json(), "the busts leave a move to make"
    return Tournament.objects.get(pk=tid)


def test_each_part_read_once_shows_the_floor_and_the_public_what_its_own_read_shows(
    busy_floor,
):
    assert READ_ONCE == sorted([changes.BOUNTIES, changes.CHIP_COUNTS, changes.MOVES])
    for part in READ_ONCE:
        reader = READERS[part]
        assert reader.both is not None
        floor, public = reader.both(busy_floor)
        assert floor == reader.read(busy_floor, False), part
        assert public == reader.read(busy_floor, True), part
        # The public copy names nobody in full; the floor's does.
        assert any(name in json.dumps(floor) for name in NAMES), part
        assert not any(name in json.dumps(public) for name in NAMES), part


def test_both_audiences_of_a_bust_cost_the_queries_of_one(busy_floor):
    parts = {changes.BOUNTIES, changes.CHIP_COUNTS, changes.MOVES}
    with CaptureQueriesContext(connection) as one_audience:
        for part in parts:
            READERS[part].read(busy_floor, False)
    with CaptureQueriesContext(connection) as both_audiences:
        floor, public = parts_data(busy_floor, parts)
    assert set(floor) == set(public) == parts
    assert len(both_audiences) == len(one_audience)
