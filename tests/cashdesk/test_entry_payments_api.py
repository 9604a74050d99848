"""The desk books the buy-in of an entry already registered (README "Cash desk")."""

from __future__ import annotations

import pytest

from tournament.models import Entry, Player

pytestmark = pytest.mark.django_db


def _ok(response, status=201):
    assert response.status_code == status, response.content
    return response.json()


def _open_rows(api, tid: int) -> list[str]:
    rows = _ok(api.get(f"/tournaments/{tid}/ledger"), 200)["rows"]
    return [r["player"] for r in rows if r["open"]]


def test_paying_settles_the_open_later_payment_and_a_second_is_refused(api, desk_api, tournament):
    tid = tournament["id"]
    body = {"name": "Clara Wolf", "payment": {"method": "account"}}
    entry = _ok(api.post(f"/tournaments/{tid}/entries", body))
    assert _open_rows(api, tid) == ["Clara Wolf"]

    paid = _ok(desk_api.post(f"/entries/{entry['id']}/payments", {"method": "card"}))

    assert (paid["kind"], paid["amount"], paid["method"]) == ("settlement", "55.00", "card")
    assert paid["settles"] == entry["payment"]["id"]
    assert _open_rows(api, tid) == []
    again = desk_api.post(f"/entries/{entry['id']}/payments", {"method": "cash"})
    assert again.status_code == 409


def test_an_entry_taken_without_money_pays_its_buy_in_once(api, desk_api, tournament):
    tid = tournament["id"]
    player = Player.objects.create(name="Otto Brenner")
    entry = Entry.objects.create(tournament_id=tid, player=player)  # as an import takes it

    paid = _ok(desk_api.post(f"/entries/{entry.pk}/payments", {}))

    assert (paid["kind"], paid["amount"], paid["method"]) == ("buy_in", "55.00", "cash")
    totals = _ok(api.get(f"/tournaments/{tid}/ledger"), 200)["totals"]
    pool = _ok(api.get(f"/tournaments/{tid}/payouts"), 200)["prize_pool"]
    assert totals["prize_pool"] == pool == "50.00"
    assert desk_api.post(f"/entries/{entry.pk}/payments", {}).status_code == 409


def test_paying_needs_the_desk_and_a_player_in_the_field(api, desk_api, floor_api, tournament):
    tid = tournament["id"]
    entry = _ok(desk_api.post(f"/tournaments/{tid}/entries", {"name": "Ute Sommer"}))
    assert floor_api.post(f"/entries/{entry['id']}/payments", {}).status_code == 403
    assert desk_api.post("/entries/99999/payments", {}).status_code == 404
    refused = desk_api.post(f"/entries/{entry['id']}/payments", {"method": "gold"})
    assert refused.status_code == 422
    _ok(desk_api.post(f"/entries/{entry['id']}/refund", {"reason": "krank"}))
    assert desk_api.post(f"/entries/{entry['id']}/payments", {}).status_code == 409
    again = desk_api.post(f"/entries/{entry['id']}/payments", {"method": "account"})
    assert again.status_code == 403
