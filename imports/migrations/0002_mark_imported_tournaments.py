"""Tournaments imported before ``Tournament.imported_from`` existed are marked as
imported from TD3 (README "Importing TD3 files"): history, no live actions."""

from django.db import migrations


def mark(apps, schema_editor):
    link = apps.get_model("imports", "Td3TournamentLink")
    tournament = apps.get_model("tournament", "Tournament")
    ids = link.objects.values_list("tournament_id", flat=True)
    tournament.objects.filter(pk__in=ids).update(imported_from="td3")


class Migration(migrations.Migration):
    dependencies = [
        ("imports", "0001_td3import_links"),
        ("tournament", "0025_tournament_imported_from"),
    ]

    operations = [migrations.RunPython(mark, migrations.RunPython.noop)]
