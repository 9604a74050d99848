"""The desk and the draw say what happened (README "Screens"): the seat a new
player got, his place in the alternates' line, how many the draw seated; an
empty alternates list says so without a "1."."""

from __future__ import annotations

import re

import pytest
from django.test import Client

from tables.models import Seat

pytestmark = pytest.mark.django_db


def signed_in(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def said(response) -> list[str]:
    return re.findall(r'<li class="success" role="status">([^<]+)</li>', response.content.decode())


def test_the_draw_and_registrations_say_what_happened(api, director):
    tournament = api.post("/tournaments", {"name": "Says", "max_players": 12}).json()
    tid = tournament["id"]
    client = signed_in(director)
    api.post(f"/tournaments/{tid}/tables", {"count": 1, "seats": 9})
    desk = client.get(f"/tournaments/{tid}/desk/").content.decode()
    assert "Nobody is waiting." in desk and '<ol class="alternates">' not in desk
    for i in range(8):
        api.post(f"/tournaments/{tid}/entries", {"name": f"Player {i}"})

    drawn = client.post(f"/tournaments/{tid}/floor/director/", {"action": "draw"}, follow=True)
    assert said(drawn) == ["Seats drawn: 8 players seated."]

    late = client.post(f"/tournaments/{tid}/desk/", {"name": "Lena Late"}, follow=True)
    seat = Seat.objects.get(entry__player__name="Lena Late")
    assert said(late) == [f"Lena Late registered: table {seat.table.number}, seat {seat.number}."]

    # The table is full: the next players wait, each told his place in the line.
    first = client.post(f"/tournaments/{tid}/desk/", {"name": "Wanda Wait"}, follow=True)
    second = client.post(f"/tournaments/{tid}/desk/", {"name": "Willi Wait"}, follow=True)
    assert said(first) == ["Wanda Wait is an alternate, number 1 in line."]
    assert said(second) == ["Willi Wait is an alternate, number 2 in line."]
    desk = second.content.decode()
    assert re.search(r'<ol class="alternates"><li>Wanda Wait</li><li>Willi Wait</li></ol>', desk)
