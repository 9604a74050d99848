"""Fixed is fixed (README "Payouts", "Cash desk"): once the winner is known the
payout structure stays, a prize paid out stays as paid, and an undo that would
change it names the payment; a director reverses the payment first."""

from __future__ import annotations

import pytest

from cashdesk.models import LedgerRow, PrizePayout
from tournament.models import ActionLog

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("german_catalogue")]


def _ok(response, status=200):
    assert response.status_code == status, response.content
    return response.json()


def _three_handed(api, percentages) -> tuple[int, list[int]]:
    """Three players at 100 € each (a pool of 300 €), seated, in the order seated."""
    tid = _ok(api.post("/tournaments", {"name": "Mini", "buy_in": "100", "fee": "10"}), 201)["id"]
    _ok(api.post(f"/tournaments/{tid}/tables", {"count": 1, "seats": 9}), 201)
    for name in ("Anna Keller", "Bernd Schulz", "Clara Wolf"):
        _ok(api.post(f"/tournaments/{tid}/entries", {"name": name}), 201)
    _ok(api.put(f"/tournaments/{tid}/payouts", {"percentages": percentages, "rounding": "1"}))
    tables = _ok(api.post(f"/tournaments/{tid}/draw"))["tables"]
    return tid, [p["entry"] for p in tables[0]["players"]]


@pytest.fixture
def won(api):
    """Played out at 70/30 and the winner paid 210 €: the tournament, its entries
    (third, second, winner) and the prize's ledger row."""
    tid, (third, second, winner) = _three_handed(api, ["70", "30"])
    _ok(api.post(f"/entries/{third}/bust"))
    _ok(api.post(f"/entries/{second}/bust"))
    _ok(api.post(f"/entries/{winner}/prize/pay", {"method": "cash"}))
    row = LedgerRow.objects.get(tournament_id=tid, kind="prize_payout")
    return tid, (third, second, winner), row


def _german(client):
    client.headers["HTTP_ACCEPT_LANGUAGE"] = "de"
    return client


def test_a_paid_winner_keeps_his_prize_when_the_structure_is_changed(api, won):
    tid, _entries, row = won
    before = _ok(api.get(f"/tournaments/{tid}/payouts"))
    refused = _german(api).put(
        f"/tournaments/{tid}/payouts", {"percentages": ["50", "30", "20"], "rounding": "1"}
    )
    assert refused.status_code == 409
    detail = refused.json()["detail"]
    assert "Platz 1 wurde bereits ausgezahlt" in detail and "nicht mehr geändert" in detail
    assert f"Beleg {row.receipt}, 210,00\xa0€" in detail
    assert _ok(api.get(f"/tournaments/{tid}/payouts")) == before


def test_the_structure_is_fixed_once_the_winner_is_known_even_before_a_payment(api):
    tid, (third, second, _winner) = _three_handed(api, ["70", "30"])
    _ok(api.post(f"/entries/{third}/bust"))
    _ok(api.post(f"/entries/{second}/bust"))
    refused = api.put(f"/tournaments/{tid}/payouts", {"percentages": ["100"], "rounding": "1"})
    assert refused.status_code == 409
    assert "prizes are fixed" in refused.json()["detail"]


def test_the_winning_bust_is_not_undone_while_the_winner_is_paid(api, won):
    tid, (_third, second, _winner), row = won
    refused = _german(api).post(f"/entries/{second}/unbust")
    assert refused.status_code == 409
    assert refused.json()["detail"] == (
        f"Platz 1 wurde bereits ausgezahlt (Beleg {row.receipt}, 210,00\xa0€): "
        "erst die Auszahlung stornieren."
    )
    assert _ok(api.get(f"/tournaments/{tid}"))["status"] == "finished"


