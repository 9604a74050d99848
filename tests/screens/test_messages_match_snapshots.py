"""A message applied to the last snapshot gives the next snapshot (README "Screen messages").

For random sequences of floor, desk and director actions, every message the
screens layer sends after a write is applied to the screen's copy the way the
pages apply it (a part replaces the part; table rows replace rows of the same
id), and the copy must then equal a fresh snapshot, for the floor and the
public audience alike, in every part of the catalogue
(:data:`tournament.changes.PARTS`). A table whose row changed but was left out
of the message (a halt lifted elsewhere, a seat freed by a move, a penalty at a
seat) shows up here, and so does a write that changes a part without saying so.
"""

from __future__ import annotations

import json
import os
import random
import re
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from clock.models import ClockCall, ShotClockTurn
from clock.rules.clock import datetime_from_ms
from clock.services import clock_state
from clock.services.boundaries import boundary_fire
from screens import compose, live
from screens.live_data import SEATING
from screens.snapshots import snapshot
from tables.services.registration import tournament_update
from tournament import changes

pytestmark = pytest.mark.django_db

T0 = 1_700_000_000_000
LEVEL = {"kind": "level", "small_blind": 100, "big_blind": 200, "seconds": 600}


def apply(copy: dict[str, Any], message: dict[str, Any]) -> None:
    """What the pages do with a message: one code path per part."""
    for part in (changes.PARTS - {changes.TABLES}) | {SEATING}:
        if part in message:
            copy[part] = message[part]
    if "tables" in message:
        position = {row["id"]: index for index, row in enumerate(copy["tables"])}
        for row in message["tables"]:
            if row["id"] in position:
                copy["tables"][position[row["id"]]] = row
            else:
                copy["tables"].append(row)
        copy["tables"].sort(key=lambda row: row["number"])


class Screens:
    """Both audiences' copies, kept up to date by the messages of each commit."""

    def __init__(self, tournament_id: int) -> None:
        self.tournament_id = tournament_id
        self.copies = {
            audience: snapshot(tournament_id, audience=audience)
            for audience in (live.FLOOR, live.DISPLAY)
        }

    def receive(self, change: changes.Change) -> None:
        floor, public = compose.messages(change)
        apply(self.copies[live.FLOOR], floor)
        apply(self.copies[live.DISPLAY], public)

    def check(self, action: str) -> None:
        for audience, copy in self.copies.items():
            fresh = snapshot(self.tournament_id, audience=audience)
            for part in changes.PARTS | {SEATING}:
                assert copy.get(part) == fresh.get(part), (action, audience, part)
            # The public screens get the seating counts, not the seat list (paged by the API).
            # The forecast only while the room shows it (off by default).
            not_public = changes.STAFF_ONLY_PARTS | changes.ROOM_CHOSEN_PARTS | {changes.TABLES}
            assert set(fresh) - {"type", "version", "audience"} == (
                changes.PARTS - (not_public if audience == live.DISPLAY else set())
            ) | {SEATING}


def seated(api, tid: int) -> list[int]:
    tables = api.get(f"/tournaments/{tid}/tables").json()
    return [p["entry"] for t in tables if t["status"] == "open" for p in t["players"]]


def bust(api, tid: int, entry: int) -> None:
    """Bust ``entry``, eliminated by a tablemate (the bounty tournaments need him)."""
    tables = api.get(f"/tournaments/{tid}/tables").json()
    table = next(t for t in tables if entry in [p["entry"] for p in t["players"]])
    mates = [p["entry"] for p in table["players"] if p["entry"] != entry]
    api.post(f"/entries/{entry}/bust", {"eliminated_by": mates[:1]})


def still_in(api, tid: int) -> list[int]:
    entries = api.get(f"/tournaments/{tid}/entries").json()
    return [e["id"] for e in entries if e["status"] in ("registered", "seated")]


