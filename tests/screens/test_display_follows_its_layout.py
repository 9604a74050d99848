"""A board opened directly at ``/display/<id>/?layout=<layout>`` follows an edit
of its layout, as a named screen does (README "Screen layouts and the room's
look"): the recorded change reaches it through the composer."""

from __future__ import annotations

import pytest
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator

from config.asgi import application
from layouts.services import layout_create, layout_update
from tests.screens.conftest import seated_tournament
from tests.websocket_support import HOST, close_worker_thread_connections  # noqa: F401

pytestmark = pytest.mark.django_db(transaction=True)

CLOCK = [{"kind": "clock", "x": 0, "y": 0, "w": 6, "h": 6}]
BIGGER = [{"kind": "clock", "x": 0, "y": 0, "w": 12, "h": 8}]


@database_sync_to_async
def board_with_layout(director):
    tournament = seated_tournament(director)
    return tournament, layout_create(name="Eingang", tiles=CLOCK, by=director)


async def opened(path: str) -> WebsocketCommunicator:
    socket = WebsocketCommunicator(application, path, headers=HOST)
    ok, _ = await socket.connect()
    assert ok
    assert (await socket.receive_json_from(timeout=5))["type"] == "snapshot"
    return socket


async def test_a_board_opened_at_a_layout_hears_that_its_layout_changed(director):
    tournament, layout = await board_with_layout(director)
    board = await opened(f"/ws/tournaments/{tournament.pk}/display?layout={layout.pk}")
    plain = await opened(f"/ws/tournaments/{tournament.pk}/display")
    await database_sync_to_async(layout_update)(layout_id=layout.pk, tiles=BIGGER, by=director)
    assert await board.receive_json_from(timeout=5) == {
        "type": "layout_changed",
        "layout": layout.pk,
    }
    assert await plain.receive_nothing(timeout=0.5)  # a board of another layout draws on
    await board.disconnect()
    await plain.disconnect()


async def test_a_layout_parameter_that_is_no_id_joins_nothing_more(director):
    tournament, _layout = await board_with_layout(director)
    board = await opened(f"/ws/tournaments/{tournament.pk}/display?layout=clock%27")
    await board.send_json_to({"type": "ping", "client_time": 1})
    assert (await board.receive_json_from(timeout=5))["type"] == "pong"
    await board.disconnect()
