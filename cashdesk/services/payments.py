"""Taking the money for what a player buys (README "Cash desk").

Every buy-in, re-entry, rebuy and add-on pays through here, inside the write
that sells it: the entry and its ledger row commit together or not at all. The
price is split as the tournament sets it (prize share, fee, bounty), the method
is the desk's choice (cash by default), the cashier is the signed-in user and
the row is booked to his open shift, if any.
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from django.utils.translation import gettext_lazy as _

from cashdesk.models import Kind, LedgerRow, Method
from cashdesk.services import tickets
from cashdesk.services.ledger import Split, ledger_append
from tables.services import registration
from tournament.errors import FieldInvalid, Forbidden, Invalid
from tournament.models import Entry, Tournament
from tournament.models_bounties import BountySettings
from tournament.roles import DIRECTOR, has_role
from tournament.services import prize_pool
from tournament.services.entries import entry_get
from tournament.services.fixed_prizes import pool_change_check
from tournament.writes import Write, tournament_write

PAY_LATER_DIRECTOR = _("Only a tournament director may let a player pay later.")
METHOD_UNKNOWN = _("Unknown payment method.")
METHOD_ONLY_IMPORTED = _(
    "“From the imported file” is set only by a TD3 import; choose how the player pays."
)
VOUCHER_NUMBER_NEEDED = _("Enter the voucher's number.")

COUNT_AT_LEAST_ONE = _(
    "Sell at least one; a mistaken purchase is taken back by reversing its ledger row."
)


@dataclass(frozen=True)
class Payment:
    """How the desk is paid: the method, the ticket's id when a ticket pays, and
    the voucher's number when a voucher pays (README "Cash desk")."""

    method: str = Method.CASH
    ticket: int | None = None
    reference: str = ""

    @classmethod
    def from_form(cls, data: Any) -> Payment:
        """The payment a desk form names (its "Paid by" choice; none: cash)."""
        return cls(
            method=data.get("payment_method") or Method.CASH,
            reference=data.get("payment_reference") or "",
        )

    @property
    def voucher_number(self) -> str:
        return " ".join(self.reference.split())[:40]


CASH = Payment()


def price_of(tournament: Tournament, entry: Entry, kind: str) -> Split:
    """What one purchase of ``kind`` costs this entry, split as the tournament sets it."""
    settings = prize_pool.payout_settings_for(tournament)
    if kind == Kind.REBUY:
        return Split(settings.rebuy_price, settings.rebuy_fee)
    if kind == Kind.ADD_ON:
        return Split(settings.addon_price, settings.addon_fee)
    bounty = _bounty_of(tournament)
    if entry.paid_price is not None:  # the buy-in option he took, as paid
        return Split(entry.paid_price, entry.paid_fee or Decimal(0), bounty)
    if kind == Kind.RE_ENTRY:
        price = tournament.buy_in if settings.re_entry_price is None else settings.re_entry_price
        fee = tournament.fee if settings.re_entry_fee is None else settings.re_entry_fee
        return Split(price, fee, bounty)
    return Split(tournament.buy_in, tournament.fee, bounty)


def _bounty_of(tournament: Tournament) -> Decimal:
    settings = BountySettings.objects.filter(tournament=tournament).first()
    if settings is None or settings.kind == BountySettings.Kind.NONE:
        return Decimal(0)
    return settings.amount


def check_method(payment: Payment, by: Any) -> None:
    """Refuse what the method does not allow this cashier (before anything is written)."""
    if payment.method not in Method.values:
        raise Invalid(METHOD_UNKNOWN)
    if payment.method == Method.IMPORTED:  # the import's own rows only (README "Cash desk")
        raise FieldInvalid("method", METHOD_ONLY_IMPORTED)
    if payment.method == Method.ACCOUNT and not has_role(by, (DIRECTOR,)):
        raise Forbidden(PAY_LATER_DIRECTOR)


