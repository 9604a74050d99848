"""The answers kept for one-time keys (README "Sent twice, done once"): a write sent
with an ``Idempotency-Key`` header, or a page form with its hidden one-time key,
stores its answer here in the write's own transaction; the same key sent again
gets that answer and changes nothing. Imported at the end of ``tournament.models``."""

from __future__ import annotations

from django.conf import settings
from django.db import models

__all__ = ["IdempotentRequest"]

KEY_MIN, KEY_MAX = 8, 100


class IdempotentRequest(models.Model):
    """One key and the answer its first request got. Keys are unique across
    users: the same key from another user is refused (422), never answered."""

    # Unique by a constraint, not ``unique=True``: that would add a second index on
    # PostgreSQL (for LIKE) that no query uses and every keyed write fills.
    key = models.CharField(max_length=KEY_MAX)
    # No foreign key and no index in the database: the key's check at every
    # keyed write's commit and the index's upkeep are part of a key's cost
    # (README "Benchmarks"); Django still removes a removed user's keys with
    # him, reading the 72 hours of keys once.
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.CASCADE,
        related_name="+",
        db_constraint=False,
        db_index=False,
    )
    # "POST /api/v1/tournaments/3/entries": the same key for another operation is refused.
    operation = models.CharField(max_length=300)
    body_hash = models.CharField(max_length=64)
    status = models.PositiveSmallIntegerField(default=0)
    content_type = models.CharField(max_length=100, blank=True)
    body = models.TextField(blank=True)
    # A page form's answer is a redirect: its target, shown again to a repeat.
    location = models.CharField(max_length=2000, blank=True)
    created_at = models.DateTimeField(auto_now_add=True, db_index=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["key"], name="once_key_unique")]

    def __str__(self) -> str:
        return f"{self.key} ({self.operation})"
