"""What an import remembers of where a row came from (README "Importing TD3 files").

A tournament imported from a TD3 save file keeps the file's tournament UUID
(importing it again finds it) and the SHA-256 of the file's bytes (the same
file again changes nothing; a later save of the same tournament replaces its
rows). A player keeps the UUIDs TD3 gave him, so the next file finds him.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from tournament.models import Player, Tournament


class Td3TournamentLink(models.Model):
    tournament = models.OneToOneField(Tournament, on_delete=models.CASCADE, related_name="td3_link")
    td3_uuid = models.CharField(_("TD3 tournament UUID"), max_length=64, unique=True)
    sha256 = models.CharField(_("SHA-256 of the file"), max_length=64)
    filename = models.CharField(_("file name"), max_length=255, blank=True)
    # When TD3 started the tournament (None: the file does not say).
    started_at = models.DateTimeField(_("started"), null=True, blank=True)
    imported_at = models.DateTimeField(_("imported"))
    imported_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )

    class Meta:
        verbose_name = _("imported TD3 tournament")
        verbose_name_plural = _("imported TD3 tournaments")

    def __str__(self) -> str:
        return self.td3_uuid


class Td3PlayerLink(models.Model):
    td3_uuid = models.CharField(_("TD3 player UUID"), max_length=64, unique=True)
    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="td3_links")
    linked_at = models.DateTimeField(_("linked"), auto_now_add=True)

    class Meta:
        verbose_name = _("TD3 player")
        verbose_name_plural = _("TD3 players")

    def __str__(self) -> str:
        return self.td3_uuid
