"""Floor tablets at 1,100 tables: the first load, and what a bust costs the server
per connected tablet (README "Screen messages", "Screens").

Targets: the tablet's first load < 300 KB at 1,100 tables; server cost per
connected tablet per bust < 5 ms.

Creates a throw-away PostgreSQL database `td_floor_tablets` (override with
`DATABASE_URL`) holding 1,100 drawn nine-seat tables, starts one daphne process
with Redis fan-out (`REDIS_URL`, default redis://127.0.0.1:6379/0) and holds N
floor sockets signed in as staff, as tablets do: the socket, and whatever the
page fetches after a message (floor.js fetches nothing; the tablets here fetch
nothing either). The busts go through the API of the same process, first with
no tablet connected, then with N: the extra CPU time of the server process
(user + system, from /proc) divided by busts x tablets is the cost per tablet
per bust. Between busts the planned moves are carried out (not timed).

.venv/bin/python benchmarks/floor_tablets.py [--tablets 20] [--busts 20] [--tables 1100]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import shutil
import sys
import time
import urllib.request
from pathlib import Path

os.environ.setdefault("DATABASE_URL", "postgres://postgres@127.0.0.1:5432/td_floor_tablets")
# One key for this process and the server: the tablets' session is signed with it.
os.environ.setdefault("SECRET_KEY", "floor-tablets-benchmark-only")

from _servers import Server, production_env  # noqa: E402
from _setup import drawn_field, percentile  # noqa: E402

TICKS = os.sysconf("SC_CLK_TCK")


def staff_session() -> str:
    """A director's session cookie, as a signed-in tablet holds it."""
    from django.contrib.auth import get_user_model
    from django.contrib.auth.models import Group
    from django.test import Client

    user = get_user_model().objects.create_user("tablet")
    user.groups.add(Group.objects.get(name="director"))
    client = Client()
    client.force_login(user)
    return client.cookies["sessionid"].value


