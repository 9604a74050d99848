"""Special prizes (README "Special prizes"): a named prize without a place, added
to any tournament, awarded to entries with a reason, shown with the payouts."""

from __future__ import annotations

from decimal import Decimal

import pytest

from tests.tournament.test_payouts_api import register
from tournament.models import ActionLog

pytestmark = pytest.mark.django_db


def _add(api, tournament_id: int, **body) -> dict:
    response = api.post(
        f"/tournaments/{tournament_id}/special-prizes",
        {"name": "High Hand", "amount": "100", "source": "house", **body},
    )
    assert response.status_code == 201, response.content
    return response.json()


def test_a_director_adds_a_special_prize_that_is_not_awarded_yet(api, tournament):
    prize = _add(api, tournament["id"])
    assert prize["name"] == "High Hand"
    assert prize["amount"] == "100.00"
    assert prize["source"] == "house"
    assert prize["awarded"] is False and prize["winners"] == []
    listed = api.get(f"/tournaments/{tournament['id']}/special-prizes").json()
    assert [p["id"] for p in listed] == [prize["id"]]
    assert ActionLog.objects.filter(kind="special_prize_added").exists()


def test_awarding_a_special_prize_to_two_entries_shares_it_and_logs_the_reason(api, tournament):
    entries = register(api, tournament["id"], 3)
    prize = _add(api, tournament["id"], amount="100.01", source="pool", name="Side pot")
    response = api.post(
        f"/special-prizes/{prize['id']}/award",
        {"entries": [entries[0]["id"], entries[2]["id"]], "reason": "chopped the side pot"},
    )
    assert response.status_code == 200, response.content
    awarded = response.json()
    assert awarded["awarded"] is True and awarded["reason"] == "chopped the side pot"
    assert [w["amount"] for w in awarded["winners"]] == ["50.01", "50.00"]
    log = ActionLog.objects.get(kind="special_prize_awarded")
    assert log.data["reason"] == "chopped the side pot"
    taken_back = api.post(f"/special-prizes/{prize['id']}/award", {"entries": [], "reason": ""})
    assert taken_back.json()["awarded"] is False


def test_a_special_prize_goes_only_to_entries_of_its_tournament(api, tournament):
    prize = _add(api, tournament["id"])
    response = api.post(f"/special-prizes/{prize['id']}/award", {"entries": [999999]})
    assert response.status_code == 422
    assert "detail" in response.json()


def test_a_special_prize_needs_a_known_source_and_only_a_director_adds_one(
    api, floor_api, tournament
):
    bad = api.post(
        f"/tournaments/{tournament['id']}/special-prizes",
        {"name": "Last longer", "amount": "20", "source": "sponsor"},
    )
    assert bad.status_code == 422
    refused = floor_api.post(
        f"/tournaments/{tournament['id']}/special-prizes",
        {"name": "Last longer", "amount": "20", "source": "pool"},
    )
    assert refused.status_code == 403


def test_the_payout_page_and_the_board_show_the_special_prizes(api, tournament, client, director):
    entries = register(api, tournament["id"], 2)
    prize = _add(api, tournament["id"], name="High Hand")
    api.post(f"/special-prizes/{prize['id']}/award", {"entries": [entries[1]["id"]]})
    _add(api, tournament["id"], name="Last longer", amount="40")
    client.force_login(director)
    page = client.get(f"/tournaments/{tournament['id']}/payouts/").content.decode()
    assert "High Hand" in page and "Last longer" in page and "Player 2" in page
    from screens.live_data import payouts_data
    from tournament.models import Tournament

    board = payouts_data(Tournament.objects.get(pk=tournament["id"]), public=True)
    assert [(p["name"], p["amount"], p["awarded"]) for p in board["special_prizes"]] == [
        ("High Hand", "100.00", True),
        ("Last longer", "40.00", False),
    ]


def test_a_special_prize_from_the_pool_is_taken_off_before_the_places_share_it(api, tournament):
    register(api, tournament["id"], 10)
    before = api.get(f"/tournaments/{tournament['id']}/payouts").json()
    _add(api, tournament["id"], name="High Hand", amount="100", source="house")
    _add(api, tournament["id"], name="Last longer", amount="50", source="pot")
    same = api.get(f"/tournaments/{tournament['id']}/payouts").json()
    assert same["places"] == before["places"]  # the house and a pot take nothing from it
    _add(api, tournament["id"], name="Side pot", amount="100", source="pool")
    after = api.get(f"/tournaments/{tournament['id']}/payouts").json()
    assert after["prize_pool"] == before["prize_pool"]  # the pool stays the ledger's
    shared = sum(Decimal(p["amount"]) for p in after["places"])
    assert shared == sum(Decimal(p["amount"]) for p in before["places"]) - 100
