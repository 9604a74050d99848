"""A bust undone after its table break was carried out (README "Places, re-entries and moves", found by
the evening in the browser): the player's old seat is taken, so he sits down
somewhere else. He is on the rail: the floor must see a move that walks him to
that seat, until it is carried out, and the floor stays balanced around it."""

from __future__ import annotations

import pytest
from floor_page import floor_page

from tests.tables.test_floor_api import start, tables_of
from tests.tables.test_floor_defects import assert_floor_whole, table_numbered

pytestmark = pytest.mark.django_db


def undone_after_the_break(api) -> tuple[dict, dict, dict]:
    """19 at three tables; a bust at table 1 breaks table 3, the moves are made
    (one into his seat), then the bust is undone: he sits at table 3 again."""
    game = start(api, players=19, tables=3)
    victim = table_numbered(api, game["id"], 1)["players"][0]
    assert api.post(f"/entries/{victim['entry']}/bust").status_code == 200
    for move in api.get(f"/tournaments/{game['id']}/moves?status=pending").json():
        assert api.post(f"/moves/{move['id']}/done").status_code == 200
    back = api.post(f"/entries/{victim['entry']}/unbust").json()
    assert (back["status"], back["table"]) == ("seated", 3)
    return game, victim, back


def pending(api, game: dict) -> list[dict]:
    return api.get(f"/tournaments/{game['id']}/moves?status=pending").json()


def test_the_player_seated_away_from_his_old_seat_gets_a_move_from_the_rail(api):
    game, victim, back = undone_after_the_break(api)
    his = [m for m in pending(api, game) if m["entry"] == victim["entry"]]
    assert [(m["from_table"], m["to_table"], m["to_seat"], m["reason"]) for m in his] == [
        (None, 3, back["seat"], "unbust")
    ]


def test_the_floor_page_lists_his_move(api, client, director):
    game, victim, back = undone_after_the_break(api)
    client.force_login(director)
    client.cookies["django_language"] = "de"
    page = floor_page(client, game["id"])
    his = [m for m in page.snapshot["moves"] if m["entry"] == victim["entry"]]
    assert [(m["name"], m["from_table"], m["to_table"], m["to_seat"]) for m in his] == [
        (victim["name"], None, 3, back["seat"])
    ]
    # floor.js heads such a move so, above the player's name and his seat.
    assert page.tablet["labels"]["from_rail"] == "Zurück ins Spiel: vom Rail an den Sitz"


def test_his_move_counts_him_once_so_the_tables_end_level(api):
    game, victim, _back = undone_after_the_break(api)
    for _ in range(5):
        moves = pending(api, game)
        if not moves:
            break
        for move in moves:
            api.post(f"/moves/{move['id']}/done")
    assert pending(api, game) == []
    assert_floor_whole(api, game["id"])
    sizes = sorted(len(t["players"]) for t in tables_of(api, game["id"]) if t["status"] == "open")
    assert sum(sizes) == 19 and sizes[-1] - sizes[0] <= 1, sizes


def test_the_lobby_finds_him_at_his_seat_without_a_move_to_the_same_seat(api, anonymous_api):
    game, victim, back = undone_after_the_break(api)
    surname = victim["name"].split()[-1]
    seats = anonymous_api.get(f"/tournaments/{game['id']}/seats?q={surname}").json()["seats"]
    assert [(s["table"], s["seat"], s["moving_to"]) for s in seats] == [(3, back["seat"], None)]


def test_busting_him_again_before_he_sits_down_drops_his_move(api):
    game, victim, _back = undone_after_the_break(api)
    assert api.post(f"/entries/{victim['entry']}/bust").status_code == 200
    assert [m for m in pending(api, game) if m["entry"] == victim["entry"]] == []
    assert_floor_whole(api, game["id"])
