"""How many sit at each table is kept by the database from here on (tables/counts.py).

PostgreSQL: the triggers on the seats are installed and every table is
recounted. SQLite: the triggers are installed, and the tables recounted, after
every ``migrate`` that applies something (a migration that rebuilds the table
rows would fail while a trigger names them), so nothing happens here.
"""

from django.db import migrations

from tables.counts import InstallSeatedCounts


class Migration(migrations.Migration):
    dependencies = [
        ("tables", "0008_evening_unbust_move_reason"),
    ]

    operations = [
        InstallSeatedCounts(),
    ]
