from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class ResultsConfig(AppConfig):
    """The room's public results (README "Results out"): the results and league pages,
    a player's page and the JSON feed. It reads every app below it."""

    name = "results"
    verbose_name = _("Public results")
    default_auto_field = "django.db.models.BigAutoField"
