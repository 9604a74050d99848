"""The entries' and the action log's own ``tournament_id`` indexes go: the
(tournament, status) and (tournament, kind) indexes start with the same column
(README "Benchmarks"). Only the index is dropped, on every backend
(:mod:`tournament.column_indexes`)."""

import django.db.models.deletion
from django.db import migrations, models

from tournament.column_indexes import DropColumnIndex


class Migration(migrations.Migration):
    dependencies = [
        ("tournament", "0023_merge_prereg_cashgaps"),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            database_operations=[
                DropColumnIndex("tournament_actionlog", "tournament_id"),
                DropColumnIndex("tournament_entry", "tournament_id"),
            ],
            state_operations=[
                migrations.AlterField(
                    model_name="actionlog",
                    name="tournament",
                    field=models.ForeignKey(
                        db_index=False,
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="actions",
                        to="tournament.tournament",
                    ),
                ),
                migrations.AlterField(
                    model_name="entry",
                    name="tournament",
                    field=models.ForeignKey(
                        db_index=False,
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="entries",
                        to="tournament.tournament",
                    ),
                ),
            ],
        ),
    ]
