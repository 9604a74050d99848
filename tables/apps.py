from django.apps import AppConfig


class TablesConfig(AppConfig):
    name = "tables"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from tables.services.state import keep_counts
        from tournament import changes

        # Every write recounts who sits at the tables it touched.
        changes.keep_with(keep_counts)
