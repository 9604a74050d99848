"""The tournament's place on the room's schedule and its pre-registration settings
(README "Pre-registration and the schedule"), kept beside ``tournament.models``."""

from __future__ import annotations

from django.db import models
from django.utils.translation import gettext_lazy as _

__all__ = ["OriginFields", "ScheduleFields"]


class ScheduleFields(models.Model):
    """When the tournament starts, whether the public schedule lists it, and the
    players' pre-registration from their phones."""

    starts_at = models.DateTimeField(_("starts at"), null=True, blank=True)
    # README "Finish on time: hard stop": play must be over by then.
    hard_stop = models.DateTimeField(
        _("hard stop"),
        null=True,
        blank=True,
        help_text=_("Play must be over by then; the director is warned when it will not be."),
    )
    listed = models.BooleanField(
        _("on the schedule"), default=False, help_text=_("Listed on the room's public schedule.")
    )
    pre_registration_open = models.BooleanField(
        _("pre-registration open"),
        default=False,
        help_text=_("Players may pre-register from their phones (needs the schedule listing)."),
    )
    pre_registration_capacity = models.PositiveIntegerField(
        _("pre-registration places"),
        null=True,
        blank=True,
        help_text=_("Players; empty: the seats of its tables. Later ones go on the waiting list."),
    )
    check_in_deadline_minutes = models.PositiveSmallIntegerField(
        _("check-in deadline (minutes before the start)"),
        default=15,
        help_text=_("Pre-registrations not checked in by then are released to the waiting list."),
    )

    class Meta:
        abstract = True


class OriginFields(models.Model):
    """Where the tournament was run (README "Importing TD3 files"): a finished
    evening read from another program's file is history, the pages offer no
    live action on it and its prizes were paid by that file. Blank: run here."""

    imported_from = models.CharField(_("imported from"), max_length=20, blank=True, default="")

    class Meta:
        abstract = True
