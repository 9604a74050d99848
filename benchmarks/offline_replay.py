"""What an offline floor costs the server (README "Benchmarks", "Sent twice, done once").

Part ``key``: the extra cost of an ``Idempotency-Key`` on a bust. Busts through
the API on one floor of 110 tables, every other one with a key (so both kinds
meet the same floor, the same composer and the same machine load), the floor
carrying out the planned moves between busts (not timed). Reports p50 and p99
of each kind, the difference of the p50s (target < 1 ms) and the SQL statements
of a quiet bust (one that plans no move) with and without a key (target: at
most one more). A repeat of a keyed bust is timed too: it answers from the key.

.venv/bin/python benchmarks/offline_replay.py [--busts 300] [--tables 110]

Creates a throw-away PostgreSQL database td_benchmark (override with DATABASE_URL).
"""

from __future__ import annotations

import argparse
import os
import random
import time

from _setup import big_field, clock, percentile, server_like_client
from bust import QueryCount


def bust_once(client, entry_id: int, key: str | None) -> tuple[float, float, int, int]:
    """(ms, processor ms, statements, status) of one bust, with or without a key:
    the processor time is the request's own (the test client runs it in this
    thread), what the code costs whatever else the cores are doing."""
    from django.db import connection

    headers = {"HTTP_IDEMPOTENCY_KEY": key} if key else {}
    counted = QueryCount()
    with connection.execute_wrapper(counted):
        started, started_cpu = clock(), time.thread_time()
        response = client.post(
            f"/api/v1/entries/{entry_id}/bust", "{}", content_type="application/json", **headers
        )
        took, cpu = (clock() - started) * 1000, (time.thread_time() - started_cpu) * 1000
    return took, cpu, len(counted), response.status_code


def key_cost(client, tables: int, busts: int) -> None:
    from screens import composer
    from tables.models import Move, Seat

    tournament_id = big_field(client, entries=9 * tables, tables=tables)
    client.post(f"/api/v1/tournaments/{tournament_id}/draw")
    seated = list(
        Seat.objects.filter(table__tournament_id=tournament_id, entry__isnull=False).values_list(
            "entry_id", flat=True
        )
    )
    random.Random(1).shuffle(seated)
    timed: dict[bool, list[float]] = {False: [], True: []}
    processor: dict[bool, list[float]] = {False: [], True: []}
    quiet: dict[bool, list[int]] = {False: [], True: []}
    repeats: list[float] = []
    for n, entry_id in enumerate(seated[:busts]):
        composer.drained()  # what came before is composed, not timed
        keyed = n % 2 == 1
        key = f"bench-device-{n:06d}" if keyed else None
        took, cpu, statements, status = bust_once(client, entry_id, key)
        assert status in (200, 409), status
        timed[keyed].append(took)
        processor[keyed].append(cpu)
        planned = list(
            Move.objects.filter(tournament_id=tournament_id, status="pending").values_list(
                "pk", flat=True
            )
        )
        if status == 200 and not planned:
            quiet[keyed].append(statements)
        if keyed:
            composer.drained()
            repeats.append(bust_once(client, entry_id, key)[0])
        for move_id in planned:
            client.post(f"/api/v1/moves/{move_id}/done")
    plain, with_key = timed[False], timed[True]
    extra = percentile(with_key, 0.5) - percentile(plain, 0.5)
    statements = {k: sorted(set(v)) for k, v in quiet.items()}
    load = " ".join(f"{x:.2f}" for x in os.getloadavg())
    print(f"load average before: {load}")
    print(
        f"bust at {tables} tables without a key: n={len(plain)} "
        f"p50={percentile(plain, 0.5):.2f} ms p99={percentile(plain, 0.99):.2f} ms; "
        f"with a key: n={len(with_key)} p50={percentile(with_key, 0.5):.2f} ms "
        f"p99={percentile(with_key, 0.99):.2f} ms"
    )
    print(f"extra p50 of a key: {extra:.2f} ms (target < 1 ms)")
    mine = {k: percentile(v, 0.5) for k, v in processor.items()}
    print(
        f"processor time p50: without a key {mine[False]:.2f} ms, with a key "
        f"{mine[True]:.2f} ms, extra {mine[True] - mine[False]:.2f} ms"
    )
    print(
        f"statements of a quiet bust: without a key {statements[False]}, with a key "
        f"{statements[True]} (target: at most one more)"
    )
    print(
        f"a repeat with the same key (answered from the key): p50="
        f"{percentile(repeats, 0.5):.2f} ms p99={percentile(repeats, 0.99):.2f} ms"
    )
    print(f"load average after: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--busts", type=int, default=300)
    parser.add_argument("--tables", type=int, default=110)
    parser.add_argument("--part", choices=["key"], default="key")
    args = parser.parse_args()
    client = server_like_client()
    key_cost(client, args.tables, min(args.busts, 4 * args.tables))


if __name__ == "__main__":
    main()
