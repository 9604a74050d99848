"""The money of a room (README "Cash desk").

Every euro that passes the desk is a :class:`LedgerRow`, written once and never
changed or deleted: the model refuses it, the admin shows it read-only and a
database trigger (:mod:`cashdesk.triggers`) refuses an UPDATE or DELETE from any
path. A mistake is corrected by a reversal row that names the row it reverses.
Each row carries a receipt number from its series, gapless: the series of the
cash box its money passed (taken under the box's lock), else of its tournament
(under the tournament's), else the room's (:class:`ReceiptCounter`). Rows booked
before the series were one room-wide sequence; they keep their numbers, in the
series "" (README "Cash desk").

Amounts are signed from the cash box's view: money in is positive (a buy-in),
money out negative (a refund, a prize paid). The split of a row (prize pool,
fee, bounty) says where its money goes and adds up to its amount on every row
that takes or returns a purchase; payouts carry no split.
"""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from tournament.models import Entry, Player, Tournament
from tournament.models_events import Event

MONEY = {"max_digits": 12, "decimal_places": 2}
ZERO = Decimal("0.00")


class Method(models.TextChoices):
    CASH = "cash", _("Cash")
    CARD = "card", _("Card")
    TICKET = "ticket", _("Ticket")
    VOUCHER = "voucher", _("Voucher")
    ACCOUNT = "account", _("Pay later")
    COMP = "comp", _("Comp")
    # What an imported entry paid, as its file says (README "Cash desk"): booked
    # so the one pool holds it; no money passed this desk.
    IMPORTED = "imported", _("From the imported file")


class Kind(models.TextChoices):
    BUY_IN = "buy_in", _("Buy-in")
    RE_ENTRY = "re_entry", _("Re-entry")
    REBUY = "rebuy", _("Rebuy")
    ADD_ON = "add_on", _("Add-on")
    BOUNTY = "bounty", _("Bounty")
    REFUND = "refund", _("Refund")
    SETTLEMENT = "settlement", _("Settlement of a later payment")
    PRIZE_PAYOUT = "prize_payout", _("Prize paid out")
    BOUNTY_PAYOUT = "bounty_payout", _("Bounty paid out")
    REVERSAL = "reversal", _("Reversal")
    OVERLAY = "overlay", _("Guarantee overlay")
    POT = "pot", _("Pot")
    POT_PAYOUT = "pot_payout", _("Paid out of a pot")
    SPECIAL_PAYOUT = "special_payout", _("Special prize paid out")


# What a player buys: these rows take money for a purchase (and a refund gives it back).
PURCHASE_KINDS = (Kind.BUY_IN, Kind.RE_ENTRY, Kind.REBUY, Kind.ADD_ON, Kind.BOUNTY)


class AppendOnly(models.Model):
    """Rows written once: saving an existing row or deleting one is refused."""

    class Meta:
        abstract = True

    def save(self, *args: Any, **kwargs: Any) -> None:
        if self.pk is not None and not self._state.adding:
            raise TypeError(f"{type(self).__name__} is append-only; add a reversal instead")
        super().save(*args, **kwargs)

    def delete(self, *args: Any, **kwargs: Any) -> Any:
        raise TypeError(f"{type(self).__name__} is append-only and cannot be deleted")


class CashBox(models.Model):
    """A drawer at a desk: cashiers open shifts on it."""

    name = models.CharField(_("name"), max_length=60, unique=True)
    active = models.BooleanField(_("in use"), default=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["name", "id"]
        verbose_name = _("cash box")
        verbose_name_plural = _("cash boxes")

    def __str__(self) -> str:
        return self.name


class Shift(models.Model):
    """A cashier's turn at a cash box: opened with a float, closed with the cash
    counted; the difference to what the ledger expects is kept with a note."""

    box = models.ForeignKey(CashBox, on_delete=models.PROTECT, related_name="shifts")
    cashier = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="cash_shifts"
    )
    float = models.DecimalField(_("float"), **MONEY)
    opened_at = models.DateTimeField(_("opened"), auto_now_add=True)
    closed_at = models.DateTimeField(_("closed"), null=True, blank=True)
    closed_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.PROTECT,
        related_name="+",
    )
    expected = models.DecimalField(_("expected"), null=True, blank=True, **MONEY)
    counted = models.DecimalField(_("counted"), null=True, blank=True, **MONEY)
    difference = models.DecimalField(_("difference"), null=True, blank=True, **MONEY)
    note = models.TextField(_("note"), blank=True, max_length=500)

    class Meta:
        ordering = ["-opened_at", "-id"]
        verbose_name = _("shift")
        verbose_name_plural = _("shifts")
        constraints = [
            models.UniqueConstraint(
                fields=["box"], condition=Q(closed_at__isnull=True), name="one_open_shift_per_box"
            ),
            models.UniqueConstraint(
                fields=["cashier"],
                condition=Q(closed_at__isnull=True),
                name="one_open_shift_per_cashier",
            ),
            models.CheckConstraint(condition=Q(float__gte=0), name="shift_float_not_negative"),
        ]

    def __str__(self) -> str:
        return f"{self.box} · {self.cashier} · {self.opened_at:%Y-%m-%d %H:%M}"

    @property
    def is_open(self) -> bool:
        return self.closed_at is None


