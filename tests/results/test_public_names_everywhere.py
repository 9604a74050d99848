"""A finished tournament with one hidden player, one pseudonym and one initials-only
player: every public output names them as they chose, and the hidden player's
name appears nowhere (README "Results out")."""

from __future__ import annotations

import json

import pytest
from django.test import Client

from screens import live
from screens.snapshots import snapshot
from tests.results.scenario import NEVER, SHOWN, club_night, finished_night
from tournament.models import Player

pytestmark = pytest.mark.django_db


def assert_only_as_chosen(text: str, *, shown: tuple[str, ...] = SHOWN) -> None:
    for name in NEVER:
        assert name not in text, name
    for name in shown:
        assert name in text, name


def public_pages(night, client: Client) -> dict[str, str]:
    pages = {
        "list": "/results/",
        "found": "/results/?q=river",
        "tournament": f"/results/{night.tournament}/",
        "season": f"/seasons/{night.season}/table/",
        "season line": f"/seasons/{night.season}/table/1/",
        "feed list": "/api/public/v1/results",
        "feed tournament": f"/api/public/v1/results/{night.tournament}",
        "feed season": f"/api/public/v1/seasons/{night.season}",
        "lobby": f"/lobby/{night.tournament}/",
        "lobby list": "/lobby/",
        "seats": f"/api/v1/tournaments/{night.tournament}/seats",
    }
    read = {}
    for what, path in pages.items():
        for lang in ("de", "en"):
            answer = client.get(path, {"lang": lang})
            assert answer.status_code == 200, (what, answer.status_code)
            read[f"{what} {lang}"] = answer.content.decode()
    return read


def test_every_public_output_names_the_players_as_they_chose(api, client):
    night = finished_night(api)
    board = json.dumps(snapshot(night.tournament, audience=live.DISPLAY), ensure_ascii=False)
    assert_only_as_chosen(board, shown=("RiverQueen",))
    for what, text in public_pages(night, client).items():
        assert "Verborgen" not in text and "Hilde" not in text, what
        assert "Realname" not in text and "Initialia" not in text, what
    tournament = client.get(f"/results/{night.tournament}/").content.decode()
    assert_only_as_chosen(tournament)
    # The hidden winner is "Player 1", first of the places.
    feed = client.get(f"/api/public/v1/results/{night.tournament}").json()
    assert feed["places"][0]["name"] == "Player 1"
    assert [p["name"] for p in feed["places"][1:]] == [
        "RiverQueen",
        "Inge I.",
        "Fritz Fullname",
        "Otto O.",
    ]
    assert client.get("/api/public/v1/results").json()["items"][0]["winner"] == "Player 1"
    season = client.get(f"/api/public/v1/seasons/{night.season}").json()
    assert_only_as_chosen(json.dumps(season, ensure_ascii=False))


def test_the_board_names_them_as_they_chose_while_they_play(api, client):
    night = club_night(api)
    api.post(f"/tournaments/{night.tournament}/clock/start")
    board = json.dumps(snapshot(night.tournament, audience=live.DISPLAY), ensure_ascii=False)
    for name in NEVER:
        assert name not in board, name
    assert "RiverQueen" in board and "Inge I." in board
    seats = client.get(f"/api/v1/tournaments/{night.tournament}/seats", {"q": "Verborgen"})
    assert seats.json()["seats"] == []  # a hidden player is found by no name of his


def test_a_hidden_player_has_no_page_and_is_found_by_no_search(api, client):
    finished_night(api)
    hidden = Player.objects.get(name="Hilde Verborgen")
    assert client.get(f"/players/{hidden.public_id}/").status_code == 404
    assert client.get(f"/players/{hidden.pk}/").status_code == 404
    found = client.get("/results/", {"q": "Hilde"}).content.decode()
    assert "Hilde" in found  # the query typed, and nothing found for it
    assert "/players/" not in found
    queen = Player.objects.get(name="Paula Realname")
    page = client.get(f"/players/{queen.public_id}/")
    assert page.status_code == 200 and "RiverQueen" in page.content.decode()
    assert "Realname" not in page.content.decode()
    assert client.get("/results/", {"q": "Realname"}).content.decode().count("/players/") == 0
