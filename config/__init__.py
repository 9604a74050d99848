"""The project package: settings, URLs, the ASGI and Celery applications.

It sits above every app (README "How a floor action flows"); no app imports it.
The Celery app is loaded with the settings, so the apps' ``shared_task``s use
it.
"""

from config.celery import app as celery_app

__all__ = ["celery_app"]
