"""Special prizes and point corrections (README "Special prizes", "Point corrections").

Imported at the end of ``tournament.models``; the services are
``tournament.services.special_prizes`` and ``tournament.services.corrections``.
"""

from __future__ import annotations

from decimal import Decimal

from django.conf import settings
from django.core.validators import MinValueValidator
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

__all__ = ["ResultCorrection", "SpecialPrize"]

MONEY = {"max_digits": 12, "decimal_places": 2}


class SpecialPrize(models.Model):
    """A prize without a place: high hand, a side pot, last longer, a bounty pot.

    Its money comes from the prize pool, the house or a pot (``source``); it is
    awarded to one or more entries (sharing it equally) with a reason, or not
    awarded (yet).
    """

    class Source(models.TextChoices):
        POOL = "pool", _("Prize pool")
        HOUSE = "house", _("House")
        POT = "pot", _("Pot")

    tournament = models.ForeignKey(
        "tournament.Tournament", on_delete=models.CASCADE, related_name="special_prizes"
    )
    name = models.CharField(_("name"), max_length=120)
    amount = models.DecimalField(_("amount"), validators=[MinValueValidator(Decimal(0))], **MONEY)
    source = models.CharField(_("paid from"), max_length=8, choices=Source.choices)
    winners = models.ManyToManyField(
        "tournament.Entry", blank=True, related_name="special_prizes", verbose_name=_("awarded to")
    )
    reason = models.CharField(_("reason"), max_length=200, blank=True)
    awarded_at = models.DateTimeField(null=True, blank=True)
    imported = models.BooleanField(default=False)  # from a TD3 file: an import replaces it
    by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["id"]
        verbose_name = _("special prize")
        verbose_name_plural = _("special prizes")
        constraints = [
            models.CheckConstraint(condition=Q(amount__gte=0), name="special_prize_not_negative")
        ]

    @property
    def awarded(self) -> bool:
        return self.awarded_at is not None


class ResultCorrection(models.Model):
    """League points and hits a director adds to (or takes from) a result, with a reason.

    The points are added to what the season's formula gives the player in the
    tournament; the hits to his hits before the formula runs (``numberOfHits``).
    """

    entry = models.ForeignKey(
        "tournament.Entry", on_delete=models.CASCADE, related_name="corrections"
    )
    points = models.DecimalField(_("points"), max_digits=10, decimal_places=2, default=Decimal(0))
    hits = models.IntegerField(_("hits"), default=0)
    reason = models.CharField(_("reason"), max_length=200)
    imported = models.BooleanField(default=False)  # from a TD3 file: an import replaces it
    by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["id"]
        verbose_name = _("point correction")
        verbose_name_plural = _("point corrections")
