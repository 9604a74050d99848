from django.db import migrations

from tournament.rules.names import search_key


def refill_name_keys(apps, schema_editor):
    """The search folds Dj, Aa (and the rest) now: every stored key is made again."""
    PreRegistration = apps.get_model("prereg", "PreRegistration")
    rows = list(PreRegistration.objects.only("pk", "name"))
    for row in rows:
        row.name_key = search_key(row.name)
    PreRegistration.objects.bulk_update(rows, ["name_key"], batch_size=2000)


class Migration(migrations.Migration):
    dependencies = [
        ("prereg", "0002_phone2_entry_links"),
    ]

    operations = [
        migrations.RunPython(refill_name_keys, migrations.RunPython.noop),
    ]
