"""What an offline floor costs the server (README "Benchmarks", "Sent twice,
done once", "When the network drops"). Two parts, both by default.

Part ``key``: the extra cost of an ``Idempotency-Key`` on a bust. Busts through
the API on one floor of 110 tables, every other one with a key (so both kinds
meet the same floor, the same composer and the same machine load), the floor
carrying out the planned moves between busts (not timed). The key's cost is the
difference of the p50s over the quiet busts (those that plan no move: the same
work with and without a key; target < 1 ms), in wall and processor time, and
the SQL statements of a quiet bust (target: at most one more). The busts that
plan moves are not the same work in the two halves (which of them plan a move
depends on the order of the busts: 52 of the keyed half and 24 of the other on the
default floor), so the p50s over all busts are printed too but are not the
key's cost. A repeat of a keyed bust is timed too: it answers from the key.

Part ``replay``: ten tablets back online at once, each sending the actions it
kept while the server was away. Target: 300 queued actions from 10 devices
all applied < 10 s after the reconnect. Each device is a thread that sends its
queue as offline_queue.js does: in the order taken, one at a time, with the
headers Idempotency-Key, Device-Time, Device-Name and Offline-Queue: 1; a 2xx
or a refusal (403, 404, 409, 422) takes an action off, a network failure or a
5xx tries it again. The mix per device: busts at its tables (a few players
busted on two tablets, whose second bust is refused with a 409), chip counts
and next hands, on 40 drawn tables and one daphne process with Redis fan-out
(REDIS_URL, default redis://127.0.0.1:6379/0). Then every queue is sent a
second time: every answer must be the stored one and the tournament's version
must not move (exactly once).

``--one-by-one``: the replay as before the queue's own request (README "When
the network drops"): one request per action. By default each device sends its
queue as offline_queue.js does now with more than one action kept: in one
request to POST /api/v1/offline-queue, each action still its own write with its
own key; a busy one and those after it are sent again in one request after its
Retry-After.

.venv/bin/python benchmarks/offline_replay.py [--part key|replay|both] [--busts 300]
    [--tables 110] [--devices 10] [--actions 300] [--replay-tables 40] [--one-by-one]

Creates a throw-away PostgreSQL database td_offline_replay (override with DATABASE_URL).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import shutil
import threading
import time
import urllib.error
import urllib.request
import uuid
from collections import Counter
from datetime import datetime, timedelta

os.environ.setdefault("DATABASE_URL", "postgres://postgres@127.0.0.1:5432/td_offline_replay")

from _servers import Server, production_env  # noqa: E402
from _setup import big_field, clock, drawn_field, percentile, server_like_client  # noqa: E402
from bust import QueryCount  # noqa: E402

AWAY = (502, 503, 504)
REFUSED = (403, 404, 409, 422)


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
    quiet: dict[bool, list[tuple[float, float, int]]] = {False: [], True: []}
    pairs: list[tuple[float, float]] = []  # keyed minus plain, of two quiet busts in a row
    repeats: list[float] = []
    plain_before: tuple[float, float, int] | None = None
    for n, entry_id in enumerate(seated[:busts]):
        composer.drained()  # what came before is composed, not timed
        keyed = n % 2 == 1
        key = f"bench-device-{n:06d}" if keyed else None
        took, cpu, statements, status = bust_once(client, entry_id, key)
        assert status in (200, 409), status
        timed[keyed].append(took)
        planned = list(
            Move.objects.filter(tournament_id=tournament_id, status="pending").values_list(
                "pk", flat=True
            )
        )
        if status == 200 and not planned:
            quiet[keyed].append((took, cpu, statements))
            if keyed and plain_before is not None:
                pairs.append((took - plain_before[0], cpu - plain_before[1]))
        plain_before = (took, cpu, statements) if not (keyed or planned) and status == 200 else None
        if keyed:
            composer.drained()
            repeats.append(bust_once(client, entry_id, key)[0])
        for move_id in planned:
            client.post(f"/api/v1/moves/{move_id}/done")
    print(f"load average before: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    _print_key_cost(tables, timed, quiet, repeats)
    print(
        f"  paired (a keyed quiet bust minus the plain quiet bust just before it, n={len(pairs)}): "
        f"wall p50 {percentile([p[0] for p in pairs], 0.5):.2f} ms, processor time p50 "
        f"{percentile([p[1] for p in pairs], 0.5):.2f} ms"
    )
    print(f"load average after: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")


def _print_key_cost(
    tables: int,
    timed: dict[bool, list[float]],
    quiet: dict[bool, list[tuple[float, float, int]]],
    repeats: list[float],
) -> None:
    wall = {k: percentile([q[0] for q in v], 0.5) for k, v in quiet.items()}
    mine = {k: percentile([q[1] for q in v], 0.5) for k, v in quiet.items()}
    statements = {k: sorted({q[2] for q in v}) for k, v in quiet.items()}
    print(
        f"quiet busts at {tables} tables (no move planned; the same work with and without "
        f"a key): n={len(quiet[False])} without, n={len(quiet[True])} with a key"
    )
    print(
        f"  wall p50: without a key {wall[False]:.2f} ms, with a key {wall[True]:.2f} ms; "
        f"extra p50 of a key: {wall[True] - wall[False]:.2f} ms (target < 1 ms)"
    )
    print(
        f"  processor time p50: without a key {mine[False]:.2f} ms, with a key "
        f"{mine[True]:.2f} ms, extra {mine[True] - mine[False]:.2f} ms"
    )
    print(
        f"  statements: without a key {statements[False]}, with a key "
        f"{statements[True]} (target: at most one more)"
    )
    plain, with_key = timed[False], timed[True]
    print(
        f"all busts (with those that plan moves, not the same work in the two halves): "
        f"without a key n={len(plain)} p50={percentile(plain, 0.5):.2f} ms "
        f"p99={percentile(plain, 0.99):.2f} ms; with a key n={len(with_key)} "
        f"p50={percentile(with_key, 0.5):.2f} ms p99={percentile(with_key, 0.99):.2f} ms"
    )
    print(
        f"a repeat with the same key (answered from the key): p50="
        f"{percentile(repeats, 0.5):.2f} ms p99={percentile(repeats, 0.99):.2f} ms"
    )


def device_time(at: datetime) -> str:
    return at.astimezone().isoformat(timespec="milliseconds")


def queues(tables: list[dict], devices: int, actions: int) -> list[list[dict]]:
    """Each device's actions in the order taken: it looks after its own tables."""
    per = actions // devices
    taken = datetime.now() - timedelta(minutes=30)
    out: list[list[dict]] = []
    for d in range(devices):
        mine = tables[d::devices]
        players = [p for t in mine for p in t["players"]]
        # Busts from the end of the list, counts from its start: no count of a busted player.
        counted = players[: len(players) - (per + 2) // 3]
        queue = []
        for n in range(per):
            kind = n % 3
            if kind == 0:
                player = players.pop()
                path, body = f"/entries/{player['entry']}/bust", {}
            elif kind == 1:
                player = counted[n % len(counted)]
                path, body = f"/entries/{player['entry']}/chips", {"chips": 20_000 + n}
            else:
                path, body = f"/tables/{mine[n % len(mine)]['id']}/hands", {}
            method = "PUT" if path.endswith("/chips") else "POST"
            queue.append(
                {
                    "method": method,
                    "path": path,
                    "body": body,
                    "key": str(uuid.uuid4()),
                    "time": device_time(taken + timedelta(seconds=n * 7)),
                    "device": f"tablet-{d + 1:02}",
                }
            )
        out.append(queue)
    # Two tablets bust the same player: the later one is refused (409).
    for d in range(0, devices - 1, 3):
        twin = dict(next(a for a in out[d] if a["path"].endswith("/bust")))
        twin.update(key=str(uuid.uuid4()), device=f"tablet-{d + 2:02}")
        out[d + 1].append(twin)
    return out


def send(server: Server, token: str, action: dict) -> tuple[int, bool, str]:
    request = urllib.request.Request(
        f"{server.url}/api/v1{action['path']}",
        data=json.dumps(action["body"]).encode(),
        method=action["method"],
        headers={
            "Authorization": f"Bearer {token}",
            "Content-Type": "application/json",
            "Idempotency-Key": action["key"],
            "Device-Time": action["time"],
            "Device-Name": action["device"],
            "Offline-Queue": "1",
        },
    )
    try:
        with urllib.request.urlopen(request, timeout=60) as response:
            response.read()
            return response.status, response.headers.get("Idempotent-Replayed") == "true", ""
    except urllib.error.HTTPError as exc:
        detail = exc.read().decode(errors="replace")
        exc.close()
        return exc.code, exc.headers.get("Idempotent-Replayed") == "true", detail


def send_queue(server: Server, token: str, queue: list[dict]) -> tuple[int, dict | None]:
    actions = [
        {
            "method": a["method"],
            "path": f"/api/v1{a['path']}",
            "key": a["key"],
            "device_time": a["time"],
            "device": a["device"],
            "body": a["body"],
        }
        for a in queue
    ]
    request = urllib.request.Request(
        f"{server.url}/api/v1/offline-queue",
        data=json.dumps({"actions": actions}).encode(),
        method="POST",
        headers={"Authorization": f"Bearer {token}", "Content-Type": "application/json"},
    )
    try:
        with urllib.request.urlopen(request, timeout=120) as response:
            return response.status, json.loads(response.read())
    except urllib.error.HTTPError as exc:
        exc.close()
        return exc.code, None
    except OSError:
        return 0, None


def replay_at_once(server: Server, token: str, queue: list[dict], out: dict) -> None:
    """The queue in one request; from a busy action on, again after its Retry-After."""
    left = list(queue)
    while left:
        began = time.perf_counter()
        status, answer = send_queue(server, token, left)
        if answer is None:
            time.sleep(0.2)
            continue
        out["times"].append((time.perf_counter() - began) * 1000)
        results = answer["results"]
        wait = 0.0
        for action, result in zip(left, results, strict=True):
            if result["outcome"] in ("busy", "not_sent"):
                wait = max(wait, float(result["retry_after"] or 0))
                continue
            out["statuses"].append(result["status"])
            out["replayed"].append(result["outcome"] == "replayed")
            if result["outcome"] == "refused":
                out["refusals"][f"{action['path'].rsplit('/', 1)[1]}: {result['detail']}"] += 1
        left = left[answer["done"] :]
        if left:
            time.sleep(wait or 0.2)


def replay(
    server: Server, token: str, queue: list[dict], out: dict, start: threading.Barrier, one: bool
):
    start.wait()
    if not one:
        replay_at_once(server, token, queue, out)
        return
    for action in queue:
        while True:
            began = time.perf_counter()
            try:
                status, replayed, detail = send(server, token, action)
            except OSError:
                status, replayed, detail = 0, False, ""
            if status not in AWAY and status != 0:
                break
            time.sleep(0.2)  # the queue waits for the server, as the tablet's probe does
        out["times"].append((time.perf_counter() - began) * 1000)
        out["statuses"].append(status)
        out["replayed"].append(replayed)
        if detail:
            out["refusals"][f"{action['path'].rsplit('/', 1)[1]}: {detail}"] += 1


def processor_seconds(pid: int) -> float:
    """User and system time of a process so far (Linux /proc)."""
    with open(f"/proc/{pid}/stat") as stat:
        fields = stat.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def run_all(
    server: Server, token: str, all_queues: list[list[dict]], one: bool
) -> tuple[float, dict]:
    start = threading.Barrier(len(all_queues) + 1)
    results: dict = {"times": [], "statuses": [], "replayed": [], "refusals": Counter()}
    threads = [
        threading.Thread(target=replay, args=(server, token, q, results, start, one))
        for q in all_queues
    ]
    for thread in threads:
        thread.start()
    start.wait()
    began = time.perf_counter()
    for thread in threads:
        thread.join()
    return time.perf_counter() - began, results


def replay_part(args) -> None:
    from django.db import connections

    connections.close_all()  # the part before may hold the database
    for connection in connections.all():
        # Its pool's connections die with the database dropped next: a new pool.
        getattr(connection, "close_pool", lambda: None)()
    tid, token = drawn_field(args.replay_tables)
    temp, env = production_env("td-offline-replay-")
    # As a room's server runs: DEBUG off (with it on, Django keeps every query's SQL).
    env.update(
        DEBUG="false", SECRET_KEY=env.get("SECRET_KEY") or "offline-replay-benchmark-" + "x" * 32
    )
    server = Server(env=env, log=temp / "server.log")
    try:
        server.start()
        tables = server.api("GET", f"/tournaments/{tid}/tables", token)
        all_queues = queues(tables, args.devices, args.actions)
        sent = sum(len(q) for q in all_queues)
        before = server.api("GET", f"/tournaments/{tid}", token)["version"]
        pid = server.process.pid
        processor = processor_seconds(pid)
        took, first = run_all(server, token, all_queues, args.one_by_one)
        time.sleep(2)  # the composer's last messages
        processor = processor_seconds(pid) - processor
        applied = sum(1 for s in first["statuses"] if 200 <= s < 300)
        refused = sum(1 for s in first["statuses"] if s in REFUSED)
        after = server.api("GET", f"/tournaments/{tid}", token)["version"]
        load = ", ".join(f"{x:.1f}" for x in os.getloadavg())
        how = "one request per action" if args.one_by_one else "each queue in one request"
        print(f"load average {load} (2 cores shared); {how}")
        print(
            f"{sent} queued actions from {args.devices} devices, replayed at once: all answered "
            f"in {took:.2f} s (target < 10 s); {applied} applied, {refused} refused, "
            f"the version moved by {after - before}"
        )
        print(
            f"the server process's processor time for them, its screens' messages "
            f"included: {processor:.2f} s ({processor / sent * 1000:.1f} ms an action)"
        )
        by_status = Counter(first["statuses"])
        print("answers by status: " + ", ".join(f"{k}: {v}" for k, v in sorted(by_status.items())))
        for why, count in first["refusals"].most_common():
            print(f"  {count} x {why}")
        print(
            f"one {'action' if args.one_by_one else 'queue'}'s answer: p50={percentile(first['times'], 0.5):.0f} ms "
            f"p99={percentile(first['times'], 0.99):.0f} ms"
        )
        again, second = run_all(server, token, all_queues, args.one_by_one)
        final = server.api("GET", f"/tournaments/{tid}", token)["version"]
        stored = sum(1 for r in second["replayed"] if r)
        print(
            f"the same {sent} sent again: {again:.2f} s, {stored} stored answers replayed, "
            f"the version moved by {final - after} (exactly once: 0)"
        )
    finally:
        server.stop()
        shutil.rmtree(temp, ignore_errors=True)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--part", choices=["key", "replay", "both"], default="both")
    parser.add_argument("--busts", type=int, default=300)
    parser.add_argument("--tables", type=int, default=110)
    parser.add_argument("--devices", type=int, default=10)
    parser.add_argument("--actions", type=int, default=300)
    parser.add_argument("--replay-tables", type=int, default=40)
    parser.add_argument("--one-by-one", action="store_true")
    args = parser.parse_args()
    if args.part in ("key", "both"):
        client = server_like_client()
        key_cost(client, args.tables, min(args.busts, 4 * args.tables))
    if args.part in ("replay", "both"):
        replay_part(args)


if __name__ == "__main__":
    main()
