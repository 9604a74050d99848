"""Chip set, colour-ups, the chip race endpoint and calling the clock."""

from __future__ import annotations

import pytest

from clock.services import clock_state

T0 = 1_700_000_000_000

RACE = {
    "removed": 25,
    "smallest_remaining": 100,
    "button_seat": 3,
    "players": [
        {"seat": 1, "chips": 3, "other_value": 1000},
        {"seat": 2, "chips": 5, "other_value": 2000},
        {"seat": 4, "chips": 2, "other_value": 500},
    ],
}
CARDS = {"1": ["2c", "7d", "9h"], "2": ["As"], "4": ["Kd", "3s"]}


def by_seat(body: dict) -> dict[int, dict]:
    return {award["seat"]: award for award in body["awards"]}


def test_bdpv_race_gives_all_odd_chips_to_the_highest_card(floor_api):
    response = floor_api.post("/chip-race", {**RACE, "method": "race", "cards": CARDS})
    assert response.status_code == 200, response.content
    body = response.json()
    assert body["deal_order"] == [4, 1, 2]  # clockwise from the left of the button
    awards = by_seat(body)
    assert awards[2]["exchanged"] == 100 and awards[2]["awarded"] == 300
    assert awards[2]["final"] == 2300
    assert (awards[1]["final"], awards[4]["final"]) == (1000, 500)
    assert awards[4]["cards"] == ["Kd", "3s"]
    assert (body["total_before"], body["total_after"]) == (3750, 3800)


def test_round_up_gives_every_odd_stack_one_chip_without_cards(floor_api):
    response = floor_api.post("/chip-race", {**RACE, "method": "round_up"})
    assert response.status_code == 200
    awards = by_seat(response.json())
    assert [awards[s]["final"] for s in (1, 2, 4)] == [1100, 2200, 600]
    assert response.json()["deal_order"] == []


def test_without_cards_the_app_deals_one_card_per_odd_chip(floor_api):
    response = floor_api.post("/chip-race", {**RACE, "method": "race_one_chip"})
    assert response.status_code == 200
    awards = by_seat(response.json())
    assert [len(awards[s]["cards"]) for s in (1, 2, 4)] == [3, 1, 2]
    assert response.json()["deal_order"] == [1, 2, 4]


@pytest.mark.parametrize(
    "body",
    [
        {**RACE, "method": "lottery"},
        {**RACE, "method": "race", "removed": 100},
        {
            **RACE,
            "method": "race",
            "cards": {"1": ["Zz", "2c", "3c"], "2": ["As"], "4": ["Kd", "3s"]},
        },
        {**RACE, "method": "race", "cards": {"1": ["As"], "2": ["As"], "4": ["Kd", "3s"]}},
        {"method": "race"},
    ],
)
def test_bad_chip_race_input_is_a_422_with_a_detail(floor_api, body):
    response = floor_api.post("/chip-race", body)
    assert response.status_code == 422, response.content  # status: field error
    assert response.json()["detail"]


def test_chip_set_shows_totals_and_suggests_colour_ups(api, tournament):
    t = tournament["id"]
    structure = {
        "levels": [
            {"kind": "level", "small_blind": 25, "big_blind": 50, "seconds": 600},
            {"kind": "break", "seconds": 300},
            {"kind": "level", "small_blind": 100, "big_blind": 200, "seconds": 600},
        ]
    }
    assert api.put(f"/tournaments/{t}/structure", structure).status_code == 200
    chips = {
        "chips": [
            {"value": 100, "colour": "black", "count": 500},
            {"value": 25, "colour": "green", "count": 400},
        ]
    }
    response = api.put(f"/tournaments/{t}/chips", chips)
    assert response.status_code == 200, response.content
    assert [c["value"] for c in response.json()["chips"]] == [25, 100]
    assert response.json()["inventory_value"] == 60_000
    for name in ("Ann Ash", "Bob Birch"):
        assert api.post(f"/tournaments/{t}/entries", {"name": name}).status_code == 201
    overview = api.get(f"/tournaments/{t}/chips").json()
    assert (overview["chips_in_play"], overview["average_stack"]) == (40_000, 20_000)
    suggestions = api.get(f"/tournaments/{t}/color-ups").json()
    assert {s["value"]: s["break_index"] for s in suggestions} == {25: 1, 100: None}

    applied = api.post(f"/tournaments/{t}/color-ups/apply")
    assert applied.status_code == 200
    levels = api.get(f"/tournaments/{t}/structure").json()["levels"]
    assert levels[1]["color_up"] == [25]


