"""After an outage the server serves again as soon as PostgreSQL answers, not
after the connection pool's next reconnect attempt, which backs off to half a
minute and more (README "When Redis or PostgreSQL fails")."""

from __future__ import annotations

import threading
import time
import urllib.error
import urllib.request

import pytest
from browser_support import Server, server_env
from django.db import connection
from postgres_support import database_address, server_database_url
from tcp_proxy import TcpProxy

pytestmark = [
    pytest.mark.postgres,
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(connection.vendor != "postgresql", reason="needs PostgreSQL"),
]

# Long enough for the pool's reconnect attempts to back off (1, 2, 4, 8, 16 s apart).
OUTAGE_SECONDS = 20
# README "When Redis or PostgreSQL fails": serving again this soon after the database answers.
BACK_WITHIN_SECONDS = 5


def health(server: Server) -> int:
    request = urllib.request.Request(
        f"{server.url}/healthz", headers={"Accept": "application/json"}
    )
    try:
        with urllib.request.urlopen(request, timeout=10) as response:
            return response.status
    except urllib.error.HTTPError as refused:
        refused.close()
        return refused.code


def first_answer(server: Server, status: int, within: float) -> bool:
    """Poll until the server answers `status`; False if not within `within` seconds."""
    deadline = time.monotonic() + within
    pause = threading.Event()
    while time.monotonic() < deadline:
        if health(server) == status:
            return True
        pause.wait(0.1)
    return False


def test_a_server_serves_again_within_seconds_of_the_database_answering_again(tmp_path):
    proxy = TcpProxy(database_address()).start()
    env = server_env(
        tmp_path,
        DATABASE_URL=server_database_url(port=proxy.port),
        CLOCK_LOOP_IN_PROCESS="false",
    )
    server = Server(env=env, log=tmp_path / "daphne.log").start()
    try:
        assert health(server) == 200
        proxy.cut()
        outage_ends = time.monotonic() + OUTAGE_SECONDS
        while time.monotonic() < outage_ends:  # the room keeps asking meanwhile
            assert health(server) == 503
        proxy.restore()
        assert first_answer(server, 200, within=BACK_WITHIN_SECONDS), (
            tmp_path / "daphne.log"
        ).read_text(errors="replace")[-3000:]
        # No connection the outage broke is handed to a request afterwards.
        assert [health(server) for _ in range(12)] == [200] * 12
    finally:
        server.stop()
        proxy.stop()
