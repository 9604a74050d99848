"""Dropping a foreign key's own one-column index where a composite index (or
unique constraint) already starts with that column (README "Benchmarks").

Every index is one more write per row: the seat draw updates 10,000 entries and
10,000 seats, a bust inserts action-log lines. ``AlterField(db_index=False)``
would rebuild the whole table on SQLite; this operation drops only the index,
found by introspection (its name carries a hash), on every backend, and
``migrations.SeparateDatabaseAndState`` gives the model state the field's
``db_index=False``. Reversed, the index is created again.
"""

from __future__ import annotations

from typing import Any

from django.db.migrations.operations.base import Operation


def one_column_indexes(schema_editor: Any, table: str, column: str) -> list[str]:
    """The names of the plain (not unique, not primary) indexes on just ``column``."""
    with schema_editor.connection.cursor() as cursor:
        constraints = schema_editor.connection.introspection.get_constraints(cursor, table)
    return [
        name
        for name, info in constraints.items()
        if info["index"]
        and not info["unique"]
        and not info["primary_key"]
        and info["columns"] == [column]
    ]


class DropColumnIndex(Operation):
    """Drop the one-column index of ``table.column`` (the database only)."""

    reversible = True

    def __init__(self, table: str, column: str) -> None:
        self.table = table
        self.column = column

    def state_forwards(self, app_label: str, state: Any) -> None:
        pass

    def database_forwards(
        self, app_label: str, schema_editor: Any, from_state: Any, to_state: Any
    ) -> None:
        quote = schema_editor.quote_name
        for name in one_column_indexes(schema_editor, self.table, self.column):
            schema_editor.execute(f"DROP INDEX {quote(name)}")

    def database_backwards(
        self, app_label: str, schema_editor: Any, from_state: Any, to_state: Any
    ) -> None:
        if one_column_indexes(schema_editor, self.table, self.column):
            return
        quote = schema_editor.quote_name
        name = f"{self.table}_{self.column}_idx"
        schema_editor.execute(
            f"CREATE INDEX {quote(name)} ON {quote(self.table)} ({quote(self.column)})"
        )

    def describe(self) -> str:
        return f"Drop the one-column index on {self.table}.{self.column}"
