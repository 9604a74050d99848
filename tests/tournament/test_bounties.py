"""Bounties through the API (README "Events: flights, bags and the next day"): who eliminated whom is
required, checked and paid; split pots share equally; progressive bounties
grow; the winner takes his own; a disqualified player's bounty goes to the
prize pool; undoing a bust undoes its payment; every cent of the bounty money
ends up with somebody."""

from __future__ import annotations

from decimal import Decimal

import pytest

from tournament.models import BountyPayment

pytestmark = pytest.mark.django_db


def start(api, bounty: dict, players: int = 6, tables: int = 2) -> tuple[int, dict[int, dict]]:
    # Busted to the end: the last players meet at one table, registration open or not.
    settings = {"name": "KO Night", "buy_in": "50", "bounty": bounty}
    tid = api.post("/tournaments", {**settings, "break_during_registration": True}).json()["id"]
    api.post(f"/tournaments/{tid}/tables", {"count": tables})
    for n in range(players):
        api.post(f"/tournaments/{tid}/entries", {"name": f"Player {n}"})
    api.post(f"/tournaments/{tid}/draw")
    return tid, seating(api, tid)


def seating(api, tid: int) -> dict[int, dict]:
    """Every seated entry -> {table id, table number, seat}."""
    return {
        p["entry"]: {"table": t["id"], "number": t["number"], "seat": p["seat"]}
        for t in api.get(f"/tournaments/{tid}/tables").json()
        for p in t["players"]
    }


def tablemates(seats: dict[int, dict], entry: int) -> list[int]:
    return [e for e, s in seats.items() if s["table"] == seats[entry]["table"] and e != entry]


def results(api, tid: int) -> dict[int, dict]:
    return {row["entry"]: row for row in api.get(f"/tournaments/{tid}/results").json()}


def bounties(api, tid: int) -> dict[int, dict]:
    return {row["entry"]: row for row in api.get(f"/tournaments/{tid}/bounties").json()}


def bust_to_the_end(api, tid: int) -> None:
    """Bust the first seated player, eliminated by a tablemate, until one is left;
    the floor does every move."""
    while True:
        seats = seating(api, tid)
        if len(seats) < 2:
            return
        victim = next(e for e in seats if tablemates(seats, e))
        response = api.post(
            f"/entries/{victim}/bust", {"eliminated_by": [tablemates(seats, victim)[0]]}
        )
        assert response.status_code == 200, response.content
        for move in api.get(f"/tournaments/{tid}/moves?status=pending").json():
            api.post(f"/moves/{move['id']}/done")


def test_a_bounty_bust_names_the_eliminator_at_the_table(api):
    tid, seats = start(api, {"kind": "knockout", "amount": "20"})
    assert api.get(f"/tournaments/{tid}").json()["bounty"]["kind"] == "knockout"
    victim = next(iter(seats))
    other_table = next(e for e, s in seats.items() if s["table"] != seats[victim]["table"])
    for body in ({}, {"eliminated_by": [other_table]}, {"eliminated_by": [victim]}):
        response = api.post(f"/entries/{victim}/bust", body)
        assert 400 <= response.status_code < 500, body
        assert response.json()["detail"]
    assert not BountyPayment.objects.exists()
    assert api.get(f"/tournaments/{tid}/entries").json()[0]["status"] == "seated"
    eliminator = tablemates(seats, victim)[0]
    assert api.post(f"/entries/{victim}/bust", {"eliminated_by": [eliminator]}).status_code == 200
    assert bounties(api, tid)[eliminator]["won"] == "20.00"


def test_progressive_bounties_grow_and_pay_out_every_cent(api):
    tid, seats = start(api, {"kind": "progressive", "amount": "25", "progressive_share": 50})
    victim = next(iter(seats))
    eliminator = tablemates(seats, victim)[0]
    api.post(f"/entries/{victim}/bust", {"eliminated_by": [eliminator]})
    now = bounties(api, tid)
    assert now[eliminator]["won"] == "12.50"  # half in cash, half onto his head
    assert now[eliminator]["bounty"] == "37.50" and now[victim]["bounty"] is None
    bust_to_the_end(api, tid)
    won = results(api, tid)
    total = sum(Decimal(row["bounties"]) for row in won.values())
    # Six entries at 25: the bounty money is paid out to the cent, the winner's own included.
    assert total == Decimal("150.00")
    winner = next(row for row in won.values() if row["place"] == 1)
    assert Decimal(winner["bounties"]) > 0


