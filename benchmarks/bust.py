"""Bust-outs through the API at 110 and at 1,100 tables, balancing planned.

Targets (README "Screen messages"): p99 < 25 ms at 1,100 tables, and p50 at 1,100 tables
within 20 % of p50 at 110 tables: a bust must not cost more as the floor
grows. Between busts the floor carries out the planned moves, as on a real
floor; only the bust requests are timed. Also prints the SQL queries per bust.

.venv/bin/python benchmarks/bust.py [--busts 300] [--profile]
"""

import argparse
import cProfile
import gc
import pstats
import random

from _setup import api_client, big_field, clock, percentile, prepare_database


def run(client, tables: int, busts: int, profiler: cProfile.Profile | None) -> list[float]:
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    from tables.models import Move, Seat

    tournament_id = big_field(client, entries=9 * tables, tables=tables)
    client.post(f"/api/v1/tournaments/{tournament_id}/draw")
    seated = list(
        Seat.objects.filter(table__tournament_id=tournament_id, entry__isnull=False).values_list(
            "entry_id", flat=True
        )
    )
    rng = random.Random(1)
    rng.shuffle(seated)
    timings, queries = [], []
    for entry_id in seated[:busts]:
        with CaptureQueriesContext(connection) as captured:
            if profiler:
                profiler.enable()
            started = clock()
            response = client.post(f"/api/v1/entries/{entry_id}/bust")
            timings.append((clock() - started) * 1000)
            if profiler:
                profiler.disable()
        queries.append(len(captured))
        assert response.status_code in (200, 409), response.content[:300]
        # The floor carries out the planned moves before the next bust (not timed).
        for move_id in Move.objects.filter(
            tournament_id=tournament_id, status="pending"
        ).values_list("pk", flat=True):
            client.post(f"/api/v1/moves/{move_id}/done")
    print(
        f"bust with {tables} tables: n={len(timings)} p50={percentile(timings, 0.5):.1f} ms "
        f"p99={percentile(timings, 0.99):.1f} ms max={max(timings):.1f} ms, "
        f"queries per bust {min(queries)}-{max(queries)}"
    )
    return timings


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--busts", type=int, default=300)
    parser.add_argument("--profile", action="store_true", help="profile the 1,100-table busts")
    args = parser.parse_args()
    prepare_database()
    client = api_client()
    # As a server after start-up: a full collection then skips the start-up objects.
    gc.collect()
    gc.freeze()
    small = run(client, 110, args.busts, None)
    profiler = cProfile.Profile() if args.profile else None
    big = run(client, 1100, args.busts, profiler)
    ratio = percentile(big, 0.5) / percentile(small, 0.5)
    print(
        f"p99 at 1100 tables {percentile(big, 0.99):.1f} ms (target < 25 ms); "
        f"p50 1100/110 = {ratio:.2f} (target <= 1.20)"
    )
    if profiler:
        # Our own code only: where a bust spends its time between the handlers.
        stats = pstats.Stats(profiler).sort_stats("cumulative")
        stats.print_stats(r"(tables|tournament|clock|rulings|screens)/(?!.*site-packages)", 60)


if __name__ == "__main__":
    main()
