"""Snapshot requests on the public sockets are cheap: limited per socket and
served from one copy per tournament version and process."""

from __future__ import annotations

from unittest import mock

import pytest
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator
from django.test import Client

from config.asgi import application
from screens import consumers, snapshots
from tables.services.registration import entry_register
from tests.websocket_support import HOST, close_worker_thread_connections  # noqa: F401
from tournament.services.tournaments import TournamentSettings, tournament_create

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def builds(monkeypatch):
    """Counts how often a snapshot is built from the database."""
    counter = mock.Mock(wraps=snapshots.snapshot)
    monkeypatch.setattr(snapshots, "snapshot", counter)
    return counter


@pytest.fixture
def frozen_time(monkeypatch):
    """The socket's request budget sees no time pass, so no request is refilled."""
    monkeypatch.setattr(consumers, "monotonic", lambda: 1000.0)
    monkeypatch.setattr(snapshots, "monotonic", lambda: 1000.0)


@database_sync_to_async
def make_tournament(director, players=("Anna Keller", "Bernd Schulz")):
    tournament = tournament_create(settings=TournamentSettings(name="Live"), by=director)
    for name in players:
        entry_register(tournament_id=tournament.pk, by=director, name=name)
    return tournament


@database_sync_to_async
def register(tournament, director, name):
    return entry_register(tournament_id=tournament.pk, by=director, name=name)


async def connected(tournament_id: int):
    socket = WebsocketCommunicator(
        application, f"/ws/tournaments/{tournament_id}/display", headers=HOST
    )
    ok, _ = await socket.connect()
    assert ok
    snapshot = await socket.receive_json_from(timeout=5)
    assert snapshot["type"] == "snapshot"
    return socket, snapshot


async def test_two_hundred_snapshot_requests_on_one_socket_get_a_few_snapshots_built_once(
    director, builds, frozen_time
):
    tournament = await make_tournament(director)
    socket, _ = await connected(tournament.pk)
    for _ in range(200):
        await socket.send_json_to({"type": "snapshot"})
    replies = [await socket.receive_json_from(timeout=5) for _ in range(200)]

    snapshots_sent = [r for r in replies if r["type"] == "snapshot"]
    refused = [r for r in replies if r["type"] == "throttled"]
    assert 1 <= len(snapshots_sent) <= 5
    assert len(snapshots_sent) + len(refused) == 200
    assert all(r["retry_after_ms"] > 0 for r in refused)
    assert all(len(str(r)) < 100 for r in refused)  # a refusal is a few bytes, not a snapshot
    assert builds.call_count == 1  # the connect built it; every request reused that copy

    # The socket stays open and answers.
    await socket.send_json_to({"type": "ping", "client_time": 1})
    assert (await socket.receive_json_from(timeout=5))["type"] == "pong"
    await socket.disconnect()


async def test_two_sockets_connecting_at_the_same_version_share_one_build(director, builds):
    tournament = await make_tournament(director)
    first, one = await connected(tournament.pk)
    second, two = await connected(tournament.pk)
    assert one == two
    assert builds.call_count == 1

    await register(tournament, director, "Clara Wagner")
    for socket in (first, second):
        update = await socket.receive_json_from(timeout=5)
        assert update["version"] == one["version"] + 1
        await socket.send_json_to({"type": "snapshot"})
        fresh = await socket.receive_json_from(timeout=5)
        assert fresh["summary"]["entries"] == 3
    assert builds.call_count == 2  # one more build for the new version, shared again
    await first.disconnect()
    await second.disconnect()


async def test_a_screen_that_is_up_to_date_gets_a_short_answer_instead_of_the_snapshot(
    director, builds
):
    tournament = await make_tournament(director)
    socket, snapshot = await connected(tournament.pk)
    await socket.send_json_to({"type": "snapshot", "since": snapshot["version"]})
    assert await socket.receive_json_from(timeout=5) == {
        "type": "current",
        "version": snapshot["version"],
    }
    await socket.send_json_to({"type": "snapshot", "since": snapshot["version"] - 1})
    assert (await socket.receive_json_from(timeout=5))["type"] == "snapshot"
    await socket.disconnect()


async def test_the_http_snapshot_of_a_screen_reuses_the_copy_the_sockets_got(director, builds):
    tournament = await make_tournament(director)
    socket, snapshot = await connected(tournament.pk)
    response = await database_sync_to_async(Client(HTTP_HOST="localhost").get)(
        f"/live/tournaments/{tournament.pk}/display"
    )
    assert response.status_code == 200
    assert response.json() == snapshot
    assert builds.call_count == 1
    await socket.disconnect()


def test_the_floor_snapshot_over_http_is_for_staff_only(director):
    tournament = tournament_create(settings=TournamentSettings(name="Live"), by=director)
    anonymous = Client(HTTP_HOST="localhost")
    refused = anonymous.get(f"/live/tournaments/{tournament.pk}/floor", HTTP_ACCEPT_LANGUAGE="de")
    assert refused.status_code == 403
    assert refused.json() == {"detail": "Den Floor sehen nur angemeldete Mitarbeiter."}
    assert anonymous.get(f"/live/tournaments/{tournament.pk}/display").json()["audience"] == (
        "display"
    )

    staff = Client(HTTP_HOST="localhost")
    staff.force_login(director)
    floor = staff.get(f"/live/tournaments/{tournament.pk}/floor")
    assert floor.status_code == 200
    assert floor.json()["audience"] == "floor"
    assert floor["Cache-Control"] == "no-store"
    for odd in ("x", "²", "-1"):  # anything but a version: all of it
        odd_since = staff.get(f"/live/tournaments/{tournament.pk}/floor", {"since": odd})
        assert odd_since.status_code == 200
    # A number no version can reach is refused (README "Production"): 5,000 digits were a 500.
    too_big = staff.get(f"/live/tournaments/{tournament.pk}/floor", {"since": "9" * 40})
    assert too_big.status_code == 422 and too_big.json()["detail"].startswith("since:")
    missing = staff.get("/live/tournaments/987654/floor")
    assert missing.status_code == 404
    assert "detail" in missing.json()


async def test_a_frame_that_is_not_json_gets_an_error_and_the_socket_stays_open(director):
    tournament = await make_tournament(director)
    socket, _ = await connected(tournament.pk)
    await socket.send_to(text_data="{not json")
    assert (await socket.receive_json_from(timeout=5))["type"] == "error"
    await socket.send_json_to({"type": "ping", "client_time": 1})
    assert (await socket.receive_json_from(timeout=5))["type"] == "pong"
    await socket.disconnect()
