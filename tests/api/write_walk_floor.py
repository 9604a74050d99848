"""The walk's first half: the room, a tournament with tables, entries, a clock,
the floor's actions and the tournament's money (README "Sent twice, done once")."""

from __future__ import annotations

from tests.api.test_generated_client import CHIP_RACE
from tests.api.write_walk import CHIPS, LEVELS, Walk, ctx


def room_and_tournament(w: Walk) -> None:
    ctx.clear()
    w.send("PATCH /api/v1/room", "/room", {"name": "Kartenraum Walk", "public_schedule": True})
    t = w.send(
        "POST /api/v1/tournaments",
        "/tournaments",
        {
            "name": "Walk Cup",
            "starting_stack": 20000,
            "buy_in": "50",
            "fee": "5",
            "max_entries": 3,
            "late_registration_levels": 4,
            "break_during_registration": True,
        },
    )
    tid = ctx["t"] = t["id"]
    w.send(
        "PATCH /api/v1/tournaments/{tournament_id}", f"/tournaments/{tid}", {"name": "Walk Cup 2"}
    )
    w.send(
        "POST /api/v1/tournaments/{tournament_id}/structure/template",
        f"/tournaments/{tid}/structure/template",
        {"template": "turbo"},
    )
    w.send(
        "PUT /api/v1/tournaments/{tournament_id}/structure",
        f"/tournaments/{tid}/structure",
        {"levels": LEVELS},
    )
    saved = w.send(
        "POST /api/v1/tournaments/{tournament_id}/structure/save-as-template",
        f"/tournaments/{tid}/structure/save-as-template",
        {"name": "Walk template"},
    )
    w.send(
        "DELETE /api/v1/structure-templates/{template_id}",
        f"/structure-templates/{saved['id']}",
    )
    w.send(
        "PUT /api/v1/tournaments/{tournament_id}/chips",
        f"/tournaments/{tid}/chips",
        {"chips": CHIPS},
    )


def tables_and_entries(w: Walk) -> None:
    tid = ctx["t"]
    w.send(
        "POST /api/v1/tournaments/{tournament_id}/tables",
        f"/tournaments/{tid}/tables",
        {"count": 3, "seats": 9},
    )
    first = w.send(
        "POST /api/v1/tournaments/{tournament_id}/entries",
        f"/tournaments/{tid}/entries",
        {"name": "Anna Keller", "consent": {"contact": True}, "email": "anna@example.org"},
    )
    ctx["anna"] = first
    ctx["entries"] = [first] + [
        w.api.post(f"/tournaments/{tid}/entries", {"name": f"Player {n:02}"}).json()
        for n in range(1, 20)
    ]
    a, b = ctx["entries"][1]["id"], ctx["entries"][2]["id"]
    w.send(
        "POST /api/v1/tournaments/{tournament_id}/keep-apart",
        f"/tournaments/{tid}/keep-apart",
        {"entries": [a, b]},
    )
    w.send("POST /api/v1/tournaments/{tournament_id}/draw", f"/tournaments/{tid}/draw")
    w.send(
        "PUT /api/v1/tournaments/{tournament_id}/break-order",
        f"/tournaments/{tid}/break-order",
        {"table_numbers": [3, 2, 1]},
    )
    ctx["tables"] = w.api.get(f"/tournaments/{tid}/tables").json()


def refresh_tables(w: Walk) -> list[dict]:
    ctx["tables"] = w.api.get(f"/tournaments/{ctx['t']}/tables").json()
    return ctx["tables"]


def button_hands_and_clock(w: Walk) -> None:
    tid = ctx["t"]
    table = ctx["tables"][0]
    seats = sorted(p["seat"] for p in table["players"])
    w.send(
        "PUT /api/v1/tables/{table_id}/button", f"/tables/{table['id']}/button", {"seat": seats[0]}
    )
    w.send("POST /api/v1/tables/{table_id}/hands", f"/tables/{table['id']}/hands")
    for action in ("start", "pause", "resume", "next", "previous"):
        w.send(
            f"POST /api/v1/tournaments/{{tournament_id}}/clock/{action}",
            f"/tournaments/{tid}/clock/{action}",
        )
    w.send(
        "POST /api/v1/tournaments/{tournament_id}/clock/adjust",
        f"/tournaments/{tid}/clock/adjust",
        {"delta_seconds": 60},
    )
    w.send(
        "POST /api/v1/tournaments/{tournament_id}/clock/remaining",
        f"/tournaments/{tid}/clock/remaining",
        {"remaining_seconds": 600},
    )
    w.send(
        "POST /api/v1/tournaments/{tournament_id}/clock/level",
        f"/tournaments/{tid}/clock/level",
        {"level_index": 0},
    )
    # README "Finish on time: hard stop": a proposal applied changes the structure.
    w.send(
        "POST /api/v1/tournaments/{tournament_id}/forecast/proposals/apply",
        f"/tournaments/{tid}/forecast/proposals/apply",
        {"proposal": "shorten-15"},
    )
    w.send("POST /api/v1/chip-race", "/chip-race", CHIP_RACE)


