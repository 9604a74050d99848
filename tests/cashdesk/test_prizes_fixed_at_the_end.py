"""The prizes are fixed when the winner is known, and taken back when his last
opponent's bust is undone (README "Satellites and tickets", "Pots")."""

from __future__ import annotations

import pytest

from cashdesk.models import LedgerRow, Ticket

pytestmark = pytest.mark.django_db


def _ok(response, status=200):
    assert response.status_code == status, response.content
    return response.json()


def _three_handed(api, **payouts) -> tuple[int, list[int]]:
    tid = _ok(api.post("/tournaments", {"name": "Mini", "buy_in": "100", "fee": "10"}), 201)["id"]
    _ok(api.post(f"/tournaments/{tid}/tables", {"count": 1, "seats": 9}), 201)
    for name in ("Anna Keller", "Bernd Schulz", "Clara Wolf"):
        _ok(api.post(f"/tournaments/{tid}/entries", {"name": name}), 201)
    _ok(api.put(f"/tournaments/{tid}/payouts", payouts))
    tables = _ok(api.post(f"/tournaments/{tid}/draw"))["tables"]
    return tid, [p["entry"] for p in tables[0]["players"]]


def test_the_last_bust_books_the_overlay_once_and_its_undo_takes_it_back(api):
    tid, (first, second, _third) = _three_handed(
        api, percentages=["70", "30"], rounding="1", guarantee="500"
    )
    _ok(api.post(f"/entries/{first}/bust"))
    assert not LedgerRow.objects.filter(tournament_id=tid, kind="overlay").exists()
    _ok(api.post(f"/entries/{second}/bust"))

    totals = _ok(api.get(f"/tournaments/{tid}/ledger"))["totals"]
    assert totals["overlay"] == "200.00"
    assert api.post(f"/tournaments/{tid}/prizes/fix").status_code == 409

    _ok(api.post(f"/entries/{second}/unbust"))
    assert _ok(api.get(f"/tournaments/{tid}/ledger"))["totals"]["overlay"] == "0.00"
    _ok(api.post(f"/entries/{second}/bust"))
    assert _ok(api.get(f"/tournaments/{tid}/ledger"))["totals"]["overlay"] == "200.00"


def _satellite_played_out(api) -> tuple[int, int, list[int]]:
    """A three-handed satellite paying one ticket to the main event, played out:
    the first two seated bust; the target's and the satellite's ids and the entries."""
    target = _ok(api.post("/tournaments", {"name": "Main", "buy_in": "250", "fee": "0"}), 201)
    satellite = {"target_tournament": target["id"], "ticket_value": "300.00", "tickets": 1}
    tid, entries = _three_handed(api, satellite=satellite)
    _ok(api.post(f"/entries/{entries[0]}/bust"))
    _ok(api.post(f"/entries/{entries[1]}/bust"))
    return target["id"], tid, entries


def test_a_satellite_issues_its_ticket_to_whoever_wins_in_the_end(api):
    _target, tid, (_first, second, third) = _satellite_played_out(api)
    assert [t.issued_by_id for t in Ticket.objects.all()] == [third]

    _ok(api.post(f"/entries/{second}/unbust"))
    assert not Ticket.objects.exists()
    _ok(api.post(f"/entries/{third}/bust"))
    won = Ticket.objects.get()
    assert (won.issued_by_id, str(won.value)) == (second, "300.00")
    results = {r["place"]: r for r in _ok(api.get(f"/tournaments/{tid}/results"))}
    assert results[1]["ticket"]["number"] == won.number


def test_once_the_ticket_is_used_the_winner_stays_the_winner(api):
    target, tid, (_first, second, _third) = _satellite_played_out(api)
    ticket = Ticket.objects.get()
    _ok(api.post(f"/tickets/{ticket.pk}/buy-in", {"tournament": target}), 201)
    refused = api.post(f"/entries/{second}/unbust")
    assert refused.status_code == 409
    assert _ok(api.get(f"/tournaments/{tid}"))["status"] == "finished"
