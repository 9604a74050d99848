"""Every entry keeps the price, fee and chips it was sold with (README "Cash
desk"). Entries sold before this kept nothing when the tournament had no buy-in
options: they get the tournament's buy-in, fee and stack as they stand now (a
re-entry its re-entry price), the best that is known of their sale."""

from django.db import migrations


def keep_sales(apps, schema_editor):
    Tournament = apps.get_model("tournament", "Tournament")
    Entry = apps.get_model("tournament", "Entry")
    PayoutSettings = apps.get_model("tournament", "PayoutSettings")
    unpriced = Entry.objects.filter(paid_price__isnull=True)
    for tournament in Tournament.objects.filter(pk__in=unpriced.values("tournament_id")):
        mine = unpriced.filter(tournament=tournament)
        settings = PayoutSettings.objects.filter(tournament=tournament).first()
        again_price, again_fee = tournament.buy_in, tournament.fee
        if settings is not None and settings.re_entry_price is not None:
            again_price = settings.re_entry_price
        if settings is not None and settings.re_entry_fee is not None:
            again_fee = settings.re_entry_fee
        mine.filter(number__gt=1).update(
            paid_price=again_price, paid_fee=again_fee, paid_chips=tournament.starting_stack
        )
        mine.update(
            paid_price=tournament.buy_in,
            paid_fee=tournament.fee,
            paid_chips=tournament.starting_stack,
        )
    for tournament in Tournament.objects.filter(
        pk__in=Entry.objects.filter(paid_chips__isnull=True).values("tournament_id")
    ):
        Entry.objects.filter(tournament=tournament, paid_chips__isnull=True).update(
            paid_chips=tournament.starting_stack
        )


class Migration(migrations.Migration):
    dependencies = [
        ('tournament', '0024_speed2_drop_tournament_indexes'),
    ]

    operations = [migrations.RunPython(keep_sales, migrations.RunPython.noop)]
