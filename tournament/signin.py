"""Sign-in lock-out for every way in (README "Production"): the sign-in page, the admin, any ``authenticate()``.

``LockOutBackend`` stands first in ``AUTHENTICATION_BACKENDS``: it checks no
password, it refuses a locked name or address before Django's ``ModelBackend``
is asked. Wrong passwords are counted from Django's ``user_login_failed``
signal and a good sign-in clears its counts (``user_logged_in``), so no page,
form or view has to remember to count.

Three counts, each with its own window:

- name and address: ``LOGIN_FAILURES_PER_USER`` wrong passwords for one name
  from one address lock that name there for ``LOGIN_LOCKOUT_MINUTES``;
- address: ``LOGIN_FAILURES_PER_ADDRESS`` from one address, whatever the names,
  lock that address for ``LOGIN_LOCKOUT_MINUTES``;
- name: ``LOGIN_FAILURES_PER_USER`` from anywhere within
  ``LOGIN_NAME_DELAY_SECONDS`` pause the name everywhere for that short delay
  only, so guessing from many addresses is slowed while the real owner, from
  another address, signs in after the delay.

Names are counted as Django authenticates them: NFKC (the sign-in form's
normalisation) and casefold, so ``ｌｏｃｋｍｅ`` and ``LockMe`` share one count.
The address is the client's (``client_address``), read behind the proxies named
in ``TRUSTED_PROXIES``.

Counts live in Django's cache (Redis with ``REDIS_URL``, shared by every server
process). While it is unreachable (down, or no answer within the cache's short
socket timeout) this process counts on its own in memory and does not ask Redis
again for ``SHARED_RETRY_SECONDS``: sign-in keeps working and keeps locking.
"""

from __future__ import annotations

import hashlib
import ipaddress
import logging
import time
import unicodedata
from fnmatch import fnmatch
from typing import Any, NamedTuple

from django.conf import settings
from django.contrib.auth.backends import ModelBackend
from django.contrib.auth.signals import user_logged_in, user_login_failed
from django.core.cache import cache, caches
from django.core.cache.backends.locmem import LocMemCache
from django.core.cache.backends.redis import RedisCache
from django.core.exceptions import ImproperlyConfigured, PermissionDenied
from django.dispatch import receiver
from redis.exceptions import RedisError

logger = logging.getLogger(__name__)

SHARED_RETRY_SECONDS = 30.0
# Why a request was refused, for the form's message: the long lock or the short pause.
LOCKED = "locked"
PAUSED = "paused"


def normalise_name(username: str) -> str:
    return unicodedata.normalize("NFKC", username).casefold().strip()


def _parse_address(text: str) -> ipaddress.IPv4Address | ipaddress.IPv6Address | None:
    """An address as peers and proxies write it: ``1.2.3.4``, ``1.2.3.4:5678``, ``[2001:db8::1]:443``."""
    text = text.strip()
    if text.startswith("["):
        text = text[1:].partition("]")[0]
    elif text.count(":") == 1:
        text = text.partition(":")[0]
    try:
        address = ipaddress.ip_address(text)
    except ValueError:
        return None
    if isinstance(address, ipaddress.IPv6Address) and address.ipv4_mapped is not None:
        return address.ipv4_mapped
    return address


def _trusted(address: ipaddress.IPv4Address | ipaddress.IPv6Address | None) -> bool:
    return address is not None and any(address in net for net in settings.TRUSTED_PROXIES)


def from_trusted_proxy(request: Any) -> bool:
    """Whether the direct peer is one of ``TRUSTED_PROXIES``: only then do the
    X-Forwarded-* headers say anything."""
    return _trusted(_parse_address(request.META.get("REMOTE_ADDR", "")))


def client_address(request: Any) -> str:
    """The client's address: the direct peer, or behind trusted proxies the right-most untrusted hop.

    X-Forwarded-For is read only when the peer is one of ``TRUSTED_PROXIES``;
    a client can put anything at its left, so it is walked from the right and
    the first address not in the list is the client (every hop to its right was
    added by a proxy we trust).
    """
    if request is None:
        return ""
    peer = request.META.get("REMOTE_ADDR", "")
    address = _parse_address(peer)
    if not _trusted(address):
        return str(address) if address is not None else peer
    for hop in reversed(request.META.get("HTTP_X_FORWARDED_FOR", "").split(",")):
        parsed = _parse_address(hop)
        if parsed is None:
            break
        address = parsed
        if not _trusted(address):
            break
    return str(address)


PREFIX = "login-failures:"


def _digest(value: str) -> str:
    return hashlib.sha256(value.encode()).hexdigest()


def _key(kind: str, *values: str) -> str:
    """The cache key of a count: no name or address in clear, one hash per part."""
    return PREFIX + kind + ":" + ":".join(_digest(value) for value in values)


class Counter(NamedTuple):
    key: str
    limit: int
    seconds: int
    refusal: str  # LOCKED or PAUSED once the count is full
    per_name: bool  # cleared by a good sign-in of the name


def counters(request: Any, username: str) -> list[Counter]:
    """The counts one attempt for ``username`` from this request's client adds to."""
    name = normalise_name(username)
    address = client_address(request)
    window = settings.LOGIN_LOCKOUT_MINUTES * 60
    per_user = settings.LOGIN_FAILURES_PER_USER
    result = [
        Counter(_key("name", name), per_user, settings.LOGIN_NAME_DELAY_SECONDS, PAUSED, True)
    ]
    if address:  # authenticate() without a request has no address to count
        pair = _key("name-address", name, address)
        result.append(Counter(pair, per_user, window, LOCKED, True))
        per_address = settings.LOGIN_FAILURES_PER_ADDRESS
        result.append(Counter(_key("address", address), per_address, window, LOCKED, False))
    return result


