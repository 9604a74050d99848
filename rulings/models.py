"""Floor rulings: an append-only record of every decision, its rules and penalty.

A ruling, its penalty and its involved entries are written once, by
:func:`rulings.services.rulings.ruling_create`, and never changed or deleted;
corrections and appeals are :class:`Amendment` rows shown under the original.
"""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from rulings.rules.catalog import Rule
from rulings.rules.penalties import PenaltyKind

HOUSE_DOCUMENT = "HOUSE"


class AppendOnly(models.Model):
    """Rows that are written once: saving an existing row or deleting one is refused."""

    class Meta:
        abstract = True

    def save(self, *args: Any, **kwargs: Any) -> None:
        if self.pk is not None and not self._state.adding:
            raise TypeError(f"{type(self).__name__} is append-only; add an amendment instead")
        super().save(*args, **kwargs)

    def delete(self, *args: Any, **kwargs: Any) -> Any:
        raise TypeError(f"{type(self).__name__} is append-only and cannot be deleted")


class Category(models.TextChoices):
    MISDEAL = "misdeal", _("Misdeal")
    ACTION_OUT_OF_TURN = "action_out_of_turn", _("Action out of turn")
    STRING_BET = "string_bet", _("String bet")
    UNDERCALL = "undercall", _("Undercall")
    EXPOSED_CARDS = "exposed_cards", _("Exposed cards")
    CHIP_VISIBILITY = "chip_visibility", _("Chip visibility")
    ETIQUETTE = "etiquette", _("Etiquette")
    COLLUSION = "collusion", _("Collusion")
    DISPUTE = "dispute", _("Dispute")
    CLOCK = "clock", _("Clock")
    SEATING = "seating", _("Seating")
    OTHER = "other", _("Other")


class PenaltyKindChoice(models.TextChoices):
    WARNING = PenaltyKind.WARNING.value, _("Warning")
    MISSED_HANDS = PenaltyKind.MISSED_HANDS.value, _("Missed hands")
    MISSED_ROUNDS = PenaltyKind.MISSED_ROUNDS.value, _("Missed rounds")
    DISQUALIFICATION = PenaltyKind.DISQUALIFICATION.value, _("Disqualification")


class HouseRule(models.Model):
    """A card room's own rule, searched together with the rulebooks as HOUSE-<number>."""

    number = models.PositiveIntegerField(_("number"), unique=True)
    title_de = models.CharField(_("title (German)"), max_length=200)
    title_en = models.CharField(_("title (English)"), max_length=200)
    summary_de = models.TextField(_("summary (German)"))
    summary_en = models.TextField(_("summary (English)"))
    keywords_de = models.CharField(_("keywords (German)"), max_length=300, blank=True)
    keywords_en = models.CharField(_("keywords (English)"), max_length=300, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )

    class Meta:
        ordering = ["number"]
        verbose_name = _("house rule")
        verbose_name_plural = _("house rules")

    def __str__(self) -> str:
        return f"{self.rule_id} {self.title_en}"

    @property
    def rule_id(self) -> str:
        return f"{HOUSE_DOCUMENT}-{self.number}"

    def as_rule(self) -> Rule:
        def words(text: str) -> tuple[str, ...]:
            return tuple(w.strip() for w in text.split(",") if w.strip())

        return Rule(
            id=self.rule_id,
            document=HOUSE_DOCUMENT,
            number=str(self.number),
            title_de=self.title_de,
            title_en=self.title_en,
            summary_de=self.summary_de,
            summary_en=self.summary_en,
            keywords_de=words(self.keywords_de),
            keywords_en=words(self.keywords_en),
            aliases=(f"House-{self.number}", f"Hausregel-{self.number}"),
        )


class Ruling(AppendOnly):
    tournament = models.ForeignKey(
        "tournament.Tournament", on_delete=models.CASCADE, related_name="rulings"
    )
    created_at = models.DateTimeField(_("time"), auto_now_add=True)
    level_index = models.PositiveIntegerField(_("level"), null=True, blank=True)
    table = models.ForeignKey(
        "tables.Table", null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    # The number as it was when the ruling was made (tables are never renumbered, but kept safe).
    table_number = models.PositiveIntegerField(_("table"), null=True, blank=True)
    category = models.CharField(_("category"), max_length=20, choices=Category.choices)
    situation = models.TextField(_("situation"))
    decision = models.TextField(_("decision"))
    rules = models.JSONField(_("rules"), default=list, blank=True)
    decided_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+"
    )
    # The assistant's situation, answers and proposal when the floor used it.
    assistant = models.JSONField(default=dict, blank=True)

    class Meta:
        ordering = ["-created_at", "-id"]
        verbose_name = _("ruling")
        verbose_name_plural = _("rulings")
        indexes = [models.Index(fields=["tournament", "category"])]

    def __str__(self) -> str:
        return f"#{self.pk} {self.get_category_display()}"


class RulingEntry(AppendOnly):
    """An entry involved in a ruling, with the seat it had at the time."""

    ruling = models.ForeignKey(Ruling, on_delete=models.CASCADE, related_name="involved")
    entry = models.ForeignKey("tournament.Entry", on_delete=models.CASCADE, related_name="+")
    table_number = models.PositiveIntegerField(null=True, blank=True)
    seat_number = models.PositiveSmallIntegerField(null=True, blank=True)

    class Meta:
        ordering = ["id"]
        constraints = [
            models.UniqueConstraint(fields=["ruling", "entry"], name="ruling_entry_once"),
        ]


class Penalty(AppendOnly):
    """At most one penalty per ruling. Sit-out penalties count down with the table's hands."""

    ruling = models.OneToOneField(Ruling, on_delete=models.CASCADE, related_name="penalty")
    tournament = models.ForeignKey(
        "tournament.Tournament", on_delete=models.CASCADE, related_name="penalties"
    )
    entry = models.ForeignKey("tournament.Entry", on_delete=models.CASCADE, related_name="+")
    kind = models.CharField(_("penalty"), max_length=20, choices=PenaltyKindChoice.choices)
    count = models.PositiveSmallIntegerField(_("count"), null=True, blank=True)
    players_at_table = models.PositiveSmallIntegerField(null=True, blank=True)
    hands = models.PositiveIntegerField(_("hands"), default=0)
    # Where the countdown starts: the table and its hand counter when the penalty was given.
    table = models.ForeignKey(
        "tables.Table", null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    hand_at_start = models.PositiveIntegerField(null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-id"]
        verbose_name = _("penalty")
        verbose_name_plural = _("penalties")
        indexes = [models.Index(fields=["tournament", "entry"])]
        constraints = [
            models.CheckConstraint(
                condition=Q(kind__in=["missed_hands", "missed_rounds"], count__gte=1)
                | Q(kind__in=["warning", "disqualification"], count__isnull=True, hands=0),
                name="penalty_count_fits_kind",
            ),
        ]


class Amendment(AppendOnly):
    """A correction or appeal note under a ruling; the original stays as it was."""

    ruling = models.ForeignKey(Ruling, on_delete=models.CASCADE, related_name="amendments")
    text = models.TextField(_("text"))
    created_at = models.DateTimeField(_("time"), auto_now_add=True)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+"
    )

    class Meta:
        ordering = ["id"]
        verbose_name = _("amendment")
        verbose_name_plural = _("amendments")
