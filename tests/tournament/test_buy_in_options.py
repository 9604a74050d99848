"""Buy-in options: several prices for different chips (README "Buy-in options")."""

from __future__ import annotations

from decimal import Decimal

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tournament.models import Entry

pytestmark = pytest.mark.django_db

OPTIONS = [
    {"name": "Early bird", "price": "40", "fee": "0", "chips": 25000},
    {"name": "Standard", "price": "50", "fee": "5", "chips": 20000},
    {"name": "Re-entry", "price": "30", "fee": "5", "chips": 15000},
]


@pytest.fixture
def club(api) -> dict:
    body = {"name": "Club night", "buy_in": "50", "fee": "5", "max_entries": 3, "buy_ins": OPTIONS}
    response = api.post("/tournaments", body)
    assert response.status_code == 201, response.content
    return response.json()


def enter(api, tid: int, name: str, **extra):
    return api.post(f"/tournaments/{tid}/entries", {"name": name, **extra})


def test_the_tournament_lists_its_buy_in_options(api, club):
    options = api.get(f"/tournaments/{club['id']}").json()["buy_ins"]
    assert [(o["name"], o["price"], o["fee"], o["chips"]) for o in options] == [
        ("Early bird", "40.00", "0.00", 25000),
        ("Standard", "50.00", "5.00", 20000),
        ("Re-entry", "30.00", "5.00", 15000),
    ]


def test_the_pool_and_the_chips_follow_what_each_entry_paid(api, club):
    tid = club["id"]
    first = enter(api, tid, "Jürgen Groß")
    assert first.status_code == 201, first.content
    assert first.json()["buy_in"] == "Early bird"
    assert enter(api, tid, "Łukasz Żółć", buy_in="Early bird").status_code == 201
    assert enter(api, tid, "Dragan Đorđević", buy_in="standard").json()["buy_in"] == "Standard"
    payouts = api.get(f"/tournaments/{tid}/payouts").json()
    assert payouts["prize_pool"] == "130.00"
    assert payouts["fees"] == "5.00"
    tournament = api.get(f"/tournaments/{tid}").json()
    assert tournament["average_stack"] == 70000 // 3


def test_a_re_entry_pays_the_option_it_names(api, club):
    tid = club["id"]
    entry = enter(api, tid, "Björn Ødegård").json()
    Entry.objects.filter(pk=entry["id"]).update(status="busted", place=1)
    again = api.post(
        f"/tournaments/{tid}/entries", {"player": entry["player"], "buy_in": "Re-entry"}
    )
    assert again.status_code == 201, again.content
    assert api.get(f"/tournaments/{tid}/payouts").json()["prize_pool"] == "70.00"
    assert api.get(f"/tournaments/{tid}").json()["average_stack"] == 25000 + 15000


def test_an_unknown_option_is_a_422_and_registers_nobody(api, club):
    response = enter(api, club["id"], "Nobody", buy_in="Happy hour")
    assert response.status_code == 422
    assert "Happy hour" in response.json()["detail"]
    assert not Entry.objects.filter(tournament_id=club["id"]).exists()


def test_a_tournament_with_one_buy_in_knows_no_option_names(api, tournament):
    assert enter(api, tournament["id"], "Somebody", buy_in="Early bird").status_code == 422
    plain = enter(api, tournament["id"], "Somebody")
    assert plain.status_code == 201
    assert plain.json()["buy_in"] is None
    assert api.get(f"/tournaments/{tournament['id']}/payouts").json()["prize_pool"] == "50.00"


def test_entries_keep_what_they_paid_when_the_options_change(api, club):
    tid = club["id"]
    enter(api, tid, "Early player")
    dearer = [{**OPTIONS[0], "price": "60", "chips": 30000}, *OPTIONS[1:]]
    changed = api.patch(f"/tournaments/{tid}", {"buy_ins": dearer})
    assert changed.status_code == 200, changed.content
    enter(api, tid, "Late player")
    assert api.get(f"/tournaments/{tid}/payouts").json()["prize_pool"] == "100.00"
    assert api.get(f"/tournaments/{tid}").json()["average_stack"] == (25000 + 30000) // 2


