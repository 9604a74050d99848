"""Payouts as clubs set them: fixed places and percentages of the rest in one
structure (README "Payouts"); the percentages and amounts bodies as before."""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.django_db

WINNER_200_REST_50_30_20 = {
    "places": [
        {"place": 1, "amount": "200.00"},
        {"percentage": "50"},
        {"percentage": "30"},
        {"percentage": "20"},
    ],
    "rounding": "1",
}


@pytest.fixture
def ten_players(api) -> int:
    """Ten entries at 100 to the pool: a pool of 1,000."""
    tid = api.post("/tournaments", {"name": "Club night", "buy_in": "100", "fee": "10"}).json()[
        "id"
    ]
    for n in range(1, 11):
        assert api.post(f"/tournaments/{tid}/entries", {"name": f"Player {n}"}).status_code == 201
    return tid


def test_the_winner_gets_200_fixed_and_the_others_share_the_rest_50_30_20(api, ten_players):
    answer = api.put(f"/tournaments/{ten_players}/payouts", WINNER_200_REST_50_30_20)
    assert answer.status_code == 200, answer.content
    body = api.get(f"/tournaments/{ten_players}/payouts").json()
    assert body["structure"] == "mixed"
    assert [p["amount"] for p in body["places"]] == ["200.00", "400.00", "240.00", "160.00"]
    assert (body["kept_back"], body["paid"]) == ("0.00", 4)


def test_the_percentages_and_amounts_bodies_work_as_before(api, ten_players):
    url = f"/tournaments/{ten_players}/payouts"
    assert api.put(url, {"percentages": ["60", "40"], "rounding": "1"}).status_code == 200
    body = api.get(url).json()
    assert (body["structure"], [p["amount"] for p in body["places"]]) == (
        "custom",
        ["600.00", "400.00"],
    )
    assert api.put(url, {"amounts": ["500.00", "300.00"]}).status_code == 200
    body = api.get(url).json()
    assert (body["structure"], body["kept_back"]) == ("amounts", "200.00")


@pytest.mark.parametrize(
    ("places", "says", "status"),
    [
        ([{"amount": "200", "percentage": "100"}], "fixed amount or a percentage", 422),
        ([{"amount": "200"}, {"percentage": "60"}], "add up to exactly 100", 422),
        # The prize pool is the tournament's state (README "API", Errors).
        ([{"amount": "1200"}, {"percentage": "100"}], "more than the prize pool", 409),
        ([{"place": 2, "amount": "200"}], "in order", 422),
    ],
)
def test_a_mixed_structure_that_cannot_be_paid_is_refused_and_nothing_changes(
    api, ten_players, places, says, status
):
    url = f"/tournaments/{ten_players}/payouts"
    refused = api.put(url, {"places": places})
    assert refused.status_code == status
    assert says in refused.json()["detail"]
    assert api.get(url).json()["structure"] == "template"


def test_places_with_percentages_or_amounts_beside_are_refused(api, ten_players):
    body = {**WINNER_200_REST_50_30_20, "amounts": ["100.00"]}
    refused = api.put(f"/tournaments/{ten_players}/payouts", body)
    assert refused.status_code == 422
    assert "places alone" in refused.json()["detail"]