def calls_and_rulings(w: Walk) -> None:
    tid = ctx["t"]
    table = ctx["tables"][0]
    seat = table["players"][1]["seat"]
    call = w.send(
        "POST /api/v1/tournaments/{tournament_id}/clock-calls",
        f"/tournaments/{tid}/clock-calls",
        # The table's number, as the floor calls it (not its row id).
        {"table": table["number"], "seat": seat},
    )
    w.send("POST /api/v1/clock-calls/{call_id}/cancel", f"/clock-calls/{call['id']}/cancel")
    w.send(
        "PUT /api/v1/tournaments/{tournament_id}/shot-clock/settings",
        f"/tournaments/{tid}/shot-clock/settings",
        {"enabled": True, "action_seconds": 30, "extension_seconds": 20, "extensions_per_day": 2},
    )
    turn = w.send(
        "POST /api/v1/tables/{table_id}/shot-clock",
        f"/tables/{table['id']}/shot-clock",
        {"seat": seat},
    )
    w.send("POST /api/v1/shot-clock/{turn_id}/extend", f"/shot-clock/{turn['id']}/extend")
    w.send("POST /api/v1/shot-clock/{turn_id}/stop", f"/shot-clock/{turn['id']}/stop")
    ruling = w.send(
        "POST /api/v1/tournaments/{tournament_id}/rulings",
        f"/tournaments/{tid}/rulings",
        {
            "table": table["number"],
            "category": "etiquette",
            "situation": "Spoke during a hand",
            "decision": "Warning",
            "rules": ["TDA2019-10"],
            "penalty": {"entry": table["players"][1]["entry"], "kind": "warning"},
        },
    )
    w.send(
        "POST /api/v1/rulings/{ruling_id}/amendments",
        f"/rulings/{ruling['id']}/amendments",
        {"text": "He apologised."},
    )
    w.send(
        "POST /api/v1/tables/{table_id}/floor-call",
        f"/tables/{table['id']}/floor-call",
        {"reason": "ruling"},
    )
    w.send(
        "POST /api/v1/tournaments/{tournament_id}/announcements",
        f"/tournaments/{tid}/announcements",
        {"text": "Ten minutes to the break"},
    )
    w.send(
        "DELETE /api/v1/tournaments/{tournament_id}/announcements",
        f"/tournaments/{tid}/announcements",
    )


def money_of_the_tournament(w: Walk) -> None:
    tid = ctx["t"]
    w.send(
        "PUT /api/v1/tournaments/{tournament_id}/payouts",
        f"/tournaments/{tid}/payouts",
        {"percentages": ["50", "30", "20"], "rounding": "1"},
    )
    w.send(
        "PATCH /api/v1/tournaments/{tournament_id}/payouts/settings",
        f"/tournaments/{tid}/payouts/settings",
        {
            "rebuy_price": "50",
            "rebuy_fee": "5",
            "rebuy_chips": 20000,
            "rebuy_limit": 2,
            "rebuy_until_level": 4,
            "addon_price": "20",
            "addon_fee": "0",
            "addon_chips": 10000,
            "addon_limit": 1,
            "addon_after_level": 2,
        },
    )
    w.send(
        "POST /api/v1/tournaments/{tournament_id}/prize-additions",
        f"/tournaments/{tid}/prize-additions",
        {"amount": "100", "note": "Sponsor"},
    )
    entry = ctx["entries"][3]["id"]
    w.send("POST /api/v1/entries/{entry_id}/rebuys", f"/entries/{entry}/rebuys", {})
    w.api.post(f"/tournaments/{tid}/clock/level", {"level_index": 2})  # the break
    w.send("POST /api/v1/entries/{entry_id}/addons", f"/entries/{entry}/addons", {})
    w.api.post(f"/tournaments/{tid}/clock/level", {"level_index": 0})
    w.send("POST /api/v1/entries/{entry_id}/phone-link", f"/entries/{entry}/phone-link")
    w.send(
        "POST /api/v1/entries/{entry_id}/phone-link/revoke", f"/entries/{entry}/phone-link/revoke"
    )
    special = w.send(
        "POST /api/v1/tournaments/{tournament_id}/special-prizes",
        f"/tournaments/{tid}/special-prizes",
        {"name": "High Hand", "amount": "100", "source": "house"},
    )
    ctx["special"] = special
    w.send(
        "POST /api/v1/special-prizes/{prize_id}/award",
        f"/special-prizes/{special['id']}/award",
        {"entries": [entry], "reason": "Quads"},
    )
    w.send(
        "POST /api/v1/special-prizes/{prize_id}/pay",
        f"/special-prizes/{special['id']}/pay",
        {"method": "cash"},
    )
    other = w.api.post(
        f"/tournaments/{tid}/special-prizes",
        {"name": "Bad beat", "amount": "50", "source": "house"},
    ).json()
    w.send("DELETE /api/v1/special-prizes/{prize_id}", f"/special-prizes/{other['id']}")


