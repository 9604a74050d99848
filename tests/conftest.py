from __future__ import annotations

import json
import os
from decimal import Decimal
from typing import Any

import pytest
from browser_support import chromium_browser
from django.contrib.auth import get_user_model
from django.contrib.auth.models import Group
from django.test import Client
from hypothesis import HealthCheck
from hypothesis import settings as hypothesis_settings

from cashdesk.services import shifts
from tournament.api.auth import issue_token
from tournament.roles import DESK, DIRECTOR, ensure_role_groups

# No test measures speed (README "Benchmarks"): hypothesis' default deadline of
# 200 ms per example, and its check that inputs are drawn within a second,
# failed property tests when both CI suites shared the cores.
hypothesis_settings.register_profile(
    "shared-cores", deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
hypothesis_settings.load_profile("shared-cores")


class ApiClient:
    """A JSON client for /api/v1 that signs its requests with a bearer token."""

    def __init__(self, token: str | None) -> None:
        self.client = Client()
        self.headers = {"HTTP_AUTHORIZATION": f"Bearer {token}"} if token else {}

    def _call(self, method: str, path: str, body: Any = None, raw: str | None = None):
        data = raw if raw is not None else (json.dumps(body) if body is not None else None)
        kwargs: dict[str, Any] = dict(self.headers)
        if data is not None:
            kwargs.update(data=data, content_type="application/json")
        return getattr(self.client, method)(f"/api/v1{path}", **kwargs)

    def get(self, path: str):
        return self._call("get", path)

    def post(self, path: str, body: Any = None, raw: str | None = None):
        return self._call(
            "post", path, body if body is not None else ({} if raw is None else None), raw
        )

    def put(self, path: str, body: Any = None, raw: str | None = None):
        return self._call("put", path, body, raw)

    def patch(self, path: str, body: Any = None):
        return self._call("patch", path, body)

    def delete(self, path: str):
        return self._call("delete", path)


def make_staff(username: str, role: str, *, shift: bool = True):
    """A signed-up member of staff. The desk and directors take cash, so they
    start with an open shift on a cash box of their own, as at a real desk
    (README "Cash desk"); ``shift=False`` for tests of shifts themselves."""
    ensure_role_groups()
    user = get_user_model().objects.create_user(username=username, password="pw-" + username)
    user.groups.add(Group.objects.get(name=role))
    if shift and role in (DESK, DIRECTOR):
        open_a_shift(user)
    return user


def open_a_shift(user, float_amount: str = "0"):
    """The user's shift on his own cash box (made for him), through the services."""
    box = shifts.cash_box_create(name=f"Kasse {user.get_username()}", by=user)
    return shifts.shift_open(box_id=box.pk, float_amount=Decimal(float_amount), by=user)


@pytest.fixture(scope="session", autouse=True)
def _redis_starts_empty():
    """The production run's Redis database starts empty, as its test database
    does: what an earlier run left there (a rate limit's count, results kept
    under a tournament id and version that the new database gives again)
    belongs to rows that no longer exist (README "Tests")."""
    from django.conf import settings

    if settings.REDIS_URL:
        import redis

        redis.Redis.from_url(settings.REDIS_URL).flushdb()
    yield


@pytest.fixture
def director(db):
    return make_staff("dora", "director")


@pytest.fixture
def floor_user(db):
    return make_staff("fritz", "floor")


@pytest.fixture
def desk_user(db):
    return make_staff("dana", "desk")


@pytest.fixture
def api(director) -> ApiClient:
    return ApiClient(issue_token(director))


@pytest.fixture
def floor_api(floor_user) -> ApiClient:
    return ApiClient(issue_token(floor_user))


@pytest.fixture
def desk_api(desk_user) -> ApiClient:
    return ApiClient(issue_token(desk_user))


@pytest.fixture
def anonymous_api(db) -> ApiClient:
    return ApiClient(None)


@pytest.fixture
def tournament(api) -> dict:
    response = api.post(
        "/tournaments",
        {
            "name": "Friday Freezeout",
            "starting_stack": 20000,
            "buy_in": "50",
            "fee": "5",
            "final_table_size": 9,
            "late_registration_levels": 4,
            "max_entries": 1,
        },
    )
    assert response.status_code == 201, response.content
    return response.json()


@pytest.fixture(autouse=True)
def _fast_password_hashing(settings):
    # Hashing with the production hasher costs ~0.3 s per user; tests make many.
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture(autouse=True)
def _writes_must_record(settings):
    # A write that changes rows and tells the screens nothing fails the test
    # (tournament/writes); a lock asked for out of the room's order fails it too.
    settings.WRITES_MUST_RECORD = True
    settings.WRITES_LOCK_ORDER_CHECKED = True


@pytest.fixture(autouse=True)
def _screens_compose_inline(settings):
    # A test reads a write's message right after it, often inside the test's own
    # transaction, where the composer thread could not see the rows: compose in
    # the committing thread. The composer thread's own tests ask for it
    # (tests/screens/test_composer_thread.py).
    settings.SCREENS_COMPOSE = "inline"


@pytest.fixture(autouse=True)
def _celery_tasks_in_process(request):
    """Tasks run in the test's own process unless a test asks for a real worker.

    With REDIS_URL set (CI's production run) tasks would otherwise wait for a
    worker that the test does not start; tests marked `celery_worker` start one.
    """
    from config.celery import app

    if request.node.get_closest_marker("celery_worker"):
        yield
        return
    previous = app.conf.task_always_eager
    app.conf.task_always_eager = True
    yield
    app.conf.task_always_eager = previous


@pytest.fixture
def fresh_signin_counts():
    """Sign-in failure counts start and end empty (they live in the cache and,
    while Redis is away, in the process)."""
    from django.core.cache import cache

    from tournament.signin import counts

    cache.clear()
    counts.reset()
    yield
    cache.clear()
    counts.reset()


@pytest.fixture(autouse=True, scope="session")
def _ledger_guards_let_the_runner_flush():
    """The ledger's append-only triggers (cashdesk/triggers.py) refuse a DELETE;
    SQLite empties tables with DELETE after a transactional test, so the flush
    lifts them for its own statements and puts them back. On PostgreSQL no row
    trigger fires during the flush (``_postgresql_flush_deletes``)."""
    from django.db import connection

    from cashdesk.triggers import guard_statements

    if connection.vendor != "sqlite":
        yield
        return
    DatabaseOperations = type(connection.ops)
    original = DatabaseOperations.execute_sql_flush

    def flush(self, sql_list):
        lifted = guard_statements("sqlite", install=False)
        return original(self, [*lifted, *sql_list, *guard_statements("sqlite")])

    DatabaseOperations.execute_sql_flush = flush
    yield
    DatabaseOperations.execute_sql_flush = original


@pytest.fixture(autouse=True, scope="session")
def _postgresql_flush_deletes():
    """After a transactional test, PostgreSQL empties the tables with one TRUNCATE
    of all of them: a new file for every table and index, 2 s a test on CI's
    shared machine. DELETE of the few rows a test leaves takes a tenth of that;
    with the session's replication role set to replica no trigger fires (nor the
    foreign keys' checks), as none fires for TRUNCATE. Only a superuser may set
    it (CI's postgres); anyone else truncates."""
    from django.db import connection

    if connection.vendor != "postgresql":
        yield
        return
    DatabaseOperations = type(connection.ops)
    original = DatabaseOperations.sql_flush
    superuser: list[bool] = []

    def sql_flush(self, style, tables, *, reset_sequences=False, allow_cascade=False):
        if not superuser:
            with self.connection.cursor() as cursor:
                cursor.execute("SELECT rolsuper FROM pg_roles WHERE rolname = current_user")
                superuser.append(bool(cursor.fetchone()[0]))
        if reset_sequences or allow_cascade or not tables or not superuser[0]:
            return original(
                self, style, tables, reset_sequences=reset_sequences, allow_cascade=allow_cascade
            )
        deletes = [f"DELETE FROM {self.quote_name(table)}" for table in tables]
        # Back to the default at once: a flush inside a test's own transaction
        # leaves the triggers on for the rest of it.
        return [
            "SET LOCAL session_replication_role = replica",
            *deletes,
            "SET LOCAL session_replication_role = origin",
        ]

    DatabaseOperations.sql_flush = sql_flush
    yield
    DatabaseOperations.sql_flush = original


@pytest.fixture(scope="module")
def browser():
    """Debian's chromium for the browser tests of one module (tests/browser_support.py)."""
    with chromium_browser() as chromium:
        yield chromium


# The database's own fixtures: a test that asks for none of them runs the same
# code on any database.
DATABASE_FIXTURES = frozenset({"db", "transactional_db", "live_server", "django_db_setup"})
PRODUCTION_MARKS = ("django_db", "postgres", "redis", "celery_worker")


def uses_the_production_stack(item: pytest.Item) -> bool:
    """What the production run must see again: a test of the database, Redis or a worker."""
    if any(item.get_closest_marker(mark) for mark in PRODUCTION_MARKS):
        return True
    return bool(DATABASE_FIXTURES & set(getattr(item, "fixturenames", ())))


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """CI's production run (README "Tests") leaves out what touches neither the
    database nor Redis: the embedded run has run that same code already."""
    if os.environ.get("PRODUCTION_RUN") != "1":
        return
    kept = [item for item in items if uses_the_production_stack(item)]
    left_out = [item for item in items if not uses_the_production_stack(item)]
    if left_out:
        config.hook.pytest_deselected(items=left_out)
        items[:] = kept
