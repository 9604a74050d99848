"""The entry tally's triggers, installed once by this migration (they used to
be reinstalled, and the tally recounted, after every ``migrate``).

Every later migration that changes the ``tournament_entry`` table ends with
``InstallEntryTally()``: SQLite drops a table's triggers when it rebuilds it.
"""

from django.db import migrations

from tournament.tally import InstallEntryTally


class Migration(migrations.Migration):
    dependencies = [
        ("tournament", "0018_floorfull_break_during_registration"),
    ]

    operations = [
        InstallEntryTally(),
    ]