def cpu_seconds(server: Server) -> float:
    """User + system CPU time of the server process so far."""
    fields = Path(f"/proc/{server.process.pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / TICKS


def page(server: Server, path: str, session: str) -> tuple[int, float]:
    """Bytes and milliseconds of one page load, as the tablet's browser makes it."""
    request = urllib.request.Request(
        f"{server.url}{path}", headers={"Cookie": f"sessionid={session}"}
    )
    started = time.perf_counter()
    with urllib.request.urlopen(request, timeout=120) as response:
        body = response.read()
    return len(body), (time.perf_counter() - started) * 1000


class Tablet:
    """One floor socket: the snapshot on connect, then every message, timed."""

    def __init__(self, server: Server, tournament_id: int, session: str, area: str) -> None:
        self.server = server
        # As floor.js opens it: the tablet's area of the floor.
        self.url = f"{server.ws}/ws/tournaments/{tournament_id}/floor?tables={area}"
        self.session = session
        self.socket = None
        self.snapshot_bytes = 0
        self.snapshot_rows = 0
        self.busts: dict[int, float] = {}
        self.task: asyncio.Task | None = None

    async def connect(self) -> None:
        from websockets.asyncio.client import connect

        self.socket = await connect(
            self.url,
            origin=self.server.url,
            additional_headers={"Cookie": f"sessionid={self.session}"},
            open_timeout=60,
            max_size=None,
            max_queue=None,
        )
        raw = await asyncio.wait_for(self.socket.recv(), timeout=60)
        self.snapshot_bytes = len(raw.encode())
        self.snapshot_rows = len(json.loads(raw).get("tables", []))
        self.task = asyncio.create_task(self.listen())

    async def listen(self) -> None:
        async for raw in self.socket:
            message = json.loads(raw)
            if message.get("type") == "bust":
                self.busts.setdefault(message["version"], time.perf_counter())

    async def close(self) -> None:
        if self.task is not None:
            self.task.cancel()
        if self.socket is not None:
            await self.socket.close()


def busts(server: Server, token: str, tid: int, entries: list[int]) -> dict[int, float]:
    """Bust each entry and carry out the planned moves; the version of each bust."""
    sent = {}
    for entry in entries:
        started = time.perf_counter()
        server.api("POST", f"/entries/{entry}/bust", token, {})
        sent[server.api("GET", f"/tournaments/{tid}", token)["version"]] = started
        for move in server.api("GET", f"/tournaments/{tid}/moves?status=pending", token):
            server.api("POST", f"/moves/{move['id']}/done", token, {})
    return sent


async def run(server: Server, token: str, session: str, tid: int, args) -> None:
    seated = [
        p["entry"]
        for t in server.api("GET", f"/tournaments/{tid}/tables", token)
        for p in t["players"]
    ]
    size, took = page(server, f"/tournaments/{tid}/floor/", session)
    print(
        f"first load of the floor tablet at {args.tables} tables: {size / 1024:.0f} KB, "
        f"{took:.0f} ms (target < 300 KB)"
    )
    size, took = page(server, f"/tournaments/{tid}/floor/?tables=1-{args.tables}", session)
    print(
        f"the whole floor on one page, as every tablet loaded it before: {size / 1024:.0f} KB, "
        f"{took:.0f} ms"
    )
    cpu = cpu_seconds(server)
    await asyncio.to_thread(busts, server, token, tid, seated[: args.busts])
    alone = cpu_seconds(server) - cpu
    areas = [f"{low}-{low + 39}" for low in range(1, args.tables + 1, 40)]
    tablets = [Tablet(server, tid, session, areas[i % len(areas)]) for i in range(args.tablets)]
    for tablet in tablets:  # one after the other, as tablets switched on around the room
        await tablet.connect()
    print(
        f"{args.tablets} floor sockets connected; the snapshot on connect: "
        f"{max(t.snapshot_bytes for t in tablets) / 1024:.0f} KB at most "
        f"({max(t.snapshot_rows for t in tablets)} table rows: one area)"
    )
    try:
        cpu = cpu_seconds(server)
        chosen = seated[args.busts : 2 * args.busts]
        sent = await asyncio.to_thread(busts, server, token, tid, chosen)
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline and not all(v in t.busts for t in tablets for v in sent):
            await asyncio.sleep(0.1)
        held = cpu_seconds(server) - cpu
        per = (held - alone) * 1000 / (args.busts * args.tablets)
        print(
            f"server CPU for {args.busts} busts (moves carried out included): "
            f"{alone * 1000:.0f} ms with no tablet, {held * 1000:.0f} ms with {args.tablets}"
        )
        print(f"server cost per connected tablet per bust: {per:.2f} ms (target < 5 ms)")
        arrived = [
            (t.busts[v] - at) * 1000 for t in tablets for v, at in sent.items() if v in t.busts
        ]
        missing = sum(1 for t in tablets for v in sent if v not in t.busts)
        if arrived:
            print(
                f"bust request to message on a tablet: p50={percentile(arrived, 0.5):.0f} ms "
                f"p99={percentile(arrived, 0.99):.0f} ms; {missing} messages missing"
            )
    finally:
        await asyncio.gather(*(t.close() for t in tablets), return_exceptions=True)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--tablets", type=int, default=20)
    parser.add_argument("--busts", type=int, default=20)
    parser.add_argument("--tables", type=int, default=1100)
    args = parser.parse_args()
    tid, token = drawn_field(args.tables)
    session = staff_session()
    temp, env = production_env("td-tablets-")
    server = Server(env=env, log=temp / "server.log")
    ok = False
    try:
        server.start()
        asyncio.run(asyncio.wait_for(run(server, token, session, tid, args), timeout=900))
        ok = True
    finally:
        server.stop()
        if ok:
            shutil.rmtree(temp, ignore_errors=True)
        else:
            print(f"server log kept in {temp}", file=sys.stderr)


if __name__ == "__main__":
    main()
