"""Prize pool, payout structure, deals and league models (issue: payouts).

Imported at the end of ``tournament.models``; the rules that use them live in
``tournament.rules.payouts``, ``deals`` and ``league``, the services in
``tournament.services.payouts``, ``results``, ``deals`` and ``league``.
"""

from __future__ import annotations

from decimal import Decimal

from django.conf import settings
from django.core.validators import MinValueValidator
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

__all__ = [
    "Deal",
    "DealShare",
    "LeagueSeason",
    "PayoutSettings",
    "PrizeAddition",
    "ResultCorrection",
    "SpecialPrize",
]

MONEY = {"max_digits": 12, "decimal_places": 2}
NOT_NEGATIVE = [MinValueValidator(Decimal("0"))]


class LeagueSeason(models.Model):
    """A season of a club or league: tournaments linked to it earn points."""

    class Formula(models.TextChoices):
        LINEAR = "linear", _("One point per entry beaten (linear)")
        SQRT = "sqrt", _("Square root of field size by place")
        TABLE = "table", _("Fixed points table by place")
        TD3 = "td3", _("Own formula (TD3 formula language)")

    name = models.CharField(_("name"), max_length=120)
    formula = models.CharField(
        _("points formula"), max_length=10, choices=Formula.choices, default=Formula.LINEAR
    )
    scale = models.DecimalField(_("scale"), max_digits=8, decimal_places=2, default=Decimal(10))
    table = models.JSONField(_("points by place"), default=list, blank=True)
    participation = models.DecimalField(
        _("points for taking part"), max_digits=8, decimal_places=2, default=Decimal(0)
    )
    best_of = models.PositiveSmallIntegerField(_("best results counted"), null=True, blank=True)
    # The formula text when ``formula`` is "td3" (README "Switching from TD3").
    formula_text = models.TextField(_("formula"), blank=True, default="")
    # The league and season as TD3 named them, so later imports find this season.
    td3_league = models.CharField(_("TD3 league"), max_length=200, blank=True, default="")
    td3_season = models.CharField(_("TD3 season"), max_length=200, blank=True, default="")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-created_at", "-id"]
        verbose_name = _("league season")
        verbose_name_plural = _("league seasons")

    def __str__(self) -> str:
        return self.name


class PayoutSettings(models.Model):
    """Prices, guarantee and payout structure of one tournament (one row per tournament).

    ``percentages`` is the director's own structure (``None``: the template
    for the field size). ``frozen_percentages`` is the template as it stood
    when registration closed; from then on the field no longer changes it.
    """

    class RoundingMode(models.TextChoices):
        DOWN = "down", _("Round down")
        NEAREST = "nearest", _("Round to nearest")

    tournament = models.OneToOneField(
        "tournament.Tournament",
        on_delete=models.CASCADE,
        primary_key=True,
        related_name="payout_settings",
    )
    re_entry_price = models.DecimalField(
        _("re-entry prize share"),
        null=True,
        blank=True,
        validators=NOT_NEGATIVE,
        help_text=_("Empty: as the buy-in."),
        **MONEY,
    )
    re_entry_fee = models.DecimalField(
        _("re-entry fee"),
        null=True,
        blank=True,
        validators=NOT_NEGATIVE,
        help_text=_("Empty: as the entry fee."),
        **MONEY,
    )
    rebuy_price = models.DecimalField(
        _("rebuy prize share"), default=Decimal(0), validators=NOT_NEGATIVE, **MONEY
    )
    rebuy_fee = models.DecimalField(
        _("rebuy fee"), default=Decimal(0), validators=NOT_NEGATIVE, **MONEY
    )
    rebuy_chips = models.PositiveIntegerField(_("rebuy chips"), default=0)
    addon_price = models.DecimalField(
        _("add-on prize share"), default=Decimal(0), validators=NOT_NEGATIVE, **MONEY
    )
    addon_fee = models.DecimalField(
        _("add-on fee"), default=Decimal(0), validators=NOT_NEGATIVE, **MONEY
    )
    addon_chips = models.PositiveIntegerField(_("add-on chips"), default=0)
    rebuy_limit = models.PositiveSmallIntegerField(
        _("rebuys per entry"), null=True, blank=True, help_text=_("Empty: no limit.")
    )
    rebuy_until_level = models.PositiveSmallIntegerField(
        _("rebuys until level"),
        null=True,
        blank=True,
        help_text=_("Rebuys are sold through this level and the break after it. Empty: any level."),
    )
    addon_limit = models.PositiveSmallIntegerField(
        _("add-ons per entry"), null=True, blank=True, default=1, help_text=_("Empty: no limit.")
    )
    addon_after_level = models.PositiveSmallIntegerField(
        _("add-on at the break after level"),
        null=True,
        blank=True,
        help_text=_("Empty: an add-on can be bought at any time."),
    )
    guarantee = models.DecimalField(
        _("guarantee"), null=True, blank=True, validators=NOT_NEGATIVE, **MONEY
    )
    rounding = models.DecimalField(
        _("rounding unit"), max_digits=6, decimal_places=2, default=Decimal(1)
    )
    rounding_mode = models.CharField(
        _("rounding"), max_length=8, choices=RoundingMode.choices, default=RoundingMode.DOWN
    )
    percentages = models.JSONField(_("payout percentages"), null=True, blank=True)
    # Fixed amounts per place (decimal strings) in place of percentages; what
    # they leave of the pool is kept back for ``kept_back_reason`` (README "Payouts").
    amounts = models.JSONField(_("payout amounts"), null=True, blank=True)
    kept_back_reason = models.CharField(_("kept back for"), max_length=120, blank=True)
    # The tournament's own points formula in TD3's language (an imported file's);
    # empty: the season's (README "Switching from TD3").
    formula_text = models.TextField(_("points formula"), blank=True, default="")
    # TD3's rule, set by its import: the season counts the tournament only once
    # it is finished (README "Switching from TD3").
    league_when_finished = models.BooleanField(default=False)
    frozen_percentages = models.JSONField(null=True, blank=True)
    frozen_field = models.PositiveIntegerField(null=True, blank=True)
    season = models.ForeignKey(
        LeagueSeason,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="tournament_settings",
        verbose_name=_("league season"),
    )

    class Meta:
        verbose_name = _("payout settings")
        verbose_name_plural = _("payout settings")
        constraints = [
            models.CheckConstraint(
                condition=Q(rebuy_price__gte=0, rebuy_fee__gte=0, addon_price__gte=0)
                & Q(addon_fee__gte=0, rounding__gt=0),
                name="payout_money_not_negative",
            ),
        ]


