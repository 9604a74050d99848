"""The event pages in German (README "Events: flights, bags and the next day"): a new event with its flights from
the form, the day's end refused while a player is not counted and then
bagged, the bag list with a count slip per player, the next day drawn from
the event page, and the event's results."""

from __future__ import annotations

import pytest
from django.test import Client

from tournament.models import Bag, Event, Tournament

pytestmark = pytest.mark.django_db


def signed_in(user) -> Client:
    client = Client()
    client.force_login(user)
    client.cookies["django_language"] = "de"
    return client


def test_an_event_from_the_form_to_day_2_in_german(director, api):
    client = signed_in(director)
    form = {
        "name": "Main Event",
        "flights": "Tag 1A\nTag 1B",
        "stack_rule": "cumulative",
        "table_size": 9,
        "starting_stack": 20000,
        "buy_in": "100",
        "fee": "10",
        "rulebook": "tda2019",
        "late_registration_levels": 4,
        "max_entries": 1,
        "display_names": "nickname",
        "bounty_kind": "none",
    }
    response = client.post("/events/new/", form)
    assert response.status_code == 302, response.content.decode()[:2000]
    event = Event.objects.get()
    flights = list(Tournament.objects.filter(event=event).order_by("pk"))
    assert [f.name for f in flights] == ["Main Event – Tag 1A", "Main Event – Tag 1B"]
    assert event.stack_rule == "cumulative"

    for flight in flights:
        for n in range(4):
            api.post(f"/tournaments/{flight.pk}/entries", {"name": f"Spieler{flight.pk}x{n} Nr{n}"})
        api.post(f"/tournaments/{flight.pk}/tables", {"count": 1})
        api.post(f"/tournaments/{flight.pk}/draw")

    first = flights[0]
    table = api.get(f"/tournaments/{first.pk}/tables").json()[0]
    page = client.get(f"/tournaments/{first.pk}/end-day/").content.decode()
    assert "4 Spieler haben noch keinen Chipstand" in page
    refused = client.post(f"/tournaments/{first.pk}/end-day/")
    assert refused.status_code == 409
    assert "Zählen Sie erst die Chips dieser Spieler" in refused.content.decode()

    for flight in flights:
        table = api.get(f"/tournaments/{flight.pk}/tables").json()[0]
        counts = [{"seat": p["seat"], "chips": 20000} for p in table["players"]]
        api.post(f"/tables/{table['id']}/chip-counts", {"counts": counts})
        assert client.post(f"/tournaments/{flight.pk}/end-day/").status_code == 302
    bags = client.get(f"/tournaments/{first.pk}/bags/").content.decode()
    assert "Bag-Liste" in bags and "Zählzettel" in bags and "Unterschrift des Spielers" in bags
    assert bags.count('class="slip"') == 4 and "80.000" in bags

    event_page = client.get(f"/events/{event.pk}/").content.decode()
    assert "Tag 2 aus den Bags auslosen" in event_page
    response = client.post(f"/events/{event.pk}/days/new/", {"tables": 1, "seats": 9})
    day2 = Tournament.objects.get(event=event, day=2)
    assert response.status_code == 302 and response["Location"].endswith(f"/{day2.pk}/floor/")
    assert Bag.objects.filter(carried_to__tournament=day2).count() == 8
    seating = client.get(f"/tournaments/{day2.pk}/print/seating/").content.decode()
    assert seating.count("Nr") >= 8
    results = client.get(f"/events/{event.pk}/").content.decode()
    assert "Ergebnisse des Events" in results and "Main Event – Tag 2" in results
