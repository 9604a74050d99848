from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class ClockConfig(AppConfig):
    name = "clock"
    verbose_name = _("Clock and chips")
    default_auto_field = "django.db.models.BigAutoField"
