"""The floor's history tells what happened in words, in the reader's language
(README "Screens"): who busted where and on which place, who moved from where
to where and why; never raw kinds like ``bust · Table 3 · #63``."""

from __future__ import annotations

import re

import pytest
from django.test import Client

from tables.models import Move

pytestmark = pytest.mark.django_db


@pytest.fixture
def played(api):
    tournament = api.post("/tournaments", {"name": "History"}).json()
    api.post(f"/tournaments/{tournament['id']}/tables", {"count": 2})
    for i in range(18):
        api.post(f"/tournaments/{tournament['id']}/entries", {"name": f"Player {i:02}"})
    api.post(f"/tournaments/{tournament['id']}/draw")
    table = api.get(f"/tournaments/{tournament['id']}/tables").json()[0]
    busted = table["players"][:2]
    for player in busted:
        assert api.post(f"/entries/{player['entry']}/bust").status_code == 200
    move = Move.objects.get(status="pending")
    assert api.post(f"/moves/{move.pk}/done").status_code == 200
    return tournament, table, busted, move


def history(user, tournament_id: int, language: str) -> str:
    client = Client()
    client.force_login(user)
    client.cookies["django_language"] = language
    return client.get(f"/tournaments/{tournament_id}/floor/history/").content.decode()


def test_the_history_tells_busts_and_moves_in_words(played, floor_user):
    tournament, table, busted, move = played
    html = history(floor_user, tournament["id"], "en")
    first = busted[0]
    assert (
        f"{first['name']} busted at table {table['number']}, seat {first['seat']} (place 18)"
        in html
    )
    mover = move.entry.player.name
    route = (
        f"from {move.from_table.number}/{move.from_seat} to {move.to_table.number}/{move.to_seat}"
    )
    assert f"Moved {mover} {route} (balancing)" in html
    assert "1 move planned" in html
    assert "Seats drawn" in html


def test_the_history_speaks_german_and_shows_no_raw_kinds(played, floor_user):
    tournament, table, busted, move = played
    html = history(floor_user, tournament["id"], "de")
    first = busted[0]
    assert (
        f"{first['name']} ist an Tisch {table['number']}, Sitz {first['seat']} "
        "ausgeschieden (Platz 18)" in html
    )
    assert f"{move.entry.player.name} von {move.from_table.number}/{move.from_seat}" in html
    assert "(Ausgleich)" in html
    body = html[html.index("<main>") :]
    assert not re.search(r"\b[a-z]+_[a-z_]+\b", re.sub(r"<[^>]+>", " ", body)), "a raw kind shows"
    assert not re.search(r"#\d+", re.sub(r"<[^>]+>", " ", body))


def test_the_history_says_a_bullet_was_re_entered_where_it_holds_no_place(api, floor_user):
    tournament = api.post("/tournaments", {"name": "Re-entry", "max_entries": 2}).json()
    tid = tournament["id"]
    api.post(f"/tournaments/{tid}/tables", {"count": 1})
    for i in range(4):
        api.post(f"/tournaments/{tid}/entries", {"name": f"Player {i:02}"})
    api.post(f"/tournaments/{tid}/draw")
    first = api.get(f"/tournaments/{tid}/tables").json()[0]["players"][0]
    assert api.post(f"/entries/{first['entry']}/bust").status_code == 200
    player = next(
        e["player"]
        for e in api.get(f"/tournaments/{tid}/entries").json()
        if e["id"] == first["entry"]
    )
    assert api.post(f"/tournaments/{tid}/entries", {"player": player}).status_code == 201
    html = history(floor_user, tid, "en")
    assert f"{first['name']} busted at table 1, seat {first['seat']} (re-entered since)" in html
    assert "place None" not in html
    assert "danach Re-Entry gekauft" in history(floor_user, tid, "de")
