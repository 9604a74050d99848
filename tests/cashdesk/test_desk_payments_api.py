"""The desk takes money with every purchase, and the ledger shows it."""

from __future__ import annotations

import pytest

from cashdesk.models import LedgerRow
from tests.conftest import ApiClient
from tournament.api.auth import issue_token
from tournament.models import Entry, Tournament

pytestmark = pytest.mark.django_db


def _register(client: ApiClient, tournament: dict, name: str, **body):
    return client.post(f"/tournaments/{tournament['id']}/entries", {"name": name, **body})


def test_a_registration_pays_its_buy_in_in_cash_and_answers_the_receipt(desk_api, tournament):
    answer = _register(desk_api, tournament, "Anna Keller")
    assert answer.status_code == 201, answer.content
    entry = answer.json()
    assert entry["name"] == "Anna Keller" and entry["status"] == "registered"
    assert entry["payment"]["amount"] == "55.00"
    assert entry["payment"]["method"] == "cash"
    row = LedgerRow.objects.get(pk=entry["payment"]["id"])
    assert (row.prize_pool, row.fee, row.kind) == (50, 5, "buy_in")
    assert row.by.username == "dana"


def test_the_desk_may_take_a_card_but_only_a_director_lets_a_player_pay_later(
    api, desk_api, tournament
):
    card = _register(desk_api, tournament, "Bernd Schulz", payment={"method": "card"})
    assert card.json()["payment"]["method"] == "card"
    refused = _register(desk_api, tournament, "Clara Wolf", payment={"method": "account"})
    assert refused.status_code == 403
    assert not Entry.objects.filter(player__name="Clara Wolf").exists()
    later = _register(api, tournament, "Clara Wolf", payment={"method": "account"})
    assert later.status_code == 201
    ledger = api.get(f"/tournaments/{tournament['id']}/ledger").json()
    open_rows = [r for r in ledger["rows"] if r["open"]]
    assert [r["player"] for r in open_rows] == ["Clara Wolf"]
    settled = desk_api.post(f"/ledger/{open_rows[0]['id']}/settle", {"method": "cash"})
    assert settled.status_code == 201, settled.content
    ledger = api.get(f"/tournaments/{tournament['id']}/ledger").json()
    assert not any(r["open"] for r in ledger["rows"])
    assert desk_api.post(f"/ledger/{open_rows[0]['id']}/settle", {}).status_code == 409


def test_ticket_payments_answer_422_until_tickets_are_sold(desk_api, tournament):
    answer = _register(desk_api, tournament, "Dieter Roth", payment={"method": "ticket"})
    assert answer.status_code == 422
    assert "ticket" in answer.json()["detail"]
    assert not Entry.objects.filter(player__name="Dieter Roth").exists()


def test_a_reversal_links_the_row_and_a_second_one_is_refused(desk_api, tournament):
    paid = _register(desk_api, tournament, "Erna Vogel").json()["payment"]
    first = desk_api.post(f"/ledger/{paid['id']}/reverse", {"reason": "wrong player"})
    assert first.status_code == 201, first.content
    assert first.json()["reverses"] == paid["id"] and first.json()["amount"] == "-55.00"
    second = desk_api.post(f"/ledger/{paid['id']}/reverse", {"reason": "again"})
    assert second.status_code == 409
    totals = desk_api.get(f"/tournaments/{tournament['id']}/ledger").json()["totals"]
    assert totals["taken"] == "0.00"


def test_the_floor_sees_none_of_the_money(floor_api, desk_api, tournament):
    paid = _register(desk_api, tournament, "Fritz Lang").json()["payment"]
    assert floor_api.get(f"/tournaments/{tournament['id']}/ledger").status_code == 403
    assert floor_api.post(f"/ledger/{paid['id']}/reverse", {"reason": "x"}).status_code == 403
    assert floor_api.get("/shifts").status_code == 403


def test_a_refund_before_the_start_needs_a_reason_and_pays_back(desk_api, tournament):
    entry = _register(desk_api, tournament, "Gisela Mohr").json()
    assert desk_api.post(f"/entries/{entry['id']}/refund", {"reason": " "}).status_code == 422
    refund = desk_api.post(f"/entries/{entry['id']}/refund", {"reason": "ill"})
    assert refund.status_code == 201, refund.content
    assert [r["amount"] for r in refund.json()] == ["-55.00"]
    assert desk_api.post(f"/entries/{entry['id']}/refund", {"reason": "ill"}).status_code == 409


def test_a_cashier_without_a_token_user_still_books(director, tournament):
    client = ApiClient(issue_token(director))
    assert _register(client, tournament, "Hanna Ost").status_code == 201


def test_after_the_start_only_a_director_refunds(api, desk_api, tournament):
    entry = _register(desk_api, tournament, "Ilse Spät").json()
    Tournament.objects.filter(pk=tournament["id"]).update(status="running")
    refused = desk_api.post(f"/entries/{entry['id']}/refund", {"reason": "krank"})
    assert refused.status_code == 403
    assert api.post(f"/entries/{entry['id']}/refund", {"reason": "krank"}).status_code == 201


def test_rebuys_pay_their_price_and_one_is_taken_back_by_reversing_its_row(
    api, desk_api, tournament
):
    tid = tournament["id"]
    api.patch(f"/tournaments/{tid}/payouts/settings", {"rebuy_price": "50", "rebuy_fee": "5"})
    entry = _register(desk_api, tournament, "Rolf Rebuy").json()
    rebuy = desk_api.post(f"/entries/{entry['id']}/rebuys", {"payment": {"method": "card"}})
    assert rebuy.status_code == 201, rebuy.content
    assert rebuy.json()["payment"] == {
        **rebuy.json()["payment"],
        "amount": "55.00",
        "method": "card",
    }
    # A negative sale paid money out with no reason (README "Rebuys and add-ons").
    assert desk_api.post(f"/entries/{entry['id']}/rebuys", {"count": -1}).status_code == 422
    row = rebuy.json()["payment"]["id"]
    back = desk_api.post(f"/ledger/{row}/reverse", {"reason": "sold to the wrong player"})
    assert back.json()["amount"] == "-55.00"
    totals = api.get(f"/tournaments/{tid}/ledger").json()["totals"]
    assert (totals["prize_pool"], totals["fees"]) == ("50.00", "5.00")
