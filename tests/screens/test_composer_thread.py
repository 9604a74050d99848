"""The screens' messages are composed after the request has answered, on the
composer thread (README "How a floor action flows"): in version order, and a
composer that fails costs the screens a snapshot, never the floor its action.

The rest of the suite composes inline (tests/conftest.py); these tests switch
the thread on and need a transactional database, since the thread reads what
the request committed through a connection of its own.
"""

from __future__ import annotations

import threading
from collections.abc import Iterator

import pytest
from channels.db import database_sync_to_async
from conftest import PLAYERS, seated_tournament
from django.db import connection
from django.test.utils import CaptureQueriesContext

from screens import compose, composer, live
from screens.live_data import SEATING
from screens.services import announcement_clear, announcement_post
from screens.snapshots import snapshot
from tables.models import Seat
from tables.services.busts import BustReport, entries_bust
from tests.screens.test_messages_match_snapshots import apply
from tests.screens.test_screens_websocket import connected
from tests.websocket_support import close_worker_thread_connections  # noqa: F401
from tournament import changes
from tournament.models import Entry

pytestmark = pytest.mark.django_db(transaction=True)

AUDIENCES = (live.FLOOR, live.DISPLAY)
TEN_PLAYERS = PLAYERS + ["Fritz Müller", "Greta Neumann", "Hans Richter", "Ida Vogel", "Jan Roth"]


class HeldComposer:
    """The composer thread, switched on after a test's set-up (composed inline)
    and held until released: the test's writes all commit before the thread
    reads (SQLite's shared in-memory test database refuses a read while another
    connection writes: "table is locked"), and they wait in the queue as
    behind a slow message."""

    def __init__(self, settings, monkeypatch) -> None:
        self.settings = settings
        self.released = threading.Event()
        original = compose.send

        def held(change):
            # Held until the test releases it (the fixture's teardown does at the
            # latest): a short timeout let a slow CI machine compose before the
            # test looked, so the test saw messages it had not released yet.
            self.released.wait(timeout=300)
            original(change)

        monkeypatch.setattr(compose, "send", held)

    def hold(self) -> None:
        self.settings.SCREENS_COMPOSE = composer.THREAD
        self.released.clear()

    def release(self) -> None:
        self.released.set()


@pytest.fixture
def composer_thread(settings, monkeypatch) -> Iterator[HeldComposer]:
    held = HeldComposer(settings, monkeypatch)
    held.released.set()
    yield held
    held.release()
    # Nothing of this test may still be composing when its database is emptied.
    assert composer.drained(timeout=10)


@pytest.fixture
def sent(monkeypatch) -> list[dict]:
    """The messages the composer sent on, as (audience, message) in order."""
    messages: list[dict] = []
    original = live.send_now

    def recording(tournament_id, audience, message):
        messages.append({"audience": audience, **message})
        original(tournament_id, audience, message)

    monkeypatch.setattr(live, "send_now", recording)
    return messages


def without_time(part):
    """A part without the server's clock reading (the clock's ``server_time``)."""
    if isinstance(part, dict):
        return {key: value for key, value in part.items() if key != "server_time"}
    return part


def seated_entries(tournament_id: int, table: int) -> list[int]:
    return list(
        Seat.objects.filter(
            table__tournament_id=tournament_id, table__number=table, entry__isnull=False
        ).values_list("entry_id", flat=True)
    )


@database_sync_to_async
def burst_of_writes(tournament, director) -> list[str]:
    """Busts and announcements one right after the other, as a busy floor sends them."""
    first, second = Seat.objects.filter(
        table__tournament=tournament, entry__isnull=False
    ).values_list("entry_id", flat=True)[:2]
    entries_bust(tournament_id=tournament.pk, reports=[BustReport(entry=first)], by=director)
    announcement_post(tournament_id=tournament.pk, text="Dinner break at 20:00", by=director)
    entries_bust(tournament_id=tournament.pk, reports=[BustReport(entry=second)], by=director)
    announcement_clear(tournament_id=tournament.pk, by=director)
    announcement_post(tournament_id=tournament.pk, text="Final table at 23:00", by=director)
    return ["bust", "announcement", "bust", "announcement", "announcement"]


async def test_a_burst_of_writes_reaches_the_screens_in_version_order(director, composer_thread):
    tournament = await database_sync_to_async(seated_tournament)(director)
    display, snapshot = await connected(tournament.pk, "display")

    composer_thread.hold()
    kinds = await burst_of_writes(tournament, director)
    composer_thread.release()

    received = [await display.receive_json_from(timeout=5) for _ in kinds]
    assert [m["version"] for m in received] == [
        snapshot["version"] + n for n in range(1, len(kinds) + 1)
    ]
    assert [m["type"] for m in received] == kinds
    assert [m.get("kind") for m in received if m["type"] == "announcement"] == [
        "director",
        "director_cleared",
        "director",
    ]
    # What the screen shows after applying them in order is the settled state
    # (the parts go with the last version of each burst the thread took: one
    # burst, or the first write alone when the thread took it before the rest
    # were queued).
    shown: dict = {}
    for message in received:
        shown.update(message)
    assert shown["summary"]["remaining"] == 3
    assert [a["text"] for a in shown["announcements"]] == ["Final table at 23:00"]
    await display.disconnect()