_UNREACHABLE = object()


def _increment(store: Any, key: str, seconds: int) -> int:
    store.add(key, 0, timeout=seconds)
    try:
        return store.incr(key)
    except ValueError:  # expired between add and incr
        store.set(key, 1, timeout=seconds)
        return 1


class FailureCounts:
    """Counts in the shared cache, or in this process while the shared cache is unreachable."""

    def __init__(self) -> None:
        self.local = LocMemCache("signin-fallback", {"OPTIONS": {"MAX_ENTRIES": 10_000}})
        self.shared_down_until = 0.0

    def reset(self) -> None:
        self.local.clear()
        self.shared_down_until = 0.0

    def _shared(self, method: Any, *args: Any) -> Any:
        if time.monotonic() < self.shared_down_until:
            return _UNREACHABLE
        try:
            return method(*args)
        except (RedisError, OSError) as exc:
            logger.warning(
                "Sign-in counts kept in this process: the cache is unreachable (%s)", exc
            )
            self.shared_down_until = time.monotonic() + SHARED_RETRY_SECONDS
            return _UNREACHABLE

    def get(self, keys: list[str]) -> dict[str, int]:
        shared = self._shared(cache.get_many, keys)
        local = self.local.get_many(keys)
        if shared is _UNREACHABLE:
            shared = {}
        # Each failure went to one store only: the shared one, or this process while it was away.
        return {key: (shared.get(key) or 0) + (local.get(key) or 0) for key in keys}

    def add_failure(self, key: str, seconds: int) -> None:
        if self._shared(_increment, cache, key, seconds) is _UNREACHABLE:
            _increment(self.local, key, seconds)

    def clear(self, keys: list[str]) -> None:
        self._shared(cache.delete_many, keys)
        self.local.delete_many(keys)


counts = FailureCounts()


def refusal(request: Any, username: str) -> str | None:
    """``LOCKED``, ``PAUSED`` or None: whether this name may try a password from here now."""
    rows = counters(request, username)
    found = counts.get([row.key for row in rows])
    full = {row.refusal for row in rows if found[row.key] >= row.limit}
    return LOCKED if LOCKED in full else PAUSED if full else None


class LockOutBackend(ModelBackend):
    """First in ``AUTHENTICATION_BACKENDS``: refuses a locked name or address, authenticates nobody.

    A ModelBackend for the rest (users of a session, permissions): ``login()``
    and ``force_login()`` without ``authenticate()`` name the first backend.
    """

    def authenticate(
        self, request: Any, username: str | None = None, password: str | None = None, **kwargs: Any
    ) -> None:
        if username is None:
            return None
        why = refusal(request, username)
        if why is not None:
            if request is not None:
                request.signin_refused = why
            raise PermissionDenied  # Django asks no further backend
        return None


# Connected when AUTHENTICATION_BACKENDS loads this module, i.e. by the first
# authenticate(), before the first failure or sign-in can be signalled.
@receiver(user_login_failed, dispatch_uid="signin-count-failure")
def count_failure(sender: Any, credentials: dict, request: Any = None, **kwargs: Any) -> None:
    username = credentials.get("username")
    if username is None or getattr(request, "signin_refused", None):
        return  # refused before any password was checked: nothing was guessed
    for row in counters(request, username):
        counts.add_failure(row.key, row.seconds)


@receiver(user_logged_in, dispatch_uid="signin-clear-counts")
def clear_counts(sender: Any, request: Any, user: Any, **kwargs: Any) -> None:
    counts.clear([row.key for row in counters(request, user.get_username()) if row.per_name])


def _name_patterns(username: str | None) -> list[str]:
    if username is None:
        return [PREFIX + "*"]
    name = _digest(normalise_name(username))
    return [f"{PREFIX}name:{name}", f"{PREFIX}name-address:{name}:*"]


def _forget_in_memory(store: LocMemCache, patterns: list[str]) -> int:
    """Delete the matching counts of a cache in this process's memory."""
    made = [store.make_key(pattern) for pattern in patterns]
    found = [key for key in list(store._cache) if any(fnmatch(key, m) for m in made)]
    # A made key is "prefix:version:key": delete() makes it again from the key.
    return sum(store.delete(key.split(":", 2)[2]) for key in found)


def lift_lock(username: str) -> int:
    """Forget one name's counts (from every address), for the staff page.

    The page runs in a server process: with Redis it reaches every process's
    shared counts; without it, the counts are this process's own memory.
    """
    store = caches["default"]
    forgotten = _forget_in_memory(counts.local, _name_patterns(username))
    if isinstance(store, RedisCache):
        return forgotten + unlock(username)
    if isinstance(store, LocMemCache):
        return forgotten + _forget_in_memory(store, _name_patterns(username))
    return forgotten


def unlock(username: str | None = None) -> int:
    """Forget the shared counts, every one or one name's (from every address): how many there were.

    Redis only: without it the counts are in each server process's memory and
    go with a restart. Counts a process keeps while Redis is away stay there.
    """
    if not isinstance(caches["default"], RedisCache):
        raise ImproperlyConfigured("The sign-in counts are not in Redis (REDIS_URL is unset).")
    patterns = _name_patterns(username)
    client = cache._cache.get_client(write=True)  # type: ignore[attr-defined]
    found = [key for pattern in patterns for key in client.scan_iter(cache.make_key(pattern))]
    return client.delete(*found) if found else 0
