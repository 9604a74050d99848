"""The test database pytest-django created, as a DATABASE_URL for the server
processes a test starts (they share its rows)."""

from __future__ import annotations

from urllib.parse import quote

from django.db import connection


def server_database_url(*, port: int | None = None) -> str:
    """PostgreSQL's test database; `port` reaches it through a proxy on localhost."""
    settings = connection.settings_dict
    user = quote(settings.get("USER") or "", safe="")
    password = quote(settings.get("PASSWORD") or "", safe="")
    auth = f"{user}:{password}@" if password else (f"{user}@" if user else "")
    host = "127.0.0.1" if port else settings.get("HOST") or "127.0.0.1"
    return f"postgres://{auth}{host}:{port or settings.get('PORT') or 5432}/{settings['NAME']}"


def database_address() -> tuple[str, int]:
    settings = connection.settings_dict
    return settings.get("HOST") or "127.0.0.1", int(settings.get("PORT") or 5432)