def test_a_chip_value_listed_twice_is_refused(api, tournament):
    chips = {"chips": [{"value": 25, "colour": "a"}, {"value": 25, "colour": "b"}]}
    response = api.put(f"/tournaments/{tournament['id']}/chips", chips)
    assert response.status_code == 422  # status: field error
    assert "twice" in response.json()["detail"]


def test_floor_may_not_change_the_chip_set(floor_api, tournament):
    chips = {"chips": [{"value": 25, "colour": "green", "count": 1}]}
    assert floor_api.put(f"/tournaments/{tournament['id']}/chips", chips).status_code == 403


def test_floor_calls_the_clock_with_the_rulebook_times_and_cancels_it(
    api, floor_api, tournament, monkeypatch
):
    monkeypatch.setattr(clock_state, "now", lambda: T0)
    t = tournament["id"]
    assert api.post(f"/tournaments/{t}/tables", {"count": 2, "seats": 9}).status_code == 201
    response = floor_api.post(f"/tournaments/{t}/clock-calls", {"table": 1, "seat": 4})
    assert response.status_code == 201, response.content
    call = response.json()
    assert (call["countdown_at"], call["expires_at"]) == (T0 + 60_000, T0 + 70_000)
    assert (call["phase"], call["outcome"]) == ("thinking", "dead")

    monkeypatch.setattr(clock_state, "now", lambda: T0 + 65_000)
    listed = floor_api.get(f"/tournaments/{t}/clock-calls").json()
    assert [(c["seat"], c["phase"], c["remaining_ms"]) for c in listed] == [(4, "countdown", 5_000)]

    assert floor_api.post(f"/clock-calls/{call['id']}/cancel").json()["phase"] == "cancelled"
    assert floor_api.get(f"/tournaments/{t}/clock-calls").json() == []
    assert floor_api.post(f"/clock-calls/{call['id']}/cancel").status_code == 409


def test_clock_call_times_follow_the_tournament_profile(api, floor_api, monkeypatch):
    monkeypatch.setattr(clock_state, "now", lambda: T0)
    created = api.post(
        "/tournaments",
        {
            "name": "TDA 2024 night",
            "starting_stack": 10000,
            "buy_in": "20",
            "fee": "2",
            "final_table_size": 9,
            "rulebook": "tda2024",
            "late_registration_levels": 2,
            "max_entries": 1,
        },
    )
    assert created.status_code == 201, created.content
    t = created.json()["id"]
    api.post(f"/tournaments/{t}/tables", {"count": 1, "seats": 9})
    call = floor_api.post(
        f"/tournaments/{t}/clock-calls", {"table": 1, "seat": 2, "facing_action": False}
    ).json()
    assert call["expires_at"] - call["called_at"] == 30_000
    assert call["outcome"] == "check"


def test_calling_the_clock_at_a_missing_table_or_seat_is_refused(api, floor_api, tournament):
    t = tournament["id"]
    api.post(f"/tournaments/{t}/tables", {"count": 1, "seats": 6})
    assert (
        floor_api.post(f"/tournaments/{t}/clock-calls", {"table": 7, "seat": 1}).status_code == 404
    )
    assert (
        floor_api.post(f"/tournaments/{t}/clock-calls", {"table": 1, "seat": 8}).status_code
        == 422  # status: field error
    )


def test_a_clock_call_that_ran_out_says_until_when_the_screens_show_it(
    api, floor_api, tournament, monkeypatch
):
    monkeypatch.setattr(clock_state, "now", lambda: T0)
    t = tournament["id"]
    api.post(f"/tournaments/{t}/tables", {"count": 1, "seats": 9})
    call = floor_api.post(
        f"/tournaments/{t}/clock-calls", {"table": 1, "seat": 4, "think_seconds": 0}
    ).json()
    # Time is up at expires_at; the screens keep "Time!" up to hide_at, then drop it.
    assert call["hide_at"] - call["expires_at"] == 30_000
    monkeypatch.setattr(clock_state, "now", lambda: call["hide_at"])
    assert [c["id"] for c in floor_api.get(f"/tournaments/{t}/clock-calls").json()] == [call["id"]]
    monkeypatch.setattr(clock_state, "now", lambda: call["hide_at"] + 1)
    assert floor_api.get(f"/tournaments/{t}/clock-calls").json() == []
