"""The room's settings, the retention page and the privacy notice (README "Player data"):
directors only (the notice is public), in English and German, bad input a
400 that changes nothing."""

from __future__ import annotations

import pytest
from django.test import Client
from django.utils.html import strip_tags

from tournament.models import Player, PrivacyLog, RoomSettings

ROOM = {
    "name": "Casino am See",
    "address": "Seestraße 1\n12345 Seedorf",
    "contact_email": "datenschutz@casino-am-see.example",
    "contact_phone": "+49 30 123456",
    "retention_months": "18",
}


def client_for(user=None, language: str = "en") -> Client:
    client = Client()
    if user is not None:
        client.force_login(user)
    client.cookies["django_language"] = language
    return client


def test_a_director_sets_the_room_and_the_notice_names_it(director):
    client = client_for(director)
    assert client.post("/room/", ROOM).status_code == 302
    room = RoomSettings.current()
    assert (room.name, room.retention_months) == ("Casino am See", 18)
    # The notice is public: a player reads it on his phone, without a login.
    english = client_for().get("/privacy/").content.decode()
    assert "Casino am See" in english and "Seestraße 1<br>12345 Seedorf" in english
    assert "datenschutz@casino-am-see.example" in english
    assert "deleted 18 months after your last entry" in english
    german = client_for(language="de").get("/privacy/").content.decode()
    assert "Datenschutzhinweise" in german and "18 Monate nach Ihrer letzten" in german


def test_the_notice_says_when_the_room_has_not_named_itself(db):
    page = client_for().get("/privacy/").content.decode()
    assert "has not entered its name yet" in page
    assert "deleted 24 months after your last entry" in page


@pytest.mark.parametrize(
    ("field", "value", "german"),
    [
        ("retention_months", "0", "größer oder gleich 1"),
        ("retention_months", "121", "kleiner oder gleich 120"),
        ("retention_months", "zwei", "ganze Zahl"),
        ("contact_email", "no-at-sign", "gültige E-Mail-Adresse"),
    ],
)
def test_bad_room_settings_are_a_400_in_the_readers_language(director, field, value, german):
    client = client_for(director, "de")
    client.post("/room/", ROOM)
    response = client.post("/room/", {**ROOM, field: value, "name": "Anders"})
    assert response.status_code == 400
    assert german in response.content.decode()
    assert RoomSettings.current().name == "Casino am See"


@pytest.mark.parametrize("path", ["/room/", "/players/retention/"])
def test_floor_and_desk_may_not_open_the_directors_pages(floor_user, desk_user, path):
    for user in (floor_user, desk_user):
        assert client_for(user).get(path).status_code == 403
    assert client_for().get(path).status_code == 302  # to the login page


def test_desk_may_not_run_the_removal(desk_user, db):
    player = Player.objects.create(name="Olaf", email="olaf@example.org")
    client = client_for(desk_user)
    assert client.post("/players/retention/without-consent/").status_code == 403
    assert client.post("/players/retention/run/").status_code == 403
    player.refresh_from_db()
    assert player.email == "olaf@example.org"


def test_the_retention_page_lists_contact_data_and_removes_on_request(director):
    legacy = Player.objects.create(name="Olaf Alt", email="olaf@example.org")
    agreed = Player.objects.create(name="Paula Neu", phone="0170 1", consent_contact=True)
    client = client_for(director, "de")
    page = client.get("/players/retention/").content.decode()
    assert "Ohne erfasste Einwilligung" in page and "Olaf Alt" in page
    assert "Paula Neu" not in page  # she agreed, and her period is far from over
    assert "2 Spieler haben Kontaktdaten" in page
    assert client.post("/players/retention/without-consent/").status_code == 302
    legacy.refresh_from_db()
    agreed.refresh_from_db()
    assert (legacy.email, agreed.phone) == ("", "0170 1")
    assert PrivacyLog.objects.filter(player=legacy, kind="contact_removed").count() == 1
    page = client.get("/players/retention/").content.decode()
    assert "Kontaktdaten von 1 Spieler gelöscht." in page
    assert "Ohne erfasste Einwilligung gespeichert 0" in " ".join(strip_tags(page).split())


def test_the_retention_run_button_reports_what_it_removed(director):
    client = client_for(director)
    response = client.post("/players/retention/run/", follow=True)
    assert "Contact data of 0 players removed." in response.content.decode()
    assert "Last run" in response.content.decode()


def test_the_room_page_shows_who_saw_or_changed_players_data(director, api):
    tid = api.post("/tournaments", {"name": "Log"}).json()["id"]
    entry = api.post(
        f"/tournaments/{tid}/entries",
        {"name": "Rita Roth", "email": "rita@example.org", "consent": {"contact": True}},
    ).json()
    assert api.get(f"/players/{entry['player']}/export").status_code == 200
    page = client_for(director, "de").get("/room/").content.decode()
    log = page[page.index('id="privacy-log"') :]
    # Newest first: her export, then the consent the desk recorded.
    assert log.index("Daten exportiert") < log.index("Einwilligung erteilt")
    assert "Rita Roth" in log and director.get_username() in log
    assert "rita@example.org" not in log


def test_the_room_and_the_retention_over_the_api(api, floor_api, desk_api):
    changed = api.patch("/room", {"name": "Casino am See", "retention_months": 12})
    assert changed.status_code == 200, changed.content
    assert changed.json()["retention_months"] == 12 and changed.json()["name"] == "Casino am See"
    for body, field in (
        ({"retention_months": 0}, "retention_months"),
        ({"retention_months": "12"}, "retention_months"),
        ({"contact_email": "no-at-sign"}, "contact_email"),
        ({"name": "x" * 121}, "name"),
        ({"colour": "green"}, "colour"),
    ):
        refused = api.patch("/room", body)
        assert refused.status_code == 422 and field in refused.content.decode(), body
    assert api.get("/room").json()["retention_months"] == 12
    Player.objects.create(name="Olaf Alt", email="olaf@example.org")
    overview = api.get("/players/retention").json()
    assert overview["held"] == 1 and overview["due"] == []
    [legacy] = overview["without_consent"]
    assert (legacy["name"], legacy["email"], legacy["phone"]) == ("Olaf Alt", True, False)
    assert api.post("/players/retention/run").json() == {"removed": 0}
    assert api.get("/players/retention").json()["last_removed"] == 0
    for staff in (floor_api, desk_api):
        assert staff.get("/room").status_code == 403
        assert staff.patch("/room", {"name": "Mine"}).status_code == 403
        assert staff.get("/players/retention").status_code == 403
        assert staff.post("/players/retention/run").status_code == 403
    assert RoomSettings.current().name == "Casino am See"
