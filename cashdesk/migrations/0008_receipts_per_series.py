"""Receipt numbers per series (README "Cash desk"): the rows booked so far keep
their numbers in the series "" (the room's one sequence they were taken from);
new rows count in their cash box's series, else their tournament's, else the
room's, each with its own counter."""

from django.conf import settings
from django.db import migrations, models

from cashdesk.triggers import InstallLedgerGuards


class Migration(migrations.Migration):

    dependencies = [
        ('cashdesk', '0007_special_prize_payouts'),
        ('tournament', '0034_action_log_scope'),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.CreateModel(
            name='ReceiptCounter',
            fields=[
                ('series', models.CharField(max_length=40, primary_key=True, serialize=False)),
                ('last', models.PositiveBigIntegerField(default=0)),
            ],
            options={
                'verbose_name': 'receipt counter',
                'verbose_name_plural': 'receipt counters',
            },
        ),
        migrations.AlterModelOptions(
            name='ledgerrow',
            options={'ordering': ['pk'], 'verbose_name': 'ledger row', 'verbose_name_plural': 'ledger rows'},
        ),
        migrations.AddField(
            model_name='ledgerrow',
            name='receipt_series',
            field=models.CharField(blank=True, default='', max_length=40, verbose_name='receipt series'),
        ),
        migrations.AlterField(
            model_name='ledgerrow',
            name='receipt_number',
            field=models.PositiveBigIntegerField(verbose_name='receipt number'),
        ),
        migrations.AddConstraint(
            model_name='ledgerrow',
            constraint=models.UniqueConstraint(fields=('receipt_series', 'receipt_number'), name='one_receipt_number_per_series'),
        ),
        migrations.DeleteModel(
            name='ReceiptSequence',
        ),
        # SQLite rebuilds the ledger's table: its guards again (cashdesk.triggers).
        InstallLedgerGuards(),
    ]
