"""A screen's socket while the database does not answer: never a server error
(1011); the screen keeps what it shows and asks again later."""

from __future__ import annotations

from unittest import mock

import pytest
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator
from conftest import seated_tournament
from django.db import OperationalError

from config.asgi import application
from tests.websocket_support import HOST, close_worker_thread_connections  # noqa: F401

pytestmark = pytest.mark.django_db(transaction=True)

GONE = OperationalError("server closed the connection unexpectedly")


@database_sync_to_async
def make_tournament(director):
    return seated_tournament(director)


def display(tournament_id: int) -> WebsocketCommunicator:
    return WebsocketCommunicator(
        application, f"/ws/tournaments/{tournament_id}/display", headers=HOST
    )


async def test_a_screen_asking_for_a_snapshot_is_told_to_ask_again_and_stays_connected(
    director,
):
    tournament = await make_tournament(director)
    socket = display(tournament.pk)
    assert (await socket.connect())[0]
    snapshot = await socket.receive_json_from(timeout=5)
    with mock.patch("screens.consumers.screen_snapshot", side_effect=GONE):
        await socket.send_json_to({"type": "snapshot"})
        assert await socket.receive_json_from(timeout=5) == {
            "type": "throttled",
            "retry_after_ms": 5000,
        }
    # Still open: once the database answers, the screen gets its snapshot.
    await socket.send_json_to({"type": "snapshot", "since": snapshot["version"]})
    assert await socket.receive_json_from(timeout=5) == {
        "type": "current",
        "version": snapshot["version"],
    }
    await socket.disconnect()


async def test_a_screen_connecting_while_the_database_is_down_is_asked_to_try_again(director):
    tournament = await make_tournament(director)
    socket = display(tournament.pk)
    with mock.patch("screens.consumers.screen_snapshot", side_effect=GONE):
        connected, _ = await socket.connect()
        assert connected
        closed = await socket.receive_output(timeout=5)
    assert closed["type"] == "websocket.close"
    assert closed["code"] == 1013  # try again later; the page reconnects by itself


async def test_a_screen_whose_handshake_meets_a_dead_database_is_refused_not_crashed(director):
    tournament = await make_tournament(director)
    socket = display(tournament.pk)
    with mock.patch("screens.consumers.DisplayConsumer.allowed", side_effect=GONE):
        connected, _ = await socket.connect()
    assert not connected
