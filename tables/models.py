from __future__ import annotations

from typing import Any

from django.conf import settings
from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
from django.db.models import F, Q
from django.utils.translation import gettext_lazy as _


class Table(models.Model):
    class Status(models.TextChoices):
        OPEN = "open", _("Open")
        BROKEN = "broken", _("Broken")
        CLOSED = "closed", _("Not opened")

    tournament = models.ForeignKey(
        "tournament.Tournament", on_delete=models.CASCADE, related_name="tables"
    )
    number = models.PositiveIntegerField(_("table number"))
    seats = models.PositiveSmallIntegerField(
        _("seats"), validators=[MinValueValidator(2), MaxValueValidator(10)]
    )
    status = models.CharField(max_length=8, choices=Status.choices, default=Status.OPEN)
    # Lower numbers break first; the last table in this order becomes the final table.
    break_order = models.PositiveIntegerField(_("breaking order"), default=0)
    button_seat = models.PositiveSmallIntegerField(null=True, blank=True)
    small_blind_seat = models.PositiveSmallIntegerField(null=True, blank=True)
    big_blind_seat = models.PositiveSmallIntegerField(null=True, blank=True)
    hand = models.PositiveIntegerField(_("hand"), default=0)
    halted = models.BooleanField(_("halted"), default=False)
    hand_finished = models.BooleanField(default=False)
    # Players sitting here now (seats with an entry), kept by the database's
    # triggers on the seats (tables/counts.py): the planner reads the size of
    # 1,100 tables from their rows instead of scanning every seat. No code
    # writes it; save() leaves it out, so a table read before its seats changed
    # cannot put back a stale count.
    seated = models.PositiveSmallIntegerField(default=0)

    class Meta:
        ordering = ["number"]
        verbose_name = _("table")
        verbose_name_plural = _("tables")
        constraints = [
            models.UniqueConstraint(fields=["tournament", "number"], name="table_number_unique"),
            models.CheckConstraint(condition=Q(seats__gte=2, seats__lte=10), name="seats_2_to_10"),
            models.CheckConstraint(
                condition=Q(button_seat__isnull=True) | Q(button_seat__lte=F("seats")),
                name="button_on_the_table",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.number}"

    def save(self, *args: Any, **kwargs: Any) -> None:
        if not self._state.adding and kwargs.get("update_fields") is None:
            kwargs["update_fields"] = [
                f.name
                for f in self._meta.concrete_fields
                if not f.primary_key and f.name != "seated"
            ]
        super().save(*args, **kwargs)


class Seat(models.Model):
    """A physical seat. Its entry is unique: one entry per seat, one seat per entry."""

    # The (table, number) constraint's index serves it (README "Benchmarks").
    table = models.ForeignKey(
        Table, on_delete=models.CASCADE, related_name="seat_set", db_index=False
    )
    number = models.PositiveSmallIntegerField(
        _("seat"), validators=[MinValueValidator(1), MaxValueValidator(10)]
    )
    entry = models.OneToOneField(
        "tournament.Entry", null=True, blank=True, on_delete=models.SET_NULL, related_name="seat"
    )

    class Meta:
        ordering = ["table__number", "number"]
        constraints = [
            models.UniqueConstraint(fields=["table", "number"], name="seat_number_unique"),
        ]

    def __str__(self) -> str:
        return f"{self.table.number}/{self.number}"


class Move(models.Model):
    class Reason(models.TextChoices):
        BALANCE = "balance", _("Balancing")
        BREAK = "break", _("Table break")
        FINAL_TABLE = "final_table", _("Final table")
        MANUAL = "manual", _("Manual")
        # A bust undone into another seat than his old one: he walks in from the rail.
        UNBUST = "unbust", _("Bust undone")

    class Status(models.TextChoices):
        PENDING = "pending", _("Pending")
        DONE = "done", _("Done")
        CANCELLED = "cancelled", _("Cancelled")

    tournament = models.ForeignKey(
        "tournament.Tournament", on_delete=models.CASCADE, related_name="moves"
    )
    entry = models.ForeignKey("tournament.Entry", on_delete=models.CASCADE, related_name="moves")
    from_table = models.ForeignKey(
        Table, null=True, blank=True, on_delete=models.CASCADE, related_name="+"
    )
    from_seat = models.PositiveSmallIntegerField(null=True, blank=True)
    to_table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="incoming_moves")
    to_seat = models.PositiveSmallIntegerField()
    reason = models.CharField(max_length=12, choices=Reason.choices)
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.PENDING)
    wait_for_button = models.BooleanField(default=False)
    created_at = models.DateTimeField(auto_now_add=True)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    finished_at = models.DateTimeField(null=True, blank=True)
    finished_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )

    class Meta:
        ordering = ["id"]
        constraints = [
            # A pending move reserves its destination seat: nobody else may plan into it.
            models.UniqueConstraint(
                fields=["to_table", "to_seat"],
                condition=Q(status="pending"),
                name="one_pending_move_per_seat",
            ),
            models.UniqueConstraint(
                fields=["entry"], condition=Q(status="pending"), name="one_pending_move_per_entry"
            ),
        ]
        indexes = [
            # Every bust reads the pending moves; a long event keeps thousands done.
            models.Index(
                fields=["tournament"],
                condition=Q(status="pending"),
                name="pending_moves_of_tournament",
            ),
        ]


class SeatChange(models.Model):
    """History of every seat change: draw, late seat, move, break, final table, manual."""

    tournament = models.ForeignKey(
        "tournament.Tournament", on_delete=models.CASCADE, related_name="seat_changes"
    )
    entry = models.ForeignKey("tournament.Entry", on_delete=models.CASCADE, related_name="+")
    from_table = models.PositiveIntegerField(null=True, blank=True)
    from_seat = models.PositiveSmallIntegerField(null=True, blank=True)
    to_table = models.PositiveIntegerField(null=True, blank=True)
    to_seat = models.PositiveSmallIntegerField(null=True, blank=True)
    reason = models.CharField(max_length=16)
    at = models.DateTimeField(auto_now_add=True)
    by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )

    class Meta:
        ordering = ["-id"]


