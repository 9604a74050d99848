"""How many sit at each table (``Table.seated``), kept by database triggers on the seats.

Why triggers (as for the entry tally, :mod:`tournament.tally`): seats change on
many paths (the draw, late seats, busts and their undo, moves, breaks, the
final-table redraw, a later day, an entry deleted by the privacy tools); a
count kept by each of them drifts the first time one forgets. The database
sees every seat row change, in the writer's transaction, so the balancing
planner (:class:`tables.services.state.Floor`) sizes 1,100 tables from their
rows without scanning 9,900 seats.

PostgreSQL: statement-level triggers over transition tables (one grouped
update of the tables per statement: the draw's one ``UPDATE`` of 10,000 seats
costs one). Two writes seating at different tables update different table rows
and do not wait for each other; at the same table, the second waits for the
first's row and adds to what it committed.

SQLite: row-level triggers. SQLite cannot keep them across a migration:
rebuilding ``tables_seat`` drops them, and rebuilding ``tables_table`` (most
``AddField``/``AlterField``) fails while a trigger names it ("error in
trigger"). So on SQLite they are dropped before a ``migrate`` that has
something to apply and installed again, with a recount, after it
(:func:`drop_before_migrate`, :func:`install_after_migrate`); a migration
needs nothing of its own. SQLite has one writer, so nothing is lost meanwhile.
On PostgreSQL the migration ``0009_counts_seated_triggers`` installs them once
and they outlive every ``ALTER``. A ``migrate`` with nothing to apply touches
neither them nor the counts.

``manage.py rebuild_tally`` recounts the tables too and puts missing triggers
back; the system check ``tables.W001`` says when they are missing.
"""

from __future__ import annotations

from typing import Any

from django.core import checks
from django.db import DEFAULT_DB_ALIAS, connections
from django.db.backends.base.base import BaseDatabaseWrapper
from django.db.migrations.recorder import MigrationRecorder

from tournament.tally import TriggerOperation, statement_triggers, triggers_on
from tournament.writes import recount_write

TABLE = "tables_table"
SEAT = "tables_seat"
TOURNAMENT = "tournament_tournament"
KEEP = "tables_seated"
TRIGGERS = {f"{KEEP}_insert", f"{KEEP}_delete", f"{KEEP}_update"}
# A recount puts back the number the triggers keep: no screen shows a change.
RECOUNTED = "a recount puts back what the triggers keep"
# The migration from which the tables are counted by the database.
INSTALLED_BY = ("tables", "0009_counts_seated_triggers")

# The tables of each tournament counted by (status, seats, players seated), kept
# by triggers on the tables (a seat's trigger above changes a table's count, and
# this one moves the table from one level to the next): the planner's floor in a
# few rows (README "Benchmarks", what the planner keeps).
LEVEL = "tables_tablelevel"
LEVELS_KEEP = "tables_levels"
LEVEL_TRIGGERS = {f"{LEVELS_KEEP}_insert", f"{LEVELS_KEEP}_delete", f"{LEVELS_KEEP}_update"}
LEVELS_RECOUNT = [
    f"DELETE FROM {LEVEL}",
    f"""INSERT INTO {LEVEL} (tournament_id, status, seats, seated, tables)
        SELECT tournament_id, status, seats, seated, COUNT(*) FROM {TABLE}
        GROUP BY tournament_id, status, seats, seated""",
]
_LEVEL_KEY = "tournament_id, status, seats, seated"

RECOUNT = f"""
    UPDATE {TABLE} SET seated = (
        SELECT COUNT(*) FROM {SEAT}
        WHERE {SEAT}.table_id = {TABLE}.id AND {SEAT}.entry_id IS NOT NULL
    )
"""


def _occupied(rows: str, sign: str) -> str:
    return f"SELECT table_id, {sign}1 AS delta FROM {rows} WHERE entry_id IS NOT NULL"


def _apply(parts: list[str]) -> str:
    """Add each table's net change of the statement's rows to its count."""
    union = " UNION ALL ".join(parts)
    return f"""
        UPDATE {TABLE} AS t SET seated = t.seated + d.delta
        FROM (SELECT table_id, SUM(delta) AS delta FROM ({union}) AS c
              GROUP BY table_id HAVING SUM(delta) <> 0) AS d
        WHERE t.id = d.table_id;"""


def _statement_keep(name: str, table: str, apply: Any, old: str, new: str) -> list[str]:
    """PostgreSQL: ``{name}_keep()`` applying the statement's old and new rows,
    and its triggers on `table`."""
    return [
        f"""
        CREATE OR REPLACE FUNCTION {name}_keep() RETURNS trigger AS $$
        BEGIN
            IF TG_OP = 'INSERT' THEN {apply([new])}
            ELSIF TG_OP = 'DELETE' THEN {apply([old])}
            ELSE {apply([old, new])}
            END IF;
            RETURN NULL;
        END
        $$ LANGUAGE plpgsql""",
        *statement_triggers(name, table),
    ]


