"""Floor defects found by rule cases through the API (issue 21, item 6): a halted
table deals no next hand, and a pending balance move follows the source table's
next big blind as that table plays on (TDA 2019 rule 10)."""

from __future__ import annotations

from unittest import mock

import pytest
from django.utils import translation

from tests.tables.test_floor_api import start, tables_of

pytestmark = pytest.mark.django_db


def table_numbered(api, tournament_id: int, number: int) -> dict:
    return next(t for t in tables_of(api, tournament_id) if t["number"] == number)


def halted_table(api) -> tuple[dict, dict]:
    """Two full tables; three bust at table 1 in one hand: it is three short and halts."""
    game = start(api, players=18, tables=2)
    first = table_numbered(api, game["id"], 1)
    busts = [
        {"entry": p["entry"], "starting_stack": 1000 + i}
        for i, p in enumerate(first["players"][:3])
    ]
    response = api.post(f"/tournaments/{game['id']}/busts", {"entries": busts})
    assert response.status_code == 200, response.content
    first = table_numbered(api, game["id"], 1)
    assert first["halted"] is True
    return game, first


def test_a_halted_table_deals_no_next_hand_and_says_why(api):
    game, table = halted_table(api)
    hand_before = table["hand"]
    with translation.override("en"):
        response = api.post(f"/tables/{table['id']}/hands")
    assert response.status_code == 409, response.content
    detail = response.json()["detail"]
    assert "halted" in detail and "short" in detail
    assert table_numbered(api, game["id"], 1)["hand"] == hand_before


def test_the_halted_table_refusal_speaks_german(api):
    game, table = halted_table(api)
    api.headers["HTTP_ACCEPT_LANGUAGE"] = "de"
    detail = api.post(f"/tables/{table['id']}/hands").json()["detail"]
    assert "angehalten" in detail


def test_once_the_moves_arrive_the_table_plays_on(api):
    game, table = halted_table(api)
    for move in api.get(f"/tournaments/{game['id']}/moves?status=pending").json():
        assert api.post(f"/moves/{move['id']}/done").status_code == 200
    assert table_numbered(api, game["id"], 1)["halted"] is False
    assert api.post(f"/tables/{table['id']}/hands").status_code == 200


def balance_move_from_table_one(api) -> tuple[dict, dict, dict]:
    """Two full tables, the button on seat 1 at table 1 (big blind 3, next big blind 4);
    two bust at table 2: one player of table 1 must move."""
    game = start(api, players=18, tables=2)
    first = table_numbered(api, game["id"], 1)
    assert api.put(f"/tables/{first['id']}/button", {"seat": 1}).status_code == 200
    for player in table_numbered(api, game["id"], 2)["players"][:2]:
        assert api.post(f"/entries/{player['entry']}/bust").status_code == 200
    (move,) = api.get(f"/tournaments/{game['id']}/moves?status=pending").json()
    assert (move["from_table"], move["from_seat"]) == (1, 4)
    return game, first, move


def test_a_pending_balance_move_follows_the_next_big_blind_when_his_table_plays_on(api):
    game, first, planned = balance_move_from_table_one(api)
    dealt = api.post(f"/tables/{first['id']}/hands")
    assert dealt.status_code == 200, dealt.content
    assert dealt.json()["big_blind_seat"] == 4  # the planned mover has just posted it
    (move,) = api.get(f"/tournaments/{game['id']}/moves?status=pending").json()
    player_on_five = next(p for p in first["players"] if p["seat"] == 5)
    assert (move["from_table"], move["from_seat"], move["entry"]) == (
        1,
        5,
        player_on_five["entry"],
    )
    assert (move["to_table"], move["to_seat"]) == (planned["to_table"], planned["to_seat"])
    assert api.post(f"/moves/{planned['id']}/done").status_code == 409
    assert api.post(f"/moves/{move['id']}/done").status_code == 200


def test_the_floor_and_the_board_are_told_of_the_changed_move(
    api, django_capture_on_commit_callbacks
):
    game, first, planned = balance_move_from_table_one(api)
    sent = []
    with mock.patch("screens.live.send_now", side_effect=lambda t, a, m: sent.append((a, m))):
        with django_capture_on_commit_callbacks(execute=True):
            api.post(f"/tables/{first['id']}/hands")
    for audience in ("floor", "display"):
        (message,) = [m for a, m in sent if a == audience]
        (move,) = message["moves"]
        assert (move["from_table"], move["from_seat"]) == (1, 5)


def test_a_balance_move_of_the_player_still_next_big_blind_stays_as_planned(api):
    game, first, planned = balance_move_from_table_one(api)
    # Table 2 plays a hand; table 1, where the mover sits, has not played on.
    second = table_numbered(api, game["id"], 2)
    api.put(f"/tables/{second['id']}/button", {"seat": 3})
    api.post(f"/tables/{second['id']}/hands")
    (move,) = api.get(f"/tournaments/{game['id']}/moves?status=pending").json()
    assert move["id"] == planned["id"]