def check_payment(payment: Payment, by: Any) -> None:
    """What a purchase's payment must name: the method allowed, a voucher's number."""
    check_method(payment, by)
    if payment.method == Method.VOUCHER and not payment.voucher_number:
        raise FieldInvalid("reference", VOUCHER_NUMBER_NEEDED)


def ticket_pay(w: Write, *, entry: Entry, payment: Payment, split: Split, kind: str) -> LedgerRow:
    """A ticket pays (README "Satellites and tickets"): ``cashdesk.services.tickets``."""
    return tickets.ticket_pay(w, entry=entry, payment=payment, split=split, kind=kind)


def payment_take(
    w: Write, *, entry: Entry, kind: str, payment: Payment = CASH, count: int = 1
) -> LedgerRow | None:
    """The ledger row for ``count`` purchases of ``kind`` by ``entry``, inside ``w``;
    None when they cost nothing (a freeroll moves no money)."""
    check_payment(payment, w.user)
    one = price_of(w.tournament, entry, kind)
    split = Split(one.prize_pool * count, one.fee * count, one.bounty * count)
    if not split.total and payment.method != Method.TICKET:
        return None
    if split.prize_pool:
        pool_change_check(w.tournament)
    if payment.method == Method.TICKET:
        return ticket_pay(w, entry=entry, payment=payment, split=split, kind=kind)
    return ledger_append(
        w,
        kind=kind,
        amount=split.total,
        split=split,
        method=payment.method,
        by=w.user,
        tournament=w.tournament,
        entry=entry,
        count=count if kind in (Kind.REBUY, Kind.ADD_ON) else None,
        reference=payment.voucher_number if payment.method == Method.VOUCHER else "",
    )


def entry_register_paid(*, tournament_id: int, by: Any, payment: Payment = CASH, **fields: Any):
    """Register (and seat) an entry and take its buy-in or re-entry in one write;
    answers the entry and its ledger row (None for a freeroll)."""
    check_payment(payment, by)
    with tournament_write(tournament_id, by=by) as w:
        entry = registration.entry_register(tournament_id=tournament_id, by=by, **fields)
        kind = Kind.BUY_IN if entry.number == 1 else Kind.RE_ENTRY
        row = payment_take(w, entry=entry, kind=kind, payment=payment)
    return entry, row


def entry_purchase_paid(
    *, entry_id: int, kind: prize_pool.PurchaseKind, count: int, by: Any, payment: Payment = CASH
) -> tuple[Entry, LedgerRow | None]:
    """Rebuys or add-ons (``kind`` "rebuy" or "addon") and their payment in one
    write. A sale is of one or more: a mistaken one is taken back by reversing
    its ledger row with a reason (README "Rebuys and add-ons"), never by a
    negative sale that pays money out with none."""
    if count < 1:
        raise FieldInvalid("count", COUNT_AT_LEAST_ONE)
    check_payment(payment, by)
    tournament_id = entry_get(entry_id).tournament_id
    with tournament_write(tournament_id, by=by) as w:
        entry = prize_pool.entry_purchase(entry_id=entry_id, kind=kind, count=count, by=by)
        ledger_kind = Kind.REBUY if kind == "rebuy" else Kind.ADD_ON
        row = payment_take(w, entry=entry, kind=ledger_kind, payment=payment, count=count)
    return entry, row


def payment_of(payload: Any) -> Payment:
    """The payment a request body names (none: cash)."""
    if payload is None:
        return CASH
    return Payment(
        method=payload.method,
        ticket=payload.ticket,
        reference=getattr(payload, "reference", None) or "",
    )


def payment_payload(row: LedgerRow | None) -> dict[str, Any] | None:
    if row is None:
        return None
    return {
        "id": row.pk,
        "receipt_number": row.receipt_number,
        "receipt": row.receipt,
        "amount": f"{row.amount:.2f}",
        "method": row.method,
        "reference": row.reference,
    }