class ReceiptCounter(models.Model):
    """The last receipt number given in one series (``cashbox:3``,
    ``tournament:12``, ``room``): taken by the write that holds the series' scope
    and committed or rolled back with its row, so numbers have no gap."""

    series = models.CharField(max_length=40, primary_key=True)
    last = models.PositiveBigIntegerField(default=0)

    class Meta:
        verbose_name = _("receipt counter")
        verbose_name_plural = _("receipt counters")


def receipt_label(series: str, number: int) -> str:
    """A receipt's number as printed: ``3-17`` (cash box 3), ``T12-4`` (tournament
    12, no box), ``R-2`` (the room's), plain ``317`` for the rows booked before."""
    kind, _colon, pk = series.partition(":")
    prefix = {"cashbox": pk, "tournament": f"T{pk}", "room": "R"}.get(kind)
    return str(number) if prefix is None else f"{prefix}-{number}"


class Ticket(models.Model):
    """A seat won in a satellite: a payment method at the target's desk."""

    class Status(models.TextChoices):
        ISSUED = "issued", _("Issued")
        USED = "used", _("Used")
        REFUNDED = "refunded", _("Refunded")
        EXPIRED = "expired", _("Expired")

    number = models.CharField(_("ticket number"), max_length=32, unique=True)
    value = models.DecimalField(_("value"), **MONEY)
    target_tournament = models.ForeignKey(
        Tournament,
        null=True,
        blank=True,
        on_delete=models.PROTECT,
        related_name="tickets_for",
        verbose_name=_("target tournament"),
    )
    target_event = models.ForeignKey(
        Event,
        null=True,
        blank=True,
        on_delete=models.PROTECT,
        related_name="tickets_for",
        verbose_name=_("target event"),
    )
    holder = models.ForeignKey(
        Player, on_delete=models.PROTECT, related_name="tickets", verbose_name=_("holder")
    )
    issued_by = models.ForeignKey(
        Entry,
        null=True,
        blank=True,
        on_delete=models.PROTECT,
        related_name="tickets_won",
        verbose_name=_("won by result"),
    )
    status = models.CharField(
        _("status"), max_length=10, choices=Status.choices, default=Status.ISSUED
    )
    expires = models.DateField(_("expires"), null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-created_at", "-id"]
        verbose_name = _("ticket")
        verbose_name_plural = _("tickets")
        constraints = [
            models.CheckConstraint(condition=Q(value__gte=0), name="ticket_value_not_negative"),
        ]

    def __str__(self) -> str:
        return self.number


class LedgerRow(AppendOnly):
    """One money movement at the desk (see the module's docstring)."""

    tournament = models.ForeignKey(
        Tournament, null=True, blank=True, on_delete=models.PROTECT, related_name="ledger"
    )
    entry = models.ForeignKey(
        Entry, null=True, blank=True, on_delete=models.PROTECT, related_name="ledger"
    )
    kind = models.CharField(_("kind"), max_length=16, choices=Kind.choices)
    amount = models.DecimalField(_("amount"), **MONEY)
    prize_pool = models.DecimalField(_("to the prize pool"), default=ZERO, **MONEY)
    fee = models.DecimalField(_("fee"), default=ZERO, **MONEY)
    bounty = models.DecimalField(_("bounty"), default=ZERO, **MONEY)
    method = models.CharField(_("method"), max_length=10, choices=Method.choices)
    receipt_number = models.PositiveBigIntegerField(_("receipt number"))
    # The series the number counts in (see the module's docstring); "" for the
    # room's one sequence of the rows booked before the series.
    receipt_series = models.CharField(_("receipt series"), max_length=40, blank=True, default="")
    by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.PROTECT,
        related_name="+",
        verbose_name=_("cashier"),
    )
    at = models.DateTimeField(_("time"), auto_now_add=True)
    cash_box = models.ForeignKey(
        CashBox, null=True, blank=True, on_delete=models.PROTECT, related_name="ledger"
    )
    shift = models.ForeignKey(
        Shift, null=True, blank=True, on_delete=models.PROTECT, related_name="ledger"
    )
    # A reversal names the row it cancels; a row is reversed at most once.
    reverses = models.OneToOneField(
        "self",
        null=True,
        blank=True,
        on_delete=models.PROTECT,
        related_name="reversed_by",
    )
    # A settlement names the "pay later" row it settles; a settlement reversed
    # (paid by the wrong method) leaves the row open for the next one.
    settles = models.ForeignKey(
        "self",
        null=True,
        blank=True,
        on_delete=models.PROTECT,
        related_name="settlements",
    )
    ticket = models.ForeignKey(
        Ticket, null=True, blank=True, on_delete=models.PROTECT, related_name="ledger"
    )
    reason = models.TextField(_("reason"), blank=True, max_length=500)
    # Rebuy and add-on rows: how many they sold (negative: taken back), so a
    # reversal takes as many off the entry (README "Cash desk"). None elsewhere.
    count = models.SmallIntegerField(_("count"), null=True, blank=True)
    # The voucher's (or comp ticket's) number a voucher payment names (README
    # "Cash desk": vouchers are not money taken and are checked against it).
    reference = models.CharField(_("voucher number"), max_length=40, blank=True, default="")

    class Meta:
        ordering = ["pk"]
        verbose_name = _("ledger row")
        verbose_name_plural = _("ledger rows")
        indexes = [models.Index(fields=["tournament", "kind"], name="ledger_tournament_kind")]
        constraints = [
            models.UniqueConstraint(
                fields=["receipt_series", "receipt_number"], name="one_receipt_number_per_series"
            )
        ]

    def __str__(self) -> str:
        return f"#{self.receipt} {self.get_kind_display()} {self.amount}"

    @property
    def receipt(self) -> str:
        """The receipt's number as printed (:func:`receipt_label`)."""
        return receipt_label(self.receipt_series, self.receipt_number)


