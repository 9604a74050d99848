"""A satellite paying tickets, end to end (README "Satellites and tickets"): the tickets
exist for the right players, buy them into the target at its desk, cannot be
used twice, and the target's prize pool counts them."""

from __future__ import annotations

from decimal import Decimal

import pytest

from cashdesk.models import LedgerRow, Ticket, TicketRoomSettings
from tournament.models import Entry, Player, Tournament

pytestmark = pytest.mark.django_db


def make_tournament(api, name: str, buy_in: str, fee: str) -> dict:
    response = api.post("/tournaments", {"name": name, "buy_in": buy_in, "fee": fee})
    assert response.status_code == 201, response.content
    return response.json()


def play_to_the_end(tournament_id: int, entries: list[dict]) -> None:
    """Everyone but the first registered busts, the last registered first."""
    for place, entry in enumerate(reversed(entries[1:]), start=0):
        Entry.objects.filter(pk=entry["id"]).update(status="busted", place=len(entries) - place)
    Tournament.objects.filter(pk=tournament_id).update(status="finished")


@pytest.fixture
def main_event(api) -> dict:
    return make_tournament(api, "Main Event", "225", "25")


@pytest.fixture
def satellite(api, main_event) -> dict:
    """23 entries at 50 + 5: a pool of 1,150 paying two tickets of 250, the rest to third."""
    t = make_tournament(api, "Satellite", "50", "5")
    entries = [
        api.post(f"/tournaments/{t['id']}/entries", {"name": f"Sat Player {n}"}).json()
        for n in range(1, 24)
    ]
    body = {
        "satellite": {
            "target_tournament": main_event["id"],
            "ticket_value": "250.00",
            "remainder": "next_place",
            "tickets": 2,
        }
    }
    response = api.put(f"/tournaments/{t['id']}/payouts", body)
    assert response.status_code == 200, response.content
    return {**t, "entries": entries}


def test_a_satellite_pays_two_tickets_and_the_rest_in_cash_to_third(api, satellite, main_event):
    tid = satellite["id"]
    payouts = api.get(f"/tournaments/{tid}/payouts").json()
    assert payouts["prize_pool"] == "1150.00"
    assert payouts["structure"] == "satellite"
    assert [p["amount"] for p in payouts["places"]] == ["0.00", "0.00", "650.00"]
    assert [(p["cash"], p["ticket"]) for p in payouts["satellite"]["places"]] == [
        ("0.00", "250.00"),
        ("0.00", "250.00"),
        ("650.00", None),
    ]
    assert payouts["satellite"]["target_tournament"] == main_event["id"]

    entries = satellite["entries"]
    play_to_the_end(tid, entries)
    fixed = api.post(f"/tournaments/{tid}/prizes/fix")
    assert fixed.status_code == 200, fixed.content
    tickets = fixed.json()["tickets"]
    winner, second = entries[0]["player"], entries[1]["player"]
    assert sorted(t["holder"] for t in tickets) == sorted([winner, second])
    assert {t["value"] for t in tickets} == {"250.00"}
    assert api.post(f"/tournaments/{tid}/prizes/fix").status_code == 409

    results = {r["place"]: r for r in api.get(f"/tournaments/{tid}/results").json()}
    assert results[1]["ticket"]["value"] == "250.00" and results[1]["prize"] == "0.00"
    assert results[2]["ticket"] is not None
    assert results[3]["ticket"] is None and results[3]["prize"] == "650.00"

    listed = api.get(f"/tickets?player={winner}").json()
    assert [t["status"] for t in listed] == ["issued"]

    # At the main event's desk: both tickets buy in; the first a second time is refused.
    bought = api.post(f"/tickets/{tickets[0]['id']}/buy-in", {"tournament": main_event["id"]})
    assert bought.status_code == 201, bought.content
    assert bought.json()["ticket"]["status"] == "used"
    # The other pays at the desk's ordinary registration, method "ticket".
    second_ticket = tickets[1]
    paid = api.post(
        f"/tournaments/{main_event['id']}/entries",
        {
            "player": second_ticket["holder"],
            "payment": {"method": "ticket", "ticket": second_ticket["id"]},
        },
    )
    assert paid.status_code == 201, paid.content
    assert paid.json()["payment"]["method"] == "ticket"
    assert paid.json()["payment"]["amount"] == "250.00"
    again = api.post(f"/tickets/{tickets[0]['id']}/buy-in", {"tournament": main_event["id"]})
    assert again.status_code == 409
    assert "already been used" in again.json()["detail"]

    target = api.get(f"/tournaments/{main_event['id']}/payouts").json()
    assert target["entries"] == 2
    assert target["prize_pool"] == "450.00"


