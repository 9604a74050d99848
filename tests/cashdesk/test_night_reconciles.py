"""A night at the desk reconciles to the cent (README "Cash desk").

Two cashiers at two cash boxes, a player on account settled in cash, the
settlement reversed and settled again by card, add-ons by card, an alternate
refunded before the start, the winner's prize paid out: both shifts close with
no difference, the ledger's sums match the prize pool and the fees, the receipt
numbers have no gap, and nothing of it can be edited or deleted.
"""

from __future__ import annotations

from decimal import Decimal

import pytest
from django.test import Client

from cashdesk.models import LedgerRow
from tests.conftest import ApiClient, make_staff
from tournament.api.auth import issue_token
from tournament.models import Entry

pytestmark = pytest.mark.django_db


def _cashier(name: str) -> ApiClient:
    return ApiClient(issue_token(make_staff(name, "desk", shift=False)))


def _ok(response, status=201):
    assert response.status_code == status, response.content
    return response.json()


@pytest.fixture
def night(api) -> dict:
    tournament = _ok(
        api.post(
            "/tournaments",
            {
                "name": "Donnerstag Deepstack",
                "starting_stack": 20000,
                "buy_in": "50",
                "fee": "5",
                "final_table_size": 9,
                "late_registration_levels": 4,
                "max_entries": 1,
                "max_players": 5,
            },
        )
    )
    tid = tournament["id"]
    _ok(
        api.patch(f"/tournaments/{tid}/payouts/settings", {"addon_price": "20", "addon_fee": "2"}),
        200,
    )
    boxes = [_ok(api.post("/cash-boxes", {"name": name})) for name in ("Kasse 1", "Kasse 2")]
    return {"id": tid, "boxes": boxes}


def _evening(api, night, anke, bodo) -> dict:
    """Registrations, an alternate refunded, add-ons, a later payment settled twice."""
    tid = night["id"]

    def register(client, name, method="cash"):
        body = {"name": name, "payment": {"method": method}}
        return _ok(client.post(f"/tournaments/{tid}/entries", body))

    anna = register(anke, "Anna Keller")
    register(anke, "Bernd Schulz")
    clara = register(anke, "Clara Wolf", "card")
    dieter = register(bodo, "Dieter Roth")
    gustav = register(api, "Gustav Öztürk", "account")  # the director lets him pay later
    fritz = register(bodo, "Fritz Müller")  # the field is full: an alternate
    assert fritz["status"] == "waiting"
    _ok(bodo.post(f"/entries/{fritz['id']}/refund", {"reason": "geht nach Hause"}))

    for entry in (anna, clara):
        _ok(anke.post(f"/entries/{entry['id']}/addons", {"payment": {"method": "card"}}))
    _ok(bodo.post(f"/entries/{dieter['id']}/addons", {}))

    later = gustav["payment"]["id"]
    in_cash = _ok(anke.post(f"/ledger/{later}/settle", {"method": "cash"}))
    _ok(anke.post(f"/ledger/{in_cash['id']}/reverse", {"reason": "hat mit Karte bezahlt"}))
    _ok(anke.post(f"/ledger/{later}/settle", {"method": "card"}))
    return {"anna": anna, "clara": clara, "dieter": dieter, "gustav": gustav}


