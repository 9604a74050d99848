"""What a client of the real server sees (README "Screen messages"): a frame
the server will not take tells the screen why, then closes the socket with 4008, never
1011 and a traceback; a socket path that names no socket is refused at the
handshake with HTTP 403."""

from __future__ import annotations

import json

import pytest
from browser_support import director_site

from screens.consumers import FRAME_MAX_BYTES, POLICY_VIOLATION
from tournament.json_input import MAX_DEPTH

websockets_sync = pytest.importorskip("websockets.sync.client")
websockets_exceptions = pytest.importorskip("websockets.exceptions")


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    with director_site(tmp_path_factory.mktemp("socket-refusals"), "pw-dora-sockets") as site:
        site.tournament = site.server.api("POST", "/tournaments", site.token, {"name": "Frames"})
        yield site


def closed_by_server(site, frame: str) -> tuple[int | None, list[str]]:
    """The close code and the errors the screen was told before it."""
    path = f"/ws/tournaments/{site.tournament['id']}/display"
    told = []
    with websockets_sync.connect(
        f"{site.server.ws}{path}", origin=site.server.url, open_timeout=10
    ) as socket:
        assert json.loads(socket.recv(timeout=10))["type"] == "snapshot"
        socket.send(frame)
        with pytest.raises(websockets_exceptions.ConnectionClosed) as closed:
            while True:
                message = json.loads(socket.recv(timeout=10))
                if message["type"] == "error":
                    told.append(message["detail"])
    close = closed.value.rcvd
    return (close.code if close is not None else None), told


def test_a_frame_over_the_limit_closes_with_4008_and_the_reason(site):
    frame = json.dumps({"type": "ping", "client_time": "x" * FRAME_MAX_BYTES})
    code, told = closed_by_server(site, frame)
    assert code == POLICY_VIOLATION
    assert any(str(FRAME_MAX_BYTES) in detail for detail in told), told
    assert "Traceback" not in (site.server.log.read_text(errors="replace"))


def test_a_frame_nested_too_deep_closes_with_4008_and_the_reason(site):
    code, told = closed_by_server(site, "[" * 100 + "]" * 100)
    assert code == POLICY_VIOLATION
    assert any(str(MAX_DEPTH) in detail for detail in told), told


def test_a_socket_path_naming_no_socket_is_refused_at_the_handshake_with_403(site):
    with pytest.raises(websockets_exceptions.InvalidStatus) as refused:
        websockets_sync.connect(
            f"{site.server.ws}/ws/tournaments/abc/display", origin=site.server.url, open_timeout=10
        )
    assert refused.value.response.status_code == 403
