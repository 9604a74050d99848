"""Sent twice, done once (README "Sent twice, done once").

A write that carries a one-time key claims the key inside its own transaction
(:func:`once_key_claim`), does its work and stores its answer on the claimed row
(:func:`once_answer_store`) before the commit: the work and the answer commit
together or not at all. A second request with the key finds the stored answer;
one sent while the first is still running waits on the key's unique index and
then reads what the first committed. Called inside the request's write (the
write unit, README "How a floor action flows"), before any lock of the request's
own writes: a key is claimed before every other lock.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta

from django.db import IntegrityError, OperationalError, connection
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from tournament.errors import Busy, Invalid
from tournament.models import IdempotentRequest
from tournament.models_once import KEY_MAX, KEY_MIN
from tournament.writes import Write
from tournament.writes.locks import LOCK_TIMEOUT_MS

# Kept at least this long (README "Sent twice, done once"); the daily run removes older keys.
KEEP = timedelta(hours=72)
# A repeat waits for the first request with its key at most this long: the first may
# itself wait for the tournament's lock, then do its work.
CLAIM_WAIT_MS = 3 * LOCK_TIMEOUT_MS

KEY_LENGTH = _("The Idempotency-Key must be %(least)s to %(most)s characters long.")
KEY_USED = _(
    "The Idempotency-Key %(key)s was already used for another request. "
    "Send a new key for a new request."
)
KEY_BUSY = _(
    "The request with the Idempotency-Key %(key)s is still being worked on. "
    "Send it again in a moment."
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
        raise Invalid(KEY_LENGTH % {"least": KEY_MIN, "most": KEY_MAX})
    return key


def once_key_claim(w: Write, claim: Claim) -> IdempotentRequest | None:
    """Claim the key for this request: None when it is new (do the work, then
    store the answer), else the stored answer of its first request. Raises
    :class:`Invalid` when the key was used by another user, for another
    operation or with another body, and a 409 when its first request is still
    running after :data:`CLAIM_WAIT_MS`."""
    try:
        with w.attempt():
            _wait_at_most(CLAIM_WAIT_MS)
            IdempotentRequest.objects.create(
                key=claim.key,
                user_id=claim.user_id,
                operation=claim.operation,
                body_hash=claim.body_hash,
            )
        return None
    except IntegrityError:
        stored = IdempotentRequest.objects.filter(key=claim.key).first()
    except OperationalError as exc:  # waited too long for the first request
        raise Busy(KEY_BUSY % {"key": claim.key}) from exc
    if stored is None:  # removed by the daily run between the two statements
        return once_key_claim(w, claim)
    if (stored.user_id, stored.operation, stored.body_hash) != (
        claim.user_id,
        claim.operation,
        claim.body_hash,
    ):
        raise Invalid(KEY_USED % {"key": claim.key})
    return stored


def _wait_at_most(milliseconds: int) -> None:
    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            cursor.execute(f"SET LOCAL lock_timeout = '{int(milliseconds)}ms'")


def once_answer_store(
    key: str, *, status: int, content_type: str = "", body: str = "", location: str = ""
) -> None:
    """Keep the answer on the key claimed in this transaction."""
    IdempotentRequest.objects.filter(key=key).update(
        status=status, content_type=content_type[:100], body=body, location=location[:2000]
    )


def once_key_release(key: str) -> None:
    """The answer is not one to repeat (a refusal of the moment): the key is free again."""
    IdempotentRequest.objects.filter(key=key).delete()


def once_keys_expire(*, now: datetime | None = None) -> int:
    """Remove the keys older than :data:`KEEP`; how many. A second run finds none."""
    before = (now or timezone.now()) - KEEP
    removed, _by_model = IdempotentRequest.objects.filter(created_at__lt=before).delete()
    return removed
