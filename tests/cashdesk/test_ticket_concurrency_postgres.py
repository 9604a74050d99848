"""Two desks using one ticket at once (PostgreSQL): one entry, one 409."""

from __future__ import annotations

from decimal import Decimal

import pytest
from django.db import connection

from cashdesk.models import LedgerRow, Ticket
from tests.conftest import ApiClient
from tests.tournament.test_concurrency_postgres import run_in_parallel
from tournament.api.auth import issue_token
from tournament.models import Event, Player, Tournament

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(
        connection.vendor != "postgresql", reason="parallel writers need PostgreSQL (CI runs it)"
    ),
]


def test_two_flights_taking_the_same_ticket_at_once_take_it_once(director):
    token = issue_token(director)
    api = ApiClient(token)
    event = Event.objects.create(name="Main Event")
    flights = [
        api.post("/tournaments", {"name": f"Day 1{x}", "buy_in": "225", "fee": "25"}).json()
        for x in "AB"
    ]
    Tournament.objects.filter(pk__in=[f["id"] for f in flights]).update(event=event, day=1)
    player = Player.objects.create(name="Jörg Ruß")
    ticket = Ticket.objects.create(
        number="T-RACE", value=Decimal("250.00"), target_event=event, holder=player
    )
    calls = iter(flights)
    answers = run_in_parallel(
        2,
        lambda: ApiClient(token).post(
            f"/tournaments/{next(calls)['id']}/entries",
            {"player": player.pk, "payment": {"method": "ticket", "ticket": ticket.pk}},
        ),
    )
    assert sorted(a.status_code for a in answers) == [201, 409]
    ticket.refresh_from_db()
    assert ticket.status == "used"
    assert LedgerRow.objects.filter(ticket=ticket).count() == 1
