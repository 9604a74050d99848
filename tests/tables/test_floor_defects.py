"""Floor defects found by rule cases through the API (README "Places, re-entries and moves"): a halted
table deals no next hand, and a pending balance move follows the source table's
next big blind as that table plays on (TDA 2019 rule 10)."""

from __future__ import annotations

from unittest import mock

import pytest
from django.utils import translation

from tables.services.undo import action_undo
from tests.tables.test_floor_api import start, tables_of
from tournament.models import ActionLog

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


def bust_that_breaks_table_three(api) -> tuple[dict, dict]:
    """19 players at three tables (7, 6, 6); a bust at table 1 leaves 18, who fit
    two tables: table 3 breaks and one of its players is sent to the freed seat."""
    game = start(api, players=19, tables=3)
    first = table_numbered(api, game["id"], 1)
    victim = first["players"][0]
    assert api.post(f"/entries/{victim['entry']}/bust").status_code == 200
    assert table_numbered(api, game["id"], 3)["status"] == "broken"
    moves = api.get(f"/tournaments/{game['id']}/moves?status=pending").json()
    assert (1, victim["seat"]) in {(m["to_table"], m["to_seat"]) for m in moves}
    return game, victim


def assert_floor_whole(api, tournament_id: int) -> None:
    """Every player in play holds a seat; once the moves are made the tables are level."""
    entries = api.get(f"/tournaments/{tournament_id}/entries").json()
    assert {e["status"] for e in entries} <= {"seated", "busted"}, entries
    tables = tables_of(api, tournament_id)
    sitting = [p["entry"] for t in tables for p in t["players"]]
    assert sorted(sitting) == sorted(e["id"] for e in entries if e["status"] == "seated")
    moves = api.get(f"/tournaments/{tournament_id}/moves?status=pending").json()
    into = [(m["to_table"], m["to_seat"]) for m in moves]
    assert len(into) == len(set(into)), moves
    for table in tables:
        if table["status"] == "broken":
            left = {p["entry"] for p in table["players"]}
            assert left <= {m["entry"] for m in moves}, (table, moves)


def test_undoing_a_bust_that_broke_a_table_gives_the_player_his_seat_back(api):
    game, victim = bust_that_breaks_table_three(api)
    response = api.post(f"/entries/{victim['entry']}/unbust")
    assert response.status_code == 200, response.content
    back = response.json()
    assert back["status"] == "seated"
    assert (back["table"], back["seat"]) == (1, victim["seat"])
    moves = api.get(f"/tournaments/{game['id']}/moves?status=pending").json()
    assert (1, victim["seat"]) not in {(m["to_table"], m["to_seat"]) for m in moves}
    assert_floor_whole(api, game["id"])
    # 19 players do not fit two tables: table 3 plays on, and no one walks in circles.
    assert table_numbered(api, game["id"], 3)["status"] == "open"
    assert not [m for m in moves if m["reason"] == "break"]


def test_the_history_undo_of_that_bust_does_the_same(api, client, director):
    game, victim = bust_that_breaks_table_three(api)
    bust = ActionLog.objects.get(kind="bust", data__entry=victim["entry"])
    client.force_login(director)
    response = client.post(
        f"/floor/history/{bust.pk}/undo/", follow=True, HTTP_ACCEPT_LANGUAGE="en"
    )
    assert response.status_code == 200, response.content
    # The floor is told where he sits again.
    assert f"sits at table 1, seat {victim['seat']}" in response.content.decode()
    entry = next(
        e
        for e in api.get(f"/tournaments/{game['id']}/entries").json()
        if e["id"] == victim["entry"]
    )
    assert (entry["status"], entry["table"], entry["seat"]) == ("seated", 1, victim["seat"])
    assert_floor_whole(api, game["id"])


def test_undoing_the_bust_at_the_table_it_broke_puts_that_table_back_in_play(api):
    game = start(api, players=19, tables=3)
    third = table_numbered(api, game["id"], 3)
    victim = third["players"][0]
    assert api.post(f"/entries/{victim['entry']}/bust").status_code == 200
    assert table_numbered(api, game["id"], 3)["status"] == "broken"
    back = api.post(f"/entries/{victim['entry']}/unbust").json()
    assert (back["status"], back["table"], back["seat"]) == ("seated", 3, victim["seat"])
    assert table_numbered(api, game["id"], 3)["status"] == "open"
    assert_floor_whole(api, game["id"])


def test_undoing_a_bust_after_the_break_moves_were_made_seats_him_with_a_move(api):
    game = start(api, players=19, tables=3)
    victim = table_numbered(api, game["id"], 3)["players"][0]
    assert api.post(f"/entries/{victim['entry']}/bust").status_code == 200
    for move in api.get(f"/tournaments/{game['id']}/moves?status=pending").json():
        assert api.post(f"/moves/{move['id']}/done").status_code == 200
    back = api.post(f"/entries/{victim['entry']}/unbust").json()
    assert back["status"] == "seated"
    assert_floor_whole(api, game["id"])
    # Table 3 is back in play for him; the floor is told who walks where.
    moves = api.get(f"/tournaments/{game['id']}/moves?status=pending").json()
    assert moves and {m["to_table"] for m in moves} == {3}


def test_undoing_a_bust_whose_seat_a_break_move_has_filled_reopens_the_broken_table(api):
    game, victim = bust_that_breaks_table_three(api)
    for move in api.get(f"/tournaments/{game['id']}/moves?status=pending").json():
        assert api.post(f"/moves/{move['id']}/done").status_code == 200
    taken = table_numbered(api, game["id"], 1)
    assert victim["seat"] in {p["seat"] for p in taken["players"]}
    back = api.post(f"/entries/{victim['entry']}/unbust").json()
    # Nineteen do not fit two tables: the table his bust broke plays again, with him.
    assert (back["status"], back["table"]) == ("seated", 3)
    assert table_numbered(api, game["id"], 3)["status"] == "open"
    assert_floor_whole(api, game["id"])
    moves = api.get(f"/tournaments/{game['id']}/moves?status=pending").json()
    assert moves and {m["to_table"] for m in moves} == {3}


def test_a_button_set_again_moves_the_balance_move_to_the_new_next_big_blind(api):
    game, first, planned = balance_move_from_table_one(api)
    # The floor corrects the button: seat 5 had it, so seat 8 is big blind next.
    assert api.put(f"/tables/{first['id']}/button", {"seat": 5}).status_code == 200
    (move,) = api.get(f"/tournaments/{game['id']}/moves?status=pending").json()
    assert (move["from_table"], move["from_seat"]) == (1, 8)


def test_undoing_the_hand_gives_the_move_back_to_the_player_who_is_big_blind_next(api):
    game, first, planned = balance_move_from_table_one(api)
    api.post(f"/tables/{first['id']}/hands")
    hand = ActionLog.objects.get(kind="next_hand", data__table=1)
    action_undo(action_id=hand.pk, by=None)
    (move,) = api.get(f"/tournaments/{game['id']}/moves?status=pending").json()
    assert (move["from_table"], move["from_seat"]) == (1, 4)
