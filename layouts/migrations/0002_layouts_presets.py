"""The five layouts of the display board as tile presets."""

from django.db import migrations

from layouts.rules.presets import PRESETS, preset_tiles

NAMES = {
    "clock": "Clock",
    "payouts": "Payouts",
    "seats": "Seats",
    "chips": "Chip counts",
    "final": "Final table",
}


def add_presets(apps, schema_editor):
    Layout = apps.get_model("layouts", "Layout")
    for key in PRESETS:
        Layout.objects.update_or_create(
            preset=key, defaults={"name": NAMES[key], "tiles": preset_tiles(key)}
        )


def remove_presets(apps, schema_editor):
    apps.get_model("layouts", "Layout").objects.filter(preset__isnull=False).delete()


class Migration(migrations.Migration):
    dependencies = [("layouts", "0001_layouts_models")]

    operations = [migrations.RunPython(add_presets, remove_presets)]
