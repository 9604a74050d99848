"""Every line written before the chain, chained (README "Audit trail").

Per scope, in the order the lines were written (by id); each PrivacyLog row
gets its line in its player's scope, as the code writes them since.
"""

from django.db import migrations

from tournament.rules.audit_chain import NewLine, chain

BATCH = 2000
CHAIN = ["seq", "prev_hash", "hash"]


def chain_existing_lines(apps, schema_editor):
    action_log = apps.get_model("tournament", "ActionLog")
    heads: dict[str, tuple[int, str]] = {}
    batch = []
    lines = action_log.objects.order_by("scope", "id").only(
        "scope", "kind", "data", "by_id", "at", "tournament_id"
    )
    for line in lines.iterator(chunk_size=BATCH):
        new = NewLine(line.scope, line.kind, line.data, line.by_id, line.at, line.tournament_id)
        for name, value in chain(heads, [new])[0].items():
            setattr(line, name, value)
        batch.append(line)
        if len(batch) >= BATCH:
            action_log.objects.bulk_update(batch, CHAIN)
            batch = []
    action_log.objects.bulk_update(batch, CHAIN)
    privacy_log = apps.get_model("tournament", "PrivacyLog")
    made = [
        NewLine(
            f"player:{row.player_id}",
            "privacy",
            {"privacy": row.pk, "player": row.player_id, "kind": row.kind, "note": row.note},
            row.by_id,
            row.at,
            None,
        )
        for row in privacy_log.objects.order_by("id")
    ]
    action_log.objects.bulk_create(
        [action_log(**columns) for columns in chain(heads, made)], batch_size=BATCH
    )


class Migration(migrations.Migration):
    dependencies = [
        ("tournament", "0035_audit_chain_fields"),
    ]

    operations = [
        migrations.RunPython(chain_existing_lines, migrations.RunPython.noop),
    ]
