"""A ticket that names no target buys into any tournament up to its value
(README "Satellites and tickets")."""

from __future__ import annotations

from decimal import Decimal

import pytest

from cashdesk.models import Ticket
from tournament.models import Entry, Player, Tournament

pytestmark = pytest.mark.django_db


def _tournament(api, name: str, buy_in: str, fee: str) -> int:
    response = api.post("/tournaments", {"name": name, "buy_in": buy_in, "fee": fee})
    assert response.status_code == 201, response.content
    return response.json()["id"]


def _any_ticket(value: str = "100.00") -> Ticket:
    holder = Player.objects.create(name="Jürgen Weiß")
    return Ticket.objects.create(number="T9-1", value=Decimal(value), holder=holder)


def _pay(api, tid: int, ticket: Ticket):
    body = {"player": ticket.holder_id, "payment": {"method": "ticket", "ticket": ticket.pk}}
    return api.post(f"/tournaments/{tid}/entries", body)


def test_a_ticket_without_a_target_buys_into_any_tournament_up_to_its_value(api):
    ticket = _any_ticket()
    dear = _tournament(api, "High Roller", "200", "20")
    cheap = _tournament(api, "Turbo", "90", "10")
    listed = api.get(f"/tickets?tournament={cheap}").json()
    assert [t["number"] for t in listed] == ["T9-1"]
    assert listed[0]["target_tournament"] is None and listed[0]["target_event"] is None

    too_small = _pay(api, dear, ticket)
    assert too_small.status_code == 409 and "less than the buy-in" in too_small.json()["detail"]
    paid = _pay(api, cheap, ticket)
    assert paid.status_code == 201, paid.content
    assert paid.json()["payment"]["amount"] == "100.00"
    assert _pay(api, dear, ticket).status_code == 409
    assert api.get(f"/tournaments/{cheap}/payouts").json()["prize_pool"] == "90.00"


def test_a_satellite_pays_tickets_for_any_tournament_when_it_names_no_target(api):
    tid = _tournament(api, "Satellite", "50", "5")
    for n in range(4):
        api.post(f"/tournaments/{tid}/entries", {"name": f"Sat {n}"})
    no_value = api.put(f"/tournaments/{tid}/payouts", {"satellite": {"tickets": 1}})
    assert no_value.status_code == 422
    body = {"satellite": {"ticket_value": "150.00", "tickets": 1}}
    assert api.put(f"/tournaments/{tid}/payouts", body).status_code == 200
    entries = list(Entry.objects.filter(tournament_id=tid).order_by("id"))
    for place, entry in enumerate(entries[1:], start=2):
        Entry.objects.filter(pk=entry.pk).update(status="busted", place=place)
    Tournament.objects.filter(pk=tid).update(status="finished")
    fixed = api.post(f"/tournaments/{tid}/prizes/fix")
    assert fixed.status_code == 200, fixed.content
    [won] = fixed.json()["tickets"]
    assert (won["target_tournament"], won["target_event"], won["value"]) == (None, None, "150.00")
    assert won["holder"] == entries[0].player_id
