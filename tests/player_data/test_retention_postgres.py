"""Retention runs started together (two clock processes, the daily run and a
director's button) remove each player's contact data once, on PostgreSQL."""

from __future__ import annotations

import pytest
from django.db import connection

from tests.player_data.test_retention import NOW, months_ago, on_file
from tests.tournament.test_concurrency_postgres import run_in_parallel
from tournament.models import PrivacyLog, RoomSettings
from tournament.services.retention import contact_retention_run

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(
        connection.vendor != "postgresql", reason="parallel writers need PostgreSQL (CI runs it)"
    ),
]


def test_eight_runs_at_once_remove_each_players_contact_data_once(db):
    RoomSettings.current()
    due = [on_file(f"Alt{n}", since=months_ago(30)) for n in range(20)]
    kept = on_file("Neu", since=months_ago(2))

    removed = run_in_parallel(8, lambda: contact_retention_run(now=NOW))

    assert sum(removed) == len(due) and sorted(removed)[-1] == len(due)
    lines = PrivacyLog.objects.filter(kind=PrivacyLog.Kind.RETENTION)
    assert sorted(lines.values_list("player_id", flat=True)) == sorted(p.pk for p in due)
    kept.refresh_from_db()
    assert kept.email == "neu@example.org"
