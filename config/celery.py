"""The Celery app: tasks run in process without REDIS_URL, on Redis workers with it."""

import os

from celery import Celery, signals

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

app = Celery("tournament")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()


@signals.worker_init.connect
def compose_inside_tasks(**kwargs: object) -> None:
    """A worker composes the screens' messages inside the task, on its own
    connection: Celery's Django fix-up closes a prefork child's connection pool
    after every task, which broke a composer thread reading from it (README
    "Production")."""
    from screens import composer

    composer.compose_inside_tasks()
