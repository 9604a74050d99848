"""Prize pool, payout templates, rounding and shared places (pure rules, no Django).

Money is ``decimal.Decimal`` with at most two decimals (cents); percentages
are ``Decimal`` of any precision that must add up to exactly 100.

Choices, documented once:

* Every purchase (entry, re-entry, rebuy, add-on) has a prize-pool share and
  a fee; the fee goes to the house, the share to the pool. Manual additions
  (sponsor money, bounty leftovers, ...) go to the pool. When the pool is
  below the guarantee the house adds the difference (the overlay).
* ``compute_payouts`` rounds every place except the winner to the rounding
  unit (down by default, or to the nearest unit) and gives the remainder to
  the winner, so the places add up to the pool to the cent. The winner's
  amount is therefore the only one that may not be a multiple of the unit.
  Rounding down never makes a worse place pay more than a better one; with
  rounding to nearest, when the winner would fall below second place, units
  are taken back from the places rounded up the most until order is restored.
* Players sharing a place (``places.rank_busts`` with the ``share`` rule)
  split the sum of the prizes of all places they occupy: everyone gets the
  same multiple of the unit, the units left over go one each to the players
  in the order given, and cents that do not make a whole unit go to the next
  player in that order. The caller decides the order (the place service
  passes the order of the bust report); amounts differ by at most one unit.
* Errors are ``PayoutError`` (a ``ValueError``) with a machine-readable
  ``code`` the service layer translates.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from decimal import ROUND_FLOOR, ROUND_HALF_UP, Decimal, localcontext
from itertools import groupby
from typing import Literal

from tournament.rules.places import Place

CENT = Decimal("0.01")


def money(value: Decimal) -> str:
    """Money as the API writes it: a decimal string with two decimals."""
    return str(Decimal(value).quantize(CENT))


def plain_unit(value: Decimal) -> Decimal:
    """A rounding unit without trailing zeros and never in exponent form: the
    database's 10.00 is 10, not ``normalize()``'s 1E+1, and 0.50 is 0.5."""
    unit = Decimal(value).normalize()
    return unit.quantize(Decimal(1)) if unit == unit.to_integral_value() else unit


HUNDRED = Decimal(100)
ZERO = Decimal(0)

#: Rounding units a director can choose (0.05 is the smallest Swiss coin).
ROUNDING_UNITS: tuple[Decimal, ...] = tuple(
    Decimal(u)
    for u in ("0.01", "0.05", "0.10", "0.50", "1", "2", "5", "10", "20", "25", "50", "100")
)

RoundingMode = Literal["down", "nearest"]
PurchaseKind = Literal["entry", "re_entry", "rebuy", "add_on"]


class PayoutError(ValueError):
    """Invalid payout input; ``code`` is machine-readable for translation."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code


# --------------------------------------------------------------------------
# Prize pool


@dataclass(frozen=True)
class Purchase:
    """``count`` purchases of one kind, each paying ``prize_share`` to the pool and ``fee`` to the house."""

    kind: PurchaseKind
    count: int
    prize_share: Decimal
    fee: Decimal = ZERO


@dataclass(frozen=True)
class PrizePool:
    """The pool to pay out (``total``) and where it came from."""

    collected: Decimal  # prize shares of all purchases
    additions: Decimal  # manual additions
    overlay: Decimal  # added by the house to reach the guarantee
    total: Decimal  # collected + additions + overlay
    fees: Decimal  # kept by the house


def _money(value: Decimal, name: str) -> Decimal:
    if not isinstance(value, Decimal) or not value.is_finite():
        raise PayoutError("amount_invalid", f"{name} must be a finite Decimal")
    if value < 0:
        raise PayoutError("amount_negative", f"{name} must not be negative")
    if value != value.quantize(CENT):
        raise PayoutError("amount_precision", f"{name} has more than two decimals")
    return value


def compute_prize_pool(
    *,
    purchases: Sequence[Purchase],
    additions: Sequence[Decimal] = (),
    guarantee: Decimal | None = None,
    taken: tuple[Decimal, Decimal] = (ZERO, ZERO),
) -> PrizePool:
    """Total prize pool from purchases (and ``taken``: prize share and fees summed
    already, as the ledger's), manual additions and a guarantee."""
    collected, fees = taken
    for purchase in purchases:
        if purchase.count < 0:
            raise PayoutError("count_negative", f"{purchase.kind}: count must not be negative")
        collected += purchase.count * _money(purchase.prize_share, f"{purchase.kind} prize share")
        fees += purchase.count * _money(purchase.fee, f"{purchase.kind} fee")
    added = sum((_money(a, "addition") for a in additions), ZERO)
    before = collected + added
    overlay = ZERO
    if guarantee is not None and _money(guarantee, "guarantee") > before:
        overlay = guarantee - before
    return PrizePool(
        collected=collected,
        additions=added,
        overlay=overlay,
        total=before + overlay,
        fees=fees,
    )


# --------------------------------------------------------------------------
# Templates


def _pcts(*values: str) -> tuple[Decimal, ...]:
    return tuple(Decimal(v) for v in values)


