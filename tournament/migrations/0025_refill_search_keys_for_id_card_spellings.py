from django.db import migrations

from tournament.rules.names import search_key


def refill_search_keys(apps, schema_editor):
    """The search folds Dj, Aa (and the rest) now: every stored key is made again
    (README "Places, re-entries and moves")."""
    Player = apps.get_model("tournament", "Player")
    players = list(Player.objects.only("pk", "name", "nickname"))
    for player in players:
        player.search_key = search_key(player.name, player.nickname)
    Player.objects.bulk_update(players, ["search_key"], batch_size=2000)


class Migration(migrations.Migration):
    dependencies = [
        ("tournament", "0024_speed2_drop_tournament_indexes"),
    ]

    operations = [
        migrations.RunPython(refill_search_keys, migrations.RunPython.noop),
    ]