class PrizeAddition(models.Model):
    """Money the director adds to the pool by hand (sponsor, bounty leftovers, ...)."""

    tournament = models.ForeignKey(
        "tournament.Tournament", on_delete=models.CASCADE, related_name="prize_additions"
    )
    amount = models.DecimalField(_("amount"), validators=NOT_NEGATIVE, **MONEY)
    note = models.CharField(_("note"), max_length=200, blank=True)
    by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["id"]
        verbose_name = _("prize pool addition")
        verbose_name_plural = _("prize pool additions")
        constraints = [
            models.CheckConstraint(condition=Q(amount__gte=0), name="addition_not_negative")
        ]


class Deal(models.Model):
    """A deal among all remaining players (BDPV Turnierreglement 30); one per tournament."""

    class Method(models.TextChoices):
        ICM = "icm", _("ICM")
        CHIP_CHOP = "chip_chop", _("Chip chop")

    tournament = models.OneToOneField(
        "tournament.Tournament", on_delete=models.CASCADE, related_name="deal"
    )
    method = models.CharField(_("method"), max_length=10, choices=Method.choices)
    reserve = models.DecimalField(
        _("left to play for"), default=Decimal(0), validators=NOT_NEGATIVE, **MONEY
    )
    prizes = models.JSONField(_("prizes dealt"), default=list)
    note = models.CharField(_("note"), max_length=200, blank=True)
    by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    at = models.DateTimeField(auto_now_add=True)

    class Meta:
        verbose_name = _("deal")
        verbose_name_plural = _("deals")


class DealShare(models.Model):
    deal = models.ForeignKey(Deal, on_delete=models.CASCADE, related_name="shares")
    entry = models.ForeignKey("tournament.Entry", on_delete=models.CASCADE, related_name="+")
    chips = models.PositiveBigIntegerField(_("chips"))
    amount = models.DecimalField(_("amount"), validators=NOT_NEGATIVE, **MONEY)

    class Meta:
        ordering = ["-chips", "id"]
        constraints = [
            models.UniqueConstraint(fields=["deal", "entry"], name="one_share_per_entry"),
        ]


# Special prizes live beside (README "Special prizes"), exported with these.
from tournament.models_prizes import ResultCorrection, SpecialPrize  # noqa: E402
