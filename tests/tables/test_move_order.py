"""Moves carried out or cancelled in any order never lose a player (README "How a floor action flows"): every seated entry keeps exactly one seat, and nobody is left
at a broken table without a move."""

from __future__ import annotations

import pytest
from floor_page import floor_page

from tables.models import Move, Seat, Table
from tests.tables.test_floor_api import start
from tournament.models import Entry

pytestmark = pytest.mark.django_db


def arrange(tournament_id: int, layout: dict[int, list[int]]) -> dict[tuple[int, int], int]:
    """Put the tournament's seated entries on the given seats: {table: [seats]}."""
    entries = list(Entry.objects.filter(tournament_id=tournament_id, status="seated"))
    Seat.objects.filter(table__tournament_id=tournament_id).update(entry=None)
    Move.objects.filter(tournament_id=tournament_id).delete()
    at = {}
    for number, seats in layout.items():
        for seat in seats:
            entry = entries.pop()
            Seat.objects.filter(
                table__tournament_id=tournament_id, table__number=number, number=seat
            ).update(entry=entry)
            at[(number, seat)] = entry.pk
    assert not entries
    # Seats set by hand: the database keeps the tables' counts all the same.
    return at


def seat_invariants(tournament_id: int) -> None:
    seated = set(
        Entry.objects.filter(tournament_id=tournament_id, status="seated").values_list(
            "pk", flat=True
        )
    )
    seats = list(
        Seat.objects.filter(table__tournament_id=tournament_id, entry__isnull=False).values_list(
            "entry_id", "table__status", "table__number"
        )
    )
    holders = [entry for entry, _status, _number in seats]
    assert len(holders) == len(set(holders)), "a player holds two seats"
    assert set(holders) == seated, "a seated player has no seat (or a seat holds a player out)"
    pending = set(
        Move.objects.filter(tournament_id=tournament_id, status="pending").values_list(
            "entry_id", flat=True
        )
    )
    stranded = [e for e, status, _n in seats if status == "broken" and e not in pending]
    assert not stranded, f"players at a broken table without a move: {stranded}"


@pytest.fixture
def chain(api):
    """A break sends A into the seat of B, who has a move of his own pending."""
    game = start(api, players=18, tables=3)
    tid = game["id"]
    at = arrange(tid, {1: [1], 2: list(range(1, 10)), 3: list(range(1, 9))})
    a, b = at[(1, 1)], at[(2, 5)]
    manual = api.post(f"/tournaments/{tid}/moves", {"entry": b, "to_table": 3, "to_seat": 9})
    assert manual.status_code == 201, manual.content
    table_1 = Table.objects.get(tournament_id=tid, number=1)
    assert api.post(f"/tables/{table_1.pk}/break").status_code == 200
    moves = {m["entry"]: m for m in api.get(f"/tournaments/{tid}/moves?status=pending").json()}
    assert (moves[a]["to_table"], moves[a]["to_seat"]) == (2, 5)
    return tid, moves[a], moves[b]


def test_carrying_out_a_move_into_a_seat_still_held_is_refused_naming_the_move_to_do_first(
    api, chain
):
    tid, move_a, move_b = chain
    listed = api.get(f"/tournaments/{tid}/moves?status=pending").json()
    assert [m["id"] for m in listed][-1] == move_a["id"], "a move that must wait comes last"
    assert listed[-1]["after"] == {"id": move_b["id"], "name": move_b["name"]}
    response = api.post(f"/moves/{move_a['id']}/done")
    assert response.status_code == 409
    assert move_b["name"] in response.json()["detail"]
    seat_invariants(tid)
    assert api.post(f"/moves/{move_b['id']}/done").status_code == 200
    assert api.post(f"/moves/{move_a['id']}/done").status_code == 200
    seat_invariants(tid)


def test_cancelling_the_move_of_the_player_whose_seat_is_wanted_replans_the_other_move(api, chain):
    tid, move_a, move_b = chain
    assert api.post(f"/moves/{move_b['id']}/cancel").status_code == 200
    seat_invariants(tid)
    pending = api.get(f"/tournaments/{tid}/moves?status=pending").json()
    new_a = [m for m in pending if m["entry"] == move_a["entry"]]
    assert len(new_a) == 1 and (new_a[0]["to_table"], new_a[0]["to_seat"]) == (3, 9)
    for move in pending:
        assert api.post(f"/moves/{move['id']}/done").status_code == 200
    seat_invariants(tid)


def test_cancelling_one_move_of_a_table_break_gives_the_player_a_new_move(api, chain):
    tid, move_a, _move_b = chain
    assert api.post(f"/moves/{move_a['id']}/cancel").status_code == 200
    seat_invariants(tid)
    pending = api.get(f"/tournaments/{tid}/moves?status=pending").json()
    assert [m["entry"] for m in pending].count(move_a["entry"]) == 1


def test_a_late_entry_is_never_given_a_seat_its_player_has_not_left_yet(api):
    game = start(api, players=26, tables=3)
    tid = game["id"]
    at = arrange(tid, {1: list(range(1, 10)), 2: list(range(1, 10)), 3: list(range(1, 9))})
    leaving = at[(2, 5)]
    moved = api.post(f"/tournaments/{tid}/moves", {"entry": leaving, "to_table": 3, "to_seat": 9})
    assert moved.status_code == 201, moved.content
    # Table 2 seat 5 is free in the plan, but its player still sits there.
    late = api.post(f"/tournaments/{tid}/entries", {"name": "Late Larry"})
    assert late.status_code == 201, late.content
    assert (late.json()["table"], late.json()["seat"]) != (2, 5)
    seat_invariants(tid)


def test_a_player_left_at_a_broken_table_with_no_seat_elsewhere_puts_it_back_in_play(
    api, client, floor_user
):
    from tables.services.planning import floor_replan
    from tournament import changes
    from tournament.writes import tournament_write

    game = start(api, players=18, tables=2)
    tid = game["id"]
    at = arrange(tid, {1: list(range(1, 10)), 2: list(range(1, 10))})
    Table.objects.filter(tournament_id=tid, number=2).update(status="broken")
    # Nobody planned a move for table 2's players and table 1 is full.
    with tournament_write(tid, by=None) as w:
        floor_replan(w)
        w.record("tables", parts=(changes.MOVES, changes.TABLES))
    assert Table.objects.get(tournament_id=tid, number=2).status == "open"
    assert (
        Seat.objects.get(table__tournament_id=tid, table__number=2, number=5).entry_id
        == (at[(2, 5)])
    )
    seat_invariants(tid)
    client.force_login(floor_user)
    page = floor_page(client, tid)
    assert page.alert("table_back_in_play") == {"kind": "table_back_in_play", "tables": [2]}
    assert page.tablet["labels"]["back_in_play"].startswith(
        "Table {tables} plays on: its players had no free seat at the other tables."
    )


def test_the_floor_page_says_which_move_must_be_carried_out_first(chain, client, floor_user):
    tid, _move_a, move_b = chain
    client.force_login(floor_user)
    client.cookies["django_language"] = "de"
    page = floor_page(client, tid)
    assert [m["after"]["name"] for m in page.snapshot["moves"] if m["after"]] == [move_b["name"]]
    assert page.tablet["labels"]["after"] == "nach {name}"
