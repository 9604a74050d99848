"""A multi-day event through the API (README "Events: flights, bags and the next day", "Done when"): two Day 1
flights of 20 and 25 entries, one player surviving both, chip counts entered
by table, both days ended and bagged, Day 2 drawn from the bags with the right
stacks, progressive bounties paid on every bust, down to a winner; the
event's results list every entry once and add up to the cent."""

from __future__ import annotations

from decimal import Decimal

import pytest

from tournament.models import Bag

pytestmark = pytest.mark.django_db

BOTH = "Walter Beide"  # plays and survives both flights


def seating(api, tid: int) -> dict[int, dict]:
    return {
        p["entry"]: {"table": t["id"], "name": p["name"]}
        for t in api.get(f"/tournaments/{tid}/tables").json()
        for p in t["players"]
    }


def do_moves(api, tid: int) -> None:
    for _ in range(10):
        pending = api.get(f"/tournaments/{tid}/moves?status=pending").json()
        if not pending:
            return
        for move in pending:
            api.post(f"/moves/{move['id']}/done")


def bust_down_to(api, tid: int, left: int, keep: str = "") -> None:
    """Bust players (never ``keep``), each eliminated by a tablemate, until ``left`` remain."""
    while True:
        seats = seating(api, tid)
        if len(seats) <= left:
            return
        victim = next(
            e
            for e, s in seats.items()
            if s["name"] != keep
            and any(o["table"] == s["table"] for x, o in seats.items() if x != e)
        )
        mate = next(
            e for e, s in seats.items() if e != victim and s["table"] == seats[victim]["table"]
        )
        response = api.post(f"/entries/{victim}/bust", {"eliminated_by": [mate]})
        assert response.status_code == 200, response.content
        do_moves(api, tid)