def test_options_with_the_same_name_are_refused(api):
    twice = [OPTIONS[0], {**OPTIONS[1], "name": "early bird"}]
    response = api.post("/tournaments", {"name": "Twice", "buy_ins": twice})
    assert response.status_code == 422


def test_every_option_cannot_be_dropped_once_entries_took_one(api, club):
    enter(api, club["id"], "Early player")
    assert api.patch(f"/tournaments/{club['id']}", {"buy_ins": []}).status_code == 422


@pytest.mark.parametrize(
    "option",
    [
        {"name": "", "price": "10", "chips": 100},
        {"name": "Free", "price": "-1", "chips": 100},
        {"name": "No chips", "price": "10", "chips": 0},
        {"name": "Mills", "price": "10.001", "chips": 100},
    ],
)
def test_invalid_options_are_a_422(api, option):
    assert api.post("/tournaments", {"name": "Bad", "buy_ins": [option]}).status_code == 422


def test_a_later_day_plays_for_what_each_day_1_entry_paid(api):
    body = {"name": "Deepstack", "flights": [{"name": "A"}], "buy_ins": OPTIONS[:2]}
    event = api.post("/events", body).json()
    flight = event["flights"][0]["id"]
    for name, option in (("Anna", "Early bird"), ("Bernd", "Early bird"), ("Clara", "Standard")):
        api.post(f"/tournaments/{flight}/entries", {"name": name, "buy_in": option})
    api.post(f"/tournaments/{flight}/tables", {"count": 1})
    api.post(f"/tournaments/{flight}/draw")
    table = api.get(f"/tournaments/{flight}/tables").json()[0]
    counts = [{"seat": p["seat"], "chips": 23000 + 100 * i} for i, p in enumerate(table["players"])]
    assert api.post(f"/tables/{table['id']}/chip-counts", {"counts": counts}).status_code == 201
    assert api.post(f"/tournaments/{flight}/end-day", {}).status_code == 200
    day2 = api.post(f"/events/{event['id']}/days", {"tables": 1, "seats": 9}).json()["tournament"]
    assert api.get(f"/tournaments/{day2}/payouts").json()["prize_pool"] == "130.00"


@settings(
    max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    st.lists(
        st.tuples(st.sampled_from(["enter", "bust", "re-enter"]), st.integers(0, 2)),
        min_size=1,
        max_size=15,
    )
)
def test_pool_and_chips_always_add_up_what_each_entry_paid(api, steps):
    """Whatever the order of entries, busts and re-entries at any option, the pool
    is the sum of the prices paid and the chips the sum of the stacks bought."""
    tid = api.post("/tournaments", {"name": "Mixed", "max_entries": 5, "buy_ins": OPTIONS}).json()[
        "id"
    ]
    players: list[int] = []
    for action, option in steps:
        name = OPTIONS[option]["name"]
        if action == "enter" or not players:
            body = {"name": f"Player {len(players)}", "buy_in": name}
            players.append(api.post(f"/tournaments/{tid}/entries", body).json()["player"])
            continue
        player = players[option % len(players)]
        live = Entry.objects.filter(tournament_id=tid, player_id=player).exclude(status="busted")
        if action == "bust":
            live.update(status="busted")
        elif not live.exists():
            body = {"player": player, "buy_in": name}
            assert api.post(f"/tournaments/{tid}/entries", body).status_code == 201
    entries = Entry.objects.filter(tournament_id=tid)
    prices = {o["name"]: (Decimal(o["price"]), o["chips"]) for o in OPTIONS}
    pool = sum((prices[e.buy_in_name][0] for e in entries), Decimal(0))
    chips = sum(prices[e.buy_in_name][1] for e in entries)
    assert api.get(f"/tournaments/{tid}/payouts").json()["prize_pool"] == f"{pool:.2f}"
    body = api.get(f"/tournaments/{tid}").json()
    assert body["average_stack"] == (chips // body["remaining"] if body["remaining"] else 0)
