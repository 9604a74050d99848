"""A bust, a move done and a table break cost the same SQL on ten tables as on two hundred.

The planner sizes the tables from their kept counts and reads the seats of
only the tables a move leaves or reaches (README "Screen messages"). Counting the
queries, screens' messages included, shows it without any timing: a query
per table anywhere on the path makes the two floors differ.
"""

from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from tables.models import Move, Seat
from tables.services.state import Floor
from tournament.models import Entry, Player

pytestmark = pytest.mark.django_db

PLAYERS_PER_TABLE = 8  # on nine seats: one seat free at every table


def floor_of(api, tables: int, **options) -> int:
    """A drawn tournament of `tables` nine-seat tables, eight players at each."""
    tid = api.post("/tournaments", {"name": f"{tables} tables", **options}).json()["id"]
    api.post(f"/tournaments/{tid}/tables", {"count": tables, "seats": 9})
    players = Player.objects.bulk_create(
        Player(name=f"Player {tables}-{n:04}") for n in range(tables * PLAYERS_PER_TABLE)
    )
    Entry.objects.bulk_create(Entry(tournament_id=tid, player=player) for player in players)
    assert api.post(f"/tournaments/{tid}/draw").status_code == 200
    return tid


def sitting_at(tid: int, number: int) -> list[int]:
    return list(
        Seat.objects.filter(
            table__tournament_id=tid, table__number=number, entry__isnull=False
        ).values_list("entry_id", flat=True)
    )


def queries_of(capture_on_commit, request) -> int:
    """Queries of one API call, the screens' messages after the commit included."""
    with CaptureQueriesContext(connection) as captured, capture_on_commit(execute=True):
        response = request()
    assert response.status_code == 200, response.content
    return len(captured)


def bust_bust_and_move(api, capture_on_commit, tables: int) -> tuple[int, int, int]:
    # Tables break only once the rest fit at seven a table: these busts only balance.
    tid = floor_of(api, tables, options={"break_target": 7})
    first, second = sitting_at(tid, 1)[:2]
    quiet_bust = queries_of(capture_on_commit, lambda: api.post(f"/entries/{first}/bust"))
    assert not Move.objects.filter(tournament_id=tid, status="pending").exists()
    # Six against eight: one player comes over from a full table.
    balancing_bust = queries_of(capture_on_commit, lambda: api.post(f"/entries/{second}/bust"))
    move = Move.objects.get(tournament_id=tid, status="pending")
    move_done = queries_of(capture_on_commit, lambda: api.post(f"/moves/{move.pk}/done"))
    return quiet_bust, balancing_bust, move_done


def table_break(api, capture_on_commit, tables: int) -> int:
    tid = floor_of(api, tables, options={"break_target": 7})
    last = api.get(f"/tournaments/{tid}/tables").json()[-1]
    # Eight players leave; every other table has exactly one free seat, so eight
    # tables take one each on both floors.
    cost = queries_of(capture_on_commit, lambda: api.post(f"/tables/{last['id']}/break"))
    assert Move.objects.filter(tournament_id=tid, status="pending").count() == PLAYERS_PER_TABLE
    return cost


@pytest.fixture
def seats_read(monkeypatch) -> list[int]:
    """Numbers of the tables whose seats the planner read, in order."""
    read: list[int] = []
    original = Floor.seats_of

    def spy(self, number):
        read.append(number)
        return original(self, number)

    monkeypatch.setattr(Floor, "seats_of", spy)
    return read


def test_a_bust_and_a_move_cost_the_same_queries_on_ten_and_on_two_hundred_tables(
    api, django_capture_on_commit_callbacks, seats_read
):
    small = bust_bust_and_move(api, django_capture_on_commit_callbacks, 10)
    big = bust_bust_and_move(api, django_capture_on_commit_callbacks, 200)
    assert big == small
    # The balancing bust read the table the mover leaves and table 1; no other.
    assert len(seats_read) == 4 and set(seats_read[2:]) == {1, 200}


def test_a_table_break_costs_the_same_queries_on_ten_and_on_two_hundred_tables(
    api, django_capture_on_commit_callbacks, seats_read
):
    small = table_break(api, django_capture_on_commit_callbacks, 10)
    seats_read.clear()
    big = table_break(api, django_capture_on_commit_callbacks, 200)
    assert big == small
    # Only the eight tables that take its players.
    assert len(seats_read) == PLAYERS_PER_TABLE


def quiet_bust_queries(api, capture_on_commit, tables: int) -> int:
    """Queries of one quiet bust through the API (no bounties, no hand-for-hand,
    no move planned), without the screens' messages composed after the commit
    (they run once the write has committed)."""
    tid = floor_of(api, tables, options={"break_target": 7})
    first = sitting_at(tid, 1)[0]
    with CaptureQueriesContext(connection) as captured, capture_on_commit(execute=False):
        response = api.post(f"/entries/{first}/bust")
    assert response.status_code == 200, response.content
    assert response.json()["status"] == "busted"
    assert not Move.objects.filter(tournament_id=tid, status="pending").exists()
    # The test's own transaction turns the write's into a savepoint: not a query
    # the request makes in production.
    return sum(
        not q["sql"].startswith(("SAVEPOINT", "RELEASE SAVEPOINT"))
        for q in captured.captured_queries
    )


def test_a_quiet_bust_reads_with_a_handful_of_queries_at_any_floor_size(
    api, django_capture_on_commit_callbacks
):
    small = quiet_bust_queries(api, django_capture_on_commit_callbacks, 10)
    big = quiet_bust_queries(api, django_capture_on_commit_callbacks, 100)
    assert big == small
    assert small <= 15, small
