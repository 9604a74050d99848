"""The floor as the seating rules see it: open tables in the projected state.

Pending moves are applied: a moving player is listed at his destination
seat (which is also reserved), not at the seat he is leaving.
"""

from __future__ import annotations

import secrets
from collections.abc import Iterator
from dataclasses import dataclass, field, replace
from typing import Any, NamedTuple

from django.db import connection

from tables.models import KeepApart, Seat
from tables.rules.button import BlindState
from tables.rules.model import TableCount, TableState
from tables.rules.options import SeatingOptions

RANDOM = secrets.SystemRandom()


def seating_options(tournament: Any) -> SeatingOptions:
    options = tournament.rule_options
    return SeatingOptions(
        dead_button=options["dead_button"],
        balancing=options["balancing"],
        halt_rule=options["halt_rule"],
        halt_short_by=options.get("halt_short_by"),
        break_target=options.get("break_target"),
    )


def blind_state(table: Any) -> BlindState | None:
    if None in (table.button_seat, table.small_blind_seat, table.big_blind_seat):
        return None
    return BlindState(
        button=table.button_seat,
        small_blind=table.small_blind_seat,
        big_blind=table.big_blind_seat,
    )


def keep_apart_pairs(tournament: Any) -> list[tuple[int, int]]:
    return list(KeepApart.objects.filter(tournament=tournament).values_list("first", "second"))


def breaking_order(tables: list[Any]) -> list[int]:
    """Table numbers in the order they break: explicit order first, then highest number."""
    return [t.number for t in sorted(tables, key=lambda t: (t.break_order or 10**6, -t.number))]


class TableRow(NamedTuple):
    """An open table as the planner needs it (a plain row: big fields have 1,100).

    A tuple of plain values, which the garbage collector stops tracking, unlike
    a dataclass instance.
    """

    pk: int
    number: int
    seats: int
    halted: bool
    break_order: int
    button_seat: int | None
    small_blind_seat: int | None
    big_blind_seat: int | None
    seated: int = 0  # the count the database keeps (Table.seated); read by the planner only


@dataclass
class FloorState:
    tables: list[TableRow]
    states: list[TableState]
    # Where each seated entry physically sits (before pending moves), as two
    # int -> int maps: 9,900 (table, seat) tuples per bust fed the garbage collector.
    seated_table: dict[int, int] = field(default_factory=dict)
    seated_seat: dict[int, int] = field(default_factory=dict)
    # Table number -> id of every table where somebody sits (broken ones too).
    table_ids: dict[int, int] = field(default_factory=dict)

    def states_for_seating_now(self) -> list[TableState]:
        """The states for a player who sits down at once (late entry, alternate).

        A seat whose player has a pending move away is free in the projected
        state, but he still sits there: only a planned move may target it.
        """
        taken: dict[int, set[int]] = {}
        for entry_id, number in self.seated_table.items():
            taken.setdefault(number, set()).add(self.seated_seat[entry_id])
        return [
            replace(state, reserved=state.reserved | taken[state.number])
            if taken.get(state.number, set()) - set(state.players)
            else state
            for state in self.states
        ]

    def table(self, number: int) -> TableRow:
        return next(t for t in self.tables if t.number == number)

    def state_of(self, number: int) -> TableState:
        return next(s for s in self.states if s.number == number)

    def physical_seat(self, entry_id: int) -> tuple[int, int] | None:
        """(table number, seat number) the entry sits at now (a broken table too)."""
        number = self.seated_table.get(entry_id)
        if number is None:
            return None
        return number, self.seated_seat[entry_id]


_OPEN_TABLES = """
    SELECT id, number, seats, halted, break_order, button_seat, small_blind_seat, big_blind_seat
    FROM tables_table WHERE tournament_id = %s AND status = 'open' ORDER BY number
"""
# Every table, broken ones included: a player on his way from a broken table
# still sits there until his move is done.
_SEATED = """
    SELECT t.number, s.number, s.entry_id, t.id
    FROM tables_seat s JOIN tables_table t ON t.id = s.table_id
    WHERE t.tournament_id = %s AND s.entry_id IS NOT NULL
"""
_PENDING_MOVES = """
    SELECT m.entry_id, f.number, m.from_seat, t.number, m.to_seat
    FROM tables_move m
    LEFT JOIN tables_table f ON f.id = m.from_table_id
    JOIN tables_table t ON t.id = m.to_table_id
    WHERE m.tournament_id = %s AND m.status = 'pending'
    ORDER BY m.id
"""


