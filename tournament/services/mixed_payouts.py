"""A payout structure with fixed places and percentages of the rest (README
"Payouts"): "the winner 200 € fixed, the rest 50/30/20". The arithmetic is the
pure rule ``tournament.rules.fixed_payouts.mixed_payouts``; this module keeps
the structure in the payout settings and reads it back.

Stored in the two fields the other structures use, so nothing else changes:
``amounts`` has one entry per paid place, the money of a fixed place or null
for a place paid by percentage, and ``percentages`` the percentages of those
places in order. Only a mixed structure sets both.
"""

from __future__ import annotations

from decimal import Decimal
from typing import cast

from tournament.models import PayoutSettings
from tournament.rules import payouts as rules
from tournament.rules.fixed_payouts import FixedPayouts, PlacePay, mixed_payouts
from tournament.rules.payouts import ZERO, PayoutError, money


def is_mixed(settings: PayoutSettings) -> bool:
    return settings.amounts is not None and settings.percentages is not None


def places_stored(settings: PayoutSettings) -> list[PlacePay]:
    """The mixed structure as set (best place first)."""
    shares = iter(settings.percentages or [])
    return [
        PlacePay(amount=Decimal(a)) if a is not None else PlacePay(percentage=Decimal(next(shares)))
        for a in settings.amounts or []
    ]


def places_store(settings: PayoutSettings, places: list[PlacePay]) -> None:
    settings.amounts = [None if p.amount is None else money(p.amount) for p in places]
    settings.percentages = [str(p.percentage) for p in places if p.percentage is not None]


def fixed_total(places: list[PlacePay]) -> Decimal:
    return sum((p.amount for p in places if p.amount is not None), ZERO)


def mixed_amounts(settings: PayoutSettings, pool: Decimal) -> tuple[FixedPayouts, Decimal]:
    """The amount per place and what the pool lacks of the fixed amounts.

    They were checked against the pool when set; should the pool shrink below
    the fixed amounts later, those stay as set, the percentage places get
    nothing and the shortfall says by how much (as with fixed amounts)."""
    places = places_stored(settings)
    mode = cast(rules.RoundingMode, settings.rounding_mode)
    try:
        return mixed_payouts(pool, places, Decimal(settings.rounding), mode=mode), ZERO
    except PayoutError:
        fixed = fixed_total(places)
        amounts = tuple(p.amount if p.amount is not None else ZERO for p in places)
        return FixedPayouts(amounts=amounts, kept_back=ZERO), fixed - pool
