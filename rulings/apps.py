from django.apps import AppConfig


class RulingsConfig(AppConfig):
    name = "rulings"
    default_auto_field = "django.db.models.BigAutoField"