def _rows(cursor: Any, size: int = 500) -> Iterator[tuple]:
    """The result in small batches rather than fetchall(): 9,900 row tuples alive at
    once were promoted to the older GC generations, and the full collections they
    brought on (~100 ms each) landed inside busts."""
    while rows := cursor.fetchmany(size):
        yield from rows


def floor_state(tournament: Any) -> FloorState:
    """Read with plain SQL: the ORM's per-row cost dominated every bust in a big field."""

    with connection.cursor() as cursor:
        cursor.execute(_OPEN_TABLES, [tournament.pk])
        tables = [TableRow(*row) for row in _rows(cursor)]
        players: dict[int, dict[int, int]] = {t.number: {} for t in tables}
        seated_table: dict[int, int] = {}
        seated_seat: dict[int, int] = {}
        cursor.execute(_SEATED, [tournament.pk])
        table_ids: dict[int, int] = {}
        for number, seat_no, entry_id, table_id in _rows(cursor):
            if number in players:
                players[number][seat_no] = entry_id
            table_ids[number] = table_id
            seated_table[entry_id] = number
            seated_seat[entry_id] = seat_no
        cursor.execute(_PENDING_MOVES, [tournament.pk])
        pending = cursor.fetchall()
    reserved: dict[int, set[int]] = {}
    departures: dict[int, int] = {}
    for entry_id, source, from_seat, destination, to_seat in pending:
        if source in players and players[source].get(from_seat) == entry_id:
            del players[source][from_seat]
            departures[source] = departures.get(source, 0) + 1
        if destination in players:
            # A seat can be vacated and refilled by two pending moves (final-table redraw).
            players[destination][to_seat] = entry_id
            reserved.setdefault(destination, set()).add(to_seat)
    no_seats: frozenset[int] = frozenset()
    states = [
        TableState(
            number=t.number,
            seat_count=t.seats,
            players=players[t.number],
            blinds=blind_state(t),
            reserved=frozenset(reserved[t.number]) if t.number in reserved else no_seats,
            pending_departures=departures.get(t.number, 0),
        )
        for t in tables
    ]
    return FloorState(
        tables=tables,
        states=states,
        seated_table=seated_table,
        seated_seat=seated_seat,
        table_ids=table_ids,
    )


def seat_row_id(tournament: Any, table_number: int, seat_number: int) -> int:
    return Seat.objects.values_list("pk", flat=True).get(
        table__tournament=tournament, table__number=table_number, number=seat_number
    )


def update_rows(model: Any, rows: list[tuple], fields: list[str], chunk: int = 4000) -> None:
    """Set `fields` on many rows at once: rows are (pk, value, ...) tuples.

    PostgreSQL: one ``UPDATE ... FROM unnest(arrays)``, one parameter a column
    (the seats' trigger then runs once, and psycopg adapts three arrays, not
    20,000 placeholders: that took two seconds of a 10,000-seat draw). SQLite:
    ``UPDATE ... FROM (VALUES ...)`` per chunk (SQLite 3.33+). Django's
    bulk_update builds a CASE per row and took seconds for a 10,000-seat draw.
    """
    if not rows:
        return
    table = connection.ops.quote_name(model._meta.db_table)
    model_fields = [model._meta.pk, *(model._meta.get_field(f) for f in fields)]
    names = ", ".join(["id"] + [f"c{i}" for i in range(len(fields))])
    assignments = ", ".join(
        f"{connection.ops.quote_name(f.column)} = v.c{i}" for i, f in enumerate(model_fields[1:])
    )
    with connection.cursor() as cursor:
        if connection.vendor == "postgresql":
            arrays = ", ".join(f"%s::{f.cast_db_type(connection)}[]" for f in model_fields)
            cursor.execute(
                f"UPDATE {table} SET {assignments} FROM unnest({arrays}) AS v({names}) "
                f"WHERE {table}.id = v.id",
                [list(column) for column in zip(*rows, strict=True)],
            )
            return
        row_sql = "(" + ", ".join(["%s"] * len(model_fields)) + ")"
        for start in range(0, len(rows), chunk):
            part = rows[start : start + chunk]
            values = ", ".join([row_sql] * len(part))
            cursor.execute(
                f"WITH v({names}) AS (VALUES {values}) "
                f"UPDATE {table} SET {assignments} FROM v WHERE {table}.id = v.id",
                [value for row in part for value in row],
            )


# -- the floor as the planner reads it: counts first, seats on demand ----------

