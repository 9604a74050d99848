"""Satellites: a prize pool paid out as tickets to a bigger tournament (pure rules).

Choices, documented once (README "Satellites and tickets"):

* The pool buys ``pool // ticket_value`` tickets, one per place from the top;
  the director may pay fewer (``tickets``).
* A place listed in ``cash_places`` takes the ticket's value in cash instead.
* What the tickets leave of the pool (the remainder) goes in cash to the
  next place (``next_place``) or is split equally over the ticket places
  (``split``; odd cents to the better places). With no ticket bought the
  whole pool goes to place 1.
* At most ``MOST_TICKETS`` tickets (as many places as a payout structure
  pays); a pool that buys more pays the rest as the remainder.
* Nothing is lost or invented: ``tickets * ticket_value + cash == pool`` to the cent.
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass
from decimal import ROUND_DOWN, Decimal
from typing import Literal

Remainder = Literal["next_place", "split"]
REMAINDERS: tuple[Remainder, ...] = ("next_place", "split")
CENT = Decimal("0.01")
MOST_TICKETS = 1000
ZERO = Decimal(0)


class SatelliteError(ValueError):
    """A satellite setting that cannot be paid; ``code`` is machine-readable."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code


@dataclass(frozen=True)
class SatellitePlace:
    """What one place wins: a ticket (of the ticket value) and/or cash."""

    place: int
    ticket: bool
    cash: Decimal

    def value(self, ticket_value: Decimal) -> Decimal:
        return self.cash + (ticket_value if self.ticket else ZERO)


def _check(pool: Decimal, ticket_value: Decimal, remainder: str, tickets: int | None) -> None:
    if not pool.is_finite() or pool < 0 or pool != pool.quantize(CENT):
        raise SatelliteError("pool_invalid", "the pool must be whole cents, zero or more")
    if (
        not ticket_value.is_finite()
        or ticket_value <= 0
        or ticket_value != ticket_value.quantize(CENT)
    ):
        raise SatelliteError("ticket_value_invalid", "the ticket value must be whole cents above 0")
    if remainder not in REMAINDERS:
        raise SatelliteError("remainder_unknown", "the remainder goes to next_place or is split")
    if tickets is not None and tickets < 0:
        raise SatelliteError("tickets_invalid", "the number of tickets is zero or more")


def satellite_split(
    pool: Decimal,
    ticket_value: Decimal,
    remainder: Remainder = "next_place",
    *,
    tickets: int | None = None,
    cash_places: Collection[int] = (),
) -> list[SatellitePlace]:
    """The paid places, best first: tickets while the pool buys them, then the rest in cash."""
    _check(pool, ticket_value, remainder, tickets)
    bought = min(int((pool / ticket_value).to_integral_value(rounding=ROUND_DOWN)), MOST_TICKETS)
    if tickets is not None:
        bought = min(bought, tickets)
    rest = pool - bought * ticket_value
    places = [
        SatellitePlace(n, n not in cash_places, ZERO if n not in cash_places else ticket_value)
        for n in range(1, bought + 1)
    ]
    if rest == 0:
        return places
    if remainder == "next_place" or not places:
        return [*places, SatellitePlace(bought + 1, False, rest)]
    cents = int(rest / CENT)
    share, odd = divmod(cents, bought)
    return [
        SatellitePlace(p.place, p.ticket, p.cash + (share + (1 if i < odd else 0)) * CENT)
        for i, p in enumerate(places)
    ]


def ticket_count(places: Collection[SatellitePlace]) -> int:
    return sum(1 for p in places if p.ticket)


def ticket_change(value: Decimal, price: Decimal, *, change_allowed: bool) -> Decimal:
    """What a ticket of ``value`` leaves after paying ``price`` (buy-in and fee).

    A ticket smaller than the price pays nothing (``ticket_too_small``); a bigger
    one leaves change only where the room allows it, else the rest is forfeited.
    """
    if value < price:
        raise SatelliteError("ticket_too_small", f"the ticket ({value}) is below {price}")
    return (value - price) if change_allowed else ZERO
