"""Each xdist worker of the production run on its own Redis database (README "Tests").

Loaded with ``-p tests.redis_per_worker`` before Django's settings are read:
worker ``gwN`` gets database N more than ``REDIS_URL`` names. Two workers on one
database would empty each other's at their start and hear each other's screen
messages (a tournament's group is named by its id, and each worker's database
hands out the same ids). Each worker's PostgreSQL database is its own already
(pytest-django names it after the worker).
"""

from __future__ import annotations

import os
from urllib.parse import urlsplit, urlunsplit


def url_for_worker(url: str, worker: str) -> str:
    """``redis://host:6379/0`` for ``gw2`` is ``redis://host:6379/2``."""
    parts = urlsplit(url)
    base = int(parts.path.strip("/") or 0)
    return urlunsplit(parts._replace(path=f"/{base + int(worker.removeprefix('gw'))}"))


_worker = os.environ.get("PYTEST_XDIST_WORKER", "")
if _worker.startswith("gw") and os.environ.get("REDIS_URL"):
    os.environ["REDIS_URL"] = url_for_worker(os.environ["REDIS_URL"], _worker)
