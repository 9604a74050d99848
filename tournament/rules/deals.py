"""Deal calculators: ICM (Malmuth-Harville) and chip chop (pure rules, no Django).

A deal shares the prizes still open among the players still in. It must
include every remaining player (BDPV Turnierreglement 30); the organiser does
not have to enforce private deals (31), and league points are never part of
a deal (29). The caller checks that ``stacks`` holds every remaining player;
this module only requires at least as many players as open prizes.

Prizes are given best place first. When there are fewer prizes than players
the missing places pay zero.

**Reserve ("play for")**: an amount left on the table for the winner of the
remaining play. It is taken off the top of the prize list before the deal:
first prize is lowered until it equals second prize, then first and second
are lowered together until they equal third, and so on, so the adjusted
prizes never increase with a worse place. The deal distributes the adjusted
prizes; the winner of the remaining play then gets the reserve on top of
their deal amount. Cents that cannot be taken evenly from the levelled top
places are taken from the lower ones of them (so the order still holds).

Amounts are rounded to cents by the largest-remainder method so that they
add up exactly to the distributed total (open prizes minus reserve); finally
the rounded amounts are matched to the stacks in order, so a bigger stack
never gets less than a smaller one.

ICM by Malmuth-Harville: a player finishes first with probability stack /
total chips; given the players already placed, the next place goes to each
remaining player with probability their stack / chips still remaining. The
expected prize is computed exactly by dynamic programming over the subsets
of players already placed (a bitmask), O(2^n * n): 10 players take a few
milliseconds.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from decimal import ROUND_FLOOR, Decimal
from fractions import Fraction

CENT = Decimal("0.01")
ZERO = Decimal(0)
MAX_ICM_PLAYERS = 16


class DealError(ValueError):
    """Invalid deal input; ``code`` is machine-readable for translation."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code


@dataclass(frozen=True)
class DealResult:
    """Deal amount per player (same order as the stacks) and the reserve played for."""

    amounts: tuple[Decimal, ...]
    reserve: Decimal
    prizes: tuple[Decimal, ...]  # the prizes the deal distributed (after the reserve)


def _validate(stacks: Sequence[int], prizes: Sequence[Decimal]) -> None:
    if not stacks:
        raise DealError("no_players", "a deal needs at least one player")
    for stack in stacks:
        if isinstance(stack, bool) or not isinstance(stack, int) or stack <= 0:
            raise DealError("stack_not_positive", "every stack must be a positive integer")
    if len(prizes) > len(stacks):
        raise DealError("too_many_prizes", "more open prizes than players")
    for prize in prizes:
        if not isinstance(prize, Decimal) or not prize.is_finite() or prize < 0:
            raise DealError("prize_invalid", "prizes must be non-negative Decimals")
        if prize != prize.quantize(CENT):
            raise DealError("prize_precision", "prizes must be whole cents")


def icm_equities(stacks: Sequence[int], prizes: Sequence[float | Decimal]) -> list[float]:
    """Malmuth-Harville expected prize of every player (float, same order as stacks)."""
    n = len(stacks)
    if n > MAX_ICM_PLAYERS:
        raise DealError("too_many_players", f"ICM supports at most {MAX_ICM_PLAYERS} players")
    values = [float(p) for p in prizes] + [0.0] * (n - len(prizes))
    full = (1 << n) - 1
    # chips[mask]: chips of the players in mask.
    chips = [0] * (1 << n)
    for mask in range(1, 1 << n):
        low = mask & -mask
        chips[mask] = chips[mask ^ low] + stacks[low.bit_length() - 1]
    # prob[mask]: probability that the players in mask take the top |mask| places.
    prob = [0.0] * (1 << n)
    prob[0] = 1.0
    equity = [0.0] * n
    for mask in range(full):
        p = prob[mask]
        if p == 0.0:
            continue
        place = mask.bit_count()
        left = full ^ mask
        remaining_chips = chips[left]
        prize = values[place]
        bits = left
        while bits:
            low = bits & -bits
            i = low.bit_length() - 1
            q = p * stacks[i] / remaining_chips
            equity[i] += q * prize
            prob[mask | low] += q
            bits ^= low
    return equity