def test_a_failing_composer_fails_neither_the_bust_nor_the_next_message(
    api, director, composer_thread, sent, monkeypatch, caplog
):
    tournament = seated_tournament(director)
    first, second = seated_entries(tournament.pk, 1)[:2]
    working = compose.messages

    def broken(change):
        raise RuntimeError("the composer broke")

    monkeypatch.setattr(compose, "messages", broken)
    sent.clear()  # the set-up's messages
    composer_thread.hold()
    response = api.post(f"/entries/{first}/bust")
    assert response.status_code == 200, response.content
    assert Entry.objects.get(pk=first).busted_at is not None
    composer_thread.release()
    assert composer.drained(timeout=10)
    assert "no message for version" in caplog.text and sent == []

    # The thread lives on: the next write's messages go out, one version on.
    monkeypatch.setattr(compose, "messages", working)
    composer_thread.hold()
    assert api.post(f"/entries/{second}/bust").status_code == 200
    composer_thread.release()
    assert composer.drained(timeout=10)
    assert [(m["audience"], m["type"]) for m in sent] == [("floor", "bust"), ("display", "bust")]
    assert sent[0]["summary"]["remaining"] == 3


def test_a_quiet_bust_answers_without_the_queries_that_compose_its_messages(
    api, director, composer_thread, settings, sent, monkeypatch
):
    tournament = seated_tournament(director, players=TEN_PLAYERS)  # five at each table
    at_one, at_two = seated_entries(tournament.pk, 1)[0], seated_entries(tournament.pk, 2)[0]
    composing: list[int] = []
    original = compose.messages

    def counted(change):
        with CaptureQueriesContext(connection) as captured:
            built = original(change)
        composing.append(len(captured))
        return built

    monkeypatch.setattr(compose, "messages", counted)
    # The token's first use is noted once: not part of either bust.
    assert api.get(f"/tournaments/{tournament.pk}").status_code == 200
    sent.clear()  # the set-up's messages
    composer_thread.hold()
    with CaptureQueriesContext(connection) as request_off_path:
        assert api.post(f"/entries/{at_one}/bust").status_code == 200
    assert sent == []  # the request has answered; the screens' messages are still to come
    composer_thread.release()
    assert composer.drained(timeout=10)
    settings.SCREENS_COMPOSE = composer.INLINE
    with CaptureQueriesContext(connection) as request_inline:
        assert api.post(f"/entries/{at_two}/bust").status_code == 200

    # Both busts were quiet (no move) and both reached the screens.
    assert [(m["audience"], m["type"], m["moves"]) for m in sent] == [
        ("floor", "bust", []),
        ("display", "bust", []),
    ] * 2
    off_path, inline = len(request_off_path), len(request_inline)
    assert composing[0] == composing[1] > 10
    assert off_path + composing[1] == inline, (off_path, composing, inline)


def test_a_burst_of_floor_actions_is_composed_once_and_the_screens_end_on_the_snapshot(
    api, director, composer_thread, sent, monkeypatch
):
    """Ten tablets back online send their queues faster than the messages can be
    composed: what waits together is composed once (composed per write, the
    composer took the cores as long as the writes), and every screen still gets
    every version and, applying them, shows what a fresh snapshot shows."""
    tournament = seated_tournament(director, players=TEN_PLAYERS)  # five at each table
    tables = {t["number"]: t["id"] for t in api.get(f"/tournaments/{tournament.pk}/tables").json()}
    one, two = seated_entries(tournament.pk, 1), seated_entries(tournament.pk, 2)
    composed: list[int] = []
    original = compose.messages

    def counted(change):
        composed.append(change.version)
        return original(change)

    monkeypatch.setattr(compose, "messages", counted)
    copies = {audience: snapshot(tournament.pk, audience=audience) for audience in AUDIENCES}
    sent.clear()  # the set-up's messages
    composer_thread.hold()
    answers = [
        api.post(f"/entries/{one[0]}/bust").status_code,
        api.put(f"/entries/{two[0]}/chips", {"chips": 31_000}).status_code,
        api.post(f"/tables/{tables[2]}/hands").status_code,
        api.post(f"/entries/{two[1]}/bust").status_code,
        api.post(f"/entries/{one[1]}/bust").status_code,  # a move to balance the tables
        api.put(f"/entries/{one[2]}/chips", {"chips": 12_500}).status_code,
        api.post(f"/entries/{two[2]}/bust").status_code,
    ]
    assert answers == [200] * len(answers)
    composer_thread.release()
    assert composer.drained(timeout=10)

    # The thread may have taken the first write alone before it was held.
    assert len(composed) <= 2, composed
    latest = snapshot(tournament.pk, audience=live.FLOOR)["version"]
    for audience, copy in copies.items():
        received = [m for m in sent if m["audience"] == audience]
        assert [m["version"] for m in received] == list(range(copy["version"] + 1, latest + 1))
        for message in received:
            apply(copy, message)
        fresh = snapshot(tournament.pk, audience=audience)
        for part in changes.PARTS | {SEATING}:
            assert without_time(copy.get(part)) == without_time(fresh.get(part)), (audience, part)
    floor = [m for m in sent if m["audience"] == live.FLOOR]
    assert [m["type"] for m in floor][:3] == ["bust", "chip_counts", "table"]
    # Each bust's message still names its player (a fact, not a part).
    assert [m["busted"][0]["entry"] for m in floor if m["type"] == "bust"] == [
        one[0],
        two[1],
        one[1],
        two[2],
    ]