#: Hand-made templates for small fields: (smallest field, largest field, percentages).
PAYOUT_TEMPLATES: tuple[tuple[int, int, tuple[Decimal, ...]], ...] = (
    (2, 3, _pcts("100")),
    (4, 6, _pcts("65", "35")),
    (7, 10, _pcts("50", "30", "20")),
    (11, 15, _pcts("40", "27", "19", "14")),
    (16, 20, _pcts("36", "24", "17", "13", "10")),
    (21, 27, _pcts("33", "22", "16", "12", "9.5", "7.5")),
    (28, 34, _pcts("31", "21", "15", "11", "8.5", "7", "6.5")),
    (35, 40, _pcts("30", "20", "14.5", "11", "8.5", "6.5", "5", "4.5")),
)
MAX_FIELD_SIZE = 10_000
#: Below this field size the hand-made table applies, from it on the generator.
GENERATOR_FROM = PAYOUT_TEMPLATES[-1][1] + 1


def _bands(paid: int) -> list[range]:
    """Places 1-9 alone, then bands of 3 up to place 27, then bands of 9 (0-based)."""
    bands: list[range] = []
    start = 0
    while start < paid:
        size = 1 if start < 9 else 3 if start < 27 else 9
        bands.append(range(start, min(start + size, paid)))
        start += size
    return bands


def generate_payout_percentages(
    field_size: int,
    *,
    paid_fraction: float = 0.15,
    min_cash_buy_ins: float = 2.0,
    winner_share_small: float = 0.35,
    winner_share_large: float = 0.25,
) -> list[Decimal]:
    """A payout curve for any field size from the generator (not the small-field table).

    About ``paid_fraction`` of the field is paid (at least 8 places); the last
    place pays about ``min_cash_buy_ins`` buy-ins (assuming a pool of one
    buy-in per entry); the winner gets ``winner_share_small`` of the pool at 30
    entries, falling with the logarithm of the field to ``winner_share_large``
    at 1,000 entries and above. Between, prizes fall along a shifted power
    curve whose exponent is solved so that everything adds up. Places 10-27
    are paid in bands of three, later places in bands of nine. Percentages
    have two decimals and add up to exactly 100.
    """
    if not 2 <= field_size <= MAX_FIELD_SIZE:
        raise PayoutError("field_size_out_of_range", f"field size must be 2..{MAX_FIELD_SIZE}")
    paid = min(field_size, max(8, math.ceil(field_size * paid_fraction)))
    t = (math.log(field_size) - math.log(30)) / (math.log(1000) - math.log(30))
    winner = winner_share_small + (winner_share_large - winner_share_small) * min(1.0, max(0.0, t))
    min_cash = min_cash_buy_ins / field_size
    shift = 2.0

    def shape(exponent: float) -> list[float]:
        floor = ((1 + shift) / (paid + shift)) ** exponent
        return [
            (((1 + shift) / (i + shift)) ** exponent - floor) / (1 - floor)
            for i in range(1, paid + 1)
        ]

    target = (1 - paid * min_cash) / (winner - min_cash)
    low, high = 1e-3, 50.0
    for _ in range(60):
        mid = (low + high) / 2
        if sum(shape(mid)) > target:
            low = mid
        else:
            high = mid
    curve = shape((low + high) / 2)
    total_shape = sum(curve)
    # Re-derive the floor so that the shares add up to 1 whatever the solver reached.
    base = (1 - winner * total_shape) / (paid - total_shape)
    shares = [base + (winner - base) * g for g in curve]
    for band in _bands(paid):
        mean = sum(shares[i] for i in band) / len(band)
        for i in band:
            shares[i] = mean
    pcts = [Decimal(repr(s * 100)).quantize(CENT, rounding=ROUND_FLOOR) for s in shares]
    pcts = [max(p, CENT) for p in pcts]
    pcts[0] += HUNDRED - sum(pcts)
    return pcts


def payout_template(field_size: int) -> list[Decimal]:
    """Suggested payout percentages (best place first) for a field of ``field_size`` entries."""
    for smallest, largest, pcts in PAYOUT_TEMPLATES:
        if smallest <= field_size <= largest:
            return list(pcts)
    return generate_payout_percentages(field_size)


# --------------------------------------------------------------------------
# Amounts


def validate_percentages(percentages: Sequence[Decimal]) -> None:
    """Raise ``PayoutError`` unless the percentages are a valid payout structure."""
    if not percentages:
        raise PayoutError("percentages_empty", "at least one paid place is required")
    for place, pct in enumerate(percentages, start=1):
        if not isinstance(pct, Decimal) or not pct.is_finite():
            raise PayoutError("percentage_invalid", f"place {place}: not a finite Decimal")
        if pct < 0:
            raise PayoutError("percentage_negative", f"place {place}: negative percentage")
    for place, (better, worse) in enumerate(zip(percentages, percentages[1:], strict=False), 2):
        if worse > better:
            raise PayoutError(
                "percentages_increasing", f"place {place} pays more than place {place - 1}"
            )
    total = sum(percentages, ZERO)
    if total != HUNDRED:
        raise PayoutError("percentages_sum", f"percentages add up to {total}, not 100")


