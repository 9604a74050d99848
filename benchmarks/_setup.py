"""Shared set-up for the benchmarks: a fresh PostgreSQL database and a big field."""

from __future__ import annotations

import os
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("DEBUG", "true")
os.environ.setdefault("DATABASE_URL", "postgres://postgres@127.0.0.1:5432/td_benchmark")
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
os.environ.setdefault("ALLOWED_HOSTS", "testserver")


def as_production() -> None:
    """DEBUG off, as a server runs: with it on, Django keeps every query's SQL and
    time, and the timed requests paid for that bookkeeping. Call before django.setup()."""
    os.environ["DEBUG"] = "false"
    os.environ.setdefault("SECRET_KEY", "benchmark-only-secret-key-" + "x" * 32)


def prepare_database() -> None:
    """Create the benchmark database if needed and migrate it."""
    url = os.environ["DATABASE_URL"]
    if url.startswith("postgres"):
        import psycopg

        base, name = url.rsplit("/", 1)
        with psycopg.connect(f"{base}/postgres", autocommit=True) as conn:
            exists = conn.execute(
                "SELECT 1 FROM pg_database WHERE datname = %s", (name,)
            ).fetchone()
            if exists:
                conn.execute(f'DROP DATABASE "{name}" WITH (FORCE)')
            conn.execute(f'CREATE DATABASE "{name}"')
    import django

    django.setup()
    from django.core.management import call_command

    call_command("migrate", verbosity=0)


def api_client():
    from django.contrib.auth import get_user_model
    from django.contrib.auth.models import Group
    from django.test import Client

    from tournament.api.auth import issue_token
    from tournament.roles import ensure_role_groups

    ensure_role_groups()
    user = get_user_model().objects.create_user("bench")
    user.groups.add(Group.objects.get(name="director"))
    token = issue_token(user)
    client = Client(HTTP_AUTHORIZATION=f"Bearer {token}")
    return client


def server_like_client():
    """DEBUG off, a fresh database, the director's API client, and the objects of
    start-up frozen out of the collector, as in a server after start-up."""
    import gc

    as_production()
    prepare_database()
    client = api_client()
    gc.collect()
    gc.freeze()
    return client


def big_field(client, *, entries: int, tables: int) -> int:
    """A tournament with `tables` open tables and `entries` registered entries (bulk set-up)."""
    from tournament.models import Entry, Player

    response = client.post(
        "/api/v1/tournaments", {"name": "Benchmark"}, content_type="application/json"
    )
    tournament_id = response.json()["id"]
    client.post(
        f"/api/v1/tournaments/{tournament_id}/tables",
        {"count": tables, "seats": 9},
        content_type="application/json",
    )
    players = Player.objects.bulk_create(Player(name=f"Player {i:05}") for i in range(entries))
    Entry.objects.bulk_create(
        Entry(tournament_id=tournament_id, player=player) for player in players
    )
    return tournament_id


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    index = min(len(ordered) - 1, max(0, round(fraction * (len(ordered) - 1))))
    return ordered[index]


def clock() -> float:
    return time.perf_counter()
