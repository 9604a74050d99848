"""What a room must keep about its players' data (README "Player data"): consent to be
contacted, and a log of exports, erasures and withdrawals that never holds
the data it is about. Imported at the end of ``tournament.models``."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

__all__ = ["PrivacyLog"]


class PrivacyLog(models.Model):
    """Who did what with a player's data, and when; erased data is never written here.
    Written with its line in the audit trail (``tournament.audit.privacy_record``)."""

    class Kind(models.TextChoices):
        CONSENT_GIVEN = "consent_given", _("Consent given")
        CONSENT_WITHDRAWN = "consent_withdrawn", _("Consent withdrawn")
        EXPORT = "export", _("Data exported")
        ERASURE = "erasure", _("Player erased")
        RETENTION = "retention", _("Contact data removed after the retention period")
        CONTACT_REMOVED = "contact_removed", _("Contact data removed: no consent on file")
        CONTACT_READ = "contact_read", _("Contact data shown in the player search")

    player = models.ForeignKey(
        "tournament.Player", on_delete=models.CASCADE, related_name="privacy_log"
    )
    kind = models.CharField(max_length=20, choices=Kind.choices)
    note = models.CharField(_("reason"), max_length=500, blank=True)
    by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-at", "-id"]
        verbose_name = _("privacy log entry")
        verbose_name_plural = _("privacy log")
