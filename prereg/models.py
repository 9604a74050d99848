"""A player's pre-registration for a listed tournament (README "Pre-registration and
the schedule"): who, the place on the field or the waiting list, the personal link
(``token``) and the short code the desk types or scans."""

from __future__ import annotations

import secrets

from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

__all__ = [
    "CODE_ALPHABET",
    "CODE_LENGTH",
    "NAME_MAX",
    "EntryLink",
    "PreRegistration",
    "new_code",
    "new_token",
]

# No 0/O, 1/I/L, 5/S, 2/Z, 8/B: a code read aloud or typed from a phone is never ambiguous.
CODE_ALPHABET = "ACDEFGHJKMNPQRTUVWXY34679"
CODE_LENGTH = 6
NAME_MAX = 80


def new_token() -> str:
    """The personal link's secret: 32 random bytes, URL-safe (43 characters)."""
    return secrets.token_urlsafe(32)


def new_code() -> str:
    return "".join(secrets.choice(CODE_ALPHABET) for _i in range(CODE_LENGTH))


class PreRegistration(models.Model):
    class Status(models.TextChoices):
        REGISTERED = "registered", _("Pre-registered")
        WAITING = "waiting", _("Waiting list")
        CANCELLED = "cancelled", _("Cancelled")
        RELEASED = "released", _("Released (not checked in in time)")
        CHECKED_IN = "checked_in", _("Checked in")

    tournament = models.ForeignKey(
        "tournament.Tournament", on_delete=models.CASCADE, related_name="pre_registrations"
    )
    name = models.CharField(_("name"), max_length=NAME_MAX)
    # Contact data only with the player's consent (README "Player data"); never public.
    phone = models.CharField(_("phone"), max_length=40, blank=True)
    email = models.EmailField(_("e-mail"), blank=True)
    consent = models.BooleanField(_("contact data may be kept"), default=False)
    status = models.CharField(
        _("status"), max_length=12, choices=Status.choices, default=Status.REGISTERED
    )
    # 1, 2, 3 ... on the waiting list; None for everyone else.
    position = models.PositiveIntegerField(_("waiting list position"), null=True, blank=True)
    token = models.CharField(max_length=64, unique=True, default=new_token, editable=False)
    code = models.CharField(_("code"), max_length=CODE_LENGTH, default=new_code)
    # Plain-letter key of the name for the duplicate check and the desk's search.
    name_key = models.CharField(max_length=200, blank=True, editable=False, db_index=True)
    phone_key = models.CharField(max_length=40, blank=True, editable=False)
    entry = models.ForeignKey(
        "tournament.Entry",
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="pre_registrations",
    )
    duplicate_of = models.ForeignKey(
        "self", null=True, blank=True, on_delete=models.SET_NULL, related_name="duplicates"
    )
    # Revoked by the desk: the personal link no longer answers.
    revoked_at = models.DateTimeField(_("link revoked"), null=True, blank=True)
    # When the player moved from the waiting list into the field (his page says so).
    moved_up_at = models.DateTimeField(null=True, blank=True)
    checked_in_at = models.DateTimeField(null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["created_at", "id"]
        verbose_name = _("pre-registration")
        verbose_name_plural = _("pre-registrations")
        indexes = [models.Index(fields=["tournament", "status"], name="prereg_tournament_status")]
        constraints = [
            models.UniqueConstraint(fields=["tournament", "code"], name="prereg_code_unique"),
            models.UniqueConstraint(
                fields=["tournament", "position"],
                condition=Q(position__isnull=False),
                name="prereg_position_unique",
            ),
            models.CheckConstraint(
                condition=Q(position__isnull=True) | Q(status="waiting"),
                name="prereg_position_only_waiting",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.name} ({self.code})"


class EntryLink(models.Model):
    """A personal link the desk hands to a player who did not pre-register (a walk-in,
    an alternate, a re-entry): it opens his page (README "The player's page"). The
    desk can revoke it; a new one can be made after that."""

    entry = models.ForeignKey(
        "tournament.Entry", on_delete=models.CASCADE, related_name="phone_links"
    )
    token = models.CharField(max_length=64, unique=True, default=new_token, editable=False)
    created_at = models.DateTimeField(auto_now_add=True)
    revoked_at = models.DateTimeField(_("link revoked"), null=True, blank=True)

    class Meta:
        ordering = ["created_at", "id"]
        verbose_name = _("phone link")
        verbose_name_plural = _("phone links")

    def __str__(self) -> str:
        return f"phone link of entry {self.entry_id}"