def act_director(api, tid: int, action: str, rng: random.Random) -> None:
    """Announcements, rulings, deals, chips, the structure, settings, boundaries."""
    tables = [t for t in api.get(f"/tournaments/{tid}/tables").json() if t["players"]]
    if action == "announce":
        api.post(f"/tournaments/{tid}/announcements", {"text": f"Note {rng.randint(1, 99)}"})
    elif action == "announce_clear":
        api.delete(f"/tournaments/{tid}/announcements")
    elif action == "ruling" and tables:
        player = rng.choice(rng.choice(tables)["players"])
        kind = rng.choice(["warning", "missed_hands", "missed_hands", "missed_rounds", "none"])
        penalty = {"entry": player["entry"], "kind": kind}
        if kind in ("missed_hands", "missed_rounds"):
            penalty["count"] = rng.randint(1, 2)
        body = {"category": "etiquette", "situation": "Talked", "decision": "Penalised"}
        if kind == "none":
            body["entries"] = [player["entry"]]
        else:
            body["penalty"] = penalty
        api.post(f"/tournaments/{tid}/rulings", body)
    elif action == "disqualify" and len(seated(api, tid)) > 2:
        body = {"category": "collusion", "situation": "Soft play", "decision": "Out"}
        penalty = {"entry": rng.choice(seated(api, tid)), "kind": "disqualification"}
        api.post(f"/tournaments/{tid}/rulings", {**body, "penalty": penalty})
    elif action == "amend":
        rulings = api.get(f"/tournaments/{tid}/rulings").json()
        if rulings:
            api.post(f"/rulings/{rng.choice(rulings)['id']}/amendments", {"text": "Appealed"})
    elif action == "deal" and len(still_in(api, tid)) >= 2:
        stacks = [{"entry": e, "chips": rng.randint(1, 9) * 1000} for e in still_in(api, tid)]
        api.post(f"/tournaments/{tid}/deals", {"method": "chip_chop", "stacks": stacks})
    elif action == "deal_cancel":
        api.delete(f"/tournaments/{tid}/deal")
    elif action == "chips":
        values = sorted(rng.sample([25, 100, 500, 1000, 5000], rng.randint(1, 4)))
        chips = [{"value": v, "colour": f"c{v}", "count": rng.randint(1, 300)} for v in values]
        api.put(f"/tournaments/{tid}/chips", {"chips": chips})
    elif action == "structure":
        levels = [{**LEVEL, "seconds": rng.choice([300, 600, 900])}] * rng.randint(2, 8)
        api.put(f"/tournaments/{tid}/structure", {"levels": levels})
    elif action == "settings":
        setting = rng.choice(
            [
                {"display_names": rng.choice(["nickname", "initial"])},
                {"rulebook": rng.choice(["tda2019", "bdpv", "house"])},
                {"registration_closed": rng.choice([True, False])},
                {"buy_in": rng.choice([50, 100]), "name": f"Deltas {rng.randint(1, 9)}"},
                {"late_registration_levels": rng.randint(0, 6)},
            ]
        )
        tournament_update(tournament_id=tid, changes=setting, by=None)
    elif action == "boundary":
        kind = rng.choice(["one_minute_left", "level_up", "registration_closed", "break_start"])
        boundary_fire(tournament_id=tid, key=f"{kind}:0:{T0 - rng.randint(0, 9999)}", now_ms=T0)


def act_finish(api, tid: int, action: str, rng: random.Random) -> None:
    """README "Finish on time: hard stop": a stop soon brings the proposals; one applied."""
    if action == "hard_stop":
        minutes = rng.choice([None, 5, 45, 600])
        stop = None if minutes is None else datetime_from_ms(T0 + minutes * 60_000)
        tournament_update(tournament_id=tid, changes={"hard_stop": stop}, by=None)
    elif action == "finish_apply":
        proposals = api.get(f"/tournaments/{tid}/forecast/proposals").json()["proposals"]
        chosen = [p["id"] for p in proposals if p["kind"] != "deal"]
        if chosen:
            api.post(f"/tournaments/{tid}/forecast/proposals/apply", {"proposal": chosen[0]})


