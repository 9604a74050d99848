"""The busting entries in one plain query (README "Benchmarks").

A bust is the floor's busiest action. Built by the ORM, its read (the entries
with player, seat and table, a pending move, the field's highest bust group
and the bounty kind) cost a bust more processor time than everything the
database did for it; this query is written once and read through
:meth:`Entry.objects.raw`, which still converts every column of the entry.
The seat and table carry the columns a bust reads (the rest load when asked).
"""

from __future__ import annotations

from typing import Any

from tables.models import Move, Seat, Table
from tournament.models import Entry, Player

_BUSTING = """
    SELECT e.*,
        p.name AS player_name,
        s.id AS seat_pk, s.number AS seat_number,
        t.id AS table_pk, t.tournament_id AS table_tournament, t.number AS table_number,
        t.seats AS table_seats, t.button_seat AS table_button_seat,
        EXISTS (
            SELECT 1 FROM tables_move m WHERE m.entry_id = e.id AND m.status = %s
        ) AS moving,
        (
            SELECT h.bust_group FROM tournament_entry h
            WHERE h.tournament_id = %s AND h.bust_group IS NOT NULL
            ORDER BY h.bust_group DESC LIMIT 1
        ) AS highest_group,
        (SELECT b.kind FROM tournament_bountysettings b WHERE b.tournament_id = %s) AS bounty_kind
    FROM tournament_entry e
    JOIN tournament_player p ON p.id = e.player_id
    LEFT JOIN tables_seat s ON s.entry_id = e.id
    LEFT JOIN tables_table t ON t.id = s.table_id
    WHERE e.id IN ({ids})
    ORDER BY e.id
"""


def busting_entries(tournament_id: int, ids: list[int]) -> list[Entry]:
    """The entries with player, seat and table, each with ``moving`` (a move is
    pending), ``highest_group`` (the field's, one step down the
    (tournament, bust_group) index) and ``bounty_kind`` (the tournament's)."""
    sql = _BUSTING.format(ids=", ".join(["%s"] * len(ids)))
    entries = list(
        Entry.objects.raw(sql, [Move.Status.PENDING.value, tournament_id, tournament_id, *ids])
    )
    for entry in entries:
        row: Any = entry  # the query's extra columns ride on the entry
        player = Player.from_db(
            Entry.objects.db, ["id", "name"], [entry.player_id, row.player_name]
        )
        Entry.player.field.set_cached_value(entry, player)
        seat = None
        if row.seat_pk is not None:
            table = Table.from_db(
                Entry.objects.db,
                ["id", "tournament_id", "number", "seats", "button_seat"],
                [
                    row.table_pk,
                    row.table_tournament,
                    row.table_number,
                    row.table_seats,
                    row.table_button_seat,
                ],
            )
            seat = Seat.from_db(
                Entry.objects.db,
                ["id", "table_id", "number", "entry_id"],
                [row.seat_pk, row.table_pk, row.seat_number, entry.pk],
            )
            Seat.table.field.set_cached_value(seat, table)
            Seat.entry.field.set_cached_value(seat, entry)
        Entry.seat.related.set_cached_value(entry, seat)
        entry.moving = bool(row.moving)  # type: ignore[attr-defined]
    return entries
