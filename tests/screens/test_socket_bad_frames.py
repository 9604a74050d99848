"""Bad frames and bad paths on the live sockets (README "Production"): an empty,
binary or unreadable frame gets an error message and the socket stays open;
JSON nested too deep or too large closes it with 4008 and a reason; a path
that names no socket is refused before the handshake completes. Never 1011,
never a server error."""

from __future__ import annotations

import json

import pytest
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator
from test_screens_websocket import connected, make_tournament

from config.asgi import application
from screens.consumers import FRAME_MAX_BYTES, POLICY_VIOLATION
from tests.websocket_support import HOST, close_worker_thread_connections  # noqa: F401
from tournament.api.auth import issue_token
from tournament.json_input import MAX_DEPTH

pytestmark = pytest.mark.django_db(transaction=True)


async def still_answers(socket) -> None:
    await socket.send_json_to({"type": "ping", "client_time": 1})
    assert (await socket.receive_json_from(timeout=5))["type"] == "pong"


async def test_an_empty_text_frame_gets_an_error_and_the_socket_stays_open(director):
    tournament = await make_tournament(director)
    socket, _ = await connected(tournament.pk, "display")
    await socket.send_input({"type": "websocket.receive", "text": ""})
    error = await socket.receive_json_from(timeout=5)
    assert error["type"] == "error" and error["detail"]
    await still_answers(socket)
    await socket.disconnect()


async def test_a_binary_frame_gets_an_error_and_the_socket_stays_open(director):
    tournament = await make_tournament(director)
    socket, _ = await connected(tournament.pk, "display")
    await socket.send_to(bytes_data=b'{"type": "ping"}')
    error = await socket.receive_json_from(timeout=5)
    assert error["type"] == "error" and "text" in error["detail"]
    await still_answers(socket)
    await socket.disconnect()


async def test_the_error_speaks_the_language_of_the_screen(director):
    tournament = await make_tournament(director)
    german = HOST + [(b"cookie", b"django_language=de")]
    socket, _ = await connected(tournament.pk, "display", headers=german)
    await socket.send_to(bytes_data=b"\x00")
    error = await socket.receive_json_from(timeout=5)
    assert "Text" in error["detail"] and "text" not in error["detail"]
    await socket.disconnect()


async def test_json_nested_a_thousand_levels_closes_the_socket_with_4008_and_a_reason(director):
    tournament = await make_tournament(director)
    socket, _ = await connected(tournament.pk, "floor", query=f"?token={await token(director)}")
    await socket.send_to(text_data="[" * 1000 + "]" * 1000)
    assert str(MAX_DEPTH) in (await socket.receive_json_from(timeout=5))["detail"]
    closed = await socket.receive_output(timeout=5)
    assert closed["type"] == "websocket.close"
    assert closed["code"] == POLICY_VIOLATION
    assert str(MAX_DEPTH) in closed["reason"]


async def test_a_frame_larger_than_the_limit_closes_the_socket_with_4008(director):
    tournament = await make_tournament(director)
    socket, _ = await connected(tournament.pk, "display")
    padding = "x" * FRAME_MAX_BYTES
    await socket.send_to(text_data=json.dumps({"type": "ping", "client_time": padding}))
    assert (await socket.receive_json_from(timeout=5))["type"] == "error"
    closed = await socket.receive_output(timeout=5)
    assert (closed["type"], closed["code"]) == ("websocket.close", POLICY_VIOLATION)


@pytest.mark.parametrize(
    "path",
    [
        "/ws/tournaments/abc/display",
        "/ws/tournaments/1/nothing",
        "/ws/elsewhere",
        "/ws/tournaments/" + "9" * 5000 + "/display",
        "/ws/tournaments/" + "9" * 30 + "/floor",
    ],
    ids=["letters", "unknown-audience", "unknown-path", "5000-digits", "30-digits"],
)
async def test_a_path_that_names_no_socket_is_refused_in_the_handshake(db, path):
    socket = WebsocketCommunicator(application, path, headers=HOST)
    accepted, code = await socket.connect(timeout=5)
    assert accepted is False
    assert code in (4403, 4404)


async def token(director) -> str:
    return await database_sync_to_async(issue_token)(director)
