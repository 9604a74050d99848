"""The director's screens pages, the TV page and the today overview as pages
(README "Named screens"): a director sets a screen up through the form, the
pages speak German, floor staff may not open them."""

from __future__ import annotations

import pytest
from django.test import Client

from signage.models import Screen
from tests.tables.test_floor_api import start
from tests.test_pages_speak_german import english_words, visible_text

pytestmark = pytest.mark.django_db


@pytest.fixture
def desk(director) -> Client:
    client = Client()
    client.force_login(director)
    client.cookies["django_language"] = "de"
    return client


def form_data(tid: int, **changed) -> dict:
    return {
        "name": "Bar links",
        "layout": "payouts",
        "tournaments": [tid],
        "language": "de",
        "view_1": "clock",
        "seconds_1": "30",
        "view_2": "payouts",
        "seconds_2": "15",
        "events": ["level_up", "move"],
        "voice": "de",
        "volume": "70",
        "chime": "on",
        "speaker": "on",
        **changed,
    }


def test_a_director_creates_and_changes_a_screen_with_the_form(api, desk):
    tid = start(api, players=6, tables=1)["id"]
    response = desk.post("/screens/new/", form_data(tid))
    assert response.status_code == 302
    screen = Screen.objects.get(name="Bar links")
    assert screen.layout_value == "payouts" and screen.speaker
    assert screen.rotation == [
        {"layout": "clock", "seconds": 30},
        {"layout": "payouts", "seconds": 15},
    ]
    assert screen.sound == {
        "events": ["level_up", "move"],
        "volume": 70,
        "voice": "de",
        "chime": True,
    }
    page = desk.get(f"/screens/{screen.pk}/").content.decode()
    assert 'name="seconds_2" value="15"' in page
    desk.post(f"/screens/{screen.pk}/", form_data(tid, layout="today", view_1="", view_2=""))
    screen.refresh_from_db()
    assert screen.layout_value == "today" and screen.rotation == []
    listed = desk.get("/screens/").content.decode()
    assert f"/s/{screen.code}" in listed and "nie geöffnet" in listed


def test_the_form_sets_the_screens_own_look_and_an_empty_field_is_the_rooms(api, desk):
    tid = start(api, players=6, tables=1)["id"]
    look = {"tile_colour": "#14532d", "message": "Heute Freeroll um 20 Uhr", "font": ""}
    assert desk.post("/screens/new/", form_data(tid, **look)).status_code == 302
    screen = Screen.objects.get(name="Bar links")
    assert screen.look == {"tile_colour": "#14532d", "message": "Heute Freeroll um 20 Uhr"}
    page = desk.get(f"/screens/{screen.pk}/").content.decode()
    assert 'value="#14532d"' in page and "Leer: das Erscheinungsbild des Raums." in page
    refused = desk.post(f"/screens/{screen.pk}/", form_data(tid, text_colour="weiß"))
    assert "Eine Farbe wird als #rrggbb geschrieben." in refused.content.decode()
    screen.refresh_from_db()
    assert "text_colour" not in screen.look


def test_a_rotation_written_wrongly_is_explained_beside_its_field(api, desk):
    tid = start(api, players=6, tables=1)["id"]
    response = desk.post("/screens/new/", form_data(tid, seconds_2=""))
    assert response.status_code == 200
    assert "Wie viele Sekunden steht diese Ansicht?" in response.content.decode()
    assert not Screen.objects.exists()


def test_floor_staff_may_not_open_the_screens_pages(floor_user):
    client = Client()
    client.force_login(floor_user)
    assert client.get("/screens/").status_code == 403
    assert client.get("/screens/new/").status_code == 403


def test_the_today_overview_lists_every_running_tournament(api):
    first = start(api, players=6, tables=1)
    second = start(api, players=6, tables=1)
    page = Client().get("/today/?lang=en").content.decode()
    for game in (first, second):
        assert f'data-tournament="{game["id"]}"' in page
    assert "Next break in" in page
    assert 'href="/today/?lang=en"' in Client().get("/lobby/?lang=en").content.decode()


def test_no_english_is_left_on_the_screens_pages_in_german(api, desk):
    tid = start(api, players=6, tables=1)["id"]
    desk.post("/screens/new/", form_data(tid))
    screen = Screen.objects.get()
    found = {}
    for path in (
        "/screens/",
        "/screens/new/",
        f"/screens/{screen.pk}/",
        "/today/?lang=de",
        f"/s/{screen.code}",
        f"/s/{screen.code}/board?layout=payouts&tournament={tid}",
        f"/s/{screen.code}/board?layout=today&tournament=0",
    ):
        response = desk.get(path)
        assert response.status_code == 200, path
        words = english_words(visible_text("<body>" + response.content.decode()))
        if words:
            found[path] = words
    assert found == {}