def test_a_ticket_is_refused_at_another_tournament_and_after_expiry(api, satellite, main_event):
    tid = satellite["id"]
    play_to_the_end(tid, satellite["entries"])
    ticket = api.post(f"/tournaments/{tid}/prizes/fix").json()["tickets"][0]
    other = make_tournament(api, "Other", "225", "25")
    wrong = api.post(f"/tickets/{ticket['id']}/buy-in", {"tournament": other["id"]})
    assert wrong.status_code == 409

    Ticket.objects.filter(pk=ticket["id"]).update(expires="2020-01-01")
    listed = api.get(f"/tickets?number={ticket['number']}").json()
    assert [t["status"] for t in listed] == ["expired"]
    expired = api.post(f"/tickets/{ticket['id']}/buy-in", {"tournament": main_event["id"]})
    assert expired.status_code == 409
    assert "expired" in expired.json()["detail"]


def test_a_director_transfers_and_refunds_tickets_with_a_reason(api, desk_api, satellite):
    tid = satellite["id"]
    play_to_the_end(tid, satellite["entries"])
    first, second = api.post(f"/tournaments/{tid}/prizes/fix").json()["tickets"]
    someone = satellite["entries"][5]["player"]
    denied = desk_api.post(f"/tickets/{first['id']}/transfer", {"player": someone, "reason": "x"})
    assert denied.status_code == 403
    moved = api.post(
        f"/tickets/{first['id']}/transfer", {"player": someone, "reason": "Sold his seat"}
    )
    assert moved.status_code == 200 and moved.json()["holder"] == someone
    refunded = api.post(f"/tickets/{second['id']}/refund", {"reason": "Cannot travel"})
    assert refunded.status_code == 200 and refunded.json()["status"] == "refunded"
    assert api.post(f"/tickets/{second['id']}/refund", {"reason": "again"}).status_code == 409
    assert api.post(f"/tickets/{first['id']}/refund", {"reason": ""}).status_code == 422


def test_the_floor_sees_no_tickets(floor_api, satellite):
    assert floor_api.get("/tickets").status_code == 403


def test_prizes_are_fixed_only_once_the_tournament_has_finished(api, satellite):
    assert api.post(f"/tournaments/{satellite['id']}/prizes/fix").status_code == 409


@pytest.mark.parametrize(("allowed", "change"), [(True, "30.00"), (False, None)])
def test_a_cheaper_target_leaves_change_only_where_the_room_allows_it(api, allowed, change):
    TicketRoomSettings.objects.update_or_create(pk=1, defaults={"ticket_change": allowed})
    target = make_tournament(api, "Sunday Deepstack", "200", "20")
    player = Player.objects.create(name="Åsa Berg")
    ticket = Ticket.objects.create(
        number="T1-1", value=Decimal("250.00"), target_tournament_id=target["id"], holder=player
    )
    paid = api.post(f"/tickets/{ticket.pk}/buy-in", {"tournament": target["id"]})
    assert paid.status_code == 201, paid.content
    refunds = LedgerRow.objects.filter(ticket=ticket, kind="refund")
    assert [str(-r.amount) for r in refunds] == ([change] if change else [])
    assert api.get(f"/tournaments/{target['id']}/payouts").json()["prize_pool"] == "200.00"


def test_a_ticket_below_the_buy_in_is_refused(api):
    target = make_tournament(api, "High Roller", "500", "50")
    ticket = Ticket.objects.create(
        number="T1-2",
        value=Decimal("250.00"),
        target_tournament_id=target["id"],
        holder=Player.objects.create(name="Zoë"),
    )
    refused = api.post(f"/tickets/{ticket.pk}/buy-in", {"tournament": target["id"]})
    assert refused.status_code == 409
    assert "less than the buy-in" in refused.json()["detail"]
    assert api.get(f"/tournaments/{target['id']}/payouts").json()["entries"] == 0
