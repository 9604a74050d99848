"""Renumber the places of players out from the order of their busts.

Before this release a bust took the number of players left at that moment and
kept it when entries joined later, so late registration after a bust gave two
players one place. Places now count from the bottom of the field; this puts
the stored ones right: the latest bust-out sits just below the players still
in, each earlier one below it, the places inside one hand kept as they were.
"""

from datetime import UTC, datetime

from django.db import migrations

LIVE = ("registered", "seated", "waiting")
OUT = ("busted", "disqualified")
NEVER = datetime.min.replace(tzinfo=UTC)


def renumber(apps, schema_editor):
    Entry = apps.get_model("tournament", "Entry")
    for tournament_id in (
        Entry.objects.filter(status__in=OUT, place__isnull=False)
        .values_list("tournament_id", flat=True)
        .distinct()
    ):
        entries = Entry.objects.filter(tournament_id=tournament_id)
        position = entries.filter(status__in=LIVE).count() + 1
        hands: dict[object, list] = {}
        for entry in entries.filter(status__in=OUT, place__isnull=False):
            key = ("hand", entry.bust_group) if entry.bust_group else ("alone", entry.pk)
            hands.setdefault(key, []).append(entry)
        # The hand's first report dates it; a worse old place breaks a tie (earlier).
        latest_first = sorted(
            hands.values(),
            key=lambda group: (
                min(e.busted_at or NEVER for e in group),
                -max(e.place for e in group),
            ),
            reverse=True,
        )
        for group in latest_first:
            best = min(e.place for e in group)
            for entry in group:
                entry.place = position + entry.place - best
            position += len(group)
            Entry.objects.bulk_update(group, ["place"])


class Migration(migrations.Migration):
    dependencies = [("tournament", "0003_entry_indexes")]

    operations = [migrations.RunPython(renumber, migrations.RunPython.noop)]
