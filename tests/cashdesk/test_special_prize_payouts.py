"""Special prizes paid at the desk (README "Special prizes", "Cash desk"): each
winner's share a ledger row, once; the money adds up in the totals and the
pool the payouts share out stays what the purchases brought."""

from __future__ import annotations

from decimal import Decimal

import pytest

from cashdesk.models import LedgerRow
from tests.cashdesk.conftest import signed_in
from tests.tournament.test_payouts_api import register
from tournament.models import Tournament

pytestmark = pytest.mark.django_db


def awarded_prize(api, tournament_id: int, winners: list[int], **body) -> dict:
    added = api.post(
        f"/tournaments/{tournament_id}/special-prizes",
        {"name": "High Hand", "amount": "100", "source": "house", **body},
    )
    assert added.status_code == 201, added.content
    prize = added.json()
    if winners:
        awarded = api.post(f"/special-prizes/{prize['id']}/award", {"entries": winners})
        assert awarded.status_code == 200, awarded.content
    return prize


def money_of(api, tournament_id: int) -> dict:
    return api.get(f"/tournaments/{tournament_id}/money").json()


def test_paying_a_house_and_a_pool_special_prize_books_a_row_per_winner_and_the_money_adds_up(
    api, tournament
):
    tid = tournament["id"]
    entries = register(api, tid, 4)
    pool_before = api.get(f"/tournaments/{tid}/payouts").json()["prize_pool"]
    high_hand = awarded_prize(api, tid, [entries[0]["id"]], amount="100", source="house")
    side_pot = awarded_prize(
        api,
        tid,
        [entries[1]["id"], entries[2]["id"]],
        name="Side pot",
        amount="50.01",
        source="pool",
    )
    assert money_of(api, tid)["prizes_open"] == "150.01"

    paid = api.post(f"/special-prizes/{high_hand['id']}/pay", {"method": "cash"})
    assert paid.status_code == 201, paid.content
    [row] = paid.json()
    assert (row["kind"], row["amount"], row["entry"]) == (
        "special_payout",
        "-100.00",
        entries[0]["id"],
    )
    assert row["prize_pool"] == row["fee"] == row["bounty"] == "0.00"

    shared = api.post(f"/special-prizes/{side_pot['id']}/pay", {"method": "card"})
    assert shared.status_code == 201, shared.content
    assert [(r["entry"], r["amount"], r["method"]) for r in shared.json()] == [
        (entries[1]["id"], "-25.01", "card"),
        (entries[2]["id"], "-25.00", "card"),
    ]
    overview = money_of(api, tid)
    assert (overview["prizes_paid"], overview["prizes_open"]) == ("150.01", "0.00")
    ledger = api.get(f"/tournaments/{tid}/ledger").json()
    assert ledger["totals"]["prizes_paid"] == "150.01"
    assert ledger["totals"]["prizes_open"] == "0.00"
    assert sum(1 for r in ledger["rows"] if r["kind"] == "special_payout") == 3
    assert api.get(f"/tournaments/{tid}/payouts").json()["prize_pool"] == pool_before


def test_a_special_prize_is_paid_once_and_only_when_awarded(api, tournament):
    tid = tournament["id"]
    entries = register(api, tid, 2)
    not_awarded = awarded_prize(api, tid, [], name="Last longer")
    refused = api.post(f"/special-prizes/{not_awarded['id']}/pay", {"method": "cash"})
    assert refused.status_code == 409 and refused.json()["detail"]
    prize = awarded_prize(api, tid, [entries[0]["id"]])
    assert api.post(f"/special-prizes/{prize['id']}/pay", {"method": "cash"}).status_code == 201
    again = api.post(f"/special-prizes/{prize['id']}/pay", {"method": "cash"})
    assert again.status_code == 409 and again.json()["detail"]
    assert LedgerRow.objects.filter(kind="special_payout").count() == 1
    # The award stands while it is paid: the ledger and the prize agree.
    changed = api.post(f"/special-prizes/{prize['id']}/award", {"entries": [entries[1]["id"]]})
    assert changed.status_code == 409


