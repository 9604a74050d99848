"""Each ledger row written before the audit trail's chain gets its line in its
cash box's scope, as the code writes them since (README "Audit trail")."""

from decimal import Decimal

from django.db import migrations

from tournament.rules.audit_chain import NewLine, chain

CENT = Decimal("0.01")
MONEY = ("amount", "prize_pool", "fee", "bounty")
# The columns a ledger row's line records, as of this migration (the code's
# cashdesk.services.ledger.ledger_facts may record more in later lines).
FACTS = {"ledger": "id", "receipt": "receipt_number", "kind": "kind", "method": "method"}
FACTS |= {name: f"{name}_id" for name in ("tournament", "entry", "cash_box", "shift")}
FACTS |= {name: f"{name}_id" for name in ("reverses", "settles", "ticket")}
FACTS |= {"reason": "reason", "count": "count", "reference": "reference"}


def _facts(row):
    facts = {name: getattr(row, column) for name, column in FACTS.items()}
    return facts | {name: str(Decimal(getattr(row, name)).quantize(CENT)) for name in MONEY}


def ledger_lines(apps, schema_editor):
    action_log = apps.get_model("tournament", "ActionLog")
    ledger_row = apps.get_model("cashdesk", "LedgerRow")
    made = [
        NewLine(
            f"cashbox:{row.cash_box_id}" if row.cash_box_id is not None else "ledger",
            "ledger",
            _facts(row),
            row.by_id,
            row.at,
            None,
        )
        for row in ledger_row.objects.order_by("id")
    ]
    # After whatever the scopes hold already (a box's own lines), never beside it.
    heads: dict[str, tuple[int, str]] = {}
    for scope, seq, own in action_log.objects.filter(
        scope__in={line.scope for line in made}
    ).order_by("scope", "seq").values_list("scope", "seq", "hash"):
        heads[scope] = (seq, own)
    action_log.objects.bulk_create(
        [action_log(**columns) for columns in chain(heads, made)], batch_size=2000
    )


class Migration(migrations.Migration):
    dependencies = [
        ("cashdesk", "0007_special_prize_payouts"),
        ("tournament", "0037_audit_chain_one_line_per_seq"),
    ]

    operations = [
        migrations.RunPython(ledger_lines, migrations.RunPython.noop),
    ]
