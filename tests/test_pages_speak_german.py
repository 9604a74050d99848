"""Every page a room uses speaks German to a German reader (README "Screens", "Done
when"): the visible text of each staff and public page, rendered in German,
holds no English word except the poker words rooms say in English."""

from __future__ import annotations

import html as html_lib
import re

import pytest
from django.test import Client

from layouts.models import Layout
from tests.tables.test_floor_api import seated_entry, start

pytestmark = pytest.mark.django_db

# Words that only English text has (words German shares, such as Status, Start,
# Pause, Name, Hand, Lobby, Import, are left out); German pages must not show
# them. (Poker
# words rooms say in English are not listed: Level, Rebuy, Add-on, Bubble,
# Deal, Chip Race, Floor, Button, Small/Big Blind, Ante, Shot-Clock.)
ENGLISH = {
    "the",
    "and",
    "with",
    "for",
    "from",
    "this",
    "that",
    "your",
    "you",
    "are",
    "is",
    "was",
    "not",
    "no",
    "of",
    "to",
    "on",
    "at",
    "by",
    "or",
    "all",
    "none",
    "yet",
    "table",
    "tables",
    "seat",
    "seats",
    "player",
    "players",
    "entries",
    "entry",
    "save",
    "cancel",
    "delete",
    "back",
    "print",
    "next",
    "previous",
    "resume",
    "time",
    "left",
    "moves",
    "move",
    "history",
    "registration",
    "payouts",
    "standings",
    "clock",
    "structure",
    "ruling",
    "rulings",
    "break",
    "place",
    "prize",
    "pool",
    "done",
    "open",
    "closed",
    "free",
    "busted",
    "waiting",
    "alternate",
    "alternates",
    "search",
    "sign",
    "log",
    "out",
    "language",
    "screens",
    "board",
    "undo",
    "count",
    "counts",
    "consent",
}
# Player names and tournament names come from the data, not the page.
DATA = re.compile(r"Player \d+|Floor test|Sprache")


def visible_text(page: str) -> str:
    body = page[page.find("<body") :]
    body = re.sub(r"<(script|style|svg)\b.*?</\1>", " ", body, flags=re.S)
    body = re.sub(r"<[^>]+>", " ", body)
    return DATA.sub(" ", html_lib.unescape(body))


def english_words(text: str) -> list[str]:
    words = re.findall(r"[A-Za-z][A-Za-z'-]+", text)
    return sorted({w for w in words if w.lower() in ENGLISH and not w.isupper()})


@pytest.fixture
def pages(api) -> list[str]:
    game = start(api, players=12, tables=2)
    tid = game["id"]
    entry = seated_entry(api, tid)
    table = api.get(f"/tournaments/{tid}/tables").json()[0]["id"]
    api.post(f"/entries/{entry}/bust")
    # One player with contact data, so the retention page has a row to show.
    player = api.post(
        f"/tournaments/{tid}/entries",
        {"name": "Player 1", "email": "p1@example.org", "consent": {"contact": True}},
    ).json()["player"]
    # A cash box with the director's shift open: the shift page shows its money.
    box = api.post("/cash-boxes", {"name": "Kasse 1"}).json()
    api.post(f"/cash-boxes/{box['id']}/shifts", {"float": "100"})
    return [
        "/",
        f"/tournaments/{tid}/",
        f"/tournaments/{tid}/edit/",
        f"/tournaments/{tid}/desk/",
        f"/tournaments/{tid}/entries/",
        f"/tournaments/{tid}/plan/",
        f"/entries/{entry}/card/",
        f"/tournaments/{tid}/floor/",
        f"/tournaments/{tid}/floor/moves/",
        f"/tournaments/{tid}/floor/history/",
        f"/tournaments/{tid}/floor/director/",
        f"/tournaments/{tid}/chip-counts/",
        f"/tournaments/{tid}/end-day/",
        f"/tournaments/{tid}/clock/",
        f"/tournaments/{tid}/structure/",
        f"/tournaments/{tid}/chips/",
        f"/tournaments/{tid}/shot-clock/",
        f"/tournaments/{tid}/rulings/",
        f"/tournaments/{tid}/rulings/new/",
        f"/tournaments/{tid}/payouts/",
        f"/tournaments/{tid}/deal/",
        f"/tournaments/{tid}/standings/",
        f"/tournaments/{tid}/cash/shift/",
        f"/tournaments/{tid}/cash/money/",
        f"/tournaments/{tid}/cash/tickets/",
        f"/tournaments/{tid}/cash/pots/",
        f"/tournaments/{tid}/cash/satellite/",
        f"/tournaments/{tid}/print/seating/",
        f"/tournaments/{tid}/print/results/",
        f"/tables/{table}/view/",
        "/players/import/",
        "/imports/td3/",
        f"/players/{player}/data/",
        "/room/",
        "/players/retention/",
        "/privacy/",
        f"/display/{tid}/?layout=clock&lang=de",
        f"/display/{tid}/?layout=seats&lang=de",
        f"/lobby/{tid}/?lang=de",
        "/layouts/",
        f"/layouts/{Layout.objects.get(preset='payouts').pk}/",
        "/room/look/",
        f"/display/{tid}/?layout=payouts&tiles=1&lang=de",
    ]


def test_no_english_is_left_on_a_german_page(pages, director):
    client = Client()
    client.force_login(director)
    client.cookies["django_language"] = "de"
    found = {}
    for path in pages:
        response = client.get(path)
        assert response.status_code == 200, path
        words = english_words(visible_text(response.content.decode()))
        if words:
            found[path] = words
    assert found == {}