def _postgresql() -> list[str]:
    old, new = _occupied("old_rows", "-"), _occupied("new_rows", "+")
    return _statement_keep(KEEP, SEAT, _apply, old, new)


def _levels_apply(parts: list[str]) -> str:
    """Add each level's net change of the statement's table rows (in key order:
    two writes wait for each other's rows, never in a circle)."""
    union = " UNION ALL ".join(parts)
    return f"""
        INSERT INTO {LEVEL} AS l ({_LEVEL_KEY}, tables)
        SELECT {_LEVEL_KEY}, SUM(delta) FROM ({union}) AS c
        GROUP BY {_LEVEL_KEY} HAVING SUM(delta) <> 0 ORDER BY {_LEVEL_KEY}
        ON CONFLICT ({_LEVEL_KEY}) DO UPDATE SET tables = l.tables + EXCLUDED.tables;"""


def _postgresql_levels() -> list[str]:
    old = f"SELECT {_LEVEL_KEY}, -1 AS delta FROM old_rows"
    new = f"SELECT {_LEVEL_KEY}, 1 AS delta FROM new_rows"
    return _statement_keep(LEVELS_KEEP, TABLE, _levels_apply, old, new)


def _sqlite_levels() -> list[str]:
    def step(row: str, delta: str) -> str:
        return (
            f"INSERT INTO {LEVEL} ({_LEVEL_KEY}, tables) VALUES ({row}.tournament_id, "
            f"{row}.status, {row}.seats, {row}.seated, {delta}) "
            f"ON CONFLICT ({_LEVEL_KEY}) DO UPDATE SET tables = tables + {delta};"
        )

    changed = " OR ".join(f"OLD.{column} IS NOT NEW.{column}" for column in _LEVEL_KEY.split(", "))
    return [
        f"""CREATE TRIGGER {LEVELS_KEEP}_insert AFTER INSERT ON {TABLE}
            BEGIN {step("NEW", "1")} END""",
        f"""CREATE TRIGGER {LEVELS_KEEP}_delete AFTER DELETE ON {TABLE}
            BEGIN {step("OLD", "-1")} END""",
        f"""CREATE TRIGGER {LEVELS_KEEP}_update AFTER UPDATE OF {_LEVEL_KEY} ON {TABLE}
            WHEN {changed}
            BEGIN {step("OLD", "-1")} {step("NEW", "1")} END""",
    ]


def _sqlite_drop() -> list[str]:
    return [f"DROP TRIGGER IF EXISTS {name}" for name in sorted(TRIGGERS | LEVEL_TRIGGERS)]


def _sqlite() -> list[str]:
    def step(row: str, sign: str) -> str:
        return (
            f"UPDATE {TABLE} SET seated = seated {sign} 1 "
            f"WHERE id = {row}.table_id AND {row}.entry_id IS NOT NULL;"
        )

    changed = "(OLD.entry_id IS NULL) <> (NEW.entry_id IS NULL) OR OLD.table_id IS NOT NEW.table_id"
    return [
        *_sqlite_drop(),
        f"""CREATE TRIGGER {KEEP}_insert AFTER INSERT ON {SEAT}
            BEGIN {step("NEW", "+")} END""",
        f"""CREATE TRIGGER {KEEP}_delete AFTER DELETE ON {SEAT}
            BEGIN {step("OLD", "-")} END""",
        f"""CREATE TRIGGER {KEEP}_update AFTER UPDATE OF entry_id, table_id ON {SEAT}
            WHEN {changed}
            BEGIN {step("OLD", "-")} {step("NEW", "+")} END""",
        *_sqlite_levels(),
    ]


def _install(vendor: str) -> list[str]:
    if vendor == "postgresql":
        return _postgresql() + _postgresql_levels()
    if vendor == "sqlite":
        return _sqlite()
    raise NotImplementedError(f"no seated-count triggers for {vendor}")  # pragma: no cover


def lock_for_recount(cursor: Any, vendor: str, seats: str = "SHARE") -> None:
    """Lock in a floor write's order: the tournaments first (a floor write locks
    its tournament's row, then changes seats, whose trigger updates table rows),
    then the seats. Reads go on."""
    if vendor == "postgresql":
        cursor.execute(f"LOCK TABLE {TOURNAMENT} IN EXCLUSIVE MODE")
        cursor.execute(f"LOCK TABLE {SEAT} IN {seats} MODE")


def seated_triggers_missing(connection: BaseDatabaseWrapper) -> set[str]:
    """The count's triggers the seat table lacks, and the levels' the tables lack
    (none when all are there)."""
    missing = TRIGGERS - triggers_on(connection, SEAT)
    if LEVEL in connection.introspection.table_names():
        missing |= LEVEL_TRIGGERS - triggers_on(connection, TABLE)
    return missing


