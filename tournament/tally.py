"""The entry tally (:class:`tournament.models.EntryTally`), kept by database triggers.

Why triggers and not code in the services: entries change on many paths
(registration, re-entry, rebuys, busts and their undo, disqualification,
alternates, imports, the admin, bulk updates); a counter kept by each of them
would drift the first time one forgets. The database sees every row change,
in the writer's transaction.

The triggers are installed by migrations, once: the migration operation
:class:`InstallEntryTally` (``0019_tally_triggers``). A ``migrate``
with nothing to apply touches neither them nor the tally, so it is safe while
the floor plays (reinstalling them on every ``migrate`` deadlocked with floor
writes on PostgreSQL). SQLite drops a table's triggers when a migration
rebuilds the table (most ``AlterField``, and ``AddField`` of a field that is
not nullable or has a default), so every later migration that changes
``tournament_entry`` ends with ``InstallEntryTally()``; a test checks the
triggers after all migrations, on both databases, and the system check
``tournament.W001`` (``manage.py check --database default``) says when they are
missing. ``manage.py rebuild_tally`` recounts the tally from the entries (and
puts missing triggers back) when a director asks for it.

The operation installs the triggers of this module as they are now. If they
ever change, a new migration ends with ``InstallEntryTally()`` to install the
new version on running rooms.
"""

from __future__ import annotations

from typing import Any

from django.core import checks
from django.db import connections
from django.db.backends.base.base import BaseDatabaseWrapper
from django.db.backends.base.schema import BaseDatabaseSchemaEditor
from django.db.migrations.operations.base import Operation

TALLY = "tournament_entrytally"
TOURNAMENT = "tournament_tournament"
ENTRY = "tournament_entry"
# Entries counted as changed: the columns the tally is grouped or summed by.
COUNTED = ("tournament_id", "status", "number", "rebuys", "addons")


def _add(row: str, sign: str, least: str) -> str:
    """SQL adding (+) or taking away (-) one entry row (NEW or OLD) in the tally."""
    if sign == "+":
        return f"""
        INSERT INTO {TALLY} (tournament_id, status, number_class, entries, rebuys, addons)
        VALUES ({row}.tournament_id, {row}.status, {least}({row}.number, 2), 1,
                {row}.rebuys, {row}.addons)
        ON CONFLICT (tournament_id, status, number_class) DO UPDATE SET
            entries = {TALLY}.entries + 1,
            rebuys = {TALLY}.rebuys + excluded.rebuys,
            addons = {TALLY}.addons + excluded.addons;"""
    return f"""
        UPDATE {TALLY} SET entries = entries - 1, rebuys = rebuys - {row}.rebuys,
            addons = addons - {row}.addons
        WHERE tournament_id = {row}.tournament_id AND status = {row}.status
          AND number_class = {least}({row}.number, 2);"""


def _changed() -> str:
    # SQLite's row triggers fire only when a counted column changed.
    return " OR ".join(f"OLD.{column} IS DISTINCT FROM NEW.{column}" for column in COUNTED)


def _grouped(rows: str) -> str:
    """The rows of a transition table summed per tally row."""
    return f"""SELECT tournament_id, status, LEAST(number, 2) AS number_class,
            COUNT(*) AS entries, SUM(rebuys) AS rebuys, SUM(addons) AS addons
        FROM {rows} GROUP BY tournament_id, status, LEAST(number, 2)"""


def _postgresql() -> list[str]:
    # Statement-level triggers over transition tables: the seat draw's one UPDATE
    # of 10,000 entries costs one grouped change of the tally, not 10,000 (3.8 s).
    return [
        f"""
        CREATE OR REPLACE FUNCTION {TALLY}_keep() RETURNS trigger AS $$
        BEGIN
            IF TG_OP IN ('UPDATE', 'DELETE') THEN
                UPDATE {TALLY} AS t SET entries = t.entries - d.entries,
                    rebuys = t.rebuys - d.rebuys, addons = t.addons - d.addons
                FROM ({_grouped("old_rows")}) AS d
                WHERE t.tournament_id = d.tournament_id AND t.status = d.status
                  AND t.number_class = d.number_class;
            END IF;
            IF TG_OP IN ('INSERT', 'UPDATE') THEN
                INSERT INTO {TALLY} (tournament_id, status, number_class, entries, rebuys, addons)
                {_grouped("new_rows")}
                ON CONFLICT (tournament_id, status, number_class) DO UPDATE SET
                    entries = {TALLY}.entries + excluded.entries,
                    rebuys = {TALLY}.rebuys + excluded.rebuys,
                    addons = {TALLY}.addons + excluded.addons;
            END IF;
            RETURN NULL;
        END
        $$ LANGUAGE plpgsql""",
        # The row-level triggers of the first version, if this database has them.
        f"DROP TRIGGER IF EXISTS {TALLY}_insert_delete ON {ENTRY}",
        *statement_triggers(TALLY, ENTRY),
    ]