def act_floor(api, tid: int, action: str, rng: random.Random) -> None:
    """Clock calls, the shot clock and floor calls."""
    tables = [
        t
        for t in api.get(f"/tournaments/{tid}/tables").json()
        if t["players"] and t["status"] == "open"
    ]
    if action == "clock_call" and tables:
        table = rng.choice(tables)
        seat = rng.choice(table["players"])["seat"]
        api.post(f"/tournaments/{tid}/clock-calls", {"table": table["number"], "seat": seat})
    elif action == "clock_call_cancel":
        calls = ClockCall.objects.filter(tournament_id=tid, status=ClockCall.Status.ACTIVE)
        if calls:
            api.post(f"/clock-calls/{rng.choice(list(calls)).pk}/cancel")
    elif action == "shot_clock" and tables:
        table = rng.choice(tables)
        seat = rng.choice(table["players"])["seat"]
        api.post(f"/tables/{table['id']}/shot-clock", {"seat": seat})
    elif action in ("shot_clock_extend", "shot_clock_stop"):
        turns = ShotClockTurn.objects.filter(tournament_id=tid, status=ShotClockTurn.Status.ACTIVE)
        if turns:
            verb = action.removeprefix("shot_clock_")
            api.post(f"/shot-clock/{rng.choice(list(turns)).pk}/{verb}")
    elif action == "floor_call" and tables:
        api.post(f"/tables/{rng.choice(tables)['id']}/floor-call", {"reason": "dispute"})


def act(api, tid: int, action: str, rng: random.Random) -> None:
    act_director(api, tid, action, rng)
    act_floor(api, tid, action, rng)
    act_finish(api, tid, action, rng)
    tables = [t for t in api.get(f"/tournaments/{tid}/tables").json() if t["players"]]
    pending = api.get(f"/tournaments/{tid}/moves?status=pending").json()
    if action == "bust" and len(seated(api, tid)) > 2:
        bust(api, tid, rng.choice(seated(api, tid)))
    elif action == "move_done" and pending:
        api.post(f"/moves/{rng.choice(pending)['id']}/done")
    elif action == "move_cancel" and pending:
        api.post(f"/moves/{rng.choice(pending)['id']}/cancel")
    elif action == "late_entry":
        api.post(f"/tournaments/{tid}/entries", {"name": f"Late {rng.random()}"})
    elif action == "open_table":
        # Waiting players sit down there at once and the floor balances (or it waits in reserve).
        api.post(f"/tournaments/{tid}/tables", {"count": 1, "reserve": rng.random() < 0.5})
    elif action == "button" and tables:
        table = rng.choice(tables)
        seat = rng.choice(table["players"])["seat"]
        api.put(
            f"/tables/{table['id']}/button", {"seat": seat, "hand": rng.choice(["current", "next"])}
        )
    elif action == "next_hand" and tables:
        api.post(f"/tables/{rng.choice(tables)['id']}/hands")
    elif action == "break" and len(tables) > 1:
        api.post(f"/tables/{rng.choice(tables)['id']}/break")
    elif action == "clock":
        api.post(f"/tournaments/{tid}/clock/{rng.choice(['start', 'pause', 'resume', 'next'])}")
    elif action == "bust_to_the_end":
        # Down to the winner, the floor doing each move: the screens switch to the results.
        while len(seated(api, tid)) > 1:
            bust(api, tid, seated(api, tid)[0])
            for move in api.get(f"/tournaments/{tid}/moves?status=pending").json():
                api.post(f"/moves/{move['id']}/done")
    elif action == "unbust_last":
        out = [e for e in api.get(f"/tournaments/{tid}/entries").json() if e["place"]]
        if out:
            api.post(f"/entries/{min(out, key=lambda e: e['place'])['id']}/unbust")
    elif action == "count_table" and tables:
        table = rng.choice(tables)
        counts = [
            {"seat": p["seat"], "chips": rng.randint(1, 90) * 1000}
            for p in table["players"]
            if rng.random() < 0.8
        ]
        if counts:
            api.post(f"/tables/{table['id']}/chip-counts", {"counts": counts})
    elif action == "count_player" and tables:
        entry = rng.choice(rng.choice(tables)["players"])["entry"]
        api.put(f"/entries/{entry}/chips", {"chips": rng.randint(1, 90) * 1000})
    elif action == "prize_addition":
        api.post(f"/tournaments/{tid}/prize-additions", {"amount": "10", "note": "bonus"})
    elif action == "keep_apart" and tables:
        # Two players at one table kept apart: the floor's alert says so.
        players = rng.choice(tables)["players"]
        if len(players) >= 2:
            pair = [p["entry"] for p in rng.sample(players, 2)]
            api.post(f"/tournaments/{tid}/keep-apart", {"entries": pair})