def test_a_night_with_two_cashiers_reconciles_to_the_cent(api, night):
    tid = night["id"]
    anke, bodo = _cashier("anke"), _cashier("bodo")
    shift_a = _ok(anke.post(f"/cash-boxes/{night['boxes'][0]['id']}/shifts", {"float": "200"}))
    shift_b = _ok(bodo.post(f"/cash-boxes/{night['boxes'][1]['id']}/shifts", {"float": "100.50"}))
    played = _evening(api, night, anke, bodo)
    anna, clara, dieter, gustav = (played[n] for n in ("anna", "clara", "dieter", "gustav"))

    # Everyone but Clara goes out: she wins.
    for place, entry in zip((5, 4, 3, 2), (gustav, dieter, anna), strict=False):
        Entry.objects.filter(pk=entry["id"]).update(status="busted", place=place)
    bernd = Entry.objects.get(tournament_id=tid, player__name="Bernd Schulz")
    Entry.objects.filter(pk=bernd.pk).update(status="busted", place=2)
    results = _ok(api.get(f"/tournaments/{tid}/results"), 200)
    winner = next(r for r in results if r["place"] == 1)
    assert winner["entry"] == clara["id"] and not winner["prize_paid"]
    paid = _ok(anke.post(f"/entries/{clara['id']}/prize/pay", {"method": "cash"}), 200)
    assert paid["amount"] == winner["prize"]
    assert anke.post(f"/entries/{clara['id']}/prize/pay", {"method": "cash"}).status_code == 409

    prize = Decimal(winner["prize"])
    # Kasse 1: 200 float, Anna and Bernd in cash, a settlement in cash and its reversal, the prize out.
    expected_a = Decimal("200") + 55 + 55 + 55 - 55 - prize
    # Kasse 2: 100.50 float, Dieter and Fritz in cash, Fritz refunded, Dieter's add-on.
    expected_b = Decimal("100.50") + 55 + 55 - 55 + 22
    closed_a = _ok(anke.post(f"/shifts/{shift_a['id']}/close", {"counted": str(expected_a)}), 200)
    closed_b = _ok(bodo.post(f"/shifts/{shift_b['id']}/close", {"counted": str(expected_b)}), 200)
    assert (closed_a["expected"], closed_a["difference"]) == (f"{expected_a:.2f}", "0.00")
    assert (closed_b["expected"], closed_b["difference"]) == (f"{expected_b:.2f}", "0.00")

    ledger = _ok(api.get(f"/tournaments/{tid}/ledger"), 200)
    totals, payouts = ledger["totals"], _ok(api.get(f"/tournaments/{tid}/payouts"), 200)
    assert totals["prize_pool"] == payouts["prize_pool"] == "310.00"  # 5 x 50 + 3 x 20
    assert totals["fees"] == payouts["fees"] == "31.00"
    assert Decimal(totals["taken"]) == sum(
        Decimal(totals[k]) for k in ("prize_pool", "fees", "bounties")
    )
    assert totals["prizes_paid"] == winner["prize"]
    second = next(r for r in results if r["place"] == 2)
    assert totals["prizes_open"] == second["prize"]
    # Each cash box counts its own receipts, gapless from 1 (README "Cash desk").
    series: dict[str, list[int]] = {}
    for row in ledger["rows"]:
        series.setdefault(row["receipt"].rsplit("-", 1)[0], []).append(row["receipt_number"])
    assert len(series) >= 2  # two cashiers at two boxes
    assert all(numbers == list(range(1, len(numbers) + 1)) for numbers in series.values())

    overview = _ok(api.get(f"/tournaments/{tid}/money"), 200)
    by_method = {line["method"]: line["amount"] for line in overview["by_method"]}
    # Cash: Anna, Bernd, Dieter and his add-on (Fritz's money went back); card:
    # Clara, two add-ons and Gustav's later payment.
    assert by_method == {"cash": "187.00", "card": "154.00"}
    assert Decimal(totals["taken"]) == Decimal("341.00")
    assert overview["open_later"] == "0.00"


def test_nothing_of_the_ledger_can_be_edited_or_deleted(api, director, night):
    row_id = _ok(api.post(f"/tournaments/{night['id']}/entries", {"name": "Ida Lund"}))["payment"][
        "id"
    ]
    for method in ("put", "patch", "delete"):
        assert getattr(api, method)(f"/ledger/{row_id}").status_code in (404, 405)
    director.is_superuser = director.is_staff = True
    director.save()
    admin = Client()
    admin.force_login(director)
    change = admin.post(f"/admin/cashdesk/ledgerrow/{row_id}/change/", {"amount": "1.00"})
    assert change.status_code == 403
    assert (
        admin.post(f"/admin/cashdesk/ledgerrow/{row_id}/delete/", {"post": "yes"}).status_code
        == 403
    )
    assert LedgerRow.objects.get(pk=row_id).amount == Decimal("55.00")
