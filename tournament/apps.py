from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class TournamentConfig(AppConfig):
    name = "tournament"
    verbose_name = _("Tournaments")
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from django.core import checks
        from django.db.models.signals import post_migrate

        from tournament.roles import ensure_role_groups
        from tournament.tally import check_entry_tally

        # Reads only when the groups exist: a migrate with nothing to apply
        # writes nothing (the tally's triggers come with the migrations).
        post_migrate.connect(ensure_role_groups, sender=self)
        checks.register(check_entry_tally, checks.Tags.database)
