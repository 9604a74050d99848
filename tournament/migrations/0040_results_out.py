# README "Results out": each player's public page id, the room's hold on results
# and when a tournament's results were published.

import secrets

from django.db import migrations, models

import tournament.models


def fill_public_ids(apps, schema_editor):
    Player = apps.get_model("tournament", "Player")
    players = list(Player.objects.filter(public_id__isnull=True).only("pk"))
    for player in players:
        player.public_id = secrets.token_urlsafe(9)
    Player.objects.bulk_update(players, ["public_id"], batch_size=1000)


class Migration(migrations.Migration):
    dependencies = [
        ("tournament", "0039_hard_stop"),
    ]

    operations = [
        migrations.AddField(
            model_name="player",
            name="public_id",
            field=models.CharField(editable=False, max_length=16, null=True),
        ),
        migrations.RunPython(fill_public_ids, migrations.RunPython.noop),
        migrations.AlterField(
            model_name="player",
            name="public_id",
            field=models.CharField(
                default=tournament.models.new_public_id,
                editable=False,
                max_length=16,
                unique=True,
            ),
        ),
        migrations.AddField(
            model_name="roomsettings",
            name="hold_results",
            field=models.BooleanField(
                default=False,
                help_text="On: a finished tournament shows on the public results pages only once a director publishes it. Off: within a minute of its end.",
                verbose_name="hold results until published",
            ),
        ),
        migrations.AddField(
            model_name="tournament",
            name="results_published_at",
            field=models.DateTimeField(blank=True, editable=False, null=True),
        ),
    ]
