from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class TournamentConfig(AppConfig):
    name = "tournament"
    verbose_name = _("Tournaments")
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from django.db.models.signals import post_migrate

        from tournament.roles import ensure_role_groups
        from tournament.tally import install_entry_tally

        post_migrate.connect(ensure_role_groups, sender=self)
        post_migrate.connect(install_entry_tally, sender=self)
