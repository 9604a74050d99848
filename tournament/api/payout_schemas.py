"""Request and response bodies of the payouts, results, deals and league
operations (README "Payouts"). Money goes out as decimal strings with two
decimals; it comes in as a string or a number."""

from __future__ import annotations

import datetime
from decimal import Decimal
from typing import Annotated, Any, Literal

from ninja import Schema
from pydantic import ConfigDict, Field, Strict

from cashdesk.api.schemas import PaymentIn, PaymentOut
from tournament.api.choices import (
    DealMethod,
    EntryStatus,
    Money,
    PayoutSource,
    RoundingMode,
)
from tournament.api.fields import Amount, Body
from tournament.rules.payouts import ROUNDING_UNITS
from tournament.rules.purchases import MOST_PURCHASES

ROUNDING_UNITS_TEXT = (
    "Each place is rounded to a multiple of it: 0.01, 0.05, 0.10, 0.50, 1, 2, 5, 10, 20, 25, "
    "50 or 100. Required with percentages."
)


# One place's share in per cent, and one place's fixed amount (README "Payouts").
Percentage = Annotated[Amount, Field(ge=0, le=100)]
PlaceAmount = Annotated[Amount, Field(ge=0, max_digits=12, decimal_places=2)]


def given(field: str) -> dict[str, Any]:
    """JSON Schema: ``field`` is there and not null."""
    return {"required": [field], "properties": {field: {"not": {"type": "null"}}}}


def both_given(first: str, second: str) -> dict[str, Any]:
    return {"allOf": [given(first), given(second)]}


def any_given(first: str, second: str) -> dict[str, Any]:
    return {"anyOf": [given(first), given(second)]}


def rounding_units(schema: dict[str, Any]) -> None:
    """The rounding unit is one of the units the payouts know, 0.01 to 100: as
    text by its pattern (as a number, ``ROUNDING_NUMBERS`` below says it)."""
    for branch in schema.get("anyOf", []):
        if branch.get("type") == "string":
            branch["pattern"] = r"^\+?(0\.0[15]|0\.[15]0?|(1|2|5|10|20|25|50|100)(\.0{1,2})?)$"


# The same units as a number. Said beside the field, where client generators
# that take no enum of numbers leave it alone.
ROUNDING_NUMBERS = {
    "if": {"properties": {"rounding": {"type": "number"}}, "required": ["rounding"]},
    "then": {"properties": {"rounding": {"enum": [float(unit) for unit in ROUNDING_UNITS]}}},
}


class SatelliteIn(Body):
    """Pay the prizes as tickets to a target tournament or event, or tickets good
    for any tournament up to their value (neither target; ``ticket_value`` then
    needed) (README "Satellites and tickets")."""

    model_config = ConfigDict(
        json_schema_extra={
            "allOf": [
                {"not": both_given("target_tournament", "target_event")},
                {
                    "if": {"not": any_given("target_tournament", "target_event")},
                    "then": given("ticket_value"),
                },
            ]
        }
    )

    target_tournament: int | None = Field(
        None, ge=1, description="The tournament the tickets buy; neither: any up to the value."
    )
    target_event: int | None = Field(None, ge=1, description="Or an event: any of its flights.")
    ticket_value: Amount | None = Field(
        None,
        gt=0,
        max_digits=12,
        decimal_places=2,
        description="Null: the target's buy-in and fee.",
    )
    remainder: Literal["next_place", "split"] = Field(
        "next_place", description="The cash the tickets leave: to the next place, or split."
    )
    tickets: int | None = Field(
        None, ge=0, le=1000, description="Tickets at most; null: as many as the pool buys."
    )
    cash_places: list[int] = Field(
        [], max_length=1000, description="Places that take the ticket's value in cash instead."
    )
    expires: Annotated[datetime.date, Strict(False)] | None = Field(
        None, description="The tickets' expiry date (YYYY-MM-DD)."
    )


class SatellitePlaceOut(Schema):
    place: int
    ticket: Money | None = Field(description="The value of the ticket this place wins; null: none.")
    cash: Money = Field(description="The cash this place wins beside (or instead of) a ticket.")


class SatelliteOut(Schema):
    target_tournament: int | None
    target_event: int | None
    ticket_value: Money
    remainder: Literal["next_place", "split"]
    tickets: int | None = Field(description="Tickets at most; null: as many as the pool buys.")
    cash_places: list[int]
    expires: datetime.date | None
    places: list[SatellitePlaceOut] = Field(description="What each paid place wins, best first.")


