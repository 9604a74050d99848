"""Fixtures of the layouts tests (README "Screen layouts and the room's look")."""

from __future__ import annotations

import pytest
from django.test import Client


@pytest.fixture
def desk(director) -> Client:
    """A director signed in to the pages."""
    client = Client()
    client.force_login(director)
    return client
