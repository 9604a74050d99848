"""Recount the entry tally from the entries, on purpose (``manage.py
rebuild_tally``, README "Production"), through the write unit's transaction;
the tally's SQL and its triggers are :mod:`tournament.tally`'s."""

from __future__ import annotations

from django.db import DEFAULT_DB_ALIAS, connections

from tournament.tally import entry_tally_triggers_missing, lock_for_recount, tally_statements
from tournament.writes import recount_write

RECOUNTED = "a recount puts back what the triggers keep"


def entry_tally_rebuild(*, using: str = DEFAULT_DB_ALIAS) -> set[str]:
    """Recount the tally from the entries, and put back any trigger that is
    missing; answers the triggers that were missing. Floor writes wait for it
    (a moment), reads do not."""
    connection = connections[using]
    with recount_write(using) as w, connection.cursor() as cursor:
        w.keep_quiet(RECOUNTED)
        lock_for_recount(cursor, connection.vendor)
        missing = entry_tally_triggers_missing(connection)
        for statement in tally_statements(connection.vendor, triggers=bool(missing), rebuild=True):
            cursor.execute(statement)
    return missing