def test_a_share_reversed_by_a_director_is_open_again_and_pays_once_more(api, tournament):
    tid = tournament["id"]
    entries = register(api, tid, 1)
    prize = awarded_prize(api, tid, [entries[0]["id"]])
    [row] = api.post(f"/special-prizes/{prize['id']}/pay", {"method": "cash"}).json()
    reversed_ = api.post(f"/ledger/{row['id']}/reverse", {"reason": "wrong winner"})
    assert reversed_.status_code == 201, reversed_.content
    assert money_of(api, tid)["prizes_open"] == "100.00"
    assert api.post(f"/special-prizes/{prize['id']}/pay", {"method": "cash"}).status_code == 201
    assert money_of(api, tid)["prizes_paid"] == "100.00"


def test_the_floor_may_not_pay_a_special_prize(api, floor_api, tournament):
    entries = register(api, tournament["id"], 1)
    prize = awarded_prize(api, tournament["id"], [entries[0]["id"]])
    refused = floor_api.post(f"/special-prizes/{prize['id']}/pay", {"method": "cash"})
    assert refused.status_code == 403
    assert not LedgerRow.objects.filter(kind="special_payout").exists()


def test_the_desk_pays_a_special_prize(api, desk_api, tournament):
    entries = register(api, tournament["id"], 1)
    prize = awarded_prize(api, tournament["id"], [entries[0]["id"]])
    assert (
        desk_api.post(f"/special-prizes/{prize['id']}/pay", {"method": "cash"}).status_code == 201
    )


def test_an_imported_tournaments_special_prize_was_paid_by_the_file(api, tournament, director):
    entries = register(api, tournament["id"], 1)
    prize = awarded_prize(api, tournament["id"], [entries[0]["id"]])
    Tournament.objects.filter(pk=tournament["id"]).update(imported_from="td3")
    refused = api.post(f"/special-prizes/{prize['id']}/pay", {"method": "cash"})
    assert refused.status_code == 409
    page = signed_in(director).get(f"/tournaments/{tournament['id']}/standings/").content.decode()
    assert "Paid out (as the imported file says)" in page
    assert f"/cash/special-prizes/{prize['id']}/pay/" not in page


def test_the_standings_page_has_a_pay_out_button_in_german_for_an_awarded_prize(
    api, tournament, director, floor_user, german_catalogue
):
    tid = tournament["id"]
    entries = register(api, tid, 2)
    prize = awarded_prize(api, tid, [entries[0]["id"]])
    awarded_prize(api, tid, [], name="Last longer")
    client = signed_in(director, "de")
    page = client.get(f"/tournaments/{tid}/standings/").content.decode()
    action = f"/cash/special-prizes/{prize['id']}/pay/"
    assert page.count("/cash/special-prizes/") == 1 and action in page
    assert "Sonderpreise" in page and "Auszahlen" in page and "Noch nicht ausgezahlt" in page
    assert "idempotency_key" in page
    assert (
        action
        not in signed_in(floor_user, "de").get(f"/tournaments/{tid}/standings/").content.decode()
    )

    response = client.post(action, {"idempotency_key": "a1b2c3d4-0000-4000-8000-000000000001"})
    assert response.status_code == 302
    assert LedgerRow.objects.get(kind="special_payout").amount == Decimal("-100.00")
    after = client.get(f"/tournaments/{tid}/standings/").content.decode()
    assert action not in after and "Ausgezahlt" in after


def test_a_special_prize_from_a_pot_is_paid_with_the_pots_pay_out_not_at_the_desk(api, tournament):
    entries = register(api, tournament["id"], 1)
    prize = awarded_prize(api, tournament["id"], [entries[0]["id"]], source="pot")
    assert money_of(api, tournament["id"])["prizes_open"] == "0.00"
    refused = api.post(f"/special-prizes/{prize['id']}/pay", {"method": "cash"})
    assert refused.status_code == 409 and "pot" in refused.json()["detail"]