def _validate_unit(rounding: Decimal) -> Decimal:
    if not isinstance(rounding, Decimal) or rounding not in ROUNDING_UNITS:
        raise PayoutError("rounding_unknown", f"unknown rounding unit {rounding!r}")
    return rounding


def _floor_to(value: Decimal, unit: Decimal) -> Decimal:
    return (value / unit).to_integral_value(rounding=ROUND_FLOOR) * unit


def compute_payouts(
    prize_pool: Decimal,
    percentages: Sequence[Decimal],
    rounding: Decimal,
    *,
    mode: RoundingMode = "down",
) -> list[Decimal]:
    """Amount per place, best first: rounded to ``rounding``, remainder to the winner.

    The amounts add up to ``prize_pool`` exactly and never increase with a
    worse place.
    """
    _money(prize_pool, "prize pool")
    validate_percentages(percentages)
    unit = _validate_unit(rounding)
    if mode not in ("down", "nearest"):
        raise PayoutError("rounding_mode_unknown", f"unknown rounding mode {mode!r}")
    with localcontext() as ctx:
        ctx.prec = 60
        raw = [prize_pool * pct / HUNDRED for pct in percentages]
        if mode == "down":
            rest = [_floor_to(r, unit) for r in raw[1:]]
        else:
            rest = [(r / unit).to_integral_value(rounding=ROUND_HALF_UP) * unit for r in raw[1:]]
        amounts = [prize_pool - sum(rest, ZERO), *rest]
        if mode == "nearest":
            _restore_order(amounts, raw, unit)
    return [a.quantize(CENT) for a in amounts]


def _restore_order(amounts: list[Decimal], raw: list[Decimal], unit: Decimal) -> None:
    """Move units from the places rounded up the most to the winner until order holds."""
    while len(amounts) > 1 and amounts[0] < amounts[1]:
        candidates = [i for i in range(1, len(amounts)) if amounts[i] > raw[i]]
        # Rounding to nearest is monotone, so an empty list here is impossible:
        # without any place rounded up, the winner holds at least its raw share.
        i = max(candidates, key=lambda j: (amounts[j] - raw[j], -j))
        while i + 1 < len(amounts) and amounts[i + 1] == amounts[i]:
            i += 1  # take from the worst place of a run of equal amounts
        amounts[i] -= unit
        amounts[0] += unit


# --------------------------------------------------------------------------
# Shared places


@dataclass(frozen=True)
class SharedGroup:
    """Players sharing ``place``; they occupy places place..place+len-1.

    ``entry_ids`` are in the order that receives leftover units first.
    """

    place: int
    entry_ids: tuple[int, ...]


@dataclass(frozen=True)
class Prize:
    entry_id: int
    place: int
    amount: Decimal


def _prize_for_place(payouts: Sequence[Decimal], place: int) -> Decimal:
    return payouts[place - 1] if place <= len(payouts) else ZERO


def split_shared_places(
    *,
    payouts: Sequence[Decimal],
    groups: Sequence[SharedGroup],
    rounding: Decimal = CENT,
) -> dict[int, Decimal]:
    """Amount for every player of the shared groups (entry id -> amount).

    Each group splits the prizes of the places it occupies (places beyond the
    paid ones count as zero): equal multiples of ``rounding`` for everyone,
    leftover units one each in the given order, leftover cents to the next
    player in that order. The group total is preserved to the cent.
    """
    unit = _validate_unit(rounding)
    taken: set[int] = set()
    result: dict[int, Decimal] = {}
    for group in groups:
        size = len(group.entry_ids)
        if size == 0 or group.place < 1:
            raise PayoutError("group_invalid", "a shared group needs a place and players")
        occupied = set(range(group.place, group.place + size))
        if (
            occupied & taken
            or set(group.entry_ids) & result.keys()
            or len(set(group.entry_ids)) != size
        ):
            raise PayoutError("groups_overlap", "shared groups overlap")
        taken |= occupied
        total = sum((_prize_for_place(payouts, p) for p in occupied), ZERO)
        base = _floor_to(total / size, unit)
        remainder = total - base * size
        units = int(remainder // unit)
        cents = remainder - units * unit
        for index, entry_id in enumerate(group.entry_ids):
            amount = base + (unit if index < units else ZERO)
            if index == units:
                amount += cents
            result[entry_id] = amount.quantize(CENT)
    return result


def prizes_for_places(
    *,
    payouts: Sequence[Decimal],
    places: Sequence[Place],
    rounding: Decimal = CENT,
) -> list[Prize]:
    """Prize of every placed entry, shared places split, in order of place.

    Entries with the same place number form a shared group in the order they
    appear in ``places``. Entries outside the paid places get zero.
    """
    ordered = sorted(places, key=lambda p: p.place)  # stable: keeps the given order
    groups = [
        SharedGroup(place, tuple(p.entry_id for p in members))
        for place, members in ((k, list(g)) for k, g in groupby(ordered, key=lambda p: p.place))
    ]
    amounts = split_shared_places(payouts=payouts, groups=groups, rounding=rounding)
    return [Prize(p.entry_id, p.place, amounts[p.entry_id]) for p in ordered]
