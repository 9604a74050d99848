"""What an imported entry's rebuys and add-ons cost as its file recorded them
(README "Switching from TD3"). Ends with InstallEntryTally(): adding a column
rebuilds the entry table on SQLite, which drops its triggers."""

from django.db import migrations, models

from tournament.tally import InstallEntryTally


class Migration(migrations.Migration):
    dependencies = [
        ("tournament", "0029_merge_20261128_1743"),
    ]

    operations = [
        migrations.AddField(
            model_name="entry",
            name="paid_addons",
            field=models.DecimalField(blank=True, decimal_places=2, max_digits=12, null=True),
        ),
        migrations.AddField(
            model_name="entry",
            name="paid_rebuys",
            field=models.DecimalField(blank=True, decimal_places=2, max_digits=12, null=True),
        ),
        InstallEntryTally(),
    ]
