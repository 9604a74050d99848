"""The ledger is append-only in the database too (README "Cash desk").

The models refuse to save an existing row or delete one, the admin shows them
read-only; these triggers refuse an UPDATE or DELETE of a ledger row or a prize
payout from any other path (a shell, a bulk update, a raw statement), on
PostgreSQL and SQLite. Installed by the migration ``0001_cashdesk_models``
(:class:`InstallLedgerGuards`). SQLite drops a table's triggers when a migration
rebuilds the table, so a later migration that changes these tables ends with
``InstallLedgerGuards()`` again; a test checks the triggers after all migrations.

Emptying the tables wholesale (PostgreSQL ``TRUNCATE``, what the test runner's
flush does) is not a row change and is not refused.
"""

from __future__ import annotations

from typing import Any

from django.db.backends.base.base import BaseDatabaseWrapper

from tournament.tally import TriggerOperation, triggers_on

GUARDED = ("cashdesk_ledgerrow", "cashdesk_prizepayout")
MESSAGE = "append-only: add a reversal instead"


def trigger_names(table: str) -> set[str]:
    return {f"{table}_no_update", f"{table}_no_delete"}


def _sqlite(table: str) -> list[str]:
    return [
        f"DROP TRIGGER IF EXISTS {table}_no_update",
        f"DROP TRIGGER IF EXISTS {table}_no_delete",
        f"""CREATE TRIGGER {table}_no_update BEFORE UPDATE ON {table}
            BEGIN SELECT RAISE(ABORT, '{table} is {MESSAGE}'); END""",
        f"""CREATE TRIGGER {table}_no_delete BEFORE DELETE ON {table}
            BEGIN SELECT RAISE(ABORT, '{table} is {MESSAGE}'); END""",
    ]


def _postgresql(table: str) -> list[str]:
    return [
        f"""CREATE OR REPLACE FUNCTION {table}_refuse() RETURNS trigger AS $$
        BEGIN
            RAISE EXCEPTION '{table} is {MESSAGE}' USING ERRCODE = 'restrict_violation';
        END; $$ LANGUAGE plpgsql""",
        f"DROP TRIGGER IF EXISTS {table}_no_update ON {table}",
        f"DROP TRIGGER IF EXISTS {table}_no_delete ON {table}",
        f"""CREATE TRIGGER {table}_no_update BEFORE UPDATE ON {table}
            FOR EACH ROW EXECUTE FUNCTION {table}_refuse()""",
        f"""CREATE TRIGGER {table}_no_delete BEFORE DELETE ON {table}
            FOR EACH ROW EXECUTE FUNCTION {table}_refuse()""",
    ]


def guard_statements(vendor: str, *, install: bool = True) -> list[str]:
    """The statements that install the guards (or, ``install=False``, drop them)."""
    statements: list[str] = []
    for table in GUARDED:
        if not install:
            on = f" ON {table}" if vendor == "postgresql" else ""
            statements += [f"DROP TRIGGER IF EXISTS {name}{on}" for name in trigger_names(table)]
        elif vendor == "postgresql":
            statements += _postgresql(table)
        elif vendor == "sqlite":
            statements += _sqlite(table)
    return statements


def guards_missing(connection: BaseDatabaseWrapper) -> set[str]:
    """The guard triggers the database lacks (none when all are there)."""
    missing: set[str] = set()
    for table in GUARDED:
        missing |= trigger_names(table) - triggers_on(connection, table)
    return missing


class InstallLedgerGuards(TriggerOperation):
    """Migration operation: install the append-only triggers of the ledger."""

    description = "Install the ledger's append-only triggers"
    name_fragment = "install_ledger_guards"

    def database_forwards(
        self, app_label: str, schema_editor: Any, from_state: Any, to_state: Any
    ) -> None:
        for statement in guard_statements(schema_editor.connection.vendor):
            schema_editor.execute(statement)

    def database_backwards(
        self, app_label: str, schema_editor: Any, from_state: Any, to_state: Any
    ) -> None:
        for statement in guard_statements(schema_editor.connection.vendor, install=False):
            schema_editor.execute(statement)
