"""Satellites and pots (README "Satellites and tickets", "Pots").

Imported at the end of ``cashdesk.models``. A satellite's settings say which
tournament or event its tickets buy into and what each is worth; the room's
ticket setting says whether a ticket worth more than a buy-in leaves change.
A pot collects what tournaments keep back from their pools (a season final, a
jackpot); its movements are append-only and its balance is their sum.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from tournament.models import Tournament
from tournament.models_events import Event

__all__ = ["Pot", "PotMovement", "PrizesFixed", "SatelliteSettings", "TicketRoomSettings"]

MONEY = {"max_digits": 12, "decimal_places": 2}


class SatelliteSettings(models.Model):
    """A tournament that pays its prizes as tickets (one row per satellite)."""

    class Remainder(models.TextChoices):
        NEXT_PLACE = "next_place", _("In cash to the next place")
        SPLIT = "split", _("Split among the ticket winners")

    tournament = models.OneToOneField(
        Tournament, on_delete=models.CASCADE, primary_key=True, related_name="satellite"
    )
    target_tournament = models.ForeignKey(
        Tournament, null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )
    target_event = models.ForeignKey(
        Event, null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )
    ticket_value = models.DecimalField(_("ticket value"), **MONEY)
    remainder = models.CharField(
        _("remainder"), max_length=12, choices=Remainder.choices, default=Remainder.NEXT_PLACE
    )
    tickets = models.PositiveIntegerField(
        _("tickets at most"), null=True, blank=True, help_text=_("Empty: as many as the pool buys.")
    )
    cash_places = models.JSONField(_("places paid in cash instead"), default=list, blank=True)
    expires = models.DateField(_("tickets expire"), null=True, blank=True)

    class Meta:
        verbose_name = _("satellite")
        verbose_name_plural = _("satellites")
        constraints = [
            models.CheckConstraint(condition=Q(ticket_value__gt=0), name="ticket_value_positive"),
        ]


class TicketRoomSettings(models.Model):
    """The room's rule for tickets: a cheaper target leaves change or not."""

    id = models.PositiveSmallIntegerField(primary_key=True, default=1)
    ticket_change = models.BooleanField(
        _("a ticket worth more than the buy-in leaves change"), default=False
    )

    class Meta:
        verbose_name = _("ticket settings")
        verbose_name_plural = _("ticket settings")

    @classmethod
    def current(cls) -> TicketRoomSettings:
        room, _made = cls.objects.get_or_create(pk=1)
        return room


class Pot(models.Model):
    """A named pot: season final, jackpot ... Its balance is its movements' sum."""

    name = models.CharField(_("name"), max_length=120, unique=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["name", "id"]
        verbose_name = _("pot")
        verbose_name_plural = _("pots")

    def __str__(self) -> str:
        return self.name


class PotMovement(models.Model):
    """Money into a pot (kept back by a tournament) or out of it (paid out,
    moved into a tournament's prize pool). Written once, never changed."""

    pot = models.ForeignKey(Pot, on_delete=models.PROTECT, related_name="movements")
    amount = models.DecimalField(_("amount"), **MONEY)
    tournament = models.ForeignKey(
        Tournament, null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )
    ledger_row = models.OneToOneField(
        "cashdesk.LedgerRow",
        null=True,
        blank=True,
        on_delete=models.PROTECT,
        related_name="pot_movement",
    )
    reason = models.CharField(_("reason"), max_length=200, blank=True)
    by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )
    at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["id"]
        verbose_name = _("pot movement")
        verbose_name_plural = _("pot movements")

    def save(self, *args, **kwargs):  # type: ignore[no-untyped-def]
        if self.pk is not None and not self._state.adding:
            raise TypeError("PotMovement is append-only")
        super().save(*args, **kwargs)


class PrizesFixed(models.Model):
    """The prizes of a finished tournament are fixed: its tickets were issued, its
    overlay and kept-back money booked (once per tournament)."""

    tournament = models.OneToOneField(
        Tournament, on_delete=models.PROTECT, primary_key=True, related_name="prizes_fixed"
    )
    by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )
    at = models.DateTimeField(auto_now_add=True)

    class Meta:
        verbose_name = _("prizes fixed")
        verbose_name_plural = _("prizes fixed")
