"""What the API tests share: requests to the bare WSGI application."""

from __future__ import annotations

import pytest
from django.core.signals import request_finished, request_started
from django.db import close_old_connections


@pytest.fixture
def connection_kept_open(tournament):
    """Requests here go to the bare WSGI handler, which closes the database
    connection when a request ends, as in production; the test database lives
    in that connection. Django's test client reconnects the handler after each
    of its requests, so this runs after the fixtures that use it."""
    request_started.disconnect(close_old_connections)
    request_finished.disconnect(close_old_connections)
    yield
    request_started.connect(close_old_connections)
    request_finished.connect(close_old_connections)