def floor_actions(w: Walk) -> None:
    tid = ctx["t"]
    table = refresh_tables(w)[0]
    one, two, three, four = (p["entry"] for p in table["players"][2:6])
    w.send(
        "POST /api/v1/tables/{table_id}/chip-counts",
        f"/tables/{table['id']}/chip-counts",
        {"counts": [{"seat": table["players"][2]["seat"], "chips": 21000}]},
    )
    w.send("PUT /api/v1/entries/{entry_id}/chips", f"/entries/{one}/chips", {"chips": 22000})
    # A tablet's queue in one request: its actions' own keys, and the queue's.
    queue = [
        {
            "method": "PUT",
            "path": f"/api/v1/entries/{one}/chips",
            "key": f"walk-q-{n}-{one}",
            "body": {"chips": 22500 + n},
        }
        for n in range(2)
    ]
    w.send("POST /api/v1/offline-queue", "/offline-queue", {"actions": queue})
    w.send("POST /api/v1/entries/{entry_id}/bust", f"/entries/{one}/bust", {})
    w.send("POST /api/v1/entries/{entry_id}/unbust", f"/entries/{one}/unbust")
    w.send(
        "POST /api/v1/tournaments/{tournament_id}/busts",
        f"/tournaments/{tid}/busts",
        {
            "entries": [
                {"entry": two, "starting_stack": 5000},
                {"entry": three, "starting_stack": 8000},
            ]
        },
    )
    resolve_a_queued_conflict(w, two)
    tables = refresh_tables(w)
    free = next(
        (t["number"], s)
        for t in tables[1:]
        for s in range(1, t["seats"] + 1)
        if s not in {p["seat"] for p in t["players"]}
    )
    move = w.send(
        "POST /api/v1/tournaments/{tournament_id}/moves",
        f"/tournaments/{tid}/moves",
        {"entry": four, "to_table": free[0], "to_seat": free[1]},
    )
    w.send("POST /api/v1/moves/{move_id}/done", f"/moves/{move['id']}/done")
    tables = refresh_tables(w)
    mover = tables[0]["players"][-1]["entry"]
    free = next(
        (t["number"], s)
        for t in tables[1:]
        for s in range(1, t["seats"] + 1)
        if s not in {p["seat"] for p in t["players"]}
    )
    planned = w.api.post(
        f"/tournaments/{tid}/moves", {"entry": mover, "to_table": free[0], "to_seat": free[1]}
    ).json()
    w.send("POST /api/v1/moves/{move_id}/cancel", f"/moves/{planned['id']}/cancel")
    w.send(
        "PUT /api/v1/tournaments/{tournament_id}/hand-for-hand",
        f"/tournaments/{tid}/hand-for-hand",
        {"on": True},
    )
    w.send(
        "POST /api/v1/tables/{table_id}/hand-finished", f"/tables/{tables[0]['id']}/hand-finished"
    )
    w.api.put(f"/tournaments/{tid}/hand-for-hand", {"on": False})
    w.send("POST /api/v1/tables/{table_id}/break", f"/tables/{tables[2]['id']}/break")
    w.send(
        "POST /api/v1/tournaments/{tournament_id}/color-ups/apply",
        f"/tournaments/{tid}/color-ups/apply",
    )


def resolve_a_queued_conflict(w: Walk, gone: int) -> None:
    """A tablet's queued bust of a player already out is kept as a floor conflict
    (a fixture: sent once, refused); the director resolves it, twice with one key."""
    refused = w.api.client.post(
        f"/api/v1/entries/{gone}/bust",
        "{}",
        "application/json",
        headers={"Offline-Queue": "1", "Idempotency-Key": "walk-queued-bust-0001"},
        **w.api.headers,
    )
    assert refused.status_code == 409, refused.content
    conflict = w.api.get(f"/tournaments/{ctx['t']}/conflicts").json()[0]
    w.send(
        "POST /api/v1/conflicts/{conflict_id}/resolve",
        f"/conflicts/{conflict['id']}/resolve",
        {"how": "discarded", "reason": "doppelt"},
    )
