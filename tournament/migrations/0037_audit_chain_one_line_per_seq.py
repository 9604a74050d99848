from django.db import migrations, models


class Migration(migrations.Migration):
    """Two writers can never fork a chain (README "Audit trail"); apart from
    0036 so that its rows are written before the constraint is added."""

    dependencies = [
        ("tournament", "0036_audit_chain_existing_lines"),
    ]

    operations = [
        migrations.AddConstraint(
            model_name="actionlog",
            constraint=models.UniqueConstraint(
                fields=("scope", "seq"), name="actionlog_one_line_per_seq"
            ),
        ),
    ]
