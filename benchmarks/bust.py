"""Bust-outs through the API at 10, 110 and 1,100 tables on PostgreSQL, balancing planned.

Targets (README "Benchmarks"): p50 <= 10 ms and p99 < 25 ms at 1,100 tables;
p50 at 1,100 tables within 20 % of p50 at 110 tables (a bust must not cost
more as the floor grows); the SQL queries of a quiet bust (one that plans no
move) <= 15 and the same at 10 and at 1,100 tables. Between busts the floor
carries out the planned moves, as on a real floor; only the bust requests are
timed. The composer thread builds the screens' messages after each answer
(README "How a floor action flows"); the queries counted are the request's own.

.venv/bin/python benchmarks/bust.py [--busts 200] [--tables 10,110,1100] [--profile]

Creates a throw-away PostgreSQL database td_benchmark (override with DATABASE_URL;
benchmarks/bust_sqlite.py runs the same busts on the embedded default).
"""

import argparse
import cProfile
import gc
import pstats
import random
import time

from _setup import api_client, as_production, big_field, clock, percentile, prepare_database


class QueryCount:
    """Counts the SQL statements sent (all a bust's figure needs; Django's query
    capture would add its bookkeeping to the timed request)."""

    def __init__(self) -> None:
        self.count = 0

    def __call__(self, execute, sql, params, many, context):
        self.count += 1
        return execute(sql, params, many, context)

    def __len__(self) -> int:
        return self.count


def run(
    client, tables: int, busts: int, profiler: cProfile.Profile | None = None
) -> tuple[list[float], list[int]]:
    """Timings of the busts (ms) and the SQL queries of each quiet one."""
    from django.db import connection

    from screens import composer
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
    timings, queries, quiet, processor, planning = [], [], [], [], []
    for entry_id in seated[:busts]:
        # The screens' messages of what came before are composed (not timed): the
        # composer thread's work must not land in the next bust's time.
        composer.drained()
        captured = QueryCount()
        with connection.execute_wrapper(captured):
            if profiler:
                profiler.enable()
            started, started_cpu = clock(), time.thread_time()
            response = client.post(f"/api/v1/entries/{entry_id}/bust")
            timings.append((clock() - started) * 1000)
            # The request's own processor time (the test client runs it in this
            # thread): what the code costs, whatever else the cores are doing.
            processor.append((time.thread_time() - started_cpu) * 1000)
            if profiler:
                profiler.disable()
        queries.append(len(captured))
        assert response.status_code in (200, 409), response.content[:300]
        # The floor carries out the planned moves before the next bust (not timed).
        planned = list(
            Move.objects.filter(tournament_id=tournament_id, status="pending").values_list(
                "pk", flat=True
            )
        )
        if response.status_code == 200 and not planned:
            quiet.append(len(captured))
        elif planned:
            planning.append(processor[-1])
        for move_id in planned:
            client.post(f"/api/v1/moves/{move_id}/done")
    print(
        f"bust with {tables} tables: n={len(timings)} p50={percentile(timings, 0.5):.1f} ms "
        f"p99={percentile(timings, 0.99):.1f} ms max={max(timings):.1f} ms, "
        f"processor time p50={percentile(processor, 0.5):.1f} ms "
        f"p99={percentile(processor, 0.99):.1f} ms "
        f"(of the {len(planning)} busts that planned moves: p50="
        f"{percentile(planning, 0.5) if planning else 0:.1f} ms), "
        f"queries per bust {min(queries)}-{max(queries)}, "
        f"of a quiet bust {percentile(quiet, 0.5) if quiet else '-'} "
        f"({len(quiet)} quiet busts, {min(quiet, default='-')}-{max(quiet, default='-')})"
    )
    return timings, quiet


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--busts", type=int, default=200)
    parser.add_argument("--tables", default="10,110,1100", help="floor sizes, comma-separated")
    parser.add_argument("--profile", action="store_true", help="profile the largest floor's busts")
    args = parser.parse_args()
    as_production()
    sizes = sorted(int(n) for n in args.tables.split(","))
    prepare_database()
    client = api_client()
    # As a server after start-up: a full collection then skips the start-up objects.
    gc.collect()
    gc.freeze()
    profiler = cProfile.Profile() if args.profile else None
    results = {
        n: run(client, n, min(args.busts, 4 * n), profiler if n == sizes[-1] else None)
        for n in sizes
    }
    big, quiet_big = results[sizes[-1]]
    print(
        f"at {sizes[-1]} tables p50 {percentile(big, 0.5):.1f} ms (target <= 10 ms), "
        f"p99 {percentile(big, 0.99):.1f} ms (target < 25 ms)"
    )
    if 110 in results and 1100 in results:
        ratio = percentile(results[1100][0], 0.5) / percentile(results[110][0], 0.5)
        print(f"p50 1100/110 = {ratio:.2f} (target <= 1.20)")
    quiet = {n: sorted(set(q)) for n, (_t, q) in results.items()}
    print(f"queries of a quiet bust by floor size: {quiet} (target <= 15, the same at every size)")
    if profiler:
        # Our own code only: where a bust spends its time between the handlers.
        stats = pstats.Stats(profiler).sort_stats("cumulative")
        stats.print_stats(r"(tables|tournament|clock|rulings|screens)/(?!.*site-packages)", 60)


if __name__ == "__main__":
    main()
