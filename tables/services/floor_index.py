"""The open tables as the planner fetches them from the database: by size, in
the break sequence, a few at a time (README "Benchmarks", what the planner keeps).

The planner starts from the tables' counts by (seats, players), kept by the
database (``TableLevel``, tables/counts.py), and the tables pending moves leave
or reach; then it asks for the tables
it touches: the biggest that break first, the shortest that break last, the
next to break, the short ones. Each ask reads a few rows down the index
``table_open_by_size`` (or ``table_open_in_sequence``), whatever the size of
the floor. ``Table.seated`` is kept by the database (tables/counts.py).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any

from django.db import connection

from tables.rules.balancing import FloorShape
from tables.rules.floor_index import FloorIndex, RankKey
from tables.rules.model import TableCount
from tables.services.state import Floor, PendingMove, TableRow

# The break sequence: an explicit breaking order first, then the highest number
# (tables.services.state.breaking_order); the indexes name the same expression.
RANK = "COALESCE(NULLIF(break_order, 0), 1000000)"
_COLUMNS = (
    "id, number, seats, halted, break_order, button_seat, small_blind_seat, big_blind_seat, seated"
)
# The kept levels (tables/counts.py), the halted tables and the pending moves,
# each down its own index: a few rows whatever the size of the floor.
_LEVELS = """
    SELECT status, seats, seated, tables FROM tables_tablelevel
    WHERE tournament_id = %s AND tables <> 0
    UNION ALL
    SELECT 'halted', 0, 0, COUNT(*) FROM tables_table
    WHERE tournament_id = %s AND halted AND status = 'open'
    UNION ALL
    SELECT 'pending', 0, 0, COUNT(*) FROM tables_move
    WHERE tournament_id = %s AND status = 'pending'
"""

Levels = dict[tuple[int, int], int]


def floor_levels(tournament: Any) -> tuple[FloorShape, Levels]:
    """The floor in a few numbers (one query) and its open tables by (seats,
    players seated), from the levels the database keeps (tables/counts.py)."""
    with connection.cursor() as cursor:
        cursor.execute(_LEVELS, [tournament.pk] * 3)
        rows = cursor.fetchall()
    levels: Levels = {}
    halted = pending = at_broken = 0
    for status, seats, seated, n in rows:
        if status == "open":
            levels[(seats, seated)] = n
        elif status == "broken":
            at_broken += seated * n
        elif status == "halted":
            halted = n
        elif status == "pending":
            pending = n
    sizes = [seated for (_seats, seated) in levels]
    shape = FloorShape(
        tables=sum(levels.values()),
        players=sum(seated * n for (_seats, seated), n in levels.items()),
        fullest=max(sizes, default=0),
        emptiest=min(sizes, default=0),
        pending_moves=pending,
        halted_tables=halted,
        seated_at_broken_tables=at_broken,
    )
    return shape, levels


_PAGE = 8


def rank_of(row: TableRow) -> RankKey:
    return (row.break_order or 1_000_000, -row.number)


def _after(last_first: bool) -> str:
    if last_first:
        return f" AND ({RANK} < %s OR ({RANK} = %s AND number > %s))"
    return f" AND ({RANK} > %s OR ({RANK} = %s AND number < %s))"


def _order(last_first: bool) -> str:
    return f" ORDER BY {RANK} DESC, number ASC" if last_first else f" ORDER BY {RANK}, number DESC"


class TableIndex(FloorIndex):
    """The open tables of one tournament that no pending move touches."""

    def __init__(self, tournament_id: int, floor: Floor, levels: Levels):
        self.tournament_id = tournament_id
        self.floor = floor
        levels = dict(levels)
        for row in floor.tables:  # given to the planner as they stand
            levels[(row.seats, row.seated)] -= 1
        super().__init__(levels, {row.number: rank_of(row) for row in floor.tables})
        self._left_out = {row.number for row in floor.tables}

    def _fetch(self, where: str, params: list[Any], last_first: bool) -> Iterator[TableRow]:
        """Rows in the sequence (or reversed), page by page, skipping the tables the
        planner holds already."""
        after: list[Any] = []
        while True:
            sql = (
                f"SELECT {_COLUMNS} FROM tables_table WHERE tournament_id = %s "
                f"AND status = 'open'{where}{_after(last_first) if after else ''}"
                f"{_order(last_first)} LIMIT {_PAGE}"
            )
            with connection.cursor() as cursor:
                cursor.execute(sql, [self.tournament_id, *params, *after])
                rows = [TableRow(*row) for row in cursor.fetchall()]
            for row in rows:
                if row.number not in self.taken and row.number not in self._left_out:
                    yield self._known(row)
            if len(rows) < _PAGE:
                return
            last = rows[-1]
            after = [rank_of(last)[0], rank_of(last)[0], last.number]

    def _known(self, row: TableRow) -> TableRow:
        self.ranks[row.number] = rank_of(row)
        self.floor.by_number[row.number] = row
        return row

    @staticmethod
    def _count(row: TableRow) -> TableCount:
        return TableCount(row.number, row.seats, row.seated)

    def at_size(self, size: int, *, last_first: bool, with_room: bool) -> Iterator[TableCount]:
        where = " AND seated = %s" + (" AND seats > %s" if with_room else "")
        params = [size, size] if with_room else [size]
        return (self._count(row) for row in self._fetch(where, params, last_first))

    def in_sequence(self) -> Iterator[TableCount]:
        return (self._count(row) for row in self._fetch("", [], False))

    def picked_at_size(self, size: int, positions: Sequence[int]) -> list[TableCount]:
        """Each by its place down the index (OFFSET), stepping over the tables the
        planner holds: their places are known from their rows."""
        held = sorted(
            rank_of(row)
            for number, row in self.floor.by_number.items()
            if (number in self.taken or number in self._left_out)
            and row.seated == size
            and row.seats > size
        )
        return [self._count(self._nth(size, position, held)) for position in positions]

    def _nth(self, size: int, position: int, held: list[RankKey]) -> TableRow:
        offset = position
        while True:
            with connection.cursor() as cursor:
                cursor.execute(
                    f"SELECT {_COLUMNS} FROM tables_table WHERE tournament_id = %s "
                    f"AND status = 'open' AND seated = %s AND seats > %s{_order(False)} "
                    f"LIMIT 1 OFFSET %s",
                    [self.tournament_id, size, size, offset],
                )
                row = TableRow(*cursor.fetchone())
            before = sum(1 for key in held if key <= rank_of(row))
            if offset - before == position and row.number not in self.taken | self._left_out:
                return self._known(row)
            offset = position + before


_PENDING_TABLES = f"SELECT {_COLUMNS} FROM tables_table WHERE status = 'open' AND id IN "


def floor_indexed(
    tournament: Any, levels: Levels, pending: list[PendingMove]
) -> tuple[Floor, TableIndex]:
    """The tables pending moves touch, as rows, and the index over the others."""
    touched = sorted(
        {p.to_table_id for p in pending} | {p.from_table_id for p in pending if p.from_table_id}
    )
    rows: list[TableRow] = []
    if touched:
        with connection.cursor() as cursor:
            cursor.execute(
                _PENDING_TABLES + "(" + ", ".join(["%s"] * len(touched)) + ") ORDER BY number",
                touched,
            )
            rows = [TableRow(*row) for row in cursor.fetchall()]
    floor = Floor(tables=rows, pending=pending)
    return floor, TableIndex(tournament.pk, floor, levels)
