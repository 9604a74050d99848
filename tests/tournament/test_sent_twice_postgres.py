"""The same key sent twice on PostgreSQL (README "Sent twice, done once"): at
once, the second waits on the key's unique index, then answers what the first
stored; after a server killed between the commit and the answer, the repeat
gets the stored answer."""

from __future__ import annotations

import json
import signal
import socket
import threading
import time
import urllib.request

import pytest
from browser_support import Server, server_env, staff_token
from django.db import connection
from postgres_support import server_database_url

from tests.tournament.test_concurrency_postgres import run_in_parallel
from tournament.api.auth import issue_token
from tournament.models import Entry, IdempotentRequest

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(
        connection.vendor != "postgresql", reason="parallel writers need PostgreSQL (CI runs it)"
    ),
]


def test_one_key_sent_by_four_at_once_registers_once_with_four_equal_answers(director):
    from tests.conftest import ApiClient

    token = issue_token(director)
    tournament = ApiClient(token).post("/tournaments", {"name": "Race"}).json()

    def call():
        api = ApiClient(token)
        response = api.client.post(
            f"/api/v1/tournaments/{tournament['id']}/entries",
            data=json.dumps({"name": "Anna Keller"}),
            content_type="application/json",
            HTTP_IDEMPOTENCY_KEY="tablet-1-action-0001",
            **api.headers,
        )
        return response.status_code, response.json()

    answers = run_in_parallel(4, call)
    assert {status for status, _body in answers} == {201}
    assert all(body == answers[0][1] for _status, body in answers)
    assert Entry.objects.filter(tournament_id=tournament["id"]).count() == 1


def raw_request(port: int, path: str, token: str, key: str, body: dict) -> socket.socket:
    """An API request sent over a socket whose answer is never read."""
    data = json.dumps(body).encode()
    head = (
        f"POST /api/v1{path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n"
        f"Authorization: Bearer {token}\r\nContent-Type: application/json\r\n"
        f"Idempotency-Key: {key}\r\nContent-Length: {len(data)}\r\nConnection: close\r\n\r\n"
    )
    sent = socket.create_connection(("127.0.0.1", port), timeout=10)
    sent.sendall(head.encode() + data)
    return sent


def committed(key: str, timeout: float = 30.0) -> None:
    """Until the key's answer is committed (the server's transaction, seen from here)."""
    deadline = time.monotonic() + timeout
    pause = threading.Event()
    while time.monotonic() < deadline:
        if IdempotentRequest.objects.filter(key=key).exclude(status=0).exists():
            return
        pause.wait(0.005)
    raise AssertionError(f"the write with the key {key} did not commit")


@pytest.mark.postgres
def test_a_server_killed_after_the_commit_answers_the_repeat_from_the_stored_answer(tmp_path):
    """kill -9 once the write and its answer have committed, before the device
    read the answer (its socket never reads it): the repeat, to a new server
    process, gets the stored answer and registers nobody twice."""
    env = server_env(tmp_path, DATABASE_URL=server_database_url())
    token = staff_token(env, "dora", "director", "pw-dora-123")
    first = Server(env=env, log=tmp_path / "first.log").start()
    try:
        tid = first.api("POST", "/tournaments", token, {"name": "Killed"})["id"]
        path, key = f"/tournaments/{tid}/entries", "tablet-7-action-0042"
        pending = raw_request(first.port, path, token, key, {"name": "Anna Keller"})
        committed(key)
        assert first.process is not None
        first.process.send_signal(signal.SIGKILL)
        first.process.wait()
        pending.close()
    finally:
        first.stop()
    stored = IdempotentRequest.objects.get(key=key)
    again = Server(env=env, log=tmp_path / "again.log").start()
    try:
        request = urllib.request.Request(
            f"{again.url}/api/v1{path}",
            data=json.dumps({"name": "Anna Keller"}).encode(),
            method="POST",
            headers={
                "Authorization": f"Bearer {token}",
                "Content-Type": "application/json",
                "Idempotency-Key": key,
            },
        )
        with urllib.request.urlopen(request, timeout=30) as response:
            status, replayed, body = (
                response.status,
                response.headers["Idempotent-Replayed"],
                json.loads(response.read()),
            )
    finally:
        again.stop()
    assert (status, replayed) == (201, "true")
    assert body == json.loads(stored.body)
    assert body["name"] == "Anna Keller"
    assert Entry.objects.filter(tournament_id=tid).count() == 1
