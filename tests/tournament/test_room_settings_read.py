"""Reading the room's settings never writes (README "Finish on time: where it
shows"): the screens read a room setting on every message, so a missing row
read inside a floor write must not be inserted there (the bust's query count
moved with whichever write read it first)."""

from __future__ import annotations

from importlib import import_module

from django.db import connection
from django.test.utils import CaptureQueriesContext

from tournament.models import RoomSettings


def test_a_missing_row_reads_as_the_defaults_without_a_write(db):
    RoomSettings.objects.all().delete()
    with CaptureQueriesContext(connection) as queries:
        room = RoomSettings.current()
    assert [q["sql"].split()[0] for q in queries.captured_queries] == ["SELECT"]
    assert room.public_forecast is False and not RoomSettings.objects.exists()
    room.public_forecast = True
    room.save()
    assert RoomSettings.current().public_forecast is True
    assert RoomSettings.objects.count() == 1


def test_the_migration_makes_the_row(db):
    # The migration's own step, run again on a database without the row (a
    # transactional test's flush removes it, so its first run cannot be looked at).
    from django.apps import apps

    step = import_module("tournament.migrations.0042_room_row_exists")
    RoomSettings.objects.all().delete()
    step.make_the_room_row(apps, None)
    assert RoomSettings.objects.filter(pk=1).exists()
