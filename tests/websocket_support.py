"""Shared by the websocket tests: the headers a same-host screen sends, and the
clean-up of database sessions the consumers opened."""

from __future__ import annotations

import pytest
from channels.db import database_sync_to_async
from django.db import connections

HOST = [(b"host", b"localhost"), (b"origin", b"http://localhost")]


@pytest.fixture(autouse=True)
async def close_worker_thread_connections():
    yield
    # Consumers reach the database from asgiref's worker thread; PostgreSQL
    # refuses to drop the test database while that thread holds a session.
    await database_sync_to_async(connections.close_all)()