class KeepApart(models.Model):
    tournament = models.ForeignKey(
        "tournament.Tournament", on_delete=models.CASCADE, related_name="keep_apart_pairs"
    )
    first = models.ForeignKey("tournament.Entry", on_delete=models.CASCADE, related_name="+")
    second = models.ForeignKey("tournament.Entry", on_delete=models.CASCADE, related_name="+")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["first", "second"], name="keep_apart_pair_unique"),
            models.CheckConstraint(condition=Q(first__lt=F("second")), name="keep_apart_ordered"),
        ]


class HandForHand(models.Model):
    """Hand-for-hand play near the money: which hand all tables are on together.

    Busts in the same hand-for-hand hand at different tables count as one hand
    for finishing places.
    """

    tournament = models.OneToOneField(
        "tournament.Tournament", on_delete=models.CASCADE, related_name="hand_for_hand_state"
    )
    hand = models.PositiveIntegerField(default=0)
    bust_group = models.PositiveIntegerField(null=True, blank=True)


class ChipCount(models.Model):
    """One player's chips as the floor counted them: who counted, when, in which
    level. The latest count of an entry is his stack; earlier ones stay as the
    record (a count is never changed, a new one is entered)."""

    tournament = models.ForeignKey(
        "tournament.Tournament", on_delete=models.CASCADE, related_name="chip_counts"
    )
    entry = models.ForeignKey(
        "tournament.Entry", on_delete=models.CASCADE, related_name="chip_counts"
    )
    chips = models.PositiveBigIntegerField(_("chips"))
    table_number = models.PositiveIntegerField(null=True, blank=True)
    seat_number = models.PositiveSmallIntegerField(null=True, blank=True)
    level = models.PositiveIntegerField(_("level"), null=True, blank=True)  # the level played
    counted_at = models.DateTimeField(auto_now_add=True)
    counted_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )

    # The entry's current count: the leaders and the check read only these rows
    # (one per entry, kept by the count services under the tournament lock).
    latest = models.BooleanField(default=False)

    class Meta:
        indexes = [
            models.Index(fields=["tournament", "entry", "-counted_at"]),
            models.Index(
                fields=["tournament", "-chips"],
                condition=models.Q(latest=True),
                name="chip_count_leaders",
            ),
        ]
        constraints = [
            models.UniqueConstraint(
                fields=["entry"], condition=models.Q(latest=True), name="one_latest_chip_count"
            )
        ]


class ColourUpRecord(models.Model):
    """What a colour-up changed at one table: the value of the chips at stake
    before and after (a chip race or rounding up moves the chips in play a
    little); the count check adds it to the chips in play (README "Events: flights, bags and the next day")."""

    tournament = models.ForeignKey(
        "tournament.Tournament", on_delete=models.CASCADE, related_name="colour_ups"
    )
    table_number = models.PositiveIntegerField()
    removed = models.PositiveIntegerField(_("chip value removed"))
    chips_before = models.PositiveBigIntegerField()
    chips_after = models.PositiveBigIntegerField()
    recorded_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    recorded_at = models.DateTimeField(auto_now=True)

    class Meta:
        constraints = [
            # Worked out again, the colour-up of a table replaces its record.
            models.UniqueConstraint(
                fields=["tournament", "table_number", "removed"], name="one_colour_up_per_table"
            )
        ]


class FloorConflict(models.Model):
    """An action a floor tablet took while offline that the server refused when
    the tablet sent its queue (README "When the network drops"): kept with what
    was tried, by whom, when, and why not, until a director resolves it."""

    class How(models.TextChoices):
        APPLIED_DIFFERENTLY = "applied_differently", _("Applied differently")
        DISCARDED = "discarded", _("Discarded")

    tournament = models.ForeignKey(
        "tournament.Tournament", on_delete=models.CASCADE, related_name="floor_conflicts"
    )
    # The action's Idempotency-Key: one conflict per key and tournament, whatever
    # the tablet sends again. Empty when the tablet sent none.
    key = models.CharField(max_length=100, blank=True)
    method = models.CharField(max_length=10)
    path = models.CharField(max_length=300)
    action = models.CharField(max_length=40)  # "bust", "move_done", ... from the path
    body = models.JSONField(default=dict, blank=True)
    # Who and what the action named, read when it was refused ({"name", "table", ...}).
    facts = models.JSONField(default=dict, blank=True)
    by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    device = models.CharField(max_length=100, blank=True)
    device_time = models.DateTimeField(null=True, blank=True)
    received_at = models.DateTimeField()
    status = models.PositiveSmallIntegerField()  # the refusal's HTTP status
    # The refusal's words by language code ({"en": ..., "de": ...}); ``language``
    # is the one the tablet asked in, the fallback for any other.
    message = models.JSONField(default=dict, blank=True)
    language = models.CharField(max_length=10, blank=True)
    resolved_how = models.CharField(max_length=20, choices=How.choices, blank=True)
    resolved_reason = models.CharField(max_length=200, blank=True)
    resolved_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    resolved_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["id"]
        constraints = [
            models.UniqueConstraint(
                fields=["tournament", "key"],
                condition=~Q(key=""),
                name="floor_conflict_key_unique",
            )
        ]
        indexes = [
            models.Index(fields=["tournament", "resolved_at"], name="floor_conflict_open"),
        ]

    @property
    def is_open(self) -> bool:
        return self.resolved_at is None
