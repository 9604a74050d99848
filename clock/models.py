"""Clock data: the structure, the clock as timestamps, the chip set, fired
boundaries, player clock calls and the shot clock. The arithmetic lives in ``clock.rules``."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.db.models.functions import Lower
from django.utils.translation import gettext_lazy as _

from tournament.models import Tournament


class Structure(models.Model):
    """A tournament's blind structure: the API body's ``levels`` list, as JSON."""

    tournament = models.OneToOneField(
        Tournament, on_delete=models.CASCADE, related_name="structure"
    )
    levels = models.JSONField(_("levels"), default=list)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        verbose_name = _("blind structure")
        verbose_name_plural = _("blind structures")

    def __str__(self) -> str:
        return str(self.tournament)


class SavedTemplate(models.Model):
    """A blind structure the room saved to start later tournaments from, beside the
    built-in templates (README "Blind structure templates"). ``levels`` is the API
    body's ``levels`` list, as in :class:`Structure`; names are unique ignoring case."""

    name = models.CharField(_("name"), max_length=120)
    levels = models.JSONField(_("levels"), default=list)
    starting_stack = models.PositiveIntegerField(_("starting stack"), null=True, blank=True)
    # The tournament it was saved from (an imported one, too); kept when that goes.
    source = models.ForeignKey(
        Tournament, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = [Lower("name"), "id"]
        verbose_name = _("saved structure template")
        verbose_name_plural = _("saved structure templates")
        constraints = [
            models.UniqueConstraint(Lower("name"), name="saved_template_name_unique"),
        ]

    def __str__(self) -> str:
        return self.name


class ClockState(models.Model):
    """Where the clock stood at one instant (see ``clock.rules.clock.ClockState``).

    ``remaining_ms`` is the time left in entry ``level_index`` at
    ``running_since`` while running, else now. Nothing ticks.
    """

    class Status(models.TextChoices):
        STOPPED = "stopped", _("Stopped")
        RUNNING = "running", _("Running")
        PAUSED = "paused", _("Paused")
        FINISHED = "finished", _("Finished")

    tournament = models.OneToOneField(Tournament, on_delete=models.CASCADE, related_name="clock")
    status = models.CharField(
        _("status"), max_length=10, choices=Status.choices, default=Status.STOPPED
    )
    level_index = models.PositiveIntegerField(_("level index"), default=0)
    remaining_ms = models.PositiveBigIntegerField(_("remaining (ms)"), default=0)
    running_since = models.DateTimeField(_("running since"), null=True, blank=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        verbose_name = _("clock")
        verbose_name_plural = _("clocks")
        constraints = [
            models.CheckConstraint(
                condition=Q(status="running", running_since__isnull=False)
                | (~Q(status="running") & Q(running_since__isnull=True)),
                name="clock_running_since_iff_running",
            )
        ]

    def __str__(self) -> str:
        return f"{self.tournament}: {self.status}"


class Chip(models.Model):
    """One denomination of the tournament's chip set."""

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="chips")
    value = models.PositiveIntegerField(_("value"))
    colour = models.CharField(_("colour"), max_length=40)
    count = models.PositiveIntegerField(_("count"), default=0)

    class Meta:
        ordering = ["value"]
        verbose_name = _("chip")
        verbose_name_plural = _("chips")
        constraints = [
            models.UniqueConstraint(fields=["tournament", "value"], name="chip_value_unique"),
            models.CheckConstraint(condition=Q(value__gte=1), name="chip_value_positive"),
        ]

    def __str__(self) -> str:
        return f"{self.value} ({self.colour})"


class BoundaryFired(models.Model):
    """A level boundary whose side effects ran: the unique key makes a rerun a no-op."""

    tournament = models.ForeignKey(
        Tournament, on_delete=models.CASCADE, related_name="boundaries_fired"
    )
    key = models.CharField(max_length=80)
    kind = models.CharField(max_length=30)
    level_index = models.PositiveIntegerField()
    at = models.DateTimeField()
    fired_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["at", "id"]
        constraints = [
            models.UniqueConstraint(fields=["tournament", "key"], name="boundary_fired_once")
        ]

    def __str__(self) -> str:
        return self.key


class ClockCall(models.Model):
    """The floor called the clock on a player (TDA 2019 rule 29)."""

    class Status(models.TextChoices):
        ACTIVE = "active", _("Running")
        CANCELLED = "cancelled", _("Cancelled")

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="clock_calls")
    table_number = models.PositiveIntegerField(_("table"))
    seat = models.PositiveSmallIntegerField(_("seat"))
    facing_action = models.BooleanField(_("facing action"), default=True)
    called_at = models.DateTimeField()
    think_ms = models.PositiveIntegerField()
    countdown_ms = models.PositiveIntegerField()
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.ACTIVE)
    called_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    cancelled_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-called_at", "-id"]
        verbose_name = _("clock call")
        verbose_name_plural = _("clock calls")

    def __str__(self) -> str:
        return f"{self.table_number}/{self.seat}"


