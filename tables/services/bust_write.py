"""What a bust writes to free the seats, in plain statements (README "Benchmarks").

Built by the ORM, the action-log lines, the seat update and the seat-change
rows of a bust cost more processor time than the database took to store them;
these statements are the same rows, written once: one ``INSERT`` of the log
lines (``tournament.audit.append_plain``, after one read of the chain's head),
one ``UPDATE`` of the seats, one ``INSERT`` of the seat changes, whatever the
number of busts in the hand. The values go through each field's own
conversion for the database (the log's JSON, the timestamps), so the rows read
back exactly as the ORM's would.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from django.db import connections
from django.utils import timezone

from tables.models import Seat, SeatChange
from tournament import audit
from tournament.models import Entry
from tournament.writes import Write


def _insert(cursor: Any, table: str, columns: Sequence[str], rows: list[tuple]) -> None:
    quote = cursor.db.ops.quote_name
    one = "(" + ", ".join(["%s"] * len(columns)) + ")"
    cursor.execute(
        f"INSERT INTO {quote(table)} ({', '.join(quote(c) for c in columns)}) "
        f"VALUES {', '.join([one] * len(rows))}",
        [value for row in rows for value in row],
    )


def log_busts_and_free_seats(
    w: Write, lines: list[dict[str, Any]], freed: list[tuple[Entry, Seat]]
) -> None:
    """The bust lines of the action log; the freed seats emptied, each with its
    seat change (reason ``bust``)."""
    connection = connections[SeatChange.objects.db]
    now = timezone.now()
    at = connection.ops.adapt_datetimefield_value(now)
    tournament_id, by = w.tournament.pk, w.actor.user_id
    # The lines go into the tournament's chain (README "Audit trail"): one read
    # of its head, one INSERT of the lines.
    audit.append_plain(
        scope=audit.tournament_scope(tournament_id),
        tournament_id=tournament_id,
        kind="bust",
        lines=lines,
        by_id=by,
        at=now,
    )
    if not freed:
        return
    with connection.cursor() as cursor:
        seats = [seat.pk for _entry, seat in freed]
        cursor.execute(
            f"UPDATE {connection.ops.quote_name(Seat._meta.db_table)} SET entry_id = NULL "
            f"WHERE id IN ({', '.join(['%s'] * len(seats))})",
            seats,
        )
        _insert(
            cursor,
            SeatChange._meta.db_table,
            ("tournament_id", "entry_id", "from_table", "from_seat", "reason", "at", "by_id"),
            [
                (tournament_id, entry.pk, seat.table.number, seat.number, "bust", at, by)
                for entry, seat in freed
            ],
        )
