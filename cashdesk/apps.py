from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class CashdeskConfig(AppConfig):
    """The money (README "Cash desk"): payments, the append-only ledger, receipts,
    payout slips, cash boxes and shifts. It writes through the apps below it
    (entries, tables), so it sits above them."""

    name = "cashdesk"
    verbose_name = _("Cash desk")
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        # A satellite's payouts (tickets first, then cash) answer the core's question,
        # and the prizes are fixed when the winner is known.
        from cashdesk.services.prizes_auto import CashdeskPrizes
        from tournament.prize_port import plug_prizes

        plug_prizes(CashdeskPrizes())
        # Expired tickets are marked once a day by the clock loop's daily pass.
        from cashdesk.tasks import tickets_expire_daily
        from clock.loop import daily_task_add

        daily_task_add("cashdesk.tickets_expire", tickets_expire_daily.delay)
