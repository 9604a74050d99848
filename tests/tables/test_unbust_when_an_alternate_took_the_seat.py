"""A bust undone after the first alternate sat down in the busted player's seat
(README "Undoing a bust"): the player gets his seat back, the
alternate stands up and is first on the waiting list again, and the floor is
told who stands up."""

from __future__ import annotations

import pytest

from tables.models import Seat
from tables.selectors import alternates_waiting
from tables.services.back_in_play import entry_unbust
from tests.tables.test_floor_api import start
from tests.tables.test_floor_defects import table_numbered
from tests.tables.test_floor_pages import signed_in
from tournament.models import Entry, Tournament

pytestmark = pytest.mark.django_db


def busted_with_an_alternate_in_his_seat(api) -> tuple[dict, dict, list[dict]]:
    """Two full tables, two alternates waiting; a bust at table 1 seats the first."""
    game = start(api, players=18, tables=2)
    alternates = [
        api.post(f"/tournaments/{game['id']}/entries", {"name": name}).json()
        for name in ("Anna Nachrück", "Bert Wartend")
    ]
    assert [a["status"] for a in alternates] == ["waiting", "waiting"]
    victim = table_numbered(api, game["id"], 1)["players"][0]
    assert api.post(f"/entries/{victim['entry']}/bust").status_code == 200
    sitting = Seat.objects.get(
        table__tournament_id=game["id"], table__number=1, number=victim["seat"]
    )
    assert sitting.entry_id == alternates[0]["id"]
    return game, victim, alternates


def waiting_names(tournament_id: int) -> list[str]:
    return [a["name"] for a in alternates_waiting(Tournament.objects.get(pk=tournament_id))]


def test_the_undone_player_gets_his_seat_back_and_the_alternate_waits_first_again(api, director):
    game, victim, alternates = busted_with_an_alternate_in_his_seat(api)
    entry = entry_unbust(entry_id=victim["entry"], by=director)
    assert entry.status == Entry.Status.SEATED
    seat = Seat.objects.get(entry=entry)
    assert (seat.table.number, seat.number) == (1, victim["seat"])
    assert Entry.objects.get(pk=alternates[0]["id"]).status == Entry.Status.WAITING
    assert waiting_names(game["id"]) == ["Anna Nachrück", "Bert Wartend"]
    assert not Seat.objects.filter(entry_id=alternates[0]["id"]).exists()
    # He sits where he sat: no walk from the rail.
    pending = api.get(f"/tournaments/{game['id']}/moves?status=pending").json()
    assert [m for m in pending if m["entry"] == victim["entry"]] == []


def test_through_the_api_the_unbust_answers_his_old_seat_and_the_alternate_waits(api):
    game, victim, alternates = busted_with_an_alternate_in_his_seat(api)
    response = api.post(f"/entries/{victim['entry']}/unbust")
    assert response.status_code == 200, response.content
    back = response.json()
    assert (back["status"], back["table"], back["seat"]) == ("seated", 1, victim["seat"])
    entries = {e["id"]: e for e in api.get(f"/tournaments/{game['id']}/entries").json()}
    assert [entries[a["id"]]["status"] for a in alternates] == ["waiting", "waiting"]
    assert api.get(f"/tournaments/{game['id']}").json()["waiting"] == 2
    # The next free seat goes to the same alternate again.
    other = table_numbered(api, game["id"], 2)["players"][0]
    assert api.post(f"/entries/{other['entry']}/bust").status_code == 200
    entries = {e["id"]: e for e in api.get(f"/tournaments/{game['id']}/entries").json()}
    assert [entries[a["id"]]["status"] for a in alternates] == ["seated", "waiting"]


def test_the_floor_is_told_who_stands_up_and_who_sits_back_down(api, floor_user):
    game, victim, _alternates = busted_with_an_alternate_in_his_seat(api)
    client = signed_in(floor_user)
    client.cookies["django_language"] = "de"
    page = client.post(f"/floor/entries/{victim['entry']}/unbust/", follow=True)
    said = page.content.decode().split('<ul class="messages"')[1].split("</ul>")[0]
    assert victim["name"] in said and f"Tisch 1, Sitz {victim['seat']}" in said
    assert "Anna Nachrück steht auf" in said


def test_under_a_field_limit_the_alternate_stands_up_wherever_he_sat(api, director):
    """Tables of ten, the field limited to 18: the bust lets the alternate sit
    at one of two free seats; either way the undo puts him back on the list."""
    game = start(api, players=18, tables=2, table_size=10, max_players=18)
    alternate = api.post(f"/tournaments/{game['id']}/entries", {"name": "Anna Nachrück"}).json()
    assert alternate["status"] == "waiting"
    victim = table_numbered(api, game["id"], 1)["players"][0]
    assert api.post(f"/entries/{victim['entry']}/bust").status_code == 200
    assert Seat.objects.filter(entry_id=alternate["id"]).exists()
    entry = entry_unbust(entry_id=victim["entry"], by=director)
    assert entry.status == Entry.Status.SEATED
    assert Entry.objects.get(pk=alternate["id"]).status == Entry.Status.WAITING
    assert not Seat.objects.filter(entry_id=alternate["id"]).exists()
    assert waiting_names(game["id"]) == ["Anna Nachrück"]
