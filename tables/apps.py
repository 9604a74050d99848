from django.apps import AppConfig


class TablesConfig(AppConfig):
    name = "tables"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from django.core import checks
        from django.db.models.signals import post_migrate, pre_migrate

        from tables.counts import check_seated_counts, drop_before_migrate, install_after_migrate

        # How many sit at each table is kept by the database (tables/counts.py);
        # on SQLite its triggers step aside while migrations run.
        pre_migrate.connect(drop_before_migrate, sender=self)
        post_migrate.connect(install_after_migrate, sender=self)
        checks.register(check_seated_counts, checks.Tags.database)
