"""The entry tally (:class:`tournament.models.EntryTally`), kept by database triggers.

Why triggers and not code in the services: entries change on many paths
(registration, re-entry, rebuys, busts and their undo, disqualification,
alternates, imports, the admin, bulk updates); a counter kept by each of them
would drift the first time one forgets. The database sees every row change,
in the writer's transaction.

The triggers are (re)installed after every ``migrate`` (``post_migrate``), and
the tally is then rebuilt from the entries: SQLite drops a table's triggers
when a migration rebuilds the table, so installing them once in a migration
would not last.
"""

from __future__ import annotations

from typing import Any

from django.db import connections, transaction

TALLY = "tournament_entrytally"
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
        f"DROP TRIGGER IF EXISTS {TALLY}_insert ON {ENTRY}",
        f"DROP TRIGGER IF EXISTS {TALLY}_delete ON {ENTRY}",
        f"DROP TRIGGER IF EXISTS {TALLY}_update ON {ENTRY}",
        f"""CREATE TRIGGER {TALLY}_insert AFTER INSERT ON {ENTRY}
            REFERENCING NEW TABLE AS new_rows
            FOR EACH STATEMENT EXECUTE FUNCTION {TALLY}_keep()""",
        f"""CREATE TRIGGER {TALLY}_delete AFTER DELETE ON {ENTRY}
            REFERENCING OLD TABLE AS old_rows
            FOR EACH STATEMENT EXECUTE FUNCTION {TALLY}_keep()""",
        f"""CREATE TRIGGER {TALLY}_update AFTER UPDATE ON {ENTRY}
            REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
            FOR EACH STATEMENT EXECUTE FUNCTION {TALLY}_keep()""",
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


def install_entry_tally(*, using: str = "default", **kwargs: Any) -> None:
    """Install the triggers and rebuild the tally from the entries (idempotent)."""
    connection = connections[using]
    if connection.vendor == "postgresql":
        statements = _postgresql() + _rebuild("LEAST")
    elif connection.vendor == "sqlite":
        statements = _sqlite() + _rebuild("MIN")
    else:  # pragma: no cover - the two databases we run on
        raise NotImplementedError(f"no entry tally triggers for {connection.vendor}")
    with transaction.atomic(using=using), connection.cursor() as cursor:
        for statement in statements:
            cursor.execute(statement)
