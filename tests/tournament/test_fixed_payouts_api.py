"""Fixed-amount payouts with the rest of the pool kept back (README "Payouts")."""

from __future__ import annotations

import pytest
from django.test import Client

from tournament.models import Entry

pytestmark = pytest.mark.django_db

CLUB_NIGHT = {"amounts": ["2200.00", "1400.00", "1000.00"], "kept_back_reason": "season final"}


@pytest.fixture
def club_night(api) -> dict:
    """47 entries at 100 to the pool (10 fee): a pool of 4,700."""
    t = api.post("/tournaments", {"name": "Club night", "buy_in": "100", "fee": "10"}).json()
    for n in range(1, 48):
        response = api.post(f"/tournaments/{t['id']}/entries", {"name": f"Player {n}"})
        assert response.status_code == 201, response.content
    return t


def test_fixed_amounts_are_paid_and_the_rest_of_the_pool_is_kept_back(api, club_night):
    response = api.put(f"/tournaments/{club_night['id']}/payouts", CLUB_NIGHT)
    assert response.status_code == 200, response.content
    body = api.get(f"/tournaments/{club_night['id']}/payouts").json()
    assert body["prize_pool"] == "4700.00"
    assert [p["amount"] for p in body["places"]] == ["2200.00", "1400.00", "1000.00"]
    assert body["kept_back"] == "100.00"
    assert body["kept_back_reason"] == "season final"
    assert body["structure"] == "amounts"
    assert body["paid"] == 3


def test_percentages_keep_nothing_back(api, club_night):
    body = api.get(f"/tournaments/{club_night['id']}/payouts").json()
    assert body["kept_back"] == "0.00"
    assert body["kept_back_reason"] == ""


def test_amounts_above_the_pool_need_a_prize_addition_first(api, club_night):
    tid = club_night["id"]
    body = {"amounts": ["2500.00", "1400.00", "1000.00"]}
    refused = api.put(f"/tournaments/{tid}/payouts", body)
    # The pool is the tournament's state, not the body's shape (README "API").
    assert refused.status_code == 409
    assert "200.00" in refused.json()["detail"]
    assert api.get(f"/tournaments/{tid}/payouts").json()["structure"] == "template"
    added = api.post(f"/tournaments/{tid}/prize-additions", {"amount": "200", "note": "Sponsor"})
    assert added.status_code == 201
    assert api.put(f"/tournaments/{tid}/payouts", body).status_code == 200
    assert api.get(f"/tournaments/{tid}/payouts").json()["kept_back"] == "0.00"


def test_the_refusal_speaks_the_readers_language(api, club_night):
    api.headers["HTTP_ACCEPT_LANGUAGE"] = "de"
    refused = api.put(f"/tournaments/{club_night['id']}/payouts", {"amounts": ["5000"]})
    assert refused.status_code == 409
    detail = refused.json()["detail"]
    assert "Preisgeld" in detail
    assert "5.000,00" in detail and "4.700,00" in detail


def test_percentages_and_amounts_together_are_refused(api, club_night):
    body = {"percentages": ["50", "30", "20"], "rounding": "1", "amounts": ["100"]}
    response = api.put(f"/tournaments/{club_night['id']}/payouts", body)
    assert response.status_code == 422


@pytest.mark.parametrize(
    "amounts",
    [["1000", "1400"], ["-5"], ["10.001"], []],
    ids=["rising", "negative", "mills", "none"],
)
def test_invalid_amounts_are_refused_with_a_4xx(api, club_night, amounts):
    response = api.put(f"/tournaments/{club_night['id']}/payouts", {"amounts": amounts})
    assert 400 <= response.status_code < 500


def test_neither_percentages_nor_amounts_is_a_422(api, club_night):
    response = api.put(f"/tournaments/{club_night['id']}/payouts", {"rounding": "1"})
    assert response.status_code == 422


def test_going_back_to_percentages_pays_the_whole_pool_again(api, club_night):
    tid = club_night["id"]
    assert api.put(f"/tournaments/{tid}/payouts", CLUB_NIGHT).status_code == 200
    back = {"percentages": ["50", "30", "20"], "rounding": "1"}
    assert api.put(f"/tournaments/{tid}/payouts", back).status_code == 200
    body = api.get(f"/tournaments/{tid}/payouts").json()
    assert [p["amount"] for p in body["places"]] == ["2350.00", "1410.00", "940.00"]
    assert body["kept_back"] == "0.00"


def test_players_sharing_a_paid_place_split_the_fixed_amounts_exactly(api, club_night):
    tid = club_night["id"]
    assert api.put(f"/tournaments/{tid}/payouts", CLUB_NIGHT).status_code == 200
    entries = list(Entry.objects.filter(tournament_id=tid).order_by("id"))
    first, *others = entries
    # Two players share second place: they split 1,400 + 1,000.
    for place, entry in enumerate(reversed(others[2:]), start=4):
        Entry.objects.filter(pk=entry.pk).update(status="busted", place=place + 1)
    Entry.objects.filter(pk__in=[others[0].pk, others[1].pk]).update(
        status="busted", place=2, place_shared=True
    )
    results = {r["entry"]: r for r in api.get(f"/tournaments/{tid}/results").json()}
    assert results[first.pk]["prize"] == "2200.00"
    assert results[others[0].pk]["prize"] == "1200.00"
    assert results[others[1].pk]["prize"] == "1200.00"
    total = sum(float(r["prize"]) for r in results.values())
    assert total == 4600.00


def test_taking_back_the_addition_that_covered_the_amounts_shows_the_shortfall(
    api, director, club_night
):
    tid = club_night["id"]
    added = api.post(f"/tournaments/{tid}/prize-additions", {"amount": "300", "note": "Sponsor"})
    body = {"amounts": ["2500.00", "1500.00", "1000.00"]}
    assert api.put(f"/tournaments/{tid}/payouts", body).status_code == 200
    page = Client()
    page.force_login(director)
    page.post(f"/tournaments/{tid}/payouts/additions/{added.json()['id']}/remove/")
    payouts = api.get(f"/tournaments/{tid}/payouts").json()
    assert payouts["prize_pool"] == "4700.00"
    assert payouts["shortfall"] == "300.00"
    assert payouts["kept_back"] == "0.00"
    shown = page.get(f"/tournaments/{tid}/payouts/").content.decode()
    assert 'id="shortfall"' in shown
