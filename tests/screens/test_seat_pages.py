"""The public seat list outside the snapshot (README "Screen messages", README "Screens"):
the board pages it, the lobby searches it by full name and nickname, and the
public snapshot stays small however many players sit."""

from __future__ import annotations

import json

import pytest
from django.test import Client

from screens import live
from screens.snapshots import snapshot
from tables.services.registration import entry_register
from tables.services.seating import seats_draw
from tables.services.tables import tables_create
from tournament.models import Player
from tournament.services.tournaments import TournamentSettings, tournament_create

pytestmark = pytest.mark.django_db


def field(director, names: list[str], *, tables: int, display_names: str = "initial"):
    tournament = tournament_create(
        settings=TournamentSettings(name="Seat Cup", table_size=9), by=director
    )
    tournament.display_names = display_names
    tournament.save(update_fields=["display_names"])
    tables_create(tournament_id=tournament.pk, count=tables, seats=9, by=director)
    for name in names:
        entry_register(tournament_id=tournament.pk, by=director, name=name)
    seats_draw(tournament_id=tournament.pk, by=director)
    return tournament


def seats(tournament, **params):
    response = Client().get(f"/api/v1/tournaments/{tournament.pk}/seats", params)
    assert response.status_code == 200, response.content
    return response.json()


def test_the_lobby_finds_a_player_by_surname_and_by_nickname(director):
    tournament = field(director, ["Eva Hoffmann", "Lars Brandt", "Anna Keller"], tables=1)
    Player.objects.filter(name="Lars Brandt").update(nickname="Late Larry")
    by_surname = seats(tournament, q="hoffmann")["seats"]
    assert [row["name"] for row in by_surname] == ["Eva H."]
    # Display names are "first name and initial"; the nickname still finds him.
    by_nickname = seats(tournament, q="Larry")["seats"]
    assert [row["name"] for row in by_nickname] == ["Lars B."]
    assert seats(tournament, q="zzz")["seats"] == []


def test_the_board_pages_show_every_player_once(director):
    names = [f"Player{n:02}" for n in range(23)]
    tournament = field(director, names, tables=3)
    first = seats(tournament, per_page=10)
    assert (first["total"], first["pages"]) == (23, 3)
    shown = [
        row["name"]
        for page in (1, 2, 3)
        for row in seats(tournament, per_page=10, page=page)["seats"]
    ]
    assert shown == sorted(names)
    # A page past the end shows the last one rather than nothing.
    assert seats(tournament, per_page=10, page=9)["page"] == 3


def test_bad_paging_is_a_clear_4xx(director):
    tournament = field(director, ["Eva Hoffmann"], tables=1)
    client = Client()
    assert client.get(f"/api/v1/tournaments/{tournament.pk}/seats", {"page": 0}).status_code == 422
    response = client.get(f"/api/v1/tournaments/{tournament.pk}/seats", {"per_page": "x"})
    assert response.status_code == 422 and "detail" in response.json()
    assert client.get("/api/v1/tournaments/987654/seats").status_code == 404


def test_the_public_snapshot_carries_no_seat_list(director):
    small = field(director, [f"Small {n:03}" for n in range(18)], tables=2)
    large = field(director, [f"Large {n:03}" for n in range(270)], tables=30)
    small_size = len(json.dumps(snapshot(small.pk, audience=live.DISPLAY), default=str))
    public = snapshot(large.pk, audience=live.DISPLAY)
    large_size = len(json.dumps(public, default=str))
    assert "tables" not in public and "Large 1" not in json.dumps(public, default=str)
    assert public["seating"] == {"players": 270, "tables": 30, "playing": []}
    # Fifteen times the field, and the payout places that come with it, not the seats.
    assert large_size < 30_000 and large_size < small_size * 3
    # The floor still gets every table.
    assert len(snapshot(large.pk, audience=live.FLOOR)["tables"]) == 30


def test_a_player_with_a_move_pending_is_listed_with_the_seat_he_goes_to(director, api):
    tournament = field(director, [f"Player{n:02}" for n in range(16)], tables=3)
    broken = api.get(f"/tournaments/{tournament.pk}/tables").json()[2]
    api.post(f"/tables/{broken['id']}/break")
    listed = seats(tournament, per_page=200)
    # Nobody drops off the list while he walks to his new table.
    assert listed["total"] == 16
    moving = [row for row in listed["seats"] if row["moving_to"]]
    assert len(moving) == len(broken["players"])
    assert all(row["table"] == broken["number"] for row in moving)
    assert all(row["moving_to"]["table"] != broken["number"] for row in moving)
