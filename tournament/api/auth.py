"""API authentication: a per-user bearer token, or the signed-in session (with CSRF)."""

from __future__ import annotations

import hashlib
import secrets
from datetime import timedelta
from typing import Any

from django.contrib.auth import get_user_model
from django.http import HttpRequest
from django.utils import timezone
from ninja.security import HttpBearer, SessionAuth

from tournament.errors import Forbidden
from tournament.models import ApiToken
from tournament.roles import has_role

LAST_USED_PRECISION = timedelta(minutes=1)


def token_digest(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def issue_token(user: Any) -> str:
    token = secrets.token_urlsafe(32)
    ApiToken.objects.create(user=user, digest=token_digest(token))
    return token


def user_for_token(token: str) -> Any | None:
    row = (
        ApiToken.objects.select_related("user")
        .filter(digest=token_digest(token), user__is_active=True)
        .first()
    )
    if row is None:
        return None
    now = timezone.now()
    # A write on every request cost each floor action a round trip; "last used"
    # to the minute is all the token list needs.
    if row.last_used_at is None or now - row.last_used_at >= LAST_USED_PRECISION:
        ApiToken.objects.filter(pk=row.pk).update(last_used_at=now)
    return row.user


class BearerToken(HttpBearer):
    def authenticate(self, request: HttpRequest, token: str) -> Any | None:
        user = user_for_token(token)
        if user is not None:
            request.user = user
        return user


class SignedInSession(SessionAuth):
    """The browser's session; the CSRF check applies only to a signed-in user.

    Ninja checks CSRF before it looks at the user, so an anonymous write was
    answered 403 "CSRF check Failed". Without a signed-in user there is nothing
    to forge: the caller gets 401 like any caller without credentials.
    """

    def _get_key(self, request: HttpRequest) -> str | None:
        if not request.user.is_authenticated:
            return None
        return super()._get_key(request)


API_AUTH = [BearerToken(), SignedInSession()]


def require_role(request: HttpRequest, roles: tuple[str, ...], message: Any) -> Any:
    """The acting user, or a 403 when none of `roles` is theirs."""
    user = request.auth if getattr(request, "auth", None) is not None else request.user
    if not has_role(user, roles):
        raise Forbidden(message)
    return user


User = get_user_model()
