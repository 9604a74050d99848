"""The one locking helper.

Every service locks the tournament row once, at the start of its transaction,
before it checks anything: all floor actions on one tournament are serialised,
so two tablets can never seat one player twice or bust one entry twice. A lock
that cannot be had in time is a clear 409, never a 500.
"""

from __future__ import annotations

from django.db import OperationalError, connection, transaction

from tournament.errors import BUSY, TOURNAMENT_NOT_FOUND, Conflict, NotFound, can_be_a_row_id
from tournament.models import Tournament

LOCK_TIMEOUT_MS = 5000


def lock_tournament(tournament_id: int) -> Tournament:
    """Lock and return the tournament; must be called inside transaction.atomic()."""
    if not transaction.get_connection().in_atomic_block:
        raise RuntimeError("lock_tournament() needs an open transaction")
    if not can_be_a_row_id(tournament_id):
        raise NotFound(TOURNAMENT_NOT_FOUND)
    try:
        if connection.vendor == "postgresql":
            with connection.cursor() as cursor:
                cursor.execute(f"SET LOCAL lock_timeout = '{LOCK_TIMEOUT_MS}ms'")
            sql = _LOCK + " FOR UPDATE"
        else:  # SQLite: the write transaction (IMMEDIATE) holds the database
            sql = _LOCK
        # Every write starts here: a plain query costs a fraction of the ORM's
        # select_for_update().get() in processor time (README "Benchmarks").
        tournament = next(iter(Tournament.objects.raw(sql, [tournament_id])), None)
    except OperationalError as exc:
        raise Conflict(BUSY) from exc
    if tournament is None:
        raise NotFound(TOURNAMENT_NOT_FOUND)
    return tournament


_LOCK = "SELECT * FROM tournament_tournament WHERE id = %s"