class ShotClockSettings(models.Model):
    """The optional shot clock of a tournament: a timer on every decision,
    with time-bank extensions per player and playing day."""

    tournament = models.OneToOneField(
        Tournament, on_delete=models.CASCADE, related_name="shot_clock_settings"
    )
    enabled = models.BooleanField(_("shot clock on"), default=False)
    action_seconds = models.PositiveIntegerField(_("seconds per action"), default=30)
    extension_seconds = models.PositiveIntegerField(_("seconds per extension"), default=30)
    extensions_per_day = models.PositiveSmallIntegerField(
        _("extensions per player and day"), default=4
    )

    class Meta:
        verbose_name = _("shot clock settings")
        verbose_name_plural = _("shot clock settings")
        constraints = [
            models.CheckConstraint(
                condition=Q(action_seconds__gte=1, extension_seconds__gte=1),
                name="shot_clock_seconds_positive",
            )
        ]

    def __str__(self) -> str:
        return str(self.tournament)


class TimeBank(models.Model):
    """An entry's time-bank extensions left on one playing day (the tournament's local date)."""

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="time_banks")
    entry = models.ForeignKey("tournament.Entry", on_delete=models.CASCADE, related_name="+")
    day = models.DateField(_("day"))
    extensions_left = models.PositiveSmallIntegerField(_("extensions left"))

    class Meta:
        ordering = ["day", "entry_id"]
        verbose_name = _("time bank")
        verbose_name_plural = _("time banks")
        constraints = [
            models.UniqueConstraint(
                fields=["tournament", "entry", "day"], name="time_bank_once_per_day"
            )
        ]

    def __str__(self) -> str:
        return f"{self.entry_id} {self.day}: {self.extensions_left}"


class ShotClockTurn(models.Model):
    """One decision on the shot clock. The seconds are copied from the settings
    when the turn starts, so a change of settings never moves a running deadline."""

    class Status(models.TextChoices):
        ACTIVE = "active", _("Running")
        STOPPED = "stopped", _("Stopped")

    tournament = models.ForeignKey(
        Tournament, on_delete=models.CASCADE, related_name="shot_clock_turns"
    )
    table_number = models.PositiveIntegerField(_("table"))
    seat = models.PositiveSmallIntegerField(_("seat"))
    entry = models.ForeignKey("tournament.Entry", on_delete=models.CASCADE, related_name="+")
    started_at = models.DateTimeField()
    action_ms = models.PositiveIntegerField()
    extension_ms = models.PositiveIntegerField()
    extensions_used = models.PositiveSmallIntegerField(default=0)
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.ACTIVE)
    started_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    stopped_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-started_at", "-id"]
        verbose_name = _("shot clock turn")
        verbose_name_plural = _("shot clock turns")
        constraints = [
            models.UniqueConstraint(
                fields=["tournament", "table_number"],
                condition=Q(status="active"),
                name="one_shot_clock_turn_per_table",
            )
        ]

    def __str__(self) -> str:
        return f"{self.table_number}/{self.seat}"
