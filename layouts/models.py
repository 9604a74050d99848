"""Layouts of tiles for the display board (README "Screen layouts and the room's look").

A layout's ``tiles`` are checked by :mod:`layouts.rules.tiles` before they are
stored; the five presets carry a ``preset`` key and are copied, never edited.
"""

from __future__ import annotations

from typing import Any

from django.db import models
from django.utils.translation import gettext_lazy as _

from layouts.rules.presets import PRESETS


def _no_tiles() -> list[dict[str, Any]]:
    return []


class Layout(models.Model):
    name = models.CharField(_("name"), max_length=80)
    preset = models.CharField(
        _("preset"),
        max_length=20,
        null=True,
        blank=True,
        unique=True,
        choices=[(key, key) for key in PRESETS],
    )
    tiles = models.JSONField(_("tiles"), default=_no_tiles)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        verbose_name = _("screen layout")
        verbose_name_plural = _("screen layouts")
        ordering = ["preset", "name", "pk"]

    def __str__(self) -> str:
        return self.name


class RoomImage(models.Model):
    """An uploaded picture (logo, background, image tile), kept in the database and
    served by the app itself with its checked type."""

    content_type = models.CharField(max_length=40)
    data = models.BinaryField()
    name = models.CharField(_("name"), max_length=120, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        verbose_name = _("room image")
        verbose_name_plural = _("room images")

    def __str__(self) -> str:
        return self.name or f"#{self.pk}"


class RoomLook(models.Model):
    """The room's look on every tile board: one row."""

    logo = models.ForeignKey(
        RoomImage, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    background = models.ForeignKey(
        RoomImage, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    background_colour = models.CharField(_("background colour"), max_length=7, default="#0b1320")
    text_colour = models.CharField(_("text colour"), max_length=7, default="#f8fafc")
    accent_colour = models.CharField(_("accent colour"), max_length=7, default="#34d399")
    tile_colour = models.CharField(_("tile colour"), max_length=7, default="#14213a")
    font = models.CharField(_("font"), max_length=30, default="system")
    message = models.CharField(_("scrolling message"), max_length=300, blank=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        verbose_name = _("room look")
        verbose_name_plural = _("room look")

    def __str__(self) -> str:
        return str(_("Room look"))

    @classmethod
    def current(cls) -> RoomLook:
        look, _made = cls.objects.get_or_create(pk=1)
        return look
