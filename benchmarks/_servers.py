"""Starting the production set-up for a benchmark: daphne processes on
PostgreSQL and Redis, as a room runs them (README "Benchmarks")."""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

from _setup import ROOT

sys.path.insert(0, str(ROOT / "tests"))

from browser_support import Server, server_env  # noqa: E402

REDIS_URL = os.environ.get("REDIS_URL", "redis://127.0.0.1:6379/0")

__all__ = ["REDIS_URL", "Server", "production_env"]


def production_env(prefix: str) -> tuple[Path, dict[str, str]]:
    """A fresh folder and the environment of a production server process; the
    benchmark's own database connections are closed first (the server takes them)."""
    from django.db import connections

    connections.close_all()
    temp = Path(tempfile.mkdtemp(prefix=prefix))
    env = server_env(
        temp / "var",
        DATABASE_URL=os.environ["DATABASE_URL"],
        REDIS_URL=REDIS_URL,
        CLOCK_LOOP_IN_PROCESS="false",
        ALLOWED_HOSTS="127.0.0.1,localhost",
        DEBUG="true",
    )
    return temp, env
