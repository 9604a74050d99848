from django.apps import AppConfig


class SignageConfig(AppConfig):
    name = "signage"
    verbose_name = "Named screens"
    default_auto_field = "django.db.models.BigAutoField"
