"""The cash desk's API shapes (README "Cash desk"). Money: decimal strings."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from ninja import Schema
from pydantic import ConfigDict, Field

from cashdesk.models import Kind, Method
from tournament.api.fields import NOT_BLANK, Amount, Body, when
from tournament.api.shapes import MoneyText, choices_of, one_of

MethodChoice: Any = choices_of(Method)
# What a person may pay with: every method but the TD3 import's own (README "Cash desk").
PayMethod: Any = one_of(tuple(m for m in Method.values if m != Method.IMPORTED))
KindChoice: Any = choices_of(Kind)
# What a later payment is settled with, and what a prize is paid with (README
# "Cash desk"): the schema lists only these.
SettleMethod: Any = one_of((Method.CASH.value, Method.CARD.value, Method.VOUCHER.value))
PrizeMethod: Any = one_of((Method.CASH.value, Method.CARD.value, Method.ACCOUNT.value))
# A voucher names its number: text that is not only spaces.
VOUCHER_NAMES_ITS_NUMBER = when(
    "method",
    (Method.VOUCHER.value,),
    {"required": ["reference"], "properties": {"reference": {"pattern": NOT_BLANK}}},
)


class PaymentIn(Body):
    """How the desk is paid (default: cash)."""

    model_config = ConfigDict(json_schema_extra=VOUCHER_NAMES_ITS_NUMBER)

    method: PayMethod = Field("cash", description="cash, card, ticket, voucher, account, comp.")
    ticket: int | None = Field(None, ge=1, description="The ticket's id, when a ticket pays.")
    reference: str = Field(
        "", max_length=40, description="The voucher's number: required when a voucher pays."
    )


class PaymentOut(Schema):
    id: int = Field(description="The ledger row's id.")
    receipt_number: int = Field(
        description="The receipt's number in its series (its cash box's, else its "
        "tournament's or the room's; each gapless)."
    )
    receipt: str = Field(
        description="The receipt as printed: its series and its number (3-17: cash box 3)."
    )
    amount: MoneyText
    method: MethodChoice
    reference: str = Field("", description="The voucher's number, when a voucher paid.")


class EntryPaymentOut(PaymentOut):
    kind: KindChoice = Field(
        description="buy_in or re_entry; settlement when it paid a later payment."
    )
    settles: int | None = Field(description="The later payment this one settles.")


class LedgerRowOut(Schema):
    id: int
    kind: KindChoice
    amount: MoneyText = Field(description="Into the cash box positive, out negative.")
    prize_pool: MoneyText
    fee: MoneyText
    bounty: MoneyText
    method: MethodChoice
    receipt_number: int
    receipt: str = Field(description="The receipt as printed (series and number).")
    entry: int | None = Field(description="The entry's id, if the row belongs to one.")
    player: str | None
    by: str | None = Field(description="The cashier's user name.")
    at: datetime
    reverses: int | None = Field(description="The row this one reverses or refunds.")
    settles: int | None = Field(description="The later payment this one settles.")
    reason: str
    open: bool = Field(description="A later payment not settled yet.")
    shift: int | None
    reference: str = Field("", description="The voucher's number, when a voucher paid.")


class LedgerTotalsOut(Schema):
    taken: MoneyText = Field(description="Prize pool + fees + bounties taken, net of refunds.")
    prize_pool: MoneyText
    fees: MoneyText
    bounties: MoneyText
    overlay: MoneyText
    prizes_paid: MoneyText
    prizes_open: MoneyText
    money_taken: MoneyText = Field(
        "0.00", description="Of what was taken: the money, paid in cash or by card."
    )
    comps: MoneyText = Field("0.00", description="Of what was taken: given by the house (comp).")
    vouchers: MoneyText = Field("0.00", description="Of what was taken: paid with vouchers.")


class LedgerOut(Schema):
    rows: list[LedgerRowOut]
    totals: LedgerTotalsOut


class ReasonIn(Body):
    reason: str = Field(..., min_length=1, max_length=500, json_schema_extra={"pattern": NOT_BLANK})


class SettleIn(Body):
    model_config = ConfigDict(json_schema_extra=VOUCHER_NAMES_ITS_NUMBER)

    method: SettleMethod = Field("cash", description="How the later payment is paid now.")
    reference: str = Field(
        "", max_length=40, description="The voucher's number; needed when a voucher pays."
    )


class PrizePayIn(Body):
    method: PrizeMethod = Field("cash", description="cash, card or account.")


class PrizePayoutOut(Schema):
    id: int
    entry: int
    place: int | None
    amount: MoneyText
    method: MethodChoice
    receipt_number: int
    receipt: str = Field(description="The receipt as printed (series and number).")
    by: str | None
    at: datetime


class CashBoxIn(Body):
    name: str = Field(..., min_length=1, max_length=60)


class CashBoxChangeIn(Body):
    name: str | None = Field(None, min_length=1, max_length=60, description="A new name.")
    active: bool | None = Field(
        None, description="false retires the box (no shift open on it), true puts it back in use."
    )


class CashBoxOut(Schema):
    id: int
    name: str
    active: bool
    open_shift: int | None = Field(description="The shift open on it, if any.")


class ShiftOpenIn(Body):
    float: Amount = Field(..., ge=0, le=10**9, description="The cash in the box at the start.")


class ShiftCloseIn(Body):
    counted: Amount = Field(..., ge=0, le=10**9, description="The cash counted in the box.")
    note: str = Field("", max_length=500)


class ShiftOut(Schema):
    id: int
    box: int
    box_name: str
    cashier: str
    float: MoneyText
    opened_at: datetime
    closed_at: datetime | None
    expected: MoneyText | None
    counted: MoneyText | None
    difference: MoneyText | None
    note: str


class ShiftClosedOut(ShiftOut):
    expected: MoneyText
    counted: MoneyText
    difference: MoneyText


class MethodTotalOut(Schema):
    method: MethodChoice
    amount: MoneyText


class MoneyOverviewOut(LedgerTotalsOut):
    by_method: list[MethodTotalOut] = Field(description="Taken by payment method.")
    open_later: MoneyText = Field(description="Later payments not settled yet.")
    pool_additions: MoneyText = Field(description="Added to the prize pool by hand or forfeited.")
    pool_overlay: MoneyText = Field(description="The guarantee's overlay, as the payouts show it.")
    pool_total: MoneyText = Field(
        description="The prize pool the payouts share out: the ledger's prize pool, "
        "additions and overlay (GET .../payouts prize_pool)."
    )
