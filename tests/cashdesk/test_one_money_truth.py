"""One money truth (README "Cash desk"): the payouts' prize pool is what the
ledger put into it, plus manual additions and the guarantee's overlay, after
every sale, reversal and refund, on every page and in the API."""

from __future__ import annotations

from decimal import Decimal

import pytest

from cashdesk.models import Kind, LedgerRow
from screens.live_data import payouts_data
from tests.cashdesk.conftest import signed_in
from tournament.models import Entry, PrizeAddition, Tournament
from tournament.summary import tournament_summary

pytestmark = pytest.mark.django_db


def _register(client, tid: int, *names: str) -> list[dict]:
    made = [client.post(f"/tournaments/{tid}/entries", {"name": n}) for n in names]
    assert all(r.status_code == 201 for r in made), [r.content for r in made]
    return [r.json() for r in made]


def pools_agree(api, tid: int) -> Decimal:
    """The payouts' pool, checked against the ledger's pool + additions + overlay."""
    payouts = api.get(f"/tournaments/{tid}/payouts").json()
    ledger = api.get(f"/tournaments/{tid}/ledger").json()["totals"]
    money = api.get(f"/tournaments/{tid}/money").json()
    additions = sum((a.amount for a in PrizeAddition.objects.filter(tournament_id=tid)), Decimal(0))
    pool = Decimal(payouts["prize_pool"])
    assert pool == Decimal(ledger["prize_pool"]) + additions + Decimal(payouts["overlay"])
    assert Decimal(payouts["collected"]) == Decimal(money["prize_pool"])
    assert money["pool_total"] == payouts["prize_pool"]
    # The summary every screen shows and the board's payout tile read the same pool.
    tournament = Tournament.objects.get(pk=tid)
    assert tournament_summary(tournament)["prize_pool"] == payouts["prize_pool"]
    assert payouts_data(tournament, public=True)["prize_pool"] == payouts["prize_pool"]
    return pool


@pytest.fixture
def eight(api, desk_api, tournament) -> list[dict]:
    """Eight buy-ins of 50 + 5 sold at the desk: a pool of 400."""
    return _register(desk_api, tournament["id"], *(f"Player {n}" for n in "ABCDEFGH"))


def test_a_reversed_buy_in_leaves_the_pool_the_ledger_holds(api, desk_api, tournament, eight):
    tid = tournament["id"]
    assert pools_agree(api, tid) == Decimal("400.00")
    row = eight[0]["payment"]["id"]
    assert desk_api.post(f"/ledger/{row}/reverse", {"reason": "card declined"}).status_code == 201
    assert pools_agree(api, tid) == Decimal("350.00")
    # The payouts share out the 350, not the 400 of eight entries at 50.
    places = api.get(f"/tournaments/{tid}/payouts").json()["places"]
    assert sum(Decimal(p["amount"]) for p in places) == Decimal("350.00")


def test_a_guarantee_pays_the_overlay_over_what_the_ledger_took(api, desk_api, tournament, eight):
    tid = tournament["id"]
    put = api.put(
        f"/tournaments/{tid}/payouts", {"percentages": None, "rounding": "1", "guarantee": "400"}
    )
    assert put.status_code == 200, put.content
    desk_api.post(f"/ledger/{eight[0]['payment']['id']}/reverse", {"reason": "wrong player"})
    payouts = api.get(f"/tournaments/{tid}/payouts").json()
    assert (payouts["collected"], payouts["overlay"]) == ("350.00", "50.00")
    assert pools_agree(api, tid) == Decimal("400.00")


def test_a_refund_takes_its_money_out_of_the_pool(api, desk_api, tournament, eight):
    tid = tournament["id"]
    api.post(f"/tournaments/{tid}/prize-additions", {"amount": "25", "note": "Sponsor"})
    assert desk_api.post(f"/entries/{eight[1]['id']}/refund", {"reason": "ill"}).status_code == 201
    assert pools_agree(api, tid) == Decimal("375.00")


@pytest.fixture
def sells_add_ons(api, tournament) -> None:
    settings = {"rebuy_price": "20", "rebuy_chips": 10000, "addon_price": "40", "addon_fee": "5"}
    answer = api.patch(f"/tournaments/{tournament['id']}/payouts/settings", settings)
    assert answer.status_code == 200, answer.content


def test_an_add_on_sold_on_the_payouts_page_is_a_ledger_row_with_its_receipt(
    api, desk_api, desk_user, tournament, eight, sells_add_ons
):
    tid, entry = tournament["id"], eight[2]["id"]
    page = signed_in(desk_user)
    assert 'name="payment_method"' in page.get(f"/tournaments/{tid}/payouts/").content.decode()
    sold = page.post(
        f"/tournaments/{tid}/payouts/purchases/",
        {"entry": entry, "kind": "addon", "count": 1, "payment_method": "card"},
        follow=True,
    )
    row = LedgerRow.objects.get(entry_id=entry, kind=Kind.ADD_ON)
    assert (row.amount, row.prize_pool, row.fee, row.method) == (45, 40, 5, "card")
    body = sold.content.decode()
    assert f"receipt {row.receipt}" in body
    assert f"/cash/receipts/{row.pk}/" in body
    assert Entry.objects.get(pk=entry).addons == 1
    assert pools_agree(api, tid) == Decimal("440.00")


def test_a_reversed_rebuy_leaves_the_entry_and_its_chips(
    api, desk_api, tournament, eight, sells_add_ons
):
    tid, entry = tournament["id"], eight[3]["id"]
    chips = tournament_summary(Entry.objects.get(pk=entry).tournament)["chips_in_play"]
    bought = desk_api.post(f"/entries/{entry}/rebuys", {"count": 2})
    assert bought.status_code == 201, bought.content
    assert pools_agree(api, tid) == Decimal("440.00")
    row = bought.json()["payment"]["id"]
    assert desk_api.post(f"/ledger/{row}/reverse", {"reason": "no chips given"}).status_code == 201
    assert Entry.objects.get(pk=entry).rebuys == 0
    tournament_row = Entry.objects.get(pk=entry).tournament
    assert tournament_summary(tournament_row)["chips_in_play"] == chips
    assert pools_agree(api, tid) == Decimal("400.00")


def test_an_entry_written_past_the_desk_adds_nothing_to_the_pool(api, tournament, eight):
    """Money the ledger never took is not paid out."""
    tid = tournament["id"]
    first = Entry.objects.filter(tournament_id=tid).first()
    Entry.objects.create(tournament_id=tid, player=first.player, number=2, status="busted")
    assert pools_agree(api, tid) == Decimal("400.00")
