"""The production path: a level boundary handed to a real Celery worker over Redis."""

from __future__ import annotations

import threading
import time

import pytest
from celery.contrib.testing.worker import start_worker
from django.conf import settings

from clock.models import BoundaryFired
from clock.services import clock_state
from clock.tasks import fire_boundary
from config.celery import app
from tournament.models import Tournament

pytestmark = [
    pytest.mark.celery_worker,
    pytest.mark.redis,
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(
        not settings.REDIS_URL, reason="needs Redis (CI's production run sets REDIS_URL)"
    ),
]

T0 = 1_700_000_000_000
STRUCTURE = {
    "levels": [
        {"kind": "level", "small_blind": 25, "big_blind": 50, "seconds": 600},
        {"kind": "level", "small_blind": 50, "big_blind": 100, "seconds": 600},
    ]
}


def wait_for(condition, seconds: float = 20.0) -> bool:
    # The worker runs in another thread with its own database connection: poll the
    # committed result instead of sleeping a fixed time.
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if condition():
            return True
        time.sleep(0.05)
    return False


def test_a_worker_on_redis_closes_late_registration_once(api, monkeypatch):
    tournament = api.post("/tournaments", {"name": "Worker", "late_registration_levels": 1}).json()
    monkeypatch.setattr(clock_state, "now", lambda: T0)
    assert api.put(f"/tournaments/{tournament['id']}/structure", STRUCTURE).status_code == 200
    assert api.post(f"/tournaments/{tournament['id']}/clock/start").status_code == 200
    key = f"registration_closed:0:{T0 + 600_000}"
    with start_worker(app, perform_ping_check=False, pool="solo", concurrency=1):
        fire_boundary.delay(tournament["id"], key)
        fire_boundary.delay(tournament["id"], key)
        assert wait_for(lambda: Tournament.objects.get(pk=tournament["id"]).registration_closed)
        assert wait_for(lambda: BoundaryFired.objects.filter(key=key).count() == 1)
    assert BoundaryFired.objects.filter(key=key).count() == 1


def test_a_worker_started_in_this_process_leaves_its_writes_to_the_composer_thread(
    api, settings, monkeypatch
):
    """Composing inside the task is the worker's business: once a worker has run
    here, a write of this process still answers before its messages are composed
    (README "How a floor action flows")."""
    from screens import compose, composer

    with start_worker(app, perform_ping_check=False, pool="solo", concurrency=1):
        pass
    tournament = api.post("/tournaments", {"name": "After the worker"}).json()
    settings.SCREENS_COMPOSE = composer.THREAD
    composed_in: list[str] = []
    monkeypatch.setattr(
        compose, "send", lambda change: composed_in.append(threading.current_thread().name)
    )
    assert api.put(f"/tournaments/{tournament['id']}/structure", STRUCTURE).status_code == 200
    assert composer.drained(timeout=20)
    assert composed_in and threading.current_thread().name not in composed_in
