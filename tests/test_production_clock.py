"""The lobby clock as compose runs it (README "Production"): the Celery worker
started with the compose file's own command (prefork, database pool on), the
clock loop, a daphne process, PostgreSQL and Redis. A display socket on a
running clock of short levels hears every level change, once each."""

from __future__ import annotations

import json
import os
import subprocess
import threading
import time
from pathlib import Path

import pytest
import yaml
from browser_support import BIN, ROOT, Server, end_process, server_env, staff_token
from django.db import connection
from postgres_support import server_database_url

websockets_sync = pytest.importorskip("websockets.sync.client")

pytestmark = [
    pytest.mark.postgres,
    pytest.mark.redis,
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(not os.environ.get("REDIS_URL"), reason="needs REDIS_URL"),
]

LEVELS = 7  # six level changes, then the end
LEVEL_SECONDS = 2


def compose_command(service: str) -> list[str]:
    """The service's command from docker-compose.yml, its program from this virtualenv."""
    compose = yaml.safe_load((ROOT / "docker-compose.yml").read_text(encoding="utf-8"))
    command = list(compose["services"][service]["command"])
    return [str(BIN / command[0]), *command[1:]]


def started(command: list[str], env: dict[str, str], log) -> subprocess.Popen:
    return subprocess.Popen(command, cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT)


def wait_until_ready(log: Path, worker: subprocess.Popen, timeout: float = 60.0) -> None:
    """The worker's start-up (it logs "ready" once its children take tasks), not a test wait."""
    deadline = time.monotonic() + timeout
    pause = threading.Event()
    while time.monotonic() < deadline:
        if " ready." in log.read_text(errors="replace"):
            return
        if worker.poll() is not None:
            raise RuntimeError(f"worker exited with {worker.returncode}")
        pause.wait(0.2)
    raise RuntimeError("the worker did not start")


def level_changes(socket, deadline: float) -> list[dict]:
    """Every announcement the display hears until it has heard the clock finish
    and every level change. Two worker children fire boundaries side by side: a
    clock loop that starts late finds them all due at once, and "finished" may
    arrive before the last level change."""
    heard: list[dict] = []
    while time.monotonic() < deadline:
        try:
            message = json.loads(socket.recv(timeout=max(0.1, deadline - time.monotonic())))
        except TimeoutError:
            break
        if message.get("type") != "announcement":
            continue
        heard.append(message)
        kinds = [m["kind"] for m in heard]
        if "finished" in kinds and kinds.count("level_up") >= LEVELS - 1:
            break
    return heard


@pytest.mark.skipif(connection.vendor != "postgresql", reason="needs PostgreSQL")
def test_a_display_hears_every_level_change_of_a_clock_run_by_the_compose_worker(tmp_path):
    assert "--concurrency=2" in compose_command("worker")  # the prefork pool, as deployed
    env = server_env(
        tmp_path,
        DATABASE_URL=server_database_url(),
        REDIS_URL=os.environ["REDIS_URL"],
        CLOCK_LOOP_IN_PROCESS="false",
    )
    token = staff_token(env, "dora", "director", "pw-dora-123")
    server = Server(env=env, log=tmp_path / "daphne.log").start()
    output = tmp_path / "worker-and-clock.log"
    log = output.open("ab")
    worker = started(compose_command("worker"), env, log)
    wait_until_ready(output, worker)
    clock = None
    try:
        tournament = server.api("POST", "/tournaments", token, {"name": "Short Levels"})
        tid = tournament["id"]
        levels = [
            {
                "kind": "level",
                "small_blind": 100 * n,
                "big_blind": 200 * n,
                "seconds": LEVEL_SECONDS,
            }
            for n in range(1, LEVELS + 1)
        ]
        server.api("PUT", f"/tournaments/{tid}/structure", token, {"levels": levels})
        with websockets_sync.connect(
            f"{server.ws}/ws/tournaments/{tid}/display", origin=server.url, open_timeout=10
        ) as socket:
            clock = started(compose_command("clock"), env, log)
            server.api("POST", f"/tournaments/{tid}/clock/start", token)
            heard = level_changes(socket, time.monotonic() + LEVELS * LEVEL_SECONDS + 30)
    finally:
        end_process(clock)
        end_process(worker)
        server.stop()
        log.close()
    worker_said = output.read_text(errors="replace")
    # Two children fire boundaries side by side: each once, in any order.
    level_ups = sorted(m["level_index"] for m in heard if m["kind"] == "level_up")
    assert level_ups == list(range(1, LEVELS)), worker_said[-4000:]
    assert [m["kind"] for m in heard].count("finished") == 1
    assert "no message for version" not in worker_said
