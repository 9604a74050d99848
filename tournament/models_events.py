"""Multi-day events: Day 1 flights, bags, later days (README "Events: flights, bags and the next day").

Imported at the end of ``tournament.models``. Each flight and each later day
is a tournament of its own (clock, tables, registration) that points to its
event and says which day it is. The day's end bags every remaining player's
count; the next day is drawn from the bags as the event's stack rule says.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

__all__ = ["Bag", "Event"]


class Event(models.Model):
    """A main event: several Day 1 flights and the days after them."""

    class StackRule(models.TextChoices):
        # What a player who bagged in two flights takes into the next day.
        FIRST = "first", _("First bag only: no second flight after bagging")
        BEST = "best", _("Best bag: the biggest goes on, the others are forfeited")
        CUMULATIVE = "cumulative", _("Cumulative: his bags are added")

    name = models.CharField(_("name"), max_length=120)
    stack_rule = models.CharField(
        _("stack rule"), max_length=12, choices=StackRule.choices, default=StackRule.BEST
    )
    created_at = models.DateTimeField(auto_now_add=True)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )

    class Meta:
        ordering = ["-created_at", "-id"]
        verbose_name = _("event")
        verbose_name_plural = _("events")

    def __str__(self) -> str:
        return self.name


class Bag(models.Model):
    """One player's chips bagged at the end of a day: the count, the bag number,
    who verified it. The next day takes it on (``carried_to``) or, under the
    best-bag rule, forfeits it."""

    tournament = models.ForeignKey(
        "tournament.Tournament", on_delete=models.CASCADE, related_name="bags"
    )
    entry = models.OneToOneField("tournament.Entry", on_delete=models.CASCADE, related_name="bag")
    chips = models.PositiveBigIntegerField(_("chips"))
    number = models.PositiveIntegerField(_("bag number"))
    verified_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    bagged_at = models.DateTimeField(auto_now_add=True)
    # The entry of the next day this bag went on with (a cumulative stack takes
    # several); None until that day is drawn.
    carried_to = models.ForeignKey(
        "tournament.Entry",
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="carried_from",
    )
    forfeited = models.BooleanField(default=False)

    class Meta:
        ordering = ["number"]
        verbose_name = _("bag")
        verbose_name_plural = _("bags")
        constraints = [
            models.UniqueConstraint(fields=["tournament", "number"], name="bag_number_unique"),
            models.CheckConstraint(
                condition=Q(forfeited=False) | Q(carried_to__isnull=True),
                name="forfeited_bag_not_carried",
            ),
        ]