def seated_rebuild(*, using: str = DEFAULT_DB_ALIAS) -> set[str]:
    """Recount every table from its seats and put back missing triggers;
    answers the triggers that were missing. Floor writes wait for it a moment."""
    connection = connections[using]
    with recount_write(using) as w, connection.cursor() as cursor:
        w.keep_quiet(RECOUNTED)
        lock_for_recount(cursor, connection.vendor)
        missing = seated_triggers_missing(connection)
        for statement in (_install(connection.vendor) if missing else []) + [
            RECOUNT,
            *LEVELS_RECOUNT,
        ]:
            cursor.execute(statement)
    return missing


def check_seated_counts(*, databases: Any = None, **kwargs: Any) -> list[checks.CheckMessage]:
    """System check (database): the seat table has the count's triggers."""
    found: list[checks.CheckMessage] = []
    for alias in databases or ():
        connection = connections[alias]
        if not _counted_here(connection):
            continue  # not migrated so far
        missing = seated_triggers_missing(connection)
        if missing:
            found.append(
                checks.Warning(
                    f"The seat table of database {alias!r} lacks the triggers "
                    f"{', '.join(sorted(missing))}: the planner misjudges table sizes.",
                    hint="Run `python manage.py rebuild_tally` (tables/counts.py).",
                    id="tables.W001",
                )
            )
    return found


def _counted_here(connection: BaseDatabaseWrapper) -> bool:
    if SEAT not in connection.introspection.table_names():
        return False
    return INSTALLED_BY in MigrationRecorder(connection).applied_migrations()


def drop_before_migrate(*, using: str, plan: Any = None, **kwargs: Any) -> None:
    """pre_migrate (SQLite): no trigger may name a table a migration rebuilds."""
    connection = connections[using]
    if connection.vendor != "sqlite" or not plan:
        return
    with connection.cursor() as cursor:
        for statement in _sqlite_drop():
            cursor.execute(statement)


def install_after_migrate(*, using: str, plan: Any = None, **kwargs: Any) -> None:
    """post_migrate (SQLite): the triggers back, and the counts recounted, once
    the migrations that ran are done (a flush also lands here: cheap)."""
    connection = connections[using]
    if connection.vendor != "sqlite" or plan == [] or not _counted_here(connection):
        return
    levels = LEVEL in connection.introspection.table_names()
    with recount_write(using) as w, connection.cursor() as cursor:
        w.keep_quiet(RECOUNTED)
        statements = _sqlite() if levels else _sqlite()[: -len(LEVEL_TRIGGERS)]
        for statement in statements + [RECOUNT] + (LEVELS_RECOUNT if levels else []):
            cursor.execute(statement)


class InstallSeatedCounts(TriggerOperation):
    """Migration operation: on PostgreSQL install the triggers and recount every
    table, under the locks of a floor write's order. On SQLite nothing here:
    :func:`install_after_migrate` installs them once every migration of the run
    is done."""

    description = "Install the seated count's triggers on the seats and recount the tables"
    name_fragment = "install_seated_counts"

    def _locks(self) -> list[str]:
        return [
            f"LOCK TABLE {TOURNAMENT} IN EXCLUSIVE MODE",
            f"LOCK TABLE {SEAT} IN ACCESS EXCLUSIVE MODE",
        ]

    def _statements(self) -> list[str]:
        return _postgresql() + [RECOUNT]

    def database_forwards(
        self, app_label: str, schema_editor: Any, from_state: Any, to_state: Any
    ) -> None:
        if schema_editor.connection.vendor != "postgresql":
            return
        with schema_editor.connection.cursor() as cursor:
            for lock in self._locks():
                cursor.execute(lock)
        for statement in self._statements():
            schema_editor.execute(statement)


class InstallTableLevels(InstallSeatedCounts):
    """Migration operation: on PostgreSQL install the levels' triggers on the
    tables and count every tournament's tables, under the locks of a floor
    write's order. On SQLite :func:`install_after_migrate` does it."""

    description = "Install the table levels' triggers on the tables and count them"
    name_fragment = "install_table_levels"

    def _locks(self) -> list[str]:
        return [f"LOCK TABLE {TOURNAMENT} IN EXCLUSIVE MODE", f"LOCK TABLE {TABLE} IN SHARE MODE"]

    def _statements(self) -> list[str]:
        return _postgresql_levels() + LEVELS_RECOUNT

    def database_backwards(
        self, app_label: str, schema_editor: Any, from_state: Any, to_state: Any
    ) -> None:
        """Undone, the levels' table goes: its triggers on the tables go first, on
        either database (SQLite re-reads them when a later step rebuilds a table)."""
        for name in sorted(LEVEL_TRIGGERS):
            if schema_editor.connection.vendor == "postgresql":
                schema_editor.execute(f"DROP TRIGGER IF EXISTS {name} ON {TABLE}")
            else:
                schema_editor.execute(f"DROP TRIGGER IF EXISTS {name}")
        if schema_editor.connection.vendor == "postgresql":
            schema_editor.execute(f"DROP FUNCTION IF EXISTS {LEVELS_KEEP}_keep()")
