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


async def socket_at(path: str, headers=None):
    """A socket connected at ``path`` and the snapshot it got first."""
    from channels.testing import WebsocketCommunicator

    from config.asgi import application

    socket = WebsocketCommunicator(application, path, headers=headers or HOST)
    ok, _ = await socket.connect()
    assert ok
    snapshot = await socket.receive_json_from(timeout=5)
    assert snapshot["type"] == "snapshot"
    return socket, snapshot
