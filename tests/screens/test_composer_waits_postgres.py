"""The composer waits for a write of the tournament under way before it reads
(README "How a floor action flows"): messages read while the next bust is
being written are old at once, and ten tablets replaying their queues kept
the composer reading the floor again for every write. PostgreSQL only: on
SQLite a write holds the whole database until its commit."""

from __future__ import annotations

import threading
from typing import Any

import pytest
from conftest import seated_tournament
from django.db import connection, connections

from screens import compose, composer
from tables.services.busts import BustReport, entries_bust
from tests.screens.test_composer_thread import TEN_PLAYERS, seated_entries
from tournament.models import Entry
from tournament.writes import unit

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(
        connection.vendor != "postgresql", reason="a write under way needs PostgreSQL (CI runs it)"
    ),
]


def test_a_bust_written_while_the_last_one_waits_for_its_messages_is_composed_with_it(
    api, director, settings, monkeypatch
):
    tournament = seated_tournament(director, players=TEN_PLAYERS)
    first, second = seated_entries(tournament.pk, 1)[:2]
    second_locked, second_goes_on = threading.Event(), threading.Event()
    waiting = composer.writes_committed

    def the_second_write_has_the_lock(tournament_id: int, wait_ms: int) -> bool:
        # The composer took the first bust's change; the second bust's write
        # has the tournament meanwhile and is still writing.
        assert second_locked.wait(timeout=10)
        second_goes_on.set()
        return waiting(tournament_id, 5000)

    monkeypatch.setattr(composer, "writes_committed", the_second_write_has_the_lock)
    original_take = unit.take

    def take(held: Any, scope: Any) -> Any:
        row = original_take(held, scope)
        if threading.current_thread().name == "second tablet":
            second_locked.set()
            second_goes_on.wait(timeout=10)
        return row

    monkeypatch.setattr("tournament.writes.unit.take", take)
    composed: list[tuple[int, bool]] = []
    original = compose.messages

    def counted(change):
        second_out = Entry.objects.get(pk=second).busted_at is not None
        composed.append((change.version, second_out))
        return original(change)

    monkeypatch.setattr(compose, "messages", counted)
    settings.SCREENS_COMPOSE = composer.THREAD

    def second_tablet() -> None:
        try:
            entries_bust(tournament_id=tournament.pk, reports=[BustReport(second)], by=director)
        finally:
            connections.close_all()

    writer = threading.Thread(target=second_tablet, name="second tablet")
    assert api.post(f"/entries/{first}/bust").status_code == 200
    writer.start()
    writer.join(timeout=30)
    assert composer.drained(timeout=10)

    # The first bust's messages were read after the second bust's commit, not
    # while it was being written (then read again for it).
    assert composed and all(second_out for _version, second_out in composed), composed
