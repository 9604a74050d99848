"""Bounties: who gets what when a player is eliminated (README "Events: flights, bags and the next day").

The rulebooks we follow are silent on bounties; what a room expects, as the
tournament's bounty settings say it (README "Bounties"):

- **knockout**: every entry carries a fixed bounty; the player who eliminates
  him takes it in cash.
- **progressive** knockout: the eliminator takes a share of the bounty in cash
  (default half) and the rest is added to his own bounty; the winner takes
  the last bounty whole and his own on top.
- **mystery**: the bounty money goes into a list of prizes; from a set point
  of the tournament (a level, or the money) each elimination draws one prize
  at random from those left. Before that point eliminations draw nothing.

Several players eliminating one (a split pot) share his bounty equally, never
by stack; the cents that do not divide go to the eliminator first to the left
of the button, as an odd chip would. Money is in cents here (plain ints):
nothing is lost or made by rounding.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from decimal import Decimal
from typing import Literal

Kind = Literal["none", "knockout", "progressive", "mystery"]
KINDS: tuple[Kind, ...] = ("none", "knockout", "progressive", "mystery")


class BountyError(ValueError):
    """A bounty that cannot be paid as asked (the message is for the log)."""


def clockwise_from_button(seats: Sequence[int], button: int | None, table_size: int) -> list[int]:
    """``seats`` in the order they sit clockwise, starting left of the button
    (seat order when the table has no button)."""
    start = button or 0
    size = max(table_size, *seats) if seats else table_size
    return sorted(seats, key=lambda seat: (seat - start - 1) % size)


def split_equally(cents: int, shares: int) -> list[int]:
    """``cents`` in ``shares`` parts that differ by at most one cent; the extra
    cents go to the first parts (the eliminators first left of the button)."""
    if shares < 1:
        raise BountyError("a bounty needs at least one eliminator")
    if cents < 0:
        raise BountyError("a bounty is never negative")
    each, extra = divmod(cents, shares)
    return [each + (1 if i < extra else 0) for i in range(shares)]


@dataclass(frozen=True)
class Award:
    """What one eliminator gets of one bounty: cash now, and (progressive) an
    addition to his own bounty."""

    cash: int
    added: int = 0


def knockout(bounty: int, eliminators: int) -> list[Award]:
    """The fixed bounty, in cash, shared by the eliminators."""
    return [Award(cash=part) for part in split_equally(bounty, eliminators)]


def progressive(
    bounty: int, eliminators: int, *, cash_share: int, final: bool = False
) -> list[Award]:
    """``cash_share`` percent of the bounty in cash, the rest onto the
    eliminators' own bounties; the last elimination of the tournament pays it
    all in cash (the winner's bounty is his to take)."""
    if not 0 <= cash_share <= 100:
        raise BountyError("the cash share is a percentage")
    cash = bounty if final else bounty * cash_share // 100
    return [
        Award(cash=part, added=rest)
        for part, rest in zip(
            split_equally(cash, eliminators),
            split_equally(bounty - cash, eliminators),
            strict=True,
        )
    ]


def mystery_draw(prizes_left: Sequence[object], rng: random.Random) -> int:
    """The index of the prize drawn, at random, from those left."""
    if not prizes_left:
        raise BountyError("no mystery bounty is left to draw")
    return rng.randrange(len(prizes_left))


def mystery_started(
    *, start_level: int | None, in_the_money_start: bool, level: int, in_the_money: bool
) -> bool:
    """Whether eliminations draw a mystery bounty now: from the start level on,
    or once the field is in the money, whichever the settings name."""
    if in_the_money_start:
        return in_the_money
    return start_level is None or level >= start_level


def cents(amount: object) -> int:
    """A money amount (Decimal, int or a decimal string) in whole cents."""
    return int((Decimal(str(amount)) * 100).to_integral_value())


def money(amount_cents: int) -> Decimal:
    """Cents back to a money amount."""
    return Decimal(amount_cents) / 100