_OPEN_TABLE_COUNTS = """
    SELECT id, number, seats, halted, break_order, button_seat, small_blind_seat,
           big_blind_seat, seated
    FROM tables_table WHERE tournament_id = %s AND status = 'open' ORDER BY number
"""
# Whether the mover still sits at the seat he leaves: a move stays pending
# until the floor marks it done.
_PENDING_WITH_ORIGIN = """
    SELECT m.entry_id, m.from_table_id, f.number, m.from_seat, s.id IS NOT NULL,
           m.to_table_id, t.number, m.to_seat, a.id IS NOT NULL
    FROM tables_move m
    LEFT JOIN tables_table f ON f.id = m.from_table_id
    LEFT JOIN tables_seat s
      ON s.table_id = m.from_table_id AND s.number = m.from_seat AND s.entry_id = m.entry_id
    LEFT JOIN tables_seat a
      ON a.table_id = m.to_table_id AND a.number = m.to_seat AND a.entry_id = m.entry_id
    JOIN tables_table t ON t.id = m.to_table_id
    WHERE m.tournament_id = %s AND m.status = 'pending'
    ORDER BY m.id
"""
_SEATED_AT = "SELECT number, entry_id FROM tables_seat WHERE table_id = %s AND entry_id IS NOT NULL"


class PendingMove(NamedTuple):
    entry: int
    from_table_id: int | None
    from_table: int | None
    from_seat: int | None
    still_there: bool
    to_table_id: int
    to_table: int
    to_seat: int
    # Already holds the seat he goes to (a move from the rail after an undone
    # bust): the table counts him once, not as a player still to arrive.
    arrived: bool = False


@dataclass
class Floor:
    """Open tables with their kept counts and the pending moves: what a plan starts from.

    Reading it costs two queries whatever the size of the floor holds in seats;
    the seats of a table are read (one query) when the planner asks for them.
    """

    tables: list[TableRow]
    pending: list[PendingMove]
    by_number: dict[int, TableRow] = field(default_factory=dict)
    seats_read: int = 0

    def __post_init__(self) -> None:
        self.by_number = {t.number: t for t in self.tables}
        self._moving = {p.entry: p for p in self.pending}

    def table(self, number: int) -> TableRow:
        return self.by_number[number]

    def counts(self) -> list[TableCount]:
        arrivals: dict[int, int] = {}
        departures: dict[int, int] = {}
        for move in self.pending:
            if move.arrived:
                continue
            arrivals[move.to_table] = arrivals.get(move.to_table, 0) + 1
            if move.still_there and move.from_table is not None:
                departures[move.from_table] = departures.get(move.from_table, 0) + 1
        return [
            TableCount(
                number=t.number,
                seat_count=t.seats,
                size=t.seated - departures.get(t.number, 0) + arrivals.get(t.number, 0),
                arrivals=arrivals.get(t.number, 0),
                departures=departures.get(t.number, 0),
            )
            for t in self.tables
        ]

    def seats_of(self, number: int) -> TableState:
        """One open table in the projected state (as `floor_state` builds every table)."""
        table = self.by_number[number]
        self.seats_read += 1
        with connection.cursor() as cursor:
            cursor.execute(_SEATED_AT, [table.pk])
            players = dict(cursor.fetchall())
        reserved: set[int] = set()
        departures = 0
        for move in self.pending:
            if move.from_table == number and players.get(move.from_seat) == move.entry:
                del players[move.from_seat]
                departures += 1
            if move.to_table == number:
                players[move.to_seat] = move.entry
                reserved.add(move.to_seat)
        return TableState(
            number=number,
            seat_count=table.seats,
            players=players,
            blinds=blind_state(table),
            reserved=frozenset(reserved),
            pending_departures=departures,
        )

    def origin(self, entry_id: int) -> tuple[int, int, int] | None:
        """(table id, table number, seat) a player on his way still sits at, else None."""
        move = self._moving.get(entry_id)
        if move is None or not move.still_there or move.from_table_id is None:
            return None
        assert move.from_table is not None and move.from_seat is not None
        return move.from_table_id, move.from_table, move.from_seat


def floor_now(tournament: Any, *, tables: bool = True) -> Floor:
    """The floor for planning: the tables' kept counts (tables/counts.py) and the
    pending moves (`tables=False`: the moves only)."""
    with connection.cursor() as cursor:
        rows: list[TableRow] = []
        if tables:
            cursor.execute(_OPEN_TABLE_COUNTS, [tournament.pk])
            rows = [TableRow(*row) for row in cursor.fetchall()]
        cursor.execute(_PENDING_WITH_ORIGIN, [tournament.pk])
        pending = [
            PendingMove(
                entry, from_id, from_number, from_seat, bool(there), to_id, to_number, seat, bool(a)
            )
            for entry, from_id, from_number, from_seat, there, to_id, to_number, seat, a in (
                cursor.fetchall()
            )
        ]
    return Floor(tables=rows, pending=pending)