def count_every_table(api, tid: int) -> dict[str, int]:
    """The floor counts each table; the counts add up to the chips in play."""
    in_play = api.get(f"/tournaments/{tid}").json()
    total = in_play["starting_stack"] * in_play["entries"]
    seats = seating(api, tid)
    share, rest = divmod(total, len(seats))
    stacks = {entry: share + (i + 1) * 100 - 100 * len(seats) // 2 for i, entry in enumerate(seats)}
    last = list(seats)[-1]
    stacks[last] += total - sum(stacks.values())
    for table in {s["table"] for s in seats.values()}:
        counts = [
            {"seat": p["seat"], "chips": stacks[p["entry"]]}
            for t in api.get(f"/tournaments/{tid}/tables").json()
            if t["id"] == table
            for p in t["players"]
        ]
        assert api.post(f"/tables/{table}/chip-counts", {"counts": counts}).status_code == 201
    return {seats[e]["name"]: chips for e, chips in stacks.items()}


def test_two_flights_to_a_day_2_winner_and_results_to_the_cent(api):
    body = {
        "name": "Main Event",
        "flights": [{"name": "Day 1A"}, {"name": "Day 1B"}],
        "stack_rule": "best",
        "starting_stack": 30000,
        "buy_in": "100",
        "fee": "10",
        "late_registration_levels": 4,
        "bounty": {"kind": "progressive", "amount": "50", "progressive_share": 50},
    }
    created = api.post("/events", body)
    assert created.status_code == 201, created.content
    event = created.json()
    flight_a, flight_b = (flight["id"] for flight in event["flights"])
    assert api.get(f"/tournaments/{flight_a}").json()["bounty"]["kind"] == "progressive"

    bagged = {}
    walter = None
    for flight, field, left in ((flight_a, 20, 6), (flight_b, 25, 7)):
        # The desk picks the known player for his second flight.
        known = {"player": walter} if walter else {"name": BOTH}
        walter = api.post(f"/tournaments/{flight}/entries", known).json()["player"]
        for n in range(field - 1):
            api.post(f"/tournaments/{flight}/entries", {"name": f"Spieler{flight}x{n} Flug"})
        api.post(f"/tournaments/{flight}/tables", {"count": 3})
        assert api.post(f"/tournaments/{flight}/draw").status_code == 200
        bust_down_to(api, flight, left, keep=BOTH)
        # Not everyone counted yet: the day cannot end.
        refused = api.post(f"/tournaments/{flight}/end-day", {})
        assert refused.status_code == 409 and refused.json()["detail"]
        counted = count_every_table(api, flight)
        ended = api.post(f"/tournaments/{flight}/end-day", {})
        assert ended.status_code == 200, ended.content
        day = ended.json()
        assert day["difference"] == 0
        assert {bag["name"]: bag["chips"] for bag in day["bagged"]} == counted
        assert sorted(bag["bag"] for bag in day["bagged"]) == list(range(1, left + 1))
        bagged[flight] = counted
        # A closed day changes no more.
        some = next(iter(seating(api, flight)))
        assert api.post(f"/entries/{some}/bust", {"eliminated_by": [some]}).status_code == 409

    drawn = api.post(f"/events/{event['id']}/days", {"tables": 2, "seats": 9})
    assert drawn.status_code == 201, drawn.content
    day2 = drawn.json()["tournament"]
    summary = api.get(f"/tournaments/{day2}").json()
    # Twelve players: Walter once, with the bigger of his two bags (best-bag rule).
    assert summary["entries"] == summary["remaining"] == 12
    stacks = {
        row["name"]: row["chips"] for row in api.get(f"/tournaments/{day2}/chip-counts").json()
    }
    expected = {**bagged[flight_a], **bagged[flight_b]}
    expected[BOTH] = max(bagged[flight_a][BOTH], bagged[flight_b][BOTH])
    assert stacks == expected
    assert Bag.objects.filter(forfeited=True).count() == 1
    assert len(seating(api, day2)) == 12  # everyone drawn to a seat
    # The pool is the event's: 45 entries at 100.
    payouts = api.get(f"/tournaments/{day2}/payouts").json()
    assert Decimal(payouts["prize_pool"]) == Decimal("4500.00")

    bust_down_to(api, day2, 1)
    results = api.get(f"/events/{event['id']}/results").json()
    assert len(results) == 45 and len({row["entry"] for row in results}) == 45
    placed = [row["place"] for row in results if row["place"] is not None]
    assert sorted(placed) == list(range(1, 45))  # one bag forfeited holds no place
    assert sum(Decimal(row["prize"]) for row in results) == Decimal("4500.00")
    # Every bounty euro reached somebody: 45 entries at 50, to the cent.
    assert sum(Decimal(row["bounties"]) for row in results) == Decimal("2250.00")
    winner = next(row for row in results if row["place"] == 1)
    assert Decimal(winner["prize"]) > 0 and Decimal(winner["bounties"]) > 0


def test_under_the_first_bag_rule_a_bagged_player_cannot_enter_another_flight(api):
    event = api.post(
        "/events",
        {"name": "Deepstack", "flights": [{"name": "A"}, {"name": "B"}], "stack_rule": "first"},
    ).json()
    flight_a, flight_b = (flight["id"] for flight in event["flights"])
    for n in range(3):
        api.post(f"/tournaments/{flight_a}/entries", {"name": f"Gast{n} Nr{n}"})
    api.post(f"/tournaments/{flight_a}/tables", {"count": 1})
    api.post(f"/tournaments/{flight_a}/draw")
    count_every_table(api, flight_a)
    assert api.post(f"/tournaments/{flight_a}/end-day", {}).status_code == 200
    gast = next(
        e["player"]
        for e in api.get(f"/tournaments/{flight_a}/entries").json()
        if e["name"] == "Gast0 Nr0"
    )
    refused = api.post(f"/tournaments/{flight_b}/entries", {"player": gast})
    assert refused.status_code == 409
    assert "A" in refused.json()["detail"] and "Gast0 Nr0" in refused.json()["detail"]
    assert api.post(f"/tournaments/{flight_b}/entries", {"name": "Neu Spieler"}).status_code == 201


def test_a_director_opens_a_closed_day_again_only_with_a_reason(api):
    event = api.post("/events", {"name": "Weekly", "flights": [{"name": "A"}]}).json()
    flight = event["flights"][0]["id"]
    for n in range(3):
        api.post(f"/tournaments/{flight}/entries", {"name": f"Gast{n} Nr{n}"})
    api.post(f"/tournaments/{flight}/tables", {"count": 1})
    api.post(f"/tournaments/{flight}/draw")
    count_every_table(api, flight)
    assert api.post(f"/tournaments/{flight}/end-day", {}).status_code == 200
    assert Bag.objects.count() == 3
    assert api.post(f"/tournaments/{flight}/reopen-day", {"reason": " "}).status_code == 422
    opened = api.post(f"/tournaments/{flight}/reopen-day", {"reason": "Bag 2 miscounted"})
    assert opened.status_code == 200 and not Bag.objects.exists()
    seats = seating(api, flight)
    victim, mate = list(seats)[:2]
    assert api.post(f"/entries/{victim}/bust", {"eliminated_by": [mate]}).status_code == 200


@pytest.mark.parametrize("run", range(3))
def test_the_biggest_stacks_start_at_different_tables_when_spread(api, run):
    event = api.post("/events", {"name": f"Spread {run}", "flights": [{"name": "A"}]}).json()
    flight = event["flights"][0]["id"]
    for n in range(12):
        api.post(f"/tournaments/{flight}/entries", {"name": f"Gast{n} Nr{n}"})
    api.post(f"/tournaments/{flight}/tables", {"count": 2})
    api.post(f"/tournaments/{flight}/draw")
    for table in api.get(f"/tournaments/{flight}/tables").json():
        counts = [
            {"seat": p["seat"], "chips": 10000 + 1000 * int(p["name"][4:].split()[0])}
            for p in table["players"]
        ]
        api.post(f"/tables/{table['id']}/chip-counts", {"counts": counts})
    api.post(f"/tournaments/{flight}/end-day", {})
    body = {"tables": 3, "seats": 9, "spread_big_stacks": True}
    day2 = api.post(f"/events/{event['id']}/days", body).json()["tournament"]
    biggest = [f"Gast{n} Nr{n}" for n in (11, 10, 9)]
    tables = {
        p["name"]: t["number"]
        for t in api.get(f"/tournaments/{day2}/tables").json()
        for p in t["players"]
    }
    assert len({tables[name] for name in biggest}) == 3


def test_play_stops_for_the_day_at_its_player_count(api):
    event = api.post(
        "/events", {"name": "Stop", "flights": [{"name": "A"}], "day_stop_players": 4}
    ).json()
    flight = event["flights"][0]["id"]
    assert api.get(f"/tournaments/{flight}").json()["day_stop_players"] == 4
    level = {"kind": "level", "small_blind": 100, "big_blind": 200, "seconds": 600}
    api.put(f"/tournaments/{flight}/structure", {"levels": [level] * 3})
    for n in range(6):
        api.post(f"/tournaments/{flight}/entries", {"name": f"Gast{n} Nr{n}"})
    api.post(f"/tournaments/{flight}/tables", {"count": 1})
    api.post(f"/tournaments/{flight}/draw")
    api.post(f"/tournaments/{flight}/clock/start")
    bust_down_to(api, flight, 5)
    assert api.get(f"/tournaments/{flight}/clock").json()["state"] == "running"
    bust_down_to(api, flight, 4)
    assert api.get(f"/tournaments/{flight}/clock").json()["state"] == "paused"


def test_an_event_and_flight_name_too_long_together_are_refused(api):
    body = {"name": "E" * 110, "flights": [{"name": "Flight 1A"}, {"name": "B"}]}
    refused = api.post("/events", body)
    assert refused.status_code == 422 and "120" in refused.json()["detail"]
    assert api.post("/events", {**body, "name": "E" * 100}).status_code == 201
