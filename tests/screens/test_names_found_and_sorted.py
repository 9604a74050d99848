"""Names from every corner of a club (README "Places, re-entries and moves"): the lobby's seat
finder and the desk's player search find each from plain ASCII, "mueller"
finds Müller; the printed seating list and the board's seat list put Ł, Đ,
Ø and Þ among their Latin letters, never after Z."""

from __future__ import annotations

import re

import pytest
from conftest import seated_tournament
from django.test import Client

from tournament.models import Player

pytestmark = pytest.mark.django_db

NAMES = [
    "Łukasz Żółć",
    "Dragan Đorđević",
    "Björn Ødegård",
    "Gunnar Þórsson",
    "Ayşe Yılmaz",
    "Jürgen Müller",
    "Erika Groß",
    "Zoe Ziegler",
    "Anna Berg",
]
TYPED = {
    "lukasz": "Łukasz Żółć",
    "zolc": "Łukasz Żółć",
    "dordevic": "Dragan Đorđević",
    "odegard": "Björn Ødegård",
    "thorsson": "Gunnar Þórsson",
    "yilmaz": "Ayşe Yılmaz",
    "mueller": "Jürgen Müller",
    "muller": "Jürgen Müller",
    "gross": "Erika Groß",
}


@pytest.fixture
def club(director):
    return seated_tournament(director, players=NAMES)


def lobby_finds(tournament, typed: str) -> list[str]:
    html = Client().get(f"/lobby/{tournament.pk}/", {"q": typed}).content.decode()
    found = html.split('id="seat-results"')[1].split("</ul>")[0]
    return re.findall(r"<li><span>([^<]+)</span>", found)


@pytest.mark.parametrize(("typed", "name"), TYPED.items())
def test_the_lobby_seat_finder_finds_each_name_from_plain_letters(club, typed, name):
    shown = Player.objects.get(name=name).public_name(club.display_names)
    assert lobby_finds(club, typed) == [shown]


@pytest.mark.parametrize(("typed", "name"), TYPED.items())
def test_the_desk_finds_each_player_from_plain_letters(club, api, typed, name):
    response = api.get(f"/players?q={typed}")
    assert [player["name"] for player in response.json()] == [name]


def test_a_player_renamed_is_found_by_his_new_name(club, api):
    player = Player.objects.get(name="Anna Berg")
    player.name = "Anna Ødegård"
    player.save(update_fields=["name"])
    found = [p["name"] for p in api.get("/players?q=odegard").json()]
    assert found == ["Anna Ødegård", "Björn Ødegård"]


def test_the_printed_seating_list_sorts_by_surname_in_latin_letters(club, floor_user):
    client = Client()
    client.force_login(floor_user)
    html = client.get(f"/tournaments/{club.pk}/print/seating/").content.decode()
    listed = re.findall(r"<tr><td>([^<]+)</td><td class=\"num\">", html)
    assert listed == [
        "Anna Berg",
        "Dragan Đorđević",
        "Erika Groß",
        "Jürgen Müller",
        "Björn Ødegård",
        "Gunnar Þórsson",
        "Ayşe Yılmaz",
        "Zoe Ziegler",
        "Łukasz Żółć",
    ]


def test_the_board_seat_list_sorts_display_names_in_latin_letters(club, anonymous_api):
    seats = anonymous_api.get(f"/tournaments/{club.pk}/seats?per_page=40").json()["seats"]
    assert [row["name"] for row in seats] == [
        "Anna B.",
        "Ayşe Y.",
        "Björn Ø.",
        "Dragan Đ.",
        "Erika G.",
        "Gunnar Þ.",
        "Jürgen M.",
        "Łukasz Ż.",
        "Zoe Z.",
    ]
