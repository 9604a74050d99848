"""A bust that plans a move reads the same rows on ten tables as on sixty: the
planner fetches the tables it touches, not every open table (README "Benchmarks",
what the planner keeps)."""

from __future__ import annotations

from typing import Any

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from tables.models import Move
from tests.tables.test_floor_query_counts import floor_of, sitting_at

pytestmark = pytest.mark.django_db


class RowsFetched:
    """Counts the rows every query of the request hands back to the code."""

    def __init__(self) -> None:
        self.rows = 0

    def __call__(self, execute: Any, sql: str, params: Any, many: bool, context: Any) -> Any:
        result = execute(sql, params, many, context)
        wrapper = context["cursor"]
        if not isinstance(wrapper.cursor, _Counting):
            wrapper.cursor = _Counting(wrapper.cursor, self)
        return result


class _Counting:
    def __init__(self, cursor: Any, counter: RowsFetched) -> None:
        self._cursor, self._counter = cursor, counter

    def __getattr__(self, name: str) -> Any:
        return getattr(self._cursor, name)

    def __iter__(self) -> Any:
        for row in self._cursor:
            self._counter.rows += 1
            yield row

    def fetchone(self) -> Any:
        row = self._cursor.fetchone()
        self._counter.rows += row is not None
        return row

    def fetchmany(self, *args: Any) -> Any:
        rows = self._cursor.fetchmany(*args)
        self._counter.rows += len(rows)
        return rows

    def fetchall(self) -> Any:
        rows = self._cursor.fetchall()
        self._counter.rows += len(rows)
        return rows


def balancing_bust(api, capture_on_commit, tables: int) -> tuple[int, int]:
    """Queries and rows of the bust that brings a player over from a full table."""
    tid = floor_of(api, tables, options={"break_target": 7})
    first, second = sitting_at(tid, 1)[:2]
    assert api.post(f"/entries/{first}/bust").status_code == 200
    counter = RowsFetched()
    with (
        CaptureQueriesContext(connection) as captured,
        capture_on_commit(execute=False),
        connection.execute_wrapper(counter),
    ):
        response = api.post(f"/entries/{second}/bust")
    assert response.status_code == 200, response.content
    assert Move.objects.filter(tournament_id=tid, status="pending").count() == 1
    return len(captured), counter.rows


def test_a_bust_that_plans_a_move_reads_the_same_rows_on_ten_and_on_sixty_tables(
    api, django_capture_on_commit_callbacks
):
    small = balancing_bust(api, django_capture_on_commit_callbacks, 10)
    big = balancing_bust(api, django_capture_on_commit_callbacks, 60)
    assert big == small
