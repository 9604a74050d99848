"""The button belongs to the hand being played now; the floor may name the next hand's
instead (README "How a floor action flows")."""

from __future__ import annotations

import pytest

from tests.tables.test_floor_api import start, tables_of

pytestmark = pytest.mark.django_db


def full_table(api, **settings) -> tuple[dict, dict]:
    game = start(api, players=9, tables=1, **settings)
    return game, tables_of(api, game["id"])[0]


def positions(table: dict) -> tuple[int, int, int]:
    return table["button_seat"], table["small_blind_seat"], table["big_blind_seat"]


def test_the_button_named_for_the_next_hand_puts_the_hand_in_play_one_player_earlier(api):
    game, table = full_table(api)
    response = api.put(f"/tables/{table['id']}/button", {"seat": 5, "hand": "next"})
    assert response.status_code == 200, response.content
    table = response.json()
    assert positions(table) == (4, 5, 6)
    assert positions(table["next_hand"]) == (5, 6, 7)
    dealt = api.post(f"/tables/{table['id']}/hands").json()
    assert (dealt["button_seat"], dealt["small_blind_seat"], dealt["big_blind_seat"]) == (5, 6, 7)


def test_without_a_hand_the_button_is_that_of_the_hand_being_played(api):
    game, table = full_table(api)
    table = api.put(f"/tables/{table['id']}/button", {"seat": 5}).json()
    assert positions(table) == (5, 6, 7)
    assert table["next_hand"]["button_seat"] == 6


def balance_move_after_button(api, body: dict) -> dict:
    game = start(api, players=18, tables=2)
    first, second = tables_of(api, game["id"])
    api.put(f"/tables/{first['id']}/button", body)
    for player in second["players"][:2]:
        assert api.post(f"/entries/{player['entry']}/bust").status_code == 200
    moves = api.get(f"/tournaments/{game['id']}/moves?status=pending").json()
    assert len(moves) == 1
    return moves[0]


def test_balancing_moves_the_same_player_whichever_hand_the_button_was_named_for(api):
    # Before the fix an operator who gave the next hand's button moved the player one
    # seat too late; both ways of naming the same moment now pick the same player.
    by_current = balance_move_after_button(api, {"seat": 4, "hand": "current"})
    by_next = balance_move_after_button(api, {"seat": 5, "hand": "next"})
    assert by_next["from_seat"] == by_current["from_seat"]


def test_the_moving_button_cannot_be_named_on_an_empty_seat_for_the_next_hand(api):
    game, table = full_table(api, options={"dead_button": "moving"})
    api.post(f"/entries/{table['players'][3]['entry']}/bust")
    before = positions(tables_of(api, game["id"])[0])
    response = api.put(f"/tables/{table['id']}/button", {"seat": 4, "hand": "next"})
    assert response.status_code == 422
    assert response.json()["detail"].startswith("seat: ")
    assert positions(tables_of(api, game["id"])[0]) == before


def test_an_unknown_hand_is_refused(api):
    game, table = full_table(api)
    response = api.put(f"/tables/{table['id']}/button", {"seat": 5, "hand": "last"})
    assert response.status_code == 422
    assert positions(tables_of(api, game["id"])[0]) == positions(table)


def test_the_seat_panel_offers_both_hands_and_the_map_says_which_hand_it_shows(
    client, api, floor_user
):
    game, table = full_table(api)
    client.force_login(floor_user)
    panel = client.get(f"/floor/tables/{table['id']}/seats/5/", HTTP_ACCEPT_LANGUAGE="de")
    assert panel.status_code == 200, panel.status_code
    html = panel.content.decode()
    assert 'value="current"' in html and 'value="next"' in html
    assert "in der laufenden Hand" in html and "in der nächsten Hand" in html
    client.post(
        f"/floor/tables/{table['id']}/button/",
        {"seat": 5, "hand": "next"},
        HTTP_ACCEPT_LANGUAGE="de",
    )
    assert positions(tables_of(api, game["id"])[0]) == (4, 5, 6)
    floor_page = client.get(f"/tournaments/{game['id']}/floor/", HTTP_ACCEPT_LANGUAGE="de")
    assert "in der laufenden Hand" in floor_page.content.decode()
