"""Counts read right with one and with two (README "Places, re-entries and moves"): "1 entry",
"1 Eintrag", "1 of 1 player", never "1 Einträge" or "1 players left", on the
desk, the floor, the table view, the lobby, the history and the board's
spoken and written texts, in German and in English."""

from __future__ import annotations

import html as html_lib
import json
import re

import pytest
from django.test import Client
from floor_page import filled, floor_page

from tables.models import Table

pytestmark = pytest.mark.django_db


def text(user, path: str, language: str) -> str:
    client = Client()
    if user is not None:
        client.force_login(user)
    client.cookies["django_language"] = language
    response = client.get(path)
    assert response.status_code == 200, path
    plain = re.sub(r"<[^>]+>", " ", response.content.decode())
    return re.sub(r"\s+", " ", html_lib.unescape(plain))


def field_of(api, players: int) -> int:
    tid = api.post("/tournaments", {"name": f"Feld von {players}"}).json()["id"]
    api.post(f"/tournaments/{tid}/tables", {"count": players})
    for n in range(players):
        api.post(f"/tournaments/{tid}/entries", {"name": f"Gast {n}"})
    return tid


@pytest.mark.parametrize(
    ("players", "language", "said"),
    [
        (1, "en", "1 entry, 1 player left"),
        (2, "en", "2 entries, 2 players left"),
        (1, "de", "1 Eintrag, 1 Spieler übrig"),
        (2, "de", "2 Einträge, 2 Spieler übrig"),
    ],
)
def test_the_desk_counts_entries_and_players(api, desk_user, players, language, said):
    tid = field_of(api, players)
    assert said in text(desk_user, f"/tournaments/{tid}/desk/", language)


@pytest.mark.parametrize(
    ("players", "language", "floor", "public"),
    [
        (1, "en", "1 of 1 player left", "1 of 1 player"),
        (2, "en", "2 of 2 players left", "2 of 2 players"),
        (1, "de", "1 von 1 Spieler übrig", "1 von 1 Spieler"),
        (2, "de", "2 von 2 Spielern übrig", "2 von 2 Spielern"),
    ],
)
def test_the_floor_the_table_view_and_the_lobby_count_players(
    api, floor_user, players, language, floor, public
):
    tid = field_of(api, players)
    api.post(f"/tournaments/{tid}/draw")
    client = Client()
    client.force_login(floor_user)
    client.cookies["django_language"] = language
    tablet = floor_page(client, tid)
    summary = tablet.snapshot["summary"]
    counts = {"remaining": summary["remaining"], "entries": summary["entries"]}
    said = filled(tablet.tablet["labels"]["counts"], **counts, avg=0, count=summary["entries"])
    assert said.startswith(floor)
    table = Table.objects.filter(tournament_id=tid).first()
    view = client.get(f"/tables/{table.pk}/view/").content.decode()
    labels = json.loads(
        re.search(r'<script id="screen-labels" type="application/json">(.*?)</script>', view)[1]
    )
    counts = {**counts, "count": summary["entries"]}
    assert filled(labels["players"], **counts) == public
    assert public in text(None, "/lobby/", language)


@pytest.mark.parametrize(
    ("language", "one", "two"),
    [
        ("en", "Table 1 opened", "Tables 2, 3 opened"),
        ("de", "Tisch 1 eröffnet", "Tische 2, 3 eröffnet"),
    ],
)
def test_the_history_names_one_table_or_several(api, floor_user, language, one, two):
    tid = api.post("/tournaments", {"name": "Tische"}).json()["id"]
    api.post(f"/tournaments/{tid}/tables", {"count": 1})
    api.post(f"/tournaments/{tid}/tables", {"count": 2})
    page = text(floor_user, f"/tournaments/{tid}/floor/history/", language)
    assert one in page and two in page


@pytest.mark.parametrize(
    ("language", "one", "many"),
    [
        ("en", "Break for {count} minute.", "Break for {count} minutes."),
        ("de", "Pause für {count} Minute.", "Pause für {count} Minuten."),
    ],
)
def test_the_board_gets_both_forms_of_a_counted_text(api, language, one, many):
    tid = api.post("/tournaments", {"name": "Brett"}).json()["id"]
    client = Client()
    client.cookies["django_language"] = language
    page = client.get(f"/display/{tid}/", {"lang": language}).content.decode()
    labels = json.loads(
        re.search(r'<script[^>]*id="[^"]*labels[^"]*"[^>]*>(.*?)</script>', page, re.S)[1]
    )
    assert labels["say_break"] == {"one": one, "other": many}


@pytest.mark.parametrize(
    ("players", "language", "said"),
    [
        (1, "en", "1 player registered, 1 table open."),
        (2, "en", "2 players registered, 2 tables open."),
        (1, "de", "1 Spieler angemeldet, 1 Tisch offen."),
        (2, "de", "2 Spieler angemeldet, 2 Tische offen."),
    ],
)
def test_the_floor_before_the_draw_counts_players_and_tables(
    api, floor_user, players, language, said
):
    tid = field_of(api, players)
    assert said in text(floor_user, f"/tournaments/{tid}/floor/", language)
