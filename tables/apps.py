from django.apps import AppConfig


class TablesConfig(AppConfig):
    name = "tables"
    default_auto_field = "django.db.models.BigAutoField"
