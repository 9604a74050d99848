"""Bust-outs through the API at 10, 110 and 1,100 tables on PostgreSQL, balancing planned.

Targets (README "Benchmarks"): p50 <= 10 ms and p99 < 25 ms at 1,100 tables;
the busts that plan moves: p50 at the largest floor within 20 % of the
smallest (printed with their queries and the rows they fetch at each size);
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
        self.rows = 0  # rows the code fetched back

    def __call__(self, execute, sql, params, many, context):
        self.count += 1
        result = execute(sql, params, many, context)
        wrapper = context["cursor"]
        if not isinstance(wrapper.cursor, _Counting):
            wrapper.cursor = _Counting(wrapper.cursor, self)
        else:
            wrapper.cursor.counter = self
        return result

    def __len__(self) -> int:
        return self.count


class _Counting:
    """The driver's cursor, counting the rows the code fetches (rows read back)."""

    def __init__(self, cursor, counter: QueryCount) -> None:
        self._cursor, self.counter = cursor, counter

    def __getattr__(self, name):
        return getattr(self._cursor, name)

    def __iter__(self):
        for row in self._cursor:
            self.counter.rows += 1
            yield row

    def fetchone(self):
        row = self._cursor.fetchone()
        self.counter.rows += row is not None
        return row

    def fetchmany(self, *args):
        rows = self._cursor.fetchmany(*args)
        self.counter.rows += len(rows)
        return rows

    def fetchall(self):
        rows = self._cursor.fetchall()
        self.counter.rows += len(rows)
        return rows


def run(
    client, tables: int, busts: int, profiler: cProfile.Profile | None = None
) -> tuple[list[float], list[int]]:
    """Timings of the busts (ms), the SQL queries of each quiet one, and the wall
    times, queries and rows fetched of the busts that planned moves."""
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
    planning_wall, planning_queries, planning_rows = [], [], []
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
            planning_wall.append(timings[-1])
            planning_queries.append(len(captured))
            planning_rows.append(captured.rows)
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
    if planning_wall:
        print(
            f"  planning busts at {tables} tables: n={len(planning_wall)} "
            f"p50={percentile(planning_wall, 0.5):.1f} ms "
            f"p99={percentile(planning_wall, 0.99):.1f} ms, "
            f"queries {min(planning_queries)}-{max(planning_queries)} "
            f"(p50 {percentile(planning_queries, 0.5)}), rows fetched "
            f"{min(planning_rows)}-{max(planning_rows)} (p50 {percentile(planning_rows, 0.5)})"
        )
    return timings, quiet, planning_wall


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--busts", type=int, default=200)
    parser.add_argument("--tables", default="10,110,1100", help="floor sizes, comma-separated")
    parser.add_argument("--profile", action="store_true", help="profile the largest floor's busts")
    parser.add_argument("--profile-file", help="also write the profile there (pstats format)")
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
    big, _quiet_big, planning_big = results[sizes[-1]]
    planning_small = results[sizes[0]][2]
    print(
        f"at {sizes[-1]} tables p50 {percentile(big, 0.5):.1f} ms (target <= 10 ms), "
        f"p99 {percentile(big, 0.99):.1f} ms (target < 25 ms)"
    )
    if 110 in results and 1100 in results:
        ratio = percentile(results[1100][0], 0.5) / percentile(results[110][0], 0.5)
        print(f"p50 1100/110 = {ratio:.2f} (target <= 1.20)")
    if planning_big and planning_small and len(sizes) > 1:
        ratio = percentile(planning_big, 0.5) / percentile(planning_small, 0.5)
        print(
            f"planning busts p50 {sizes[-1]}/{sizes[0]} = {ratio:.2f} (target <= 1.20; "
            f"{percentile(planning_big, 0.5):.1f} / {percentile(planning_small, 0.5):.1f} ms)"
        )
    quiet = {n: sorted(set(q)) for n, (_t, q, _p) in results.items()}
    print(f"queries of a quiet bust by floor size: {quiet} (target <= 15, the same at every size)")
    if profiler:
        # Our own code only: where a bust spends its time between the handlers.
        stats = pstats.Stats(profiler).sort_stats("cumulative")
        stats.print_stats(r"(tables|tournament|clock|rulings|screens)/(?!.*site-packages)", 60)
        if args.profile_file:
            profiler.dump_stats(args.profile_file)


if __name__ == "__main__":
    main()
