"""The seats' own ``table_id`` index goes: the (table, number) constraint's
index starts with the same column (README "Benchmarks"). Only the index is
dropped, on every backend (:mod:`tournament.column_indexes`)."""

import django.db.models.deletion
from django.db import migrations, models

from tournament.column_indexes import DropColumnIndex


class Migration(migrations.Migration):
    dependencies = [
        ("tables", "0009_counts_seated_triggers"),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            database_operations=[DropColumnIndex("tables_seat", "table_id")],
            state_operations=[
                migrations.AlterField(
                    model_name="seat",
                    name="table",
                    field=models.ForeignKey(
                        db_index=False,
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="seat_set",
                        to="tables.table",
                    ),
                ),
            ],
        ),
    ]
