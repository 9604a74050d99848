"""The room's log for directors and the log as CSV (README "Audit trail"): every
scope's lines in words, newest first, paged, filtered by kind and scope, in
English and German; a tournament's lines and the room's as a spreadsheet."""

from __future__ import annotations

import csv
import io

import pytest

from tests.tables.test_floor_pages import signed_in
from tests.test_pages_speak_german import visible_text
from tournament.services import league, staff

pytestmark = pytest.mark.django_db

SECRET = "Geheim-Wort-42"


@pytest.fixture
def evening(api, director) -> dict:
    """A staff member made and changed, a season renamed, a player busted."""
    member = staff.staff_create(username="mia", role="floor", password=SECRET, by=director)
    staff.staff_set_role(user_id=member.pk, role="desk", by=director)
    staff.staff_set_password(user_id=member.pk, password=SECRET + "!", by=director)
    season = league.season_create(name="Winter", by=director)
    league.season_update(season_id=season.pk, name="Winterliga", formula="linear", by=director)
    tournament = api.post("/tournaments", {"name": "Freitag"}).json()
    api.post(f"/tournaments/{tournament['id']}/tables", {"count": 1})
    entry = api.post(f"/tournaments/{tournament['id']}/entries", {"name": "Anna Berg"}).json()
    api.post(f"/tournaments/{tournament['id']}/entries", {"name": "Ben Clausen"})
    api.post(f"/tournaments/{tournament['id']}/draw")
    assert api.post(f"/entries/{entry['id']}/bust").status_code == 200
    return tournament


def page_text(client, query: str = "") -> str:
    """The page's lines and pager (not its filter's lists)."""
    response = client.get(f"/log/{query}")
    assert response.status_code == 200
    page = response.content.decode()
    return visible_text("<body>" + page[page.index('id="room-log"') :])


def test_a_director_reads_the_rooms_log_in_words_newest_first(evening, director):
    text = page_text(signed_in(director))
    assert "Staff account mia created (Floor)" in text
    assert "mia: role Floor → Desk" in text
    assert "Password of mia changed" in text
    assert "League season Winterliga changed: name: Winter → Winterliga" in text
    assert "Anna Berg busted at table 1" in text
    assert SECRET not in text
    # Newest first: the bust came after the staff's changes.
    assert text.index("Anna Berg busted") < text.index("Staff account mia created")
    assert "Room log" in visible_text(signed_in(director).get("/").content.decode())


def test_the_log_is_filtered_by_kind_and_by_scope(evening, director):
    client = signed_in(director)
    staff_only = page_text(client, "?kind=staff_created")
    assert "Staff account mia created" in staff_only and "busted" not in staff_only
    season = page_text(client, "?scope=season")
    assert "League season Winter created" in season and "mia" not in season
    tournament = page_text(client, f"?scope=tournament:{evening['id']}")
    assert "Anna Berg busted" in tournament and "Staff account" not in tournament


def test_the_log_is_paged(director):
    for _ in range(55):
        staff.staff_set_active(user_id=director.pk, active=True, by=director)
    client = signed_in(director)
    first, second = page_text(client), page_text(client, "?page=2")
    assert "Page 1 of 2" in first and "Older" in first
    assert "Page 2 of 2" in second and "Newer" in second


def test_the_room_log_speaks_german(evening, director):
    client = signed_in(director)
    client.cookies["django_language"] = "de"
    assert "Protokoll des Raums" in visible_text(client.get("/log/").content.decode())
    text = page_text(client)
    assert "Personalkonto mia angelegt (Floor)" in text
    assert "Passwort von mia geändert" in text
    assert "Ligasaison Winterliga geändert: Name: Winter → Winterliga" in text


def test_floor_staff_and_the_desk_cannot_read_the_rooms_log(floor_user, desk_user):
    assert signed_in(floor_user).get("/log/").status_code == 403
    assert signed_in(desk_user).get("/log.csv").status_code == 403


def rows_of(response, delimiter: str = ",") -> list[list[str]]:
    assert response.status_code == 200
    assert response["Content-Type"].startswith("text/csv")
    return list(csv.reader(io.StringIO(response.content.decode("utf-8-sig")), delimiter=delimiter))


def test_a_tournaments_log_as_csv_says_what_the_history_page_says(evening, director):
    rows = rows_of(signed_in(director).get(f"/tournaments/{evening['id']}/log.csv"))
    assert rows[0] == ["Time", "Where", "Action", "What happened", "By", "Line"]
    said = [row[3] for row in rows[1:]]
    assert any(text.startswith("Anna Berg busted at table 1") for text in said)
    assert {row[1] for row in rows[1:]} == {"Tournament Freitag"}
    assert {row[4] for row in rows[1:]} == {"dora"}
    assert not any("mia" in text for text in said)


def test_the_rooms_log_as_csv_in_german_without_a_secret(evening, director):
    client = signed_in(director)
    client.cookies["django_language"] = "de"
    response = client.get("/log.csv?scope=room")
    rows = rows_of(response, delimiter=";")
    assert rows[0] == ["Zeit", "Wo", "Aktion", "Was geschah", "Von", "Zeile"]
    said = {row[3] for row in rows[1:]}
    assert {"Passwort von mia geändert", "mia: Rolle Floor → Kasse"} <= said
    assert {row[1] for row in rows[1:]} == {"Raum"}
    assert SECRET not in response.content.decode("utf-8-sig")
