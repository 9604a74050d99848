from django.apps import AppConfig


class ClockConfig(AppConfig):
    name = "clock"
    default_auto_field = "django.db.models.BigAutoField"
