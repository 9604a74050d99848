"""Sent twice, done once (README "Sent twice, done once").

A write that carries a one-time key runs in one transaction with its answer:
the view does its work, then :func:`once_answer_keep` stores the key with the
answer in one statement just before the commit, so the work and the answer
commit together or not at all, and a keyed write costs one statement more than
the same write without a key (README "Benchmarks"). The key's unique index
refuses a twin sent at the same time: the twin's insert waits for the first
request's commit, finds the key taken, and the twin's own work goes back; it
answers what the first stored (:func:`once_stored`). A key already stored is
found before the work (:func:`once_stored`), and its answer is sent again.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta
from functools import cache

from django.db import connection
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from tournament.errors import Invalid
from tournament.models import IdempotentRequest
from tournament.models_once import KEY_MAX, KEY_MIN

# Kept at least this long (README "Sent twice, done once"); the daily run removes older keys.
KEEP = timedelta(hours=72)

KEY_LENGTH = _(
    "The Idempotency-Key %(key)s is %(length)s characters long; it must be %(least)s to "
    "%(most)s characters long."
)
# A key too long to be one is named by its start.
KEY_SHOWN = 40
KEY_USED = _(
    "The Idempotency-Key %(key)s was already used for another request. "
    "Send a new key for a new request."
)


@dataclass(frozen=True)
class Claim:
    """What a key is for: who sends it, which operation, which body."""

    key: str
    user_id: int | None
    operation: str
    body_hash: str


def once_key_checked(key: str) -> str:
    """The key as sent, or a 422 naming the bounds."""
    if not KEY_MIN <= len(key) <= KEY_MAX:
        shown = key if len(key) <= KEY_SHOWN else f"{key[:KEY_SHOWN]}…"
        raise Invalid(
            KEY_LENGTH
            % {"key": f"«{shown}»", "length": len(key), "least": KEY_MIN, "most": KEY_MAX}
        )
    return key


@dataclass(frozen=True)
class Answer:
    """What a keyed request answered, kept with its key: a status and body, or
    a page form's redirect (its target)."""

    status: int
    content_type: str = ""
    body: str = ""
    location: str = ""


def once_stored(claim: Claim, pk: int | None = None) -> IdempotentRequest | None:
    """The answer stored for the claim's key (by the row's id when a look-up
    already found it), or None. Raises :class:`Invalid` when the key was used by
    another user, for another operation or with another body."""
    found = IdempotentRequest.objects.filter(**({"pk": pk} if pk else {"key": claim.key}))
    stored = found.first()
    if stored is None:
        return None
    if (stored.key, stored.user_id, stored.operation, stored.body_hash) != (
        claim.key,
        claim.user_id,
        claim.operation,
        claim.body_hash,
    ):
        raise Invalid(KEY_USED % {"key": claim.key})
    return stored


def once_answer_keep(claim: Claim, answer: Answer) -> bool:
    """Store the key with its answer, in the request's transaction: one
    statement. False when the key is taken: a twin sent at the same time
    committed it first (on PostgreSQL the insert waited for its commit); the
    caller then takes back its own work and answers what the twin stored."""
    now = connection.ops.adapt_datetimefield_value(timezone.now())
    params = [claim.key, claim.user_id, claim.operation, claim.body_hash, answer.status]
    params += [answer.content_type[:100], answer.body, answer.location[:2000], now]
    with connection.cursor() as cursor:
        cursor.execute(_insert_sql(), params)
        return cursor.fetchone() is not None


@cache
def _insert_sql() -> str:
    """The key's insert, written once per process (it is on every keyed write)."""
    quote = connection.ops.quote_name
    names = ("key", "user_id", "operation", "body_hash", "status", "content_type", "body")
    names += ("location", "created_at")
    return (
        f"INSERT INTO {quote(IdempotentRequest._meta.db_table)} ({', '.join(map(quote, names))}) "
        f"VALUES ({', '.join(['%s'] * len(names))}) "
        f"ON CONFLICT ({quote('key')}) DO NOTHING RETURNING id"
    )


def once_keys_expire(*, now: datetime | None = None) -> int:
    """Remove the keys older than :data:`KEEP`; how many. A second run finds none."""
    before = (now or timezone.now()) - KEEP
    removed, _by_model = IdempotentRequest.objects.filter(created_at__lt=before).delete()
    return removed