class PayoutPlaceIn(Body):
    """One paid place of a mixed structure: a fixed ``amount`` or a
    ``percentage`` of what the fixed places leave of the pool."""

    model_config = ConfigDict(
        json_schema_extra={
            "if": given("amount"),
            "then": {"not": given("percentage")},
            "else": given("percentage"),
        }
    )

    place: int | None = Field(
        None, ge=1, le=1000, description="The place, if given: its position in the list."
    )
    amount: Amount | None = Field(
        None, ge=0, max_digits=12, decimal_places=2, description="Fixed: exactly this."
    )
    percentage: Percentage | None = Field(
        None, description="Per cent of what the fixed places leave."
    )


class PayoutsIn(Body):
    """Percentages (null: the template), fixed ``amounts``, whose rest of the
    pool is kept back, or ``places`` each fixed or a percentage of the rest
    (README "Payouts"); one of the three keys is required."""

    model_config = ConfigDict(
        json_schema_extra={
            "allOf": [
                # One kind of structure, or the satellite alone.
                {
                    "anyOf": [
                        {"required": ["percentages"]},
                        given("amounts"),
                        given("places"),
                        {"required": ["satellite"]},
                    ]
                },
                {"not": both_given("percentages", "amounts")},
                {"not": both_given("percentages", "places")},
                {"not": both_given("amounts", "places")},
                # Percentages are rounded to a unit.
                {"if": {"required": ["percentages"]}, "then": given("rounding")},
                ROUNDING_NUMBERS,
            ],
            "examples": [
                {"percentages": ["50", "30", "20"], "rounding": "10"},
                {"amounts": ["2200.00", "1400.00", "800.00"], "kept_back_reason": "Season final"},
                {
                    "places": [
                        {"amount": "200.00"},
                        {"percentage": "50"},
                        {"percentage": "30"},
                        {"percentage": "20"},
                    ],
                    "rounding": "5",
                },
            ],
        }
    )

    percentages: list[Percentage] | None = Field(
        None,
        min_length=1,
        max_length=1000,
        description="Per cent per place, best first; they add up to 100.",
    )
    amounts: list[PlaceAmount] | None = Field(
        None, min_length=1, max_length=1000, description="Fixed amounts per place, best first."
    )
    places: list[PayoutPlaceIn] | None = Field(
        None,
        min_length=1,
        max_length=1000,
        description="Best place first: fixed amounts and percentages of the rest (100 in all).",
    )
    kept_back_reason: str | None = Field(None, max_length=120)
    rounding: Amount | None = Field(
        None,
        gt=0,
        max_digits=6,
        decimal_places=2,
        description=ROUNDING_UNITS_TEXT,
        json_schema_extra=rounding_units,
    )
    rounding_mode: RoundingMode | None = None
    guarantee: Amount | None = Field(
        None, ge=0, max_digits=12, decimal_places=2, description="The house pays up to it."
    )
    satellite: SatelliteIn | None = Field(
        None, description="Pay tickets to a target; null: cash prizes again."
    )


class PayoutSettingsIn(Body):
    re_entry_price: Amount | None = Field(None, ge=0, max_digits=12, decimal_places=2)
    re_entry_fee: Amount | None = Field(None, ge=0, max_digits=12, decimal_places=2)
    rebuy_price: Amount | None = Field(None, ge=0, max_digits=12, decimal_places=2)
    rebuy_fee: Amount | None = Field(None, ge=0, max_digits=12, decimal_places=2)
    rebuy_chips: int | None = Field(None, ge=0, le=10**9)
    addon_price: Amount | None = Field(None, ge=0, max_digits=12, decimal_places=2)
    addon_fee: Amount | None = Field(None, ge=0, max_digits=12, decimal_places=2)
    addon_chips: int | None = Field(None, ge=0, le=10**9)
    rebuy_limit: int | None = Field(None, ge=0, le=MOST_PURCHASES, description="null: no limit")
    rebuy_until_level: int | None = Field(
        None, ge=1, le=1000, description="Last level that sells rebuys; null: any level."
    )
    addon_limit: int | None = Field(None, ge=0, le=MOST_PURCHASES, description="null: no limit")
    addon_after_level: int | None = Field(
        None, ge=1, le=1000, description="Add-ons only in the break after this level."
    )
    season: int | None = Field(None, ge=1)


class AdditionIn(Body):
    amount: Amount = Field(..., ge=0, max_digits=12, decimal_places=2)
    note: str = Field("", max_length=200)


class PurchaseIn(Body):
    count: int = Field(
        1,
        ge=1,
        le=100,
        description="How many; a mistaken purchase is taken back by reversing its ledger row.",
    )
    payment: PaymentIn | None = Field(None, description="How the desk is paid; default cash.")


