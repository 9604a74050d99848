"""What issue-free integration needs from the tables API (README "API"): pending
moves listed in an order that can be carried out one by one, rings carried out
by any member, the breaking order set through the API, and a dead small blind
said plainly."""

from __future__ import annotations

import pytest

from tables.models import Move, Table
from tests.tables.test_button_hand import full_table
from tests.tables.test_floor_api import start, tables_of
from tests.tables.test_move_order import arrange, seat_invariants

pytestmark = pytest.mark.django_db


def plan(tournament_id: int, moves: list[tuple[int, tuple[int, int], tuple[int, int]]]) -> None:
    """Pending moves as a final-table redraw plans them: (entry, from, to), each
    place a (table number, seat) pair, created in the order given (their ids)."""
    tables = {t.number: t for t in Table.objects.filter(tournament_id=tournament_id)}
    for entry, (from_table, from_seat), (to_table, to_seat) in moves:
        Move.objects.create(
            tournament_id=tournament_id,
            entry_id=entry,
            from_table=tables[from_table],
            from_seat=from_seat,
            to_table=tables[to_table],
            to_seat=to_seat,
            reason=Move.Reason.FINAL_TABLE,
        )


@pytest.fixture
def redraw(api):
    """Two tables of ten seats, nine players each (balanced: nothing else to plan).
    Planned, in this id order: A (1/1) into B's seat 1/2, B into C's seat 1/3, C
    into the free seat 1/10; D (2/2) and E (2/3) swap seats (a ring)."""
    game = start(api, players=18, tables=2, table_size=10)
    tid = game["id"]
    at = arrange(tid, {1: list(range(1, 10)), 2: list(range(1, 10))})
    a, b, c, d, e = at[(1, 1)], at[(1, 2)], at[(1, 3)], at[(2, 2)], at[(2, 3)]
    plan(
        tid,
        [
            (a, (1, 1), (1, 2)),
            (b, (1, 2), (1, 3)),
            (c, (1, 3), (1, 10)),
            (d, (2, 2), (2, 3)),
            (e, (2, 3), (2, 2)),
        ],
    )
    return tid, {"a": a, "b": b, "c": c, "d": d, "e": e}


def test_pending_moves_are_listed_so_that_each_can_be_carried_out_in_list_order(api, redraw):
    tid, who = redraw
    listed = api.get(f"/tournaments/{tid}/moves?status=pending").json()
    assert [m["entry"] for m in listed][:3] == [who["c"], who["b"], who["a"]]
    assert {m["entry"] for m in listed[3:]} == {who["d"], who["e"]}
    assert [m["ring"] for m in listed] == [False, False, False, True, True]
    for move in listed:
        response = api.post(f"/moves/{move['id']}/done")
        assert response.status_code == 200, (move, response.content)
        assert response.json()["status"] == "done"
    assert api.get(f"/tournaments/{tid}/moves?status=pending").json() == []
    seat_invariants(tid)
    table_2 = next(t for t in tables_of(api, tid) if t["number"] == 2)
    seats = {p["entry"]: p["seat"] for p in table_2["players"]}
    assert (seats[who["d"]], seats[who["e"]]) == (3, 2)


def test_done_twice_on_a_move_outside_a_ring_is_still_refused(api, redraw):
    tid, who = redraw
    listed = api.get(f"/tournaments/{tid}/moves?status=pending").json()
    assert api.post(f"/moves/{listed[0]['id']}/done").status_code == 200
    again = api.post(f"/moves/{listed[0]['id']}/done")
    assert again.status_code == 409
    assert again.json()["detail"]


def test_done_on_a_ring_member_carried_out_by_another_user_is_refused(api, floor_api, redraw):
    tid, _who = redraw
    ring = [m for m in api.get(f"/tournaments/{tid}/moves?status=pending").json() if m["ring"]]
    assert api.post(f"/moves/{ring[0]['id']}/done").status_code == 200
    assert floor_api.post(f"/moves/{ring[1]['id']}/done").status_code == 409


def test_the_director_sets_the_breaking_order_through_the_api(api):
    game = start(api, players=12, tables=3)
    tid = game["id"]
    response = api.put(f"/tournaments/{tid}/break-order", {"table_numbers": [3, 1, 2]})
    assert response.status_code == 200, response.content
    assert response.json()["table_numbers"] == [3, 1, 2]
    order = {t["number"]: t["break_order"] for t in tables_of(api, tid)}
    assert order == {3: 1, 1: 2, 2: 3}


@pytest.mark.parametrize(
    ("numbers", "status"),
    [([1, 2], 409), ([1, 2, 2], 422), ([1, 2, 3, 4], 409)],
)
def test_a_breaking_order_without_every_open_table_once_is_refused(api, numbers, status):
    """A number twice is a malformed list (422, the schema says so); a list of
    other tables than the open ones misses the tournament's state (409)."""
    game = start(api, players=12, tables=3)
    before = {t["number"]: t["break_order"] for t in tables_of(api, game["id"])}
    response = api.put(f"/tournaments/{game['id']}/break-order", {"table_numbers": numbers})
    assert response.status_code == status, response.content
    assert "every open table" in response.json()["detail"]
    assert {t["number"]: t["break_order"] for t in tables_of(api, game["id"])} == before


def test_the_breaking_order_is_for_directors_only(floor_api, api):
    game = start(api, players=12, tables=3)
    response = floor_api.put(f"/tournaments/{game['id']}/break-order", {"table_numbers": [1, 2, 3]})
    assert response.status_code == 403


def test_a_small_blind_on_an_empty_seat_is_null_and_said_dead(api):
    game, table = full_table(api)
    api.put(f"/tables/{table['id']}/button", {"seat": 1})
    out = table["players"][2]  # seat 3: the big blind of this hand
    assert out["seat"] == 3
    assert api.post(f"/entries/{out['entry']}/bust").status_code == 200
    upcoming = tables_of(api, game["id"])[0]["next_hand"]
    assert (upcoming["small_blind_seat"], upcoming["dead_small_blind"]) == (None, True)
    dealt = api.post(f"/tables/{table['id']}/hands").json()
    assert dealt["small_blind_seat"] is None
    assert dealt["dead_small_blind"] is True
    assert dealt["small_blind_position"] == 3
    assert (dealt["button_seat"], dealt["big_blind_seat"]) == (2, 4)
    assert (dealt["table_id"], dealt["table_number"]) == (table["id"], table["number"])
    shown = tables_of(api, game["id"])[0]
    assert (shown["small_blind_seat"], shown["dead_small_blind"]) == (None, True)


def test_a_small_blind_posted_by_a_player_is_his_seat_and_not_dead(api):
    game, table = full_table(api)
    table = api.put(f"/tables/{table['id']}/button", {"seat": 1}).json()
    assert (table["small_blind_seat"], table["dead_small_blind"]) == (2, False)
    assert table["small_blind_position"] == 2
