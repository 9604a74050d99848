"""The floor as the seating rules see it: open tables in the projected state.

Pending moves are applied: a moving player is listed at his destination
seat (which is also reserved), not at the seat he is leaving.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from typing import Any

from tables.models import KeepApart, Move, Seat, Table
from tables.rules.button import BlindState
from tables.rules.model import TableState
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


def blind_state(table: Table) -> BlindState | None:
    if None in (table.button_seat, table.small_blind_seat, table.big_blind_seat):
        return None
    return BlindState(
        button=table.button_seat,
        small_blind=table.small_blind_seat,
        big_blind=table.big_blind_seat,
    )


def keep_apart_pairs(tournament: Any) -> list[tuple[int, int]]:
    return list(KeepApart.objects.filter(tournament=tournament).values_list("first", "second"))


def breaking_order(tables: list[Table]) -> list[int]:
    """Table numbers in the order they break: explicit order first, then highest number."""
    return [t.number for t in sorted(tables, key=lambda t: (t.break_order or 10**6, -t.number))]


@dataclass
class FloorState:
    tables: list[Table]
    states: list[TableState]
    # (table number, seat number) -> (seat row id, entry id or None); plain values,
    # since a big field has 10,000 seats and every bust reads them all.
    seats: dict[tuple[int, int], tuple[int, int | None]]

    def table(self, number: int) -> Table:
        return next(t for t in self.tables if t.number == number)

    def state_of(self, number: int) -> TableState:
        return next(s for s in self.states if s.number == number)


def floor_state(tournament: Any) -> FloorState:
    tables = list(tournament.tables.filter(status=Table.Status.OPEN).order_by("number"))
    number_of = {t.pk: t.number for t in tables}
    seats = {
        (number_of[table_id], number): (pk, entry_id)
        for pk, table_id, number, entry_id in Seat.objects.filter(
            table__tournament=tournament, table__status=Table.Status.OPEN
        ).values_list("pk", "table_id", "number", "entry_id")
    }
    players: dict[int, dict[int, int]] = {t.number: {} for t in tables}
    for (number, seat_no), (_pk, entry_id) in seats.items():
        if entry_id is not None:
            players[number][seat_no] = entry_id
    reserved: dict[int, set[int]] = {t.number: set() for t in tables}
    departures: dict[int, int] = {t.number: 0 for t in tables}
    pending = Move.objects.filter(tournament=tournament, status=Move.Status.PENDING).select_related(
        "from_table", "to_table"
    )
    for move in pending:
        source = move.from_table.number if move.from_table_id else None
        if source in players and players[source].get(move.from_seat) == move.entry_id:
            del players[source][move.from_seat]
            departures[source] += 1
        destination = move.to_table.number
        if destination in players:
            # A seat can be vacated and refilled by two pending moves (final-table redraw).
            players[destination][move.to_seat] = move.entry_id
            reserved[destination].add(move.to_seat)
    states = [
        TableState(
            number=t.number,
            seat_count=t.seats,
            players=players[t.number],
            blinds=blind_state(t),
            reserved=frozenset(reserved[t.number]),
            pending_departures=departures[t.number],
        )
        for t in tables
    ]
    return FloorState(tables=tables, states=states, seats=seats)


def update_rows(model: Any, rows: list[tuple], fields: list[str], chunk: int = 4000) -> None:
    """Set `fields` on many rows at once: rows are (pk, value, ...) tuples.

    One ``UPDATE ... FROM (VALUES ...)`` per chunk (PostgreSQL and SQLite 3.33+);
    Django's bulk_update builds a CASE per row and took seconds for a 10,000-seat draw.
    """
    from django.db import connection

    if not rows:
        return
    table = connection.ops.quote_name(model._meta.db_table)
    columns = [model._meta.get_field(f).column for f in fields]
    assignments = ", ".join(
        f"{connection.ops.quote_name(c)} = v.c{i}" for i, c in enumerate(columns)
    )
    names = ", ".join(["id"] + [f"c{i}" for i in range(len(columns))])
    casts = ["%s::bigint"] + ["%s::integer"] * len(columns)
    if connection.vendor != "postgresql":
        casts = ["%s"] * (len(columns) + 1)
    row_sql = "(" + ", ".join(casts) + ")"
    with connection.cursor() as cursor:
        for start in range(0, len(rows), chunk):
            part = rows[start : start + chunk]
            values = ", ".join([row_sql] * len(part))
            params = [value for row in part for value in row]
            if connection.vendor == "postgresql":
                sql = (
                    f"UPDATE {table} SET {assignments} FROM (VALUES {values}) AS v({names}) "
                    f"WHERE {table}.id = v.id"
                )
            else:
                sql = (
                    f"WITH v({names}) AS (VALUES {values}) "
                    f"UPDATE {table} SET {assignments} FROM v WHERE {table}.id = v.id"
                )
            cursor.execute(sql, params)
