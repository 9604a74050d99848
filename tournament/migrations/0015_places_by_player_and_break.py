"""Places by player and registration through the break (README "Places, re-entries and moves").

Tournaments that exist keep counting places by entry: their stored places
were counted that way, and a finished tournament's results must not change.
New tournaments count by player."""

from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("tournament", "0014_money_buy_ins_and_fixed_payouts"),
    ]

    operations = [
        migrations.AddField(
            model_name="tournament",
            name="places",
            field=models.CharField(
                choices=[
                    ("by_player", "One place per player"),
                    ("by_entry", "One place per entry, re-entries included"),
                ],
                default="by_entry",
                help_text="By player, an entry the player re-entered after holds no place of its own.",
                max_length=10,
                verbose_name="places",
            ),
        ),
        migrations.AlterField(
            model_name="tournament",
            name="places",
            field=models.CharField(
                choices=[
                    ("by_player", "One place per player"),
                    ("by_entry", "One place per entry, re-entries included"),
                ],
                default="by_player",
                help_text="By player, an entry the player re-entered after holds no place of its own.",
                max_length=10,
                verbose_name="places",
            ),
        ),
        migrations.AddField(
            model_name="tournament",
            name="late_registration_through_break",
            field=models.BooleanField(
                default=False,
                help_text="Buy-ins and re-entries are sold until the break after the last late level ends.",
                verbose_name="late registration through the following break",
            ),
        ),
        migrations.AddField(
            model_name="tournament",
            name="registration_reopened",
            field=models.BooleanField(default=False, editable=False),
        ),
    ]
