"""The address players reach this server at from the room's network."""

from __future__ import annotations

from django.conf import settings
from django.http import HttpRequest


def public_address(request: HttpRequest, path: str) -> str:
    """Where players reach ``path``: the room's configured address (PUBLIC_URL),
    else the address this page was opened with (a TV may use localhost)."""
    if settings.PUBLIC_URL:
        return settings.PUBLIC_URL + path
    return request.build_absolute_uri(path)
