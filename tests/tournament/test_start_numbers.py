"""Entries are numbered 1, 2, 3 ... in each tournament (README "Screens"): the
desk, the seat card and the API show that number, never the database id."""

from __future__ import annotations

import importlib

import pytest
from django.apps import apps
from django.test import Client

from tournament.models import Entry

pytestmark = pytest.mark.django_db

number_the_entries = importlib.import_module(
    "tournament.migrations.0007_entry_start_numbers"
).number_the_entries


def test_every_tournament_numbers_its_entries_from_one(api, director):
    first = api.post("/tournaments", {"name": "Demo"}).json()
    for i in range(5):
        api.post(f"/tournaments/{first['id']}/entries", {"name": f"Demo {i}"})
    second = api.post("/tournaments", {"name": "Friday"}).json()
    anna = api.post(f"/tournaments/{second['id']}/entries", {"name": "Anna Berg"}).json()
    bert = api.post(f"/tournaments/{second['id']}/entries", {"name": "Bert Kurz"}).json()
    assert (anna["start_number"], bert["start_number"]) == (1, 2)
    assert anna["id"] > 5  # the database id runs on; the room never sees it

    client = Client()
    client.force_login(director)
    card = client.get(f"/entries/{anna['id']}/card/").content.decode()
    assert "Start number 1" in card and f"#{anna['id']}" not in card
    desk = client.get(f"/tournaments/{second['id']}/desk/").content.decode()
    assert "<td>2</td><td>Bert Kurz" in desk


def test_the_migration_numbers_existing_entries_in_the_order_they_came(api):
    first = api.post("/tournaments", {"name": "Old one"}).json()
    second = api.post("/tournaments", {"name": "Old two"}).json()
    for name, tournament in (("A", first), ("B", second), ("C", first), ("D", second)):
        api.post(f"/tournaments/{tournament['id']}/entries", {"name": name})
    Entry.objects.update(start_number=None)

    number_the_entries(apps, None)

    numbers = dict(Entry.objects.values_list("player__name", "start_number"))
    assert numbers == {"A": 1, "C": 2, "B": 1, "D": 2}
