"""A mistaken sale is reversed from the pages, with a reason, after the page
asked and named what it changes (README "Cash desk")."""

from __future__ import annotations

import pytest

from cashdesk.models import Kind, LedgerRow
from tests.cashdesk.conftest import signed_in
from tournament.models import Entry

pytestmark = pytest.mark.django_db


@pytest.fixture
def sold(api) -> dict:
    tid = api.post(
        "/tournaments", {"name": "Reversals", "buy_in": "50", "fee": "5", "starting_stack": 10000}
    ).json()["id"]
    api.patch(f"/tournaments/{tid}/payouts/settings", {"rebuy_price": "50", "rebuy_chips": 10000})
    entry = api.post(f"/tournaments/{tid}/entries", {"name": "Sabine Wagner"}).json()
    rebuy = api.post(f"/entries/{entry['id']}/rebuys", {}).json()
    assert rebuy["payment"]["receipt_number"]
    return {"tournament": tid, "entry": entry["id"], "rebuy": rebuy["payment"]["id"]}


def test_the_prize_pool_page_offers_to_reverse_a_rebuy_and_asks_first(desk_user, sold):
    page = signed_in(desk_user, "de").get(f"/tournaments/{sold['tournament']}/payouts/")
    html = page.content.decode()
    form = html[html.index(f"/cash/ledger/{sold['rebuy']}/reverse/") :].split("</form>")[0]
    assert "stornieren (Rebuy Sabine Wagner" in html
    assert 'name="reason" required' in form


def test_a_desk_reverses_a_rebuy_on_the_page_and_the_player_loses_it(desk_user, sold, api):
    client = signed_in(desk_user, "de")
    pool_before = api.get(f"/tournaments/{sold['tournament']}/payouts").json()["prize_pool"]
    back = f"/tournaments/{sold['tournament']}/payouts/"
    answer = client.post(
        f"/cash/ledger/{sold['rebuy']}/reverse/",
        {"reason": "falscher Spieler", "next": back},
        follow=True,
    )
    assert answer.redirect_chain[-1][0] == back
    assert "storniert Beleg" in answer.content.decode()
    reversal = LedgerRow.objects.get(reverses_id=sold["rebuy"])
    assert reversal.kind == Kind.REVERSAL and reversal.reason == "falscher Spieler"
    assert Entry.objects.get(pk=sold["entry"]).rebuys == 0
    pool_after = api.get(f"/tournaments/{sold['tournament']}/payouts").json()["prize_pool"]
    assert float(pool_before) - float(pool_after) == 50.0
    # The reversed sale is no longer offered for reversal.
    assert f"/cash/ledger/{sold['rebuy']}/reverse/" not in client.get(back).content.decode()


def test_a_reversal_without_a_reason_changes_nothing(desk_user, sold):
    answer = signed_in(desk_user, "de").post(
        f"/cash/ledger/{sold['rebuy']}/reverse/", {"reason": " "}, follow=True
    )
    assert answer.status_code == 200
    assert not LedgerRow.objects.filter(reverses_id=sold["rebuy"]).exists()


def test_the_floor_cannot_reverse_on_the_page(floor_user, sold):
    answer = signed_in(floor_user).post(f"/cash/ledger/{sold['rebuy']}/reverse/", {"reason": "x"})
    assert answer.status_code == 403
    assert not LedgerRow.objects.filter(reverses_id=sold["rebuy"]).exists()


def test_the_money_page_offers_each_standing_row_to_reverse(director, sold):
    html = signed_in(director, "de").get(f"/tournaments/{sold['tournament']}/cash/money/")
    assert html.content.decode().count('class="inline reverse-row"') == 2  # buy-in and rebuy