def statement_triggers(name: str, table: str) -> list[str]:
    """PostgreSQL: the insert, delete and update triggers that run ``{name}_keep()``
    once per statement over its transition tables (new_rows, old_rows), replacing
    any of the same names."""
    return [
        f"DROP TRIGGER IF EXISTS {name}_insert ON {table}",
        f"DROP TRIGGER IF EXISTS {name}_delete ON {table}",
        f"DROP TRIGGER IF EXISTS {name}_update ON {table}",
        f"""CREATE TRIGGER {name}_insert AFTER INSERT ON {table}
            REFERENCING NEW TABLE AS new_rows
            FOR EACH STATEMENT EXECUTE FUNCTION {name}_keep()""",
        f"""CREATE TRIGGER {name}_delete AFTER DELETE ON {table}
            REFERENCING OLD TABLE AS old_rows
            FOR EACH STATEMENT EXECUTE FUNCTION {name}_keep()""",
        f"""CREATE TRIGGER {name}_update AFTER UPDATE ON {table}
            REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
            FOR EACH STATEMENT EXECUTE FUNCTION {name}_keep()""",
    ]


def _sqlite() -> list[str]:
    changed = _changed().replace("IS DISTINCT FROM", "IS NOT")
    return [
        f"DROP TRIGGER IF EXISTS {TALLY}_insert",
        f"DROP TRIGGER IF EXISTS {TALLY}_delete",
        f"DROP TRIGGER IF EXISTS {TALLY}_update",
        f"""CREATE TRIGGER {TALLY}_insert AFTER INSERT ON {ENTRY}
            BEGIN {_add("NEW", "+", "MIN")} END""",
        f"""CREATE TRIGGER {TALLY}_delete AFTER DELETE ON {ENTRY}
            BEGIN {_add("OLD", "-", "MIN")} END""",
        f"""CREATE TRIGGER {TALLY}_update AFTER UPDATE ON {ENTRY} WHEN {changed}
            BEGIN {_add("OLD", "-", "MIN")} {_add("NEW", "+", "MIN")} END""",
    ]


def _rebuild(least: str) -> list[str]:
    return [
        f"DELETE FROM {TALLY}",
        f"""INSERT INTO {TALLY} (tournament_id, status, number_class, entries, rebuys, addons)
            SELECT tournament_id, status, {least}(number, 2), COUNT(*), SUM(rebuys), SUM(addons)
            FROM {ENTRY} GROUP BY tournament_id, status, {least}(number, 2)""",
    ]


TRIGGERS = {f"{TALLY}_insert", f"{TALLY}_delete", f"{TALLY}_update"}


def tally_statements(vendor: str, *, triggers: bool, rebuild: bool) -> list[str]:
    if vendor == "postgresql":
        install, least = _postgresql(), "LEAST"
    elif vendor == "sqlite":
        install, least = _sqlite(), "MIN"
    else:  # pragma: no cover - the two databases we run on
        raise NotImplementedError(f"no entry tally triggers for {vendor}")
    return (install if triggers else []) + (_rebuild(least) if rebuild else [])


def lock_for_recount(cursor: Any, vendor: str) -> None:
    """Lock in a floor write's order: the tournaments (a floor write locks its
    tournament's row first; the recount's inserts lock the rows the tally's
    foreign key names), then the entries, then (through them) the tally."""
    if vendor == "postgresql":
        cursor.execute(f"LOCK TABLE {TOURNAMENT} IN EXCLUSIVE MODE")  # reads go on
        cursor.execute(f"LOCK TABLE {ENTRY} IN SHARE MODE")