def test_a_paid_place_is_not_undone_while_the_tournament_runs(api):
    tid, (third, _second, _winner) = _three_handed(api, ["50", "30", "20"])
    _ok(api.post(f"/entries/{third}/bust"))
    _ok(api.post(f"/entries/{third}/prize/pay", {"method": "cash"}))
    refused = api.post(f"/entries/{third}/unbust")
    assert refused.status_code == 409
    assert "Place 3 has already been paid out" in refused.json()["detail"]


def test_only_a_director_reverses_a_prize_paid_out(desk_api, won):
    _tid, _entries, row = won
    refused = desk_api.post(f"/ledger/{row.pk}/reverse", {"reason": "wrong winner"})
    assert refused.status_code == 403
    assert not LedgerRow.objects.filter(reverses=row).exists()


def test_the_payment_reversed_first_the_undo_works_and_the_prize_pays_again(api, won):
    tid, (_third, second, winner), row = won
    back = _ok(api.post(f"/ledger/{row.pk}/reverse", {"reason": "bust entered wrong"}), 201)
    assert (back["amount"], back["reverses"]) == ("210.00", row.pk)
    assert _ok(api.get(f"/tournaments/{tid}/ledger"))["totals"]["prizes_paid"] == "0.00"

    _ok(api.post(f"/entries/{second}/unbust"))
    kinds = list(
        ActionLog.objects.filter(tournament_id=tid).order_by("pk").values_list("kind", flat=True)
    )
    assert kinds.index("ledger_reversal") < kinds.index("unbust")

    _ok(api.post(f"/entries/{winner}/bust"))  # the other player wins this time
    paid = _ok(api.post(f"/entries/{second}/prize/pay", {"method": "cash"}))
    assert paid["amount"] == "210.00"
    assert api.post(f"/entries/{second}/prize/pay", {"method": "cash"}).status_code == 409
    assert PrizePayout.objects.filter(tournament_id=tid).count() == 2


def test_a_prize_reversed_is_paid_again_once(api, won):
    tid, (_third, _second, winner), row = won
    _ok(api.post(f"/ledger/{row.pk}/reverse", {"reason": "paid to the wrong player"}), 201)
    again = _ok(api.post(f"/entries/{winner}/prize/pay", {"method": "card"}))
    assert again["amount"] == "210.00"
    assert api.post(f"/entries/{winner}/prize/pay", {"method": "cash"}).status_code == 409
    assert _ok(api.get(f"/tournaments/{tid}/ledger"))["totals"]["prizes_paid"] == "210.00"


def test_no_addition_moves_the_prizes_once_the_winner_is_paid(api, won):
    tid, _entries, row = won
    before = _ok(api.get(f"/tournaments/{tid}/results"))
    refused = _german(api).post(f"/tournaments/{tid}/prize-additions", {"amount": "10"})
    assert refused.status_code == 409
    assert refused.json()["detail"] == (
        f"Der Preispool kann sich nicht mehr ändern: Platz 1 wurde bereits ausgezahlt "
        f"(Beleg {row.receipt}, 210,00\xa0€). Erst die Auszahlung stornieren."
    )
    assert _ok(api.get(f"/tournaments/{tid}/results")) == before


def test_no_buy_in_leaves_the_pool_while_a_prize_paid_out_of_it_stands(api):
    tid, (third, second, winner) = _three_handed(api, ["50", "30", "20"])
    _ok(api.post(f"/entries/{third}/bust"))
    _ok(api.post(f"/entries/{third}/prize/pay", {"method": "cash"}))  # 60 € of 300 €
    buy_in = LedgerRow.objects.get(entry_id=second, kind="buy_in")
    reversed_ = api.post(f"/ledger/{buy_in.pk}/reverse", {"reason": "card declined"})
    refunded = api.post(f"/entries/{third}/refund", {"reason": "left"})
    assert (reversed_.status_code, refunded.status_code) == (409, 409)
    assert "place 3 has already been paid out" in reversed_.json()["detail"]
    places = _ok(api.get(f"/tournaments/{tid}/payouts"))["places"]
    assert places[2]["amount"] == "60.00"
