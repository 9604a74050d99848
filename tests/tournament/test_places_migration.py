"""The migration that renumbers stored places from the bust order."""

from __future__ import annotations

import importlib

import pytest
from django.apps import apps
from django.utils import timezone

from tests.tables.test_floor_api import seated_entry, start
from tournament.models import Entry

pytestmark = pytest.mark.django_db

renumber = importlib.import_module("tournament.migrations.0004_places_from_bust_order").renumber


def test_places_given_before_a_late_entry_are_renumbered_below_the_players_left(api):
    game = start(api, players=6, tables=1)
    tid = game["id"]
    busted = []
    for _ in range(3):
        if len(busted) == 2:
            api.post(f"/tournaments/{tid}/entries", {"name": "Late Larry"})
        entry = seated_entry(api, tid)
        api.post(f"/entries/{entry}/bust")
        busted.append(entry)
    # What the old code stored: 6 and 5, then, one entry later, 5 again.
    for entry, place, minute in zip(busted, (6, 5, 5), (1, 2, 3), strict=True):
        Entry.objects.filter(pk=entry).update(
            place=place, busted_at=timezone.now().replace(minute=minute)
        )
    renumber(apps, None)
    places = dict(Entry.objects.filter(pk__in=busted).values_list("pk", "place"))
    assert [places[e] for e in busted] == [7, 6, 5]
