"""Bounty settings and payments (README "Events: flights, bags and the next day").

Imported at the end of ``tournament.models``; the arithmetic lives in
``tournament.rules.bounties``, the writes in ``tournament.services.bounties``,
the reads in ``tournament.selectors``.
"""

from __future__ import annotations

from decimal import Decimal

from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

__all__ = ["BountyPayment", "BountySettings"]

MONEY = {"max_digits": 12, "decimal_places": 2}


class BountySettings(models.Model):
    """The bounty a tournament plays for; no row: no bounties.

    The bounty is paid on top of the buy-in (buy-in + bounty + fee) and never
    goes into the prize pool, except a disqualified player's."""

    class Kind(models.TextChoices):
        NONE = "none", _("No bounties")
        KNOCKOUT = "knockout", _("Knockout (fixed bounty)")
        PROGRESSIVE = "progressive", _("Progressive knockout")
        MYSTERY = "mystery", _("Mystery bounty")

    tournament = models.OneToOneField(
        "tournament.Tournament",
        on_delete=models.CASCADE,
        primary_key=True,
        related_name="bounty_settings",
    )
    kind = models.CharField(_("bounty"), max_length=12, choices=Kind.choices, default=Kind.NONE)
    amount = models.DecimalField(
        _("bounty per entry"),
        default=Decimal(0),
        validators=[MinValueValidator(Decimal(0))],
        **MONEY,
    )
    progressive_share = models.PositiveSmallIntegerField(
        _("share paid in cash (%)"),
        default=50,
        validators=[MaxValueValidator(100)],
        help_text=_("Progressive knockout: the rest goes onto the eliminator's own bounty."),
    )
    mystery_prizes = models.JSONField(_("mystery bounties"), default=list, blank=True)
    mystery_start_level = models.PositiveSmallIntegerField(
        _("mystery bounties from level"), null=True, blank=True
    )
    mystery_start_in_money = models.BooleanField(
        _("mystery bounties once in the money"), default=False
    )

    class Meta:
        verbose_name = _("bounty settings")
        verbose_name_plural = _("bounty settings")
        constraints = [
            models.CheckConstraint(
                condition=Q(amount__gte=0, progressive_share__lte=100),
                name="bounty_settings_in_range",
            )
        ]

    @property
    def active(self) -> bool:
        return self.kind != self.Kind.NONE


class BountyPayment(models.Model):
    """One eliminator's part of one bounty, or a bounty gone to the pool (a
    disqualification) or to the winner (his own). Undoing the bust deletes its
    rows; a player's current bounty is the base plus what was added to it."""

    class Kind(models.TextChoices):
        KNOCKOUT = "knockout", _("Knockout")
        PROGRESSIVE = "progressive", _("Progressive knockout")
        MYSTERY = "mystery", _("Mystery bounty")
        OWN = "own", _("Own bounty (winner)")
        TO_POOL = "to_pool", _("To the prize pool (disqualified)")

    tournament = models.ForeignKey(
        "tournament.Tournament", on_delete=models.CASCADE, related_name="bounty_payments"
    )
    victim = models.ForeignKey(
        "tournament.Entry", on_delete=models.CASCADE, related_name="bounties_paid"
    )
    eliminator = models.ForeignKey(
        "tournament.Entry",
        null=True,
        blank=True,
        on_delete=models.CASCADE,
        related_name="bounties_won",
    )
    kind = models.CharField(max_length=12, choices=Kind.choices)
    cash = models.DecimalField(default=Decimal(0), **MONEY)
    added = models.DecimalField(default=Decimal(0), **MONEY)
    # Mystery: the position in the prize list of the prize drawn.
    prize_index = models.PositiveIntegerField(null=True, blank=True)
    at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["id"]
        indexes = [models.Index(fields=["tournament", "eliminator"])]
        constraints = [
            models.CheckConstraint(
                condition=Q(cash__gte=0, added__gte=0), name="bounty_payment_not_negative"
            ),
            models.UniqueConstraint(
                fields=["tournament", "prize_index"],
                condition=Q(prize_index__isnull=False),
                name="mystery_prize_drawn_once",
            ),
        ]