def _round_to_total(
    shares: Sequence[Fraction], stacks: Sequence[int], total: Decimal
) -> tuple[Decimal, ...]:
    """Cents by largest remainder adding up to ``total``; bigger stacks never get less."""
    cents_total = int(total / CENT)
    floors = [math.floor(s * 100) for s in shares]
    left = cents_total - sum(floors)
    order = sorted(
        range(len(shares)),
        key=lambda i: (-(shares[i] * 100 - floors[i]), -stacks[i], i),
    )
    for i in order[: max(0, left)]:
        floors[i] += 1
    for i in order[len(order) + min(0, left) :]:  # only if the shares overshoot
        floors[i] -= 1
    # Match amounts to stacks in order so float noise can never invert them.
    by_stack = sorted(range(len(stacks)), key=lambda i: (-stacks[i], i))
    amounts = sorted(floors, reverse=True)
    result = [0] * len(stacks)
    for i, cents in zip(by_stack, amounts, strict=True):
        result[i] = cents
    return tuple((Decimal(c) * CENT).quantize(CENT) for c in result)


def reserve_prizes(prizes: Sequence[Decimal], reserve: Decimal) -> tuple[Decimal, ...]:
    """The prizes left for the deal after taking ``reserve`` off the top (see module doc)."""
    if not isinstance(reserve, Decimal) or not reserve.is_finite() or reserve < 0:
        raise DealError("reserve_invalid", "the reserve must be a non-negative Decimal")
    if reserve != reserve.quantize(CENT):
        raise DealError("reserve_precision", "the reserve must be whole cents")
    adjusted = sorted(prizes, reverse=True)
    if list(adjusted) != list(prizes):
        raise DealError("prizes_increasing", "prizes must not increase with a worse place")
    if reserve > sum(adjusted, ZERO):
        raise DealError("reserve_too_large", "the reserve exceeds the open prizes")
    to_take = reserve
    top = 1  # the first `top` prizes are levelled and lowered together
    while to_take > 0:
        while top < len(adjusted) and adjusted[top] == adjusted[0]:
            top += 1
        floor = adjusted[top] if top < len(adjusted) else ZERO
        room = (adjusted[0] - floor) * top
        step = min(room, to_take)
        each = (step / top).quantize(CENT, rounding=ROUND_FLOOR)
        extra = int((step - each * top) / CENT)  # cents taken from the lowest levelled places
        level = adjusted[0] - each
        for i in range(top):
            adjusted[i] = level - (CENT if i >= top - extra else ZERO)
        to_take -= step
        if extra:
            break  # only happens when step == to_take: the reserve is fully taken
    return tuple(a.quantize(CENT) for a in adjusted)


def _deal_prizes(
    stacks: Sequence[int], prizes: Sequence[Decimal], reserve: Decimal
) -> tuple[Decimal, ...]:
    _validate(stacks, prizes)
    return reserve_prizes(prizes, reserve)


def deal_icm(
    *, stacks: Sequence[int], prizes: Sequence[Decimal], reserve: Decimal = ZERO
) -> DealResult:
    """ICM deal: each player's Malmuth-Harville equity in cents (same order as stacks)."""
    adjusted = _deal_prizes(stacks, prizes, reserve)
    equities = icm_equities(stacks, adjusted)
    shares = [Fraction(e) for e in equities]
    amounts = _round_to_total(shares, stacks, sum(adjusted, ZERO))
    return DealResult(amounts=amounts, reserve=reserve, prizes=adjusted)


def deal_chip_chop(
    *, stacks: Sequence[int], prizes: Sequence[Decimal], reserve: Decimal = ZERO
) -> DealResult:
    """Chip chop: the open prizes (minus the reserve) shared in proportion to chips."""
    adjusted = _deal_prizes(stacks, prizes, reserve)
    total = sum(adjusted, ZERO)
    chips = sum(stacks)
    shares = [Fraction(total) * s / chips for s in stacks]
    amounts = _round_to_total(shares, stacks, total)
    return DealResult(amounts=amounts, reserve=reserve, prizes=adjusted)
