"""The room's one settings row exists from the first migrate, so reading it never
writes: the screens read a room setting on every message (README "Finish on time:
where it shows") and a first read that made the row cost three more queries."""

from django.db import migrations


def make_the_room_row(apps, schema_editor):
    apps.get_model("tournament", "RoomSettings").objects.get_or_create(pk=1)


class Migration(migrations.Migration):
    dependencies = [("tournament", "0041_room_public_forecast")]

    operations = [migrations.RunPython(make_the_room_row, migrations.RunPython.noop)]
