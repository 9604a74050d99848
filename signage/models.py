"""A named screen: what one TV of the room shows (README "Named screens")."""

from __future__ import annotations

from typing import Any

from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

OVERVIEW = "today"  # every running tournament, in place of a layout
DEFAULT_LAYOUT = "clock"


def _no_rotation() -> list[dict[str, Any]]:
    return []


def _no_sound() -> dict[str, Any]:
    return {}


def _no_look() -> dict[str, str]:
    return {}


class Screen(models.Model):
    class Language(models.TextChoices):
        GERMAN = "de", "Deutsch"
        ENGLISH = "en", "English"

    name = models.CharField(_("name"), max_length=80, unique=True)
    # What the TV opens, /s/<code>: short to type, too many to guess.
    code = models.CharField(_("code"), max_length=16, unique=True)
    # The layout it shows (README "Screen layouts and the room's look"); none: the
    # board's clock layout. `overview`: the "today" overview instead of a layout.
    layout = models.ForeignKey(
        "layouts.Layout",
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="screens",
        verbose_name=_("layout"),
    )
    overview = models.BooleanField(_("today's overview"), default=False)
    tournaments = models.ManyToManyField(
        "tournament.Tournament", related_name="screens", blank=True, verbose_name=_("tournaments")
    )
    language = models.CharField(
        _("language"), max_length=5, choices=Language.choices, default=Language.GERMAN
    )
    # [{layout, seconds}]: the views the screen turns through; empty: the layout alone.
    # `layout` names a layout as the API does: a preset key, an id, or "today".
    rotation = models.JSONField(_("rotation"), default=_no_rotation, blank=True)
    # {events: [...], volume: 0-100, voice: "de"|"en", chime: bool}
    sound = models.JSONField(_("sound"), default=_no_sound, blank=True)
    # {background_colour, text_colour, accent_colour, tile_colour, font, message}:
    # those set stand in for the room's look on this screen (README "Named screens").
    look = models.JSONField(_("look"), default=_no_look, blank=True)
    # The one screen of the room that plays sounds and speaks.
    speaker = models.BooleanField(_("speaks for the room"), default=False)
    # Bumped by every change of the settings; the TV compares it.
    settings_version = models.PositiveIntegerField(default=1)
    last_seen = models.DateTimeField(_("last seen"), null=True, blank=True)
    showing = models.CharField(_("showing"), max_length=200, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        verbose_name = _("screen")
        verbose_name_plural = _("screens")
        ordering = ["name"]
        constraints = [
            models.UniqueConstraint(
                fields=["speaker"], condition=Q(speaker=True), name="signage_one_speaker"
            )
        ]

    def __str__(self) -> str:
        return self.name

    @property
    def layout_value(self) -> str:
        """The layout as the API names it: "today", a preset key or a layout's id."""
        if self.overview:
            return OVERVIEW
        if self.layout is None:
            return DEFAULT_LAYOUT
        return self.layout.preset or str(self.layout.pk)
