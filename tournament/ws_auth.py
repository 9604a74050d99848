"""Websocket auth: the session cookie, or ``?token=`` for screens without one."""

from __future__ import annotations

from urllib.parse import parse_qs

from channels.auth import AuthMiddlewareStack
from channels.db import database_sync_to_async

from tournament.api.auth import user_for_token


@database_sync_to_async
def _user_for_token(token: str):
    return user_for_token(token)


class _TokenMiddleware:
    def __init__(self, inner):
        self.inner = inner

    async def __call__(self, scope, receive, send):
        query = parse_qs(scope.get("query_string", b"").decode())
        token = (query.get("token") or [""])[0]
        if token:
            user = await _user_for_token(token)
            if user is not None:
                scope = {**scope, "user": user}
        return await self.inner(scope, receive, send)


def TokenOrSessionAuthMiddleware(inner):  # noqa: N802 - reads like the Channels stacks
    return AuthMiddlewareStack(_TokenMiddleware(inner))