class StackIn(Body):
    entry: int = Field(..., ge=1, description="The entry's id.")
    chips: int = Field(..., ge=1, le=10**15)


class DealIn(Body):
    """A deal among the players still in: every one of them with his chips."""

    model_config = ConfigDict(
        json_schema_extra={
            "examples": [
                {
                    "method": "icm",
                    "stacks": [{"entry": 41, "chips": 120000}, {"entry": 57, "chips": 80000}],
                }
            ]
        }
    )

    method: DealMethod
    stacks: list[StackIn] = Field(..., min_length=1, max_length=1000)
    prizes: list[Prize] | None = Field(
        None, max_length=1000, description="Best place first; null: the open places' payouts."
    )
    reserve: Amount = Field(
        Decimal(0), ge=0, max_digits=12, decimal_places=2, description="Kept back for the winner."
    )
    note: str = Field("", max_length=200)


# Money of a deal's prizes: zero or more, in cents.
Prize = Annotated[Amount, Field(ge=0, max_digits=12, decimal_places=2)]


class PayoutPlaceOut(Schema):
    place: int
    amount: Money
    percentage: str = Field(description="Per cent of the prize pool, as a decimal string.")


class PurchaseLimitsOut(Schema):
    rebuy_limit: int | None = Field(description="Rebuys per entry; null: no limit.")
    rebuy_until_level: int | None = Field(description="Last level that sells rebuys.")
    addon_limit: int | None = Field(description="Add-ons per entry; null: no limit.")
    addon_after_level: int | None = Field(description="Add-ons in the break after this level.")
    rebuy_offered: bool = Field(
        description="Rebuys are sold: they give chips or cost something, and the limit is not 0."
    )
    addon_offered: bool = Field(
        description="Add-ons are sold: they give chips or cost something, and the limit is not 0."
    )


class PayoutsOut(Schema):
    prize_pool: Money = Field(description="Buy-ins, additions and any overlay.")
    places: list[PayoutPlaceOut] = Field(description="Best place first.")
    collected: Money
    additions: Money
    overlay: Money = Field(description="What the house adds to reach the guarantee.")
    fees: Money = Field(description="The fees, to the house.")
    guarantee: Money | None
    rounding: str = Field(description="The rounding unit, as sent: 1, 5, 10, 0.5 ...")
    rounding_mode: RoundingMode
    structure: PayoutSource = Field(description="Where the percentages come from.")
    frozen: bool = Field(description="Registration closed: the structure stays as it is.")
    entries: int
    re_entries: int
    rebuys: int
    addons: int
    paid: int = Field(description="Places paid.")
    kept_back: Money = Field(description="Fixed amounts only: the rest of the pool.")
    kept_back_reason: str
    shortfall: Money = Field(description="Fixed amounts only: what the pool lacks.")
    purchase_limits: PurchaseLimitsOut
    satellite: SatelliteOut | None = Field(None, description="Set: the prizes are tickets.")


class PrizeAdditionOut(Schema):
    id: int
    amount: Money
    note: str


class PurchaseOut(Schema):
    entry: int
    rebuys: int
    addons: int
    payment: PaymentOut | None = Field(None, description="The payment taken (README Cash desk).")


class ResultTicketOut(Schema):
    id: int
    number: str
    value: Money


class ResultOut(Schema):
    place: int | None = Field(description="Null: still playing, or re-entered.")
    entry: int = Field(description="The entry's id.")
    player: int = Field(description="The player's id.")
    name: str
    prize: Money
    shared: bool = Field(description="The place is shared (equal stacks busted in one hand).")
    in_the_money: bool
    bubble: bool
    deal: Money | None = Field(description="The amount agreed in a deal, if any.")
    re_entered: bool
    bounties: Money
    ticket: ResultTicketOut | None = Field(
        None, description="The satellite ticket this result won, once the prizes are fixed."
    )
    prize_paid: bool = Field(False, description="The prize has been paid out at the desk.")


class BountyRowOut(Schema):
    entry: int
    name: str
    status: EntryStatus
    bounty: Money | None = Field(description="On his head now; null: out, or a mystery bounty.")
    won: Money


class DealPayoutOut(Schema):
    entry: int
    amount: Money


class DealPreviewOut(Schema):
    method: DealMethod
    prizes: list[Money] = Field(description="The prizes dealt, best place first.")
    reserve: Money
    payouts: list[DealPayoutOut]


class DealOut(DealPreviewOut):
    id: int


class PlayerResultOut(Schema):
    tournament: int
    name: str
    entries: int
    place: int | None
    prize: Money
