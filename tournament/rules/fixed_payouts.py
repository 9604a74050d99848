"""Fixed-amount payouts and money kept back (pure rules, no Django).

A club often pays fixed amounts ("2,200 / 1,400 / 1,000") rather than
percentages, and keeps what the amounts leave of the pool for something else
(the season final). Choices, documented once (README "Payouts"):

* Amounts are money (``Decimal``, whole cents, zero or more), best place first,
  never more for a worse place.
* They may not add up to more than the pool: the director adds to the pool
  first (a prize pool addition), the rules never invent money.
* Whatever they leave is kept back: ``sum(amounts) + kept_back == pool``.
* Players sharing a place split the amounts of the places they occupy exactly
  as with percentages (``payouts.split_shared_places``).
* Mixed: some places fixed, the others a percentage of what the fixed amounts
  leave ("the winner 200 fixed, the rest 50/30/20"). Each place is one or the
  other; the fixed places get exactly their amount, the percentages (adding up
  to 100, never more for a worse place) share the rest, rounded as
  ``payouts.compute_payouts`` rounds, the remainder to the best place paid by
  percentage. With no percentage place the rest is kept back, as with amounts.
* Errors are ``PayoutError`` with a machine-readable ``code``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from decimal import Decimal

from tournament.rules.payouts import (
    CENT,
    ZERO,
    PayoutError,
    RoundingMode,
    compute_payouts,
    validate_percentages,
)

#: At most this many places can be paid fixed amounts (as with percentages).
MOST_FIXED_PLACES = 1000
#: Amounts below this fit the money columns (ten digits before the cents).
AMOUNT_LIMIT = Decimal(10) ** 10


@dataclass(frozen=True)
class FixedPayouts:
    """The amounts paid per place (best first) and what the pool keeps back."""

    amounts: tuple[Decimal, ...]
    kept_back: Decimal

    @property
    def paid(self) -> Decimal:
        return sum(self.amounts, ZERO)


def validate_amounts(amounts: Sequence[Decimal]) -> None:
    """Raise ``PayoutError`` unless the amounts are a valid fixed payout structure."""
    if not amounts:
        raise PayoutError("percentages_empty", "at least one paid place is required")
    if len(amounts) > MOST_FIXED_PLACES:
        raise PayoutError("too_many_places", f"at most {MOST_FIXED_PLACES} places")
    for place, amount in enumerate(amounts, start=1):
        if not isinstance(amount, Decimal) or not amount.is_finite():
            raise PayoutError("amount_invalid", f"place {place}: not an amount")
        if not 0 <= amount < AMOUNT_LIMIT:
            raise PayoutError("amount_invalid", f"place {place}: not from 0 to {AMOUNT_LIMIT}")
        if amount != amount.quantize(CENT):
            raise PayoutError("amount_precision", f"place {place}: more than two decimals")
    for place, (better, worse) in enumerate(zip(amounts, amounts[1:], strict=False), 2):
        if worse > better:
            raise PayoutError(
                "percentages_increasing", f"place {place} pays more than place {place - 1}"
            )


def fixed_payouts(prize_pool: Decimal, amounts: Sequence[Decimal]) -> FixedPayouts:
    """Pay ``amounts`` out of ``prize_pool``; the rest is kept back.

    Raises ``PayoutError("amounts_above_pool")`` when they add up to more than the pool.
    """
    validate_amounts(amounts)
    paid = sum(amounts, ZERO)
    if paid > prize_pool:
        raise PayoutError(
            "amounts_above_pool", f"amounts add up to {paid}, the pool is {prize_pool}"
        )
    return FixedPayouts(
        amounts=tuple(a.quantize(CENT) for a in amounts),
        kept_back=(prize_pool - paid).quantize(CENT),
    )


def share_of_pool(amount: Decimal, prize_pool: Decimal) -> Decimal:
    """An amount as a percentage of the pool (two decimals; zero for an empty pool)."""
    if prize_pool <= 0:
        return ZERO
    return (amount * 100 / prize_pool).quantize(CENT)


@dataclass(frozen=True)
class PlacePay:
    """One paid place of a mixed structure: a fixed ``amount`` or a
    ``percentage`` of what the fixed amounts leave of the pool."""

    amount: Decimal | None = None
    percentage: Decimal | None = None


def validate_mixed(places: Sequence[PlacePay]) -> None:
    """Raise ``PayoutError`` unless ``places`` are a valid mixed structure."""
    if not places:
        raise PayoutError("percentages_empty", "at least one paid place is required")
    if len(places) > MOST_FIXED_PLACES:
        raise PayoutError("too_many_places", f"at most {MOST_FIXED_PLACES} places")
    for place, pay in enumerate(places, start=1):
        if (pay.amount is None) == (pay.percentage is None):
            raise PayoutError("place_amount_or_percentage", f"place {place}: one of the two")
    validate_amounts([p.amount for p in places if p.amount is not None] or [ZERO])
    shares = [p.percentage for p in places if p.percentage is not None]
    if shares:
        validate_percentages(shares)


def mixed_payouts(
    prize_pool: Decimal,
    places: Sequence[PlacePay],
    rounding: Decimal,
    *,
    mode: RoundingMode = "down",
) -> FixedPayouts:
    """Pay the fixed places their amounts and share the rest by the percentages.

    Raises ``PayoutError("amounts_above_pool")`` when the fixed amounts add up to
    more than the pool.
    """
    validate_mixed(places)
    fixed = sum((p.amount for p in places if p.amount is not None), ZERO)
    if fixed > prize_pool:
        raise PayoutError(
            "amounts_above_pool", f"amounts add up to {fixed}, the pool is {prize_pool}"
        )
    shares = [p.percentage for p in places if p.percentage is not None]
    shared = iter(
        compute_payouts(prize_pool - fixed, shares, rounding, mode=mode) if shares else ()
    )
    amounts = tuple(
        p.amount.quantize(CENT) if p.amount is not None else next(shared) for p in places
    )
    return FixedPayouts(amounts=amounts, kept_back=(prize_pool - sum(amounts, ZERO)).quantize(CENT))
