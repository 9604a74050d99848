"""What a tournament keeps back and the guarantee's overlay are booked when the
prizes are fixed; a pot is paid out or moved into a season final's pool."""

from __future__ import annotations

import pytest

from cashdesk.models import LedgerRow
from tournament.models import Entry, Tournament

pytestmark = pytest.mark.django_db


def finished_club_night(api, *, amounts=None, guarantee=None) -> int:
    t = api.post("/tournaments", {"name": "Club night", "buy_in": "100", "fee": "10"}).json()
    entries = [
        api.post(f"/tournaments/{t['id']}/entries", {"name": f"Player {n}"}).json()
        for n in range(1, 11)
    ]
    body = {"amounts": amounts, "kept_back_reason": "Season final"} if amounts else {}
    if guarantee:
        body = {"percentages": ["60", "40"], "rounding": "1", "guarantee": guarantee}
    assert api.put(f"/tournaments/{t['id']}/payouts", body).status_code == 200
    for place, entry in enumerate(entries[1:], start=2):
        Entry.objects.filter(pk=entry["id"]).update(status="busted", place=place)
    Tournament.objects.filter(pk=t["id"]).update(status="finished")
    return t["id"]


def test_kept_back_money_goes_into_its_pot_and_the_pot_into_the_final(api):
    tid = finished_club_night(api, amounts=["500.00", "300.00", "100.00"])
    assert api.post(f"/tournaments/{tid}/prizes/fix").status_code == 200
    pots = api.get("/pots").json()
    assert [(p["name"], p["balance"]) for p in pots] == [("Season final", "100.00")]
    assert LedgerRow.objects.filter(tournament_id=tid, kind="pot").get().amount == -100
    final = api.post("/tournaments", {"name": "Season Final", "buy_in": "0"}).json()
    pot = pots[0]["id"]
    refused = api.post(f"/pots/{pot}/move", {"tournament": final["id"], "amount": "150"})
    assert refused.status_code == 409
    moved = api.post(f"/pots/{pot}/move", {"tournament": final["id"], "amount": "60"})
    assert moved.status_code == 200 and moved.json()["balance"] == "40.00"
    assert api.get(f"/tournaments/{final['id']}/payouts").json()["prize_pool"] == "60.00"
    paid = api.post(f"/pots/{pot}/pay-out", {"amount": "40", "reason": "Club account"})
    assert paid.status_code == 200 and paid.json()["balance"] == "0.00"


def test_the_guarantee_overlay_is_booked_when_the_prizes_are_fixed(api):
    tid = finished_club_night(api, guarantee="1500")
    assert api.post(f"/tournaments/{tid}/prizes/fix").status_code == 200
    overlay = LedgerRow.objects.filter(tournament_id=tid, kind="overlay").get()
    assert overlay.amount == 500 and overlay.prize_pool == 0
    totals = api.get(f"/tournaments/{tid}/ledger").json()["totals"]
    assert totals["overlay"] == "500.00"
    assert totals["taken"] == "1100.00" and totals["prize_pool"] == "1000.00"


def test_only_a_director_sees_the_pots(desk_api, floor_api):
    assert desk_api.get("/pots").status_code == 403
    assert floor_api.get("/pots").status_code == 403


def test_every_pot_movement_has_its_ledger_row_and_the_balance_agrees(api):
    tid = finished_club_night(api, amounts=["500.00", "300.00", "100.00"])
    assert api.post(f"/tournaments/{tid}/prizes/fix").status_code == 200
    pot = api.get("/pots").json()[0]
    final = api.post("/tournaments", {"name": "Season Final", "buy_in": "0"}).json()
    api.post(f"/pots/{pot['id']}/move", {"tournament": final["id"], "amount": "60"})
    paid = api.post(f"/pots/{pot['id']}/pay-out", {"amount": "15", "reason": "Club account"})
    assert paid.status_code == 200 and paid.json()["balance"] == "25.00"

    movements = paid.json()["movements"]
    assert all(m["receipt_number"] for m in movements)
    rows = LedgerRow.objects.filter(pot_movement__pot_id=pot["id"])
    assert sorted((r.kind, str(r.amount)) for r in rows) == [
        ("pot", "-100.00"),
        ("pot", "60.00"),
        ("pot_payout", "-15.00"),
    ]
    ledger_balance = -sum(r.amount for r in rows if r.kind == "pot") + sum(
        r.amount for r in rows if r.kind == "pot_payout"
    )
    assert f"{ledger_balance:.2f}" == paid.json()["balance"]
    payout = rows.get(kind="pot_payout")
    assert payout.reason == "Season final: Club account" and payout.by is not None