ACTIONS = st.sampled_from(
    [
        "bust",
        "bust",
        "bust",
        "move_done",
        "move_done",
        "move_cancel",
        "late_entry",
        "late_entry",
        "open_table",
        "button",
        "next_hand",
        "break",
        "clock",
        "prize_addition",
        "bust_to_the_end",
        "unbust_last",
        "announce",
        "announce_clear",
        "ruling",
        "ruling",
        "disqualify",
        "amend",
        "deal",
        "deal_cancel",
        "chips",
        "structure",
        "settings",
        "hard_stop",
        "hard_stop",
        "finish_apply",
        "boundary",
        "clock_call",
        "clock_call_cancel",
        "shot_clock",
        "shot_clock_extend",
        "shot_clock_stop",
        "floor_call",
        "count_table",
        "count_table",
        "count_player",
        "keep_apart",
    ]
)


@settings(
    max_examples=int(os.environ.get("SCREEN_DELTA_EXAMPLES", "10")),
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(actions=st.lists(ACTIONS, min_size=5, max_size=25), seed=st.integers(0, 10**6))
def test_every_message_brings_the_screens_to_the_next_snapshot(
    api, django_capture_on_commit_callbacks, monkeypatch, actions, seed
):
    monkeypatch.setattr(clock_state, "now", lambda: T0)  # the clock part must not tick
    rng = random.Random(seed)
    # Bounties of each kind, or none: a bust pays them, its undo takes them back.
    bounty = rng.choice(
        [
            None,
            {"kind": "knockout", "amount": "20"},
            {"kind": "progressive", "amount": "25"},
            {"kind": "mystery", "mystery_prizes": ["100", "50", "10"], "mystery_start_level": 1},
        ]
    )
    tid = api.post(
        "/tournaments",
        {
            "name": "Deltas",
            "late_registration_levels": 4,
            "buy_in": "100",
            "bounty": bounty,
            # Busted down to the winner while registration is still open: the
            # tables must break (a bounty bust needs a tablemate).
            "break_during_registration": True,
        },
    ).json()["id"]
    api.put(f"/tournaments/{tid}/structure", {"levels": [LEVEL] * 6})
    api.put(
        f"/tournaments/{tid}/shot-clock/settings",
        {"enabled": True, "action_seconds": 30, "extension_seconds": 30, "extensions_per_day": 2},
    )
    api.post(f"/tournaments/{tid}/tables", {"count": 3})
    for n in range(rng.randint(12, 24)):
        # Some with a nickname: the public names change with the tournament's name style.
        nickname = f"Ace {n}" if n % 3 == 0 else ""
        api.post(f"/tournaments/{tid}/entries", {"name": f"Player {n}", "nickname": nickname})
    api.post(f"/tournaments/{tid}/draw")
    screens = Screens(tid)
    monkeypatch.setattr(changes, "_composer", [screens.receive])
    for action in actions:
        with django_capture_on_commit_callbacks(execute=True):
            act(api, tid, action, rng)
        screens.check(action)


def test_the_browser_applies_every_part_of_the_catalogue(api, client):
    """The pages give live.js the server's list of parts (it keeps no copy of
    its own): a part missing there would never reach a page (the chip counts
    once did not)."""
    scripts = Path(__file__).resolve().parents[2] / "static" / "js"
    for name in ("live.js", "live_data.js"):
        source = (scripts / name).read_text()
        assert not re.search(r"var PARTS = \[", source), f"{name} keeps no list of its own"
    tid = api.post("/tournaments", {"name": "Parts"}).json()["id"]
    for path in (f"/display/{tid}/", f"/lobby/{tid}/"):
        html = client.get(path).content.decode()
        listed = re.search(r'<script id="live-parts" type="application/json">(.*?)</script>', html)
        assert listed, path
        assert set(json.loads(listed.group(1))) == changes.PARTS | {SEATING}
