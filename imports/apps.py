from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class ImportsConfig(AppConfig):
    """Bringing a room's history in from other programs (README "Switching from TD3").
    It writes through the apps below it (tournaments, clock), so it sits above them."""

    name = "imports"
    verbose_name = _("Imports")
    default_auto_field = "django.db.models.BigAutoField"
