"""The live sockets fuzzed with hypothesis, as every role (README "Production").

Each example opens a socket (the display anonymously, the floor with the
token of a director, floor staff or the desk), sends a few generated frames
(any text, binary, any JSON, arrays nested up to thousands of levels, snapshot
requests with odd versions), then a ping. The consumer must never fail (the
communicator re-raises what would close the socket with 1011); the socket
either answers the ping or was closed with 4008. `SOCKET_FUZZ_EXAMPLES` raises
the count for a soak.
"""

from __future__ import annotations

import json
import os

import pytest
from asgiref.sync import async_to_sync
from channels.testing import WebsocketCommunicator
from conftest import seated_tournament
from hypothesis import given, settings
from hypothesis import strategies as st

from config.asgi import application
from screens.consumers import POLICY_VIOLATION
from tests.conftest import make_staff
from tests.websocket_support import HOST, close_worker_thread_connections  # noqa: F401
from tournament.api.auth import issue_token

pytestmark = pytest.mark.django_db(transaction=True)

EXAMPLES = int(os.environ.get("SOCKET_FUZZ_EXAMPLES", "15"))

JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=10),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=5), inner),
    max_leaves=12,
)
FRAMES = st.one_of(
    st.text(max_size=100).map(lambda text: {"text": text}),
    st.binary(max_size=100).map(lambda data: {"bytes": data}),
    JSON.map(lambda value: {"text": json.dumps(value)}),
    st.integers(1, 3000).map(lambda n: {"text": "[" * n + "]" * n}),
    st.integers(1, 3000).map(lambda n: {"text": "[" * n}),
    st.integers(1, 3000).map(lambda n: {"text": '{"a":' * n + "1" + "}" * n}),
    st.builds(
        lambda kind, since: {"text": json.dumps({"type": kind, "since": since})},
        st.sampled_from(["snapshot", "ping", "pong", "", "live"]),
        st.one_of(JSON, st.integers(min_value=-(2**70), max_value=2**70)),
    ),
)


async def exchange(path: str, frames: list[dict]) -> None:
    socket = WebsocketCommunicator(application, path, headers=HOST)
    accepted, _ = await socket.connect(timeout=5)
    assert accepted
    await socket.receive_json_from(timeout=5)  # the snapshot
    for frame in frames:
        await socket.send_input({"type": "websocket.receive", **frame})
    await socket.send_json_to({"type": "ping", "client_time": 1})
    while True:
        output = await socket.receive_output(timeout=5)
        if output["type"] == "websocket.close":
            assert output["code"] == POLICY_VIOLATION, output
            break
        if json.loads(output["text"]).get("type") == "pong":
            break
    await socket.disconnect()


@pytest.mark.parametrize("role", ["anonymous", "director", "floor", "desk"])
def test_no_frame_makes_a_socket_fail(role, director):
    tournament = seated_tournament(director)
    if role == "anonymous":
        path = f"/ws/tournaments/{tournament.pk}/display"
    else:
        user = director if role == "director" else make_staff(f"socket-{role}", role)
        path = f"/ws/tournaments/{tournament.pk}/floor?token={issue_token(user)}"

    @settings(max_examples=EXAMPLES, deadline=None, derandomize=True)
    @given(frames=st.lists(FRAMES, min_size=1, max_size=4))
    def frames_sent(frames):
        async_to_sync(exchange)(path, frames)

    frames_sent()