def test_a_split_pot_shares_the_bounty_with_the_odd_cent_left_of_the_button(api):
    tid, seats = start(api, {"kind": "knockout", "amount": "10.01"}, players=8, tables=1)
    table = next(iter(seats.values()))["table"]
    victim, *others = list(seats)
    first, second = others[0], others[1]
    api.put(f"/tables/{table}/button", {"seat": seats[first]["seat"], "hand": "current"})
    response = api.post(f"/entries/{victim}/bust", {"eliminated_by": [first, second]})
    assert response.status_code == 200, response.content
    won = bounties(api, tid)
    # The button's seat is the last clockwise from the button: the other winner gets the cent.
    assert (won[second]["won"], won[first]["won"]) == ("5.01", "5.00")


def test_undoing_a_bust_undoes_its_bounty(api):
    tid, seats = start(api, {"kind": "progressive", "amount": "40"})
    victim = next(iter(seats))
    eliminator = tablemates(seats, victim)[0]
    api.post(f"/entries/{victim}/bust", {"eliminated_by": [eliminator]})
    assert BountyPayment.objects.filter(victim_id=victim).exists()
    assert api.post(f"/entries/{victim}/unbust").status_code == 200
    assert not BountyPayment.objects.exists()
    assert bounties(api, tid)[eliminator] == {
        **bounties(api, tid)[eliminator],
        "won": "0.00",
        "bounty": "40.00",
    }


def test_a_disqualified_players_bounty_goes_to_the_prize_pool(api):
    tid, seats = start(api, {"kind": "knockout", "amount": "30"})
    pool_before = Decimal(api.get(f"/tournaments/{tid}/payouts").json()["prize_pool"])
    offender = next(iter(seats))
    response = api.post(
        f"/tournaments/{tid}/rulings",
        {
            "category": "collusion",
            "situation": "Chip dumping.",
            "decision": "Disqualified.",
            "rules": ["TDA2019-69"],
            "penalty": {"entry": offender, "kind": "disqualification"},
        },
    )
    assert response.status_code == 201, response.content
    pool = Decimal(api.get(f"/tournaments/{tid}/payouts").json()["prize_pool"])
    assert pool == pool_before + 30


def test_mystery_bounties_are_drawn_from_the_list_and_the_rest_go_to_the_winner(api):
    prizes = ["500", "100", "50", "25", "10"]
    tid, seats = start(api, {"kind": "mystery", "mystery_prizes": prizes, "mystery_start_level": 1})
    bust_to_the_end(api, tid)
    drawn = BountyPayment.objects.filter(tournament_id=tid, prize_index__isnull=False)
    assert sorted(drawn.values_list("prize_index", flat=True)) == [0, 1, 2, 3, 4]
    total = sum(Decimal(row["bounties"]) for row in results(api, tid).values())
    assert total == sum(Decimal(p) for p in prizes)


def test_bad_bounty_settings_are_refused(api):
    for bounty in (
        {"kind": "royal"},
        {"kind": "knockout", "amount": "-5"},
        {"kind": "progressive", "amount": "10", "progressive_share": 150},
        {"kind": "mystery", "mystery_prizes": ["0"]},
    ):
        response = api.post("/tournaments", {"name": "Bad", "bounty": bounty})
        assert 400 <= response.status_code < 500, bounty
    tid, seats = start(api, {"kind": "knockout", "amount": "10"})
    victim = next(iter(seats))
    api.post(f"/entries/{victim}/bust", {"eliminated_by": [tablemates(seats, victim)[0]]})
    # Once a bounty was paid, the bounty can no longer change.
    response = api.patch(f"/tournaments/{tid}", {"bounty": {"kind": "knockout", "amount": "99"}})
    assert 400 <= response.status_code < 500 and response.json()["detail"]
