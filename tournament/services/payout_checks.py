"""Checks of a payout structure before it is stored (README "Payouts"): the
rules' errors in the reader's language, and fixed amounts that fit the pool."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from django.utils.formats import number_format
from django.utils.translation import gettext_lazy as _

from tournament.errors import Conflict, FieldInvalid, Invalid, RuleBeyondSchema
from tournament.models import PayoutSettings, Tournament
from tournament.rules import fixed_payouts as fixed_rules
from tournament.rules import payouts as rules
from tournament.rules.payouts import PayoutError
from tournament.services.prize_pool import AMOUNT_INVALID, prize_pool_of

PERCENTAGES_EMPTY = _("Give at least one paid place.")
PERCENTAGE_INVALID = _("Every percentage must be a number of zero or more.")
PERCENTAGES_INCREASING = _("A place must not pay more than the place above it.")
PERCENTAGES_SUM = _("The percentages must add up to exactly 100.")
ROUNDING_UNKNOWN = _("Unknown rounding unit; choose 1, 5 or 10 (or 0.01 to 100).")
ROUNDING_MODE_UNKNOWN = _("Unknown rounding mode.")
PAYOUTS_INVALID = _("This payout structure is not valid.")
TOO_MANY_PLACES = _("At most 1,000 places can be paid.")
PERCENTAGES_OR_AMOUNTS = _("Give either percentages or amounts, not both.")
PLACES_ALONE = _("Give the places alone, without percentages or amounts.")
AMOUNT_OR_PERCENTAGE = _("Each place is paid a fixed amount or a percentage, not both.")
AMOUNTS_ABOVE_POOL = _(
    "The amounts add up to %(paid)s, more than the prize pool of %(pool)s. "
    "Add the missing %(missing)s to the prize pool first."
)

_PAYOUT_MESSAGES = {
    "percentages_empty": PERCENTAGES_EMPTY,
    "percentage_invalid": PERCENTAGE_INVALID,
    "percentage_negative": PERCENTAGE_INVALID,
    "percentages_increasing": PERCENTAGES_INCREASING,
    "percentages_sum": PERCENTAGES_SUM,
    "rounding_unknown": ROUNDING_UNKNOWN,
    "rounding_mode_unknown": ROUNDING_MODE_UNKNOWN,
    "amount_invalid": AMOUNT_INVALID,
    "amount_negative": AMOUNT_INVALID,
    "amount_precision": AMOUNT_INVALID,
    "too_many_places": TOO_MANY_PLACES,
    "place_amount_or_percentage": AMOUNT_OR_PERCENTAGE,
}

MAX_PAID_PLACES = 1000
UNSET: Any = object()


# Rules over a whole list (each place pays no more than the one above, the
# shares add up to 100), which the API's schema cannot state (README "API").
BEYOND_SCHEMA = ("percentages_increasing", "percentages_sum")


def payout_error(exc: PayoutError, field: str | None = None) -> Invalid:
    """The translated domain error for a rules error; ``field`` names the list."""
    message = _PAYOUT_MESSAGES.get(exc.code, PAYOUTS_INVALID)
    if field is not None and exc.code in BEYOND_SCHEMA:
        return RuleBeyondSchema(field, message, rule=exc.code)
    return Invalid(message)


def _one_kind_check(
    percentages: list[Decimal] | None,
    amounts: list[Decimal] | None,
    mixed_places: list[fixed_rules.PlacePay] | None,
) -> None:
    """Percentages, amounts or places: one of them, and not too many places."""
    if percentages is not None and amounts is not None:
        raise FieldInvalid("amounts", PERCENTAGES_OR_AMOUNTS)
    if mixed_places is not None and (percentages is not None or amounts is not None):
        raise FieldInvalid("places", PLACES_ALONE)
    given = [p for p in (percentages, amounts, mixed_places) if p is not None]
    if given and len(given[0]) > MAX_PAID_PLACES:
        raise Invalid(TOO_MANY_PLACES)


def structure_check(
    percentages: list[Decimal] | None,
    amounts: list[Decimal] | None,
    rounding: Decimal | None,
    rounding_mode: str | None,
    guarantee: Decimal | None,
    mixed_places: list[fixed_rules.PlacePay] | None = None,
) -> None:
    """Refuse (422) a structure the rules do not allow, in the reader's language."""
    _one_kind_check(percentages, amounts, mixed_places)
    _list_check("places", fixed_rules.validate_mixed, mixed_places)
    _list_check("percentages", rules.validate_percentages, percentages)
    _list_check("amounts", fixed_rules.validate_amounts, amounts)
    try:
        if rounding is not None and (
            not isinstance(rounding, Decimal) or rounding not in rules.ROUNDING_UNITS
        ):
            raise PayoutError("rounding_unknown", "unknown rounding unit")
        if rounding_mode is not None and rounding_mode not in PayoutSettings.RoundingMode.values:
            raise PayoutError("rounding_mode_unknown", "unknown rounding mode")
        if guarantee is not UNSET and guarantee is not None:
            rules.compute_prize_pool(purchases=(), guarantee=guarantee)
    except PayoutError as exc:
        raise payout_error(exc) from exc


def _list_check(field: str, check: Any, values: Any) -> None:
    if values is None:
        return
    try:
        check(values)
    except PayoutError as exc:
        raise payout_error(exc, field) from exc


def amounts_fit_check(tournament: Tournament, settings: PayoutSettings) -> None:
    """Fixed amounts must fit in the pool as it stands (guarantee included)."""
    amounts = [Decimal(a) for a in settings.amounts or [] if a is not None]
    pool = prize_pool_of(tournament, settings).total
    paid = sum(amounts, Decimal(0))
    if paid > pool:
        # The pool is the tournament's state (what was paid in): 409.
        raise Conflict(
            AMOUNTS_ABOVE_POOL
            % {
                "paid": number_format(paid, 2, force_grouping=True),
                "pool": number_format(pool, 2, force_grouping=True),
                "missing": number_format(paid - pool, 2, force_grouping=True),
            },
        )
