"""A migrate during play (README "Production"): on PostgreSQL, with floor writes
open or streaming, `manage.py migrate` with nothing to apply neither waits for
them nor deadlocks with them, nor does `manage.py rebuild_tally`; no floor
write fails or is lost."""

from __future__ import annotations

import os
import subprocess
import sys
import threading
from collections import Counter
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

import pytest
from django.conf import settings
from django.db import connection, connections, transaction

from tests.conftest import ApiClient
from tests.tables.test_floor_api import start
from tournament.api.auth import issue_token
from tournament.models import Entry, Tournament
from tournament.summary import entry_counts

pytestmark = [
    pytest.mark.postgres,
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(
        connection.vendor != "postgresql", reason="floor writes in parallel need PostgreSQL"
    ),
]


def manage(*args: str, timeout: float = 120) -> subprocess.CompletedProcess:
    """A management command in a process of its own (as the compose file runs
    `migrate`), against the test database."""
    url = urlsplit(os.environ["DATABASE_URL"])
    name = connection.settings_dict["NAME"]
    env = {**os.environ, "DEBUG": "true", "DATABASE_URL": urlunsplit(url._replace(path=f"/{name}"))}
    return subprocess.run(
        [sys.executable, "manage.py", *args],
        cwd=Path(settings.BASE_DIR),
        env=env,
        capture_output=True,
        text=True,
        timeout=timeout,
    )


def test_a_migrate_with_nothing_to_apply_does_not_wait_for_an_open_floor_write(director):
    api = ApiClient(issue_token(director))
    game = start(api, players=4, tables=1)
    holding, release = threading.Event(), threading.Event()

    def floor_write_in_progress() -> None:
        # A floor write holds the tournament's lock and has changed an entry
        # (the tally's rows, through the trigger), and has not committed yet.
        try:
            with transaction.atomic():
                Tournament.objects.select_for_update().get(pk=game["id"])
                Entry.objects.filter(pk=game["entries"][0]["id"]).update(rebuys=1)
                holding.set()
                release.wait(150)
        finally:
            connections.close_all()

    writer = threading.Thread(target=floor_write_in_progress)
    writer.start()
    try:
        assert holding.wait(30)
        # The old post_migrate waited here for the entry table while the write was open.
        result = manage("migrate", "--noinput", timeout=60)
    finally:
        release.set()
        writer.join()
    assert result.returncode == 0, result.stderr
    assert "No migrations to apply" in result.stdout
    assert Entry.objects.get(pk=game["entries"][0]["id"]).rebuys == 1


def test_migrate_and_rebuild_tally_again_and_again_while_the_floor_registers_and_busts(
    director,
):
    token = issue_token(director)
    api = ApiClient(token)
    game = start(api, players=18, tables=2)
    tid = game["id"]
    stop = threading.Event()
    statuses: Counter = Counter()
    registered: list[int] = []
    lock = threading.Lock()

    def record(status: int, entry: int | None = None) -> None:
        with lock:
            statuses[status] += 1
            if entry is not None:
                registered.append(entry)

    def desk(index: int) -> None:
        client = ApiClient(token)
        try:
            number = 0
            while not stop.is_set():
                number += 1
                try:
                    response = client.post(
                        f"/tournaments/{tid}/entries", {"name": f"Desk {index} {number}"}
                    )
                except Exception:  # a 500: the test client raises the server's error
                    record(500)
                    continue
                record(response.status_code, response.json().get("id"))
        finally:
            connections.close_all()

    def floor() -> None:
        client = ApiClient(token)
        entries = [e["id"] for e in game["entries"]]
        try:
            while not stop.is_set():
                for entry in entries[:6]:
                    for action in ("bust", "unbust"):
                        try:
                            response = client.post(f"/entries/{entry}/{action}")
                        except Exception:
                            record(500)
                            continue
                        record(response.status_code)
        finally:
            connections.close_all()

    workers = [threading.Thread(target=desk, args=(i,)) for i in range(2)]
    workers.append(threading.Thread(target=floor))
    for worker in workers:
        worker.start()
    try:
        commands = ["migrate", "rebuild_tally", "migrate", "migrate"]
        results = [manage(command) for command in commands]
    finally:
        stop.set()
        for worker in workers:
            worker.join()

    assert [r.returncode for r in results] == [0] * 4, [r.stderr for r in results]
    assert not any("deadlock" in r.stderr.lower() for r in results)
    assert statuses[500] == 0 and set(statuses) <= {200, 201, 409}, statuses
    assert statuses[200] > 0
    assert statuses[201] == len(registered) > 0
    # No acknowledged registration lost, and the tally counted every entry.
    entries = Entry.objects.filter(tournament_id=tid)
    assert set(registered) <= set(entries.values_list("pk", flat=True))
    counts = entry_counts(Tournament.objects.get(pk=tid))
    assert counts.entries == entries.count() == 18 + len(registered)
