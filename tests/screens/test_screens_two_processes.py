"""Production set-up: two daphne processes share the Redis channel layer.

A bust through process A reaches a display socket connected to process B.
Both processes use the test database: on PostgreSQL the one pytest-django
created (its name handed over in DATABASE_URL), on SQLite a file database
migrated for this test (the in-memory test database cannot be shared).
"""

from __future__ import annotations

import json
import os
from urllib.parse import quote

import pytest
from conftest import PLAYERS, Server, assert_private_data_absent, manage, server_env, staff_token
from django.db import connection

websockets_sync = pytest.importorskip("websockets.sync.client")

pytestmark = [
    pytest.mark.redis,
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(not os.environ.get("REDIS_URL"), reason="needs REDIS_URL"),
]


def database_url(tmp_path) -> str:
    settings = connection.settings_dict
    if connection.vendor == "postgresql":
        user = quote(settings.get("USER") or "", safe="")
        password = quote(settings.get("PASSWORD") or "", safe="")
        auth = f"{user}:{password}@" if password else (f"{user}@" if user else "")
        host = settings.get("HOST") or "127.0.0.1"
        port = settings.get("PORT") or 5432
        return f"postgres://{auth}{host}:{port}/{settings['NAME']}"
    return f"sqlite:///{tmp_path / 'two-processes.sqlite3'}"


def receive_until(socket, kind: str, limit: int = 20) -> list[dict]:
    seen = []
    for _ in range(limit):
        message = json.loads(socket.recv(timeout=10))
        seen.append(message)
        if message["type"] == kind:
            return seen
    raise AssertionError(f"no {kind!r} message among {[m['type'] for m in seen]}")


def test_a_bust_on_process_a_reaches_a_display_connected_to_process_b(tmp_path):
    env = server_env(
        tmp_path,
        DATABASE_URL=database_url(tmp_path),
        REDIS_URL=os.environ["REDIS_URL"],
        CLOCK_LOOP_IN_PROCESS="false",
    )
    if connection.vendor != "postgresql":
        manage(env, "migrate", "--noinput", "-v0")
    token = staff_token(env, "dora", "director", "pw-dora-123")
    a = Server(env=env, log=tmp_path / "a.log").start()
    b = Server(env=env, log=tmp_path / "b.log").start()
    try:
        tournament = a.api(
            "POST", "/tournaments", token, {"name": "Two Rooms", "starting_stack": 10000}
        )
        tid = tournament["id"]
        a.api("POST", f"/tournaments/{tid}/tables", token, {"count": 1, "seats": 9})
        for name in PLAYERS:
            body = {
                "name": name,
                "email": "anna.keller.private@example.org",
                "consent": {"contact": True},
            }
            a.api(
                "POST",
                f"/tournaments/{tid}/entries",
                token,
                body if name == PLAYERS[0] else {"name": name},
            )
        a.api("POST", f"/tournaments/{tid}/draw", token)
        entries = a.api("GET", f"/tournaments/{tid}/entries", token)
        victim = next(e for e in entries if e["status"] == "seated")

        with websockets_sync.connect(
            f"{b.ws}/ws/tournaments/{tid}/display", origin=b.url, open_timeout=10
        ) as socket:
            # As live.js: a message of the set-up composed while the socket joined
            # may come before the snapshot, and is skipped.
            snapshot = receive_until(socket, "snapshot")[-1]
            assert snapshot["summary"]["remaining"] == len(PLAYERS)
            a.api("POST", f"/entries/{victim['id']}/bust", token, {})
            seen = receive_until(socket, "bust")
        bust = seen[-1]
        assert bust["version"] > snapshot["version"]
        assert bust["summary"]["remaining"] == len(PLAYERS) - 1
        assert_private_data_absent(json.dumps(seen, ensure_ascii=False))
    finally:
        a.stop()
        b.stop()