class PrizePayout(AppendOnly):
    """A prize handed over: one per entry (the database refuses a second), unless
    a director reversed its ledger row (README "Cash desk"): the next payout of
    that entry ``replaces`` it, and a payout is replaced at most once."""

    entry = models.ForeignKey(Entry, on_delete=models.PROTECT, related_name="prize_payouts")
    replaces = models.OneToOneField(
        "self", null=True, blank=True, on_delete=models.PROTECT, related_name="replaced_by"
    )
    tournament = models.ForeignKey(
        Tournament, on_delete=models.PROTECT, related_name="prize_payouts"
    )
    place = models.PositiveIntegerField(_("place"), null=True, blank=True)
    amount = models.DecimalField(_("amount"), **MONEY)
    method = models.CharField(_("method"), max_length=10, choices=Method.choices)
    ledger_row = models.OneToOneField(
        LedgerRow, on_delete=models.PROTECT, related_name="prize_payout"
    )
    by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.PROTECT,
        related_name="+",
        verbose_name=_("cashier"),
    )
    at = models.DateTimeField(_("time"), auto_now_add=True)

    class Meta:
        ordering = ["tournament", "place", "id"]
        constraints = [
            models.UniqueConstraint(
                fields=["entry"],
                condition=Q(replaces__isnull=True),
                name="prize_paid_once_per_entry",
            )
        ]
        verbose_name = _("prize payout")
        verbose_name_plural = _("prize payouts")

    def __str__(self) -> str:
        return f"{self.entry} {self.amount}"


class SpecialPrizePayout(AppendOnly):
    """A winner's share of a special prize handed over (README "Special prizes"):
    once per prize and winner (the database refuses a second), unless a director
    reversed its ledger row: the next payout ``replaces`` it, as for place prizes."""

    prize = models.ForeignKey(
        "tournament.SpecialPrize", on_delete=models.PROTECT, related_name="payouts"
    )
    entry = models.ForeignKey(Entry, on_delete=models.PROTECT, related_name="special_payouts")
    replaces = models.OneToOneField(
        "self", null=True, blank=True, on_delete=models.PROTECT, related_name="replaced_by"
    )
    amount = models.DecimalField(_("amount"), **MONEY)
    ledger_row = models.OneToOneField(
        LedgerRow, on_delete=models.PROTECT, related_name="special_payout"
    )
    at = models.DateTimeField(_("time"), auto_now_add=True)

    class Meta:
        ordering = ["prize", "id"]
        constraints = [
            models.UniqueConstraint(
                fields=["prize", "entry"],
                condition=Q(replaces__isnull=True),
                name="special_prize_paid_once_per_winner",
            )
        ]
        verbose_name = _("special prize payout")
        verbose_name_plural = _("special prize payouts")


from cashdesk.models_tickets import *  # noqa: E402, F403 (satellites and pots)
