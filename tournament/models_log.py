"""The audit trail's lines and the API's bearer tokens (README "Audit trail", "API").
Imported at the end of ``tournament.models``."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

__all__ = ["ActionLog", "ApiToken"]


class ApiToken(models.Model):
    """A bearer token for API clients; only its SHA-256 is stored."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="api_tokens"
    )
    digest = models.CharField(max_length=64, unique=True)
    created_at = models.DateTimeField(auto_now_add=True)
    last_used_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        verbose_name = _("API token")
        verbose_name_plural = _("API tokens")


class ActionLog(models.Model):
    """Append-only audit trail: who did what, when, with what data (and undo data).

    One trail for the room (README "Audit trail"): a line belongs to one scope
    (``tournament:12``, ``room``, ``cashbox:3`` ...); a tournament's lines also
    name their tournament, the room's leave it empty. Each scope's lines are a
    hash chain (``seq``, ``prev_hash``, ``hash``; ``tournament.rules.audit_chain``).
    Lines are written only through :mod:`tournament.audit`; ``seq`` has no
    default, so a line written past it is refused by the database.
    """

    # No index of its own: the (tournament, kind) index serves it (README "Benchmarks").
    tournament = models.ForeignKey(
        "tournament.Tournament", models.CASCADE, "actions", db_index=False, null=True, blank=True
    )
    scope = models.CharField(max_length=40, default="", editable=False)
    seq = models.PositiveIntegerField(editable=False)
    kind = models.CharField(max_length=40)
    data = models.JSONField(default=dict)
    # The hash covers who wrote the line: a user who wrote the trail is
    # deactivated, never deleted.
    by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )
    # Set by tournament.audit (the hash covers it); an import gives its own times.
    at = models.DateTimeField(default=timezone.now, editable=False)
    prev_hash = models.CharField(max_length=64, blank=True, editable=False)
    hash = models.CharField(max_length=64, editable=False)
    # The data's digest as first written, kept when an erasure rewrote the data.
    sealed = models.CharField(max_length=64, blank=True, default="", editable=False)
    undone_by = models.OneToOneField(
        "self", null=True, blank=True, on_delete=models.SET_NULL, related_name="undoes"
    )

    class Meta:
        ordering = ["-id"]
        indexes = [models.Index(fields=["tournament", "kind"])]
        constraints = [
            # Two writers can never fork a chain (README "Audit trail"); the
            # index also finds a scope's head.
            models.UniqueConstraint(fields=["scope", "seq"], name="actionlog_one_line_per_seq")
        ]
