"""API authentication: a per-user bearer token, or the signed-in session (with CSRF)."""

from __future__ import annotations

import hashlib
import secrets
from datetime import UTC, timedelta
from functools import cache
from typing import Any

from django.contrib.auth import get_user_model
from django.contrib.auth.models import Group
from django.db import connection
from django.http import HttpRequest
from django.utils import timezone
from django.utils.translation import gettext_lazy as _
from ninja.security import HttpBearer, SessionAuth

from tournament.errors import Forbidden
from tournament.models import ApiToken, IdempotentRequest
from tournament.roles import MONEY, has_role, remember_roles

LAST_USED_PRECISION = timedelta(minutes=1)


def token_digest(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def issue_token(user: Any) -> str:
    token = secrets.token_urlsafe(32)
    ApiToken.objects.create(user=user, digest=token_digest(token))
    return token


def user_for_token(token: str, once_key: str | None = None) -> Any | None:
    """The token's active user, with his roles for this request: one query (every
    API call starts here, README "Benchmarks"). With ``once_key`` the same query
    says whether that one-time key is stored: ``user.once_id``, the id of its
    row or None (README "Sent twice, done once")."""
    params = [token_digest(token)] if once_key is None else [once_key, token_digest(token)]
    rows = list(User.objects.raw(_token_query(once_key is not None), params))
    if not rows:
        return None
    user = rows[0]
    remember_roles(user, (row.role_name for row in rows))
    last_used_at = user.token_last_used_at
    if last_used_at is not None and timezone.is_naive(last_used_at):  # SQLite
        last_used_at = timezone.make_aware(last_used_at, UTC)
    now = timezone.now()
    # A write on every request cost each floor action a round trip; "last used"
    # to the minute is all the token list needs.
    if last_used_at is None or now - last_used_at >= LAST_USED_PRECISION:
        ApiToken.objects.filter(pk=user.token_id).update(last_used_at=now)
    return user


@cache
def _token_query(with_once_key: bool) -> str:
    """The token's user, the token, and the user's group names (a row per group);
    ``with_once_key``: and the id of a stored one-time key."""
    quote = connection.ops.quote_name
    memberships = User.groups.through._meta.db_table  # type: ignore[attr-defined]
    once = ""
    if with_once_key:
        once = (
            f", (SELECT o.id FROM {quote(IdempotentRequest._meta.db_table)} o"
            f" WHERE o.{quote('key')} = %s) AS once_id"
        )
    return (
        f"SELECT u.*, t.id AS token_id, t.last_used_at AS token_last_used_at, g.name AS role_name{once}"
        f" FROM {quote(ApiToken._meta.db_table)} t"
        f" JOIN {quote(User._meta.db_table)} u ON u.id = t.user_id"
        f" LEFT JOIN {quote(memberships)} m ON m.user_id = u.id"
        f" LEFT JOIN {quote(Group._meta.db_table)} g ON g.id = m.group_id"
        " WHERE t.digest = %s AND u.is_active"
    )


def user_for_bearer(request: HttpRequest, token: str, once_key: str | None = None) -> Any | None:
    """:func:`user_for_token`, looked up once per request: the one-time key's
    check (README "Sent twice, done once", which asks with its key) and the
    API's own share it."""
    seen = getattr(request, "bearer_seen", None)
    if seen is not None and seen[0] == token:
        return seen[1]
    user = user_for_token(token, once_key)
    request.bearer_seen = (token, user)  # type: ignore[attr-defined]
    return user


class BearerToken(HttpBearer):
    def authenticate(self, request: HttpRequest, token: str) -> Any | None:
        user = user_for_bearer(request, token)
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

ONLY_MONEY_STAFF = _("Only the desk or a director may see or move money.")


def money_staff(user: Any) -> Any:
    """The user when he may take money; a 403 for other staff (README "Cash desk")."""
    if user is not None and not has_role(user, MONEY):
        raise Forbidden(ONLY_MONEY_STAFF)
    return user


class MoneyBearerToken(BearerToken):
    def authenticate(self, request: HttpRequest, token: str) -> Any | None:
        return money_staff(super().authenticate(request, token))


class MoneySession(SignedInSession):
    def authenticate(self, request: HttpRequest, key: str | None) -> Any | None:
        return money_staff(super().authenticate(request, key))


# Every operation that takes, pays or shows money declares ``auth=MONEY_AUTH``:
# the role is checked with the credentials, before the body is read, so the
# floor gets 403 whatever it sends (tests/cashdesk/test_money_roles.py walks
# the schema for operations without it).
MONEY_AUTH = [MoneyBearerToken(), MoneySession()]


def acting_user(request: HttpRequest) -> Any:
    """Who sent the request: the token's user, or the signed-in one."""
    return request.auth if getattr(request, "auth", None) is not None else request.user


def require_role(request: HttpRequest, roles: tuple[str, ...], message: Any) -> Any:
    """The acting user, or a 403 when none of `roles` is theirs."""
    user = acting_user(request)
    if not has_role(user, roles):
        raise Forbidden(message)
    return user


User = get_user_model()
