from django.apps import AppConfig


class FormatsConfig(AppConfig):
    """Results out: the formats other sites read (README "Results out: formats")."""

    name = "formats"
    verbose_name = "Results out: formats"
    default_auto_field = "django.db.models.BigAutoField"
