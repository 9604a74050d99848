"""Vouchers and comps are not money (README "Cash desk"): a voucher names its
number, and the money page counts comps and vouchers apart from money taken."""

from __future__ import annotations

import pytest

from cashdesk.models import LedgerRow
from tests.cashdesk.conftest import signed_in
from tournament.models import Entry

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("german_catalogue")]


def _register(api, tournament: dict, name: str, payment: dict):
    return api.post(f"/tournaments/{tournament['id']}/entries", {"name": name, "payment": payment})


def test_a_voucher_payment_needs_the_vouchers_number_and_keeps_it(desk_api, tournament):
    refused = _register(desk_api, tournament, "Vera Gutschein", {"method": "voucher"})
    assert refused.status_code == 422
    assert "reference" in refused.json()["detail"]
    assert not Entry.objects.filter(player__name="Vera Gutschein").exists()
    answer = _register(
        desk_api, tournament, "Vera Gutschein", {"method": "voucher", "reference": " G-123 "}
    )
    assert answer.status_code == 201, answer.content
    assert answer.json()["payment"]["reference"] == "G-123"
    assert LedgerRow.objects.get(entry_id=answer.json()["id"]).reference == "G-123"
    rows = desk_api.get(f"/tournaments/{tournament['id']}/ledger").json()["rows"]
    assert [row["reference"] for row in rows] == ["G-123"]


def test_the_desk_page_asks_the_vouchers_number(desk_user, tournament):
    page = signed_in(desk_user, "de")
    url = f"/tournaments/{tournament['id']}/desk/"
    form = page.get(url).content.decode()
    assert 'name="payment_reference"' in form and "Gutscheinnummer" in form
    refused = page.post(url, {"name": "Udo Ohne", "payment_method": "voucher"}, follow=True)
    assert "Bitte die Nummer des Gutscheins eingeben." in refused.content.decode()
    assert not Entry.objects.filter(player__name="Udo Ohne").exists()
    page.post(url, {"name": "Udo Mit", "payment_method": "voucher", "payment_reference": "G-7"})
    assert LedgerRow.objects.get(entry__player__name="Udo Mit").reference == "G-7"


def test_the_money_page_counts_comps_and_vouchers_apart_from_money_taken(director, api, tournament):
    for name, payment in [
        ("Anna Bar", {"method": "cash"}),
        ("Bea Karte", {"method": "card"}),
        ("Cem Gutschein", {"method": "voucher", "reference": "G-123"}),
        ("Dirk Haus", {"method": "comp"}),
        ("Emil Haus", {"method": "comp"}),
    ]:
        assert _register(api, tournament, name, payment).status_code == 201
    overview = api.get(f"/tournaments/{tournament['id']}/money").json()
    assert overview["taken"] == "275.00"  # what was sold, by any method (5 x 55)
    assert (overview["money_taken"], overview["comps"], overview["vouchers"]) == (
        "110.00",
        "110.00",
        "55.00",
    )
    page = signed_in(director, "de").get(f"/tournaments/{tournament['id']}/cash/money/")
    shown = page.content.decode()
    assert "110\xa0€" in shown.split('id="money-taken"')[1].split("</dd>")[0]
    assert "110\xa0€" in shown.split('id="comps"')[1].split("</dd>")[0]
    assert "55\xa0€" in shown.split('id="vouchers"')[1].split("</dd>")[0]
    assert "Geld eingenommen (bar und Karte)" in shown


def test_a_later_payment_settled_by_voucher_names_the_voucher(api):
    tid = api.post("/tournaments", {"name": "Gutscheine", "buy_in": "50", "fee": "5"}).json()["id"]
    body = {"name": "Gustav Öztürk", "payment": {"method": "account"}}
    later = api.post(f"/tournaments/{tid}/entries", body).json()["payment"]["id"]
    unnamed = api.post(f"/ledger/{later}/settle", {"method": "voucher"})
    assert unnamed.status_code == 422
    assert unnamed.json()["field"] == "reference"
    named = api.post(f"/ledger/{later}/settle", {"method": "voucher", "reference": "G-777"})
    assert named.status_code == 201, named.content
    assert LedgerRow.objects.get(settles_id=later).reference == "G-777"


def test_nobody_pays_from_the_imported_file_by_hand(desk_api, desk_user, tournament):
    # Only the TD3 import books "From the imported file" (README "Cash desk").
    refused = _register(desk_api, tournament, "Ingo Import", {"method": "imported"})
    assert refused.status_code == 422
    assert "method" in refused.json()["detail"]  # the schema lists it for no one
    assert not Entry.objects.filter(player__name="Ingo Import").exists()
    page = signed_in(desk_user, "de")
    url = f"/tournaments/{tournament['id']}/desk/"
    said = page.post(url, {"name": "Ingo Import", "payment_method": "imported"}, follow=True)
    assert "wird nur von einem TD3-Import gesetzt" in said.content.decode()
    assert not Entry.objects.filter(player__name="Ingo Import").exists()
    assert not LedgerRow.objects.filter(method="imported").exists()
