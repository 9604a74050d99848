from django.db import migrations, models

# Tables that existed before the count was kept get it from their seats once.
COUNT_SEATED = """
    UPDATE tables_table SET seated = (
        SELECT COUNT(*) FROM tables_seat
        WHERE tables_seat.table_id = tables_table.id AND tables_seat.entry_id IS NOT NULL
    )
"""


class Migration(migrations.Migration):
    dependencies = [
        ("tables", "0002_handforhand"),
    ]

    operations = [
        migrations.AddField(
            model_name="table",
            name="seated",
            field=models.PositiveSmallIntegerField(default=0),
        ),
        migrations.RunSQL(COUNT_SEATED, migrations.RunSQL.noop),
    ]
