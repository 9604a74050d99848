from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class PrivacyConfig(AppConfig):
    """Player data as a room in Germany, Austria or Switzerland must keep it (README "Player data"):
    consent, export, erasure. It reads every app below it, so it sits above them."""

    name = "privacy"
    verbose_name = _("Player data")
    default_auto_field = "django.db.models.BigAutoField"