def triggers_on(connection: BaseDatabaseWrapper, table: str) -> set[str]:
    """The names of the triggers a table has (ours: the tables app keeps counts so too)."""
    with connection.cursor() as cursor:
        if connection.vendor == "postgresql":
            cursor.execute(
                "SELECT tgname FROM pg_trigger WHERE tgrelid = to_regclass(%s) AND NOT tgisinternal",
                [table],
            )
        else:
            cursor.execute(
                "SELECT name FROM sqlite_master WHERE type = 'trigger' AND tbl_name = %s", [table]
            )
        return {name for (name,) in cursor.fetchall()}


def entry_tally_triggers_missing(connection: BaseDatabaseWrapper) -> set[str]:
    """The tally's triggers the entry table lacks (none when all are there)."""
    return TRIGGERS - triggers_on(connection, ENTRY)


def entry_tally_install(schema_editor: BaseDatabaseSchemaEditor) -> None:
    """Install the triggers, in the migration's transaction: what
    :class:`InstallEntryTally` runs (``sqlmigrate`` shows the statements).

    On SQLite the tally is recounted too: the triggers were gone while the
    migration rebuilt the table (no one else writes meanwhile: SQLite has one
    writer). On PostgreSQL they outlive every ALTER and the tally is right; a
    recount there would lock the tournaments' rows (the tally's foreign key)
    while holding the entry table, the reverse of a floor write's order."""
    vendor = schema_editor.connection.vendor
    if vendor == "postgresql":
        schema_editor.execute(f"LOCK TABLE {ENTRY} IN ACCESS EXCLUSIVE MODE")
    for statement in tally_statements(vendor, triggers=True, rebuild=vendor == "sqlite"):
        schema_editor.execute(statement)


def check_entry_tally(*, databases: Any = None, **kwargs: Any) -> list[checks.CheckMessage]:
    """System check (database): the entry table has the tally's triggers."""
    found: list[checks.CheckMessage] = []
    for alias in databases or ():
        connection = connections[alias]
        if ENTRY not in connection.introspection.table_names():
            continue  # not migrated yet
        missing = entry_tally_triggers_missing(connection)
        if missing:
            found.append(
                checks.Warning(
                    f"The entry table of database {alias!r} lacks the tally triggers "
                    f"{', '.join(sorted(missing))}: the counts on the screens go wrong.",
                    hint="Run `python manage.py rebuild_tally`; a migration that changes "
                    "tournament_entry must end with InstallEntryTally() (tournament/tally.py).",
                    id="tournament.W001",
                )
            )
    return found


class TriggerOperation(Operation):
    """A migration operation that installs triggers: no model change, no arguments,
    nothing undone unless a subclass says so. A subclass installs in
    ``database_forwards`` and names itself by ``description`` and ``name_fragment``."""

    reduces_to_sql = True
    reversible = True
    description = ""
    name_fragment = ""

    def state_forwards(self, app_label: str, state: Any) -> None:
        pass  # no model changes

    def database_backwards(
        self, app_label: str, schema_editor: Any, from_state: Any, to_state: Any
    ) -> None:
        pass

    def describe(self) -> str:
        return self.description

    @property
    def migration_name_fragment(self) -> str:
        return self.name_fragment

    def deconstruct(self) -> tuple[str, list[Any], dict[str, Any]]:
        return (self.__class__.__name__, [], {})


class InstallEntryTally(TriggerOperation):
    """Migration operation: install the tally's triggers (on SQLite, recount the tally too).

    End every migration that changes the ``tournament_entry`` table with it:
    SQLite drops the triggers when it rebuilds the table. Unapplied, it does
    nothing; should unapplying a migration drop the triggers, the system check
    says so and ``manage.py rebuild_tally`` puts them back.
    """

    description = "Install the entry tally's triggers (and recount the tally on SQLite)"
    name_fragment = "install_entry_tally"

    def database_forwards(
        self, app_label: str, schema_editor: Any, from_state: Any, to_state: Any
    ) -> None:
        entry_tally_install(schema_editor)
