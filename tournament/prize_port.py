"""What the core asks the cash desk about prizes (README "Satellites and tickets",
"Cash desk").

The cash desk sits above the core, yet two of its answers decide what the
results show: what the ledger put into the prize pool (the one money truth:
README "Cash desk"), and a satellite's payout structure (tickets first, the
rest in cash). Those are the questions asked downwards, with the two moments
the desk must hear of: the winner is known (the prizes are fixed), or no longer
(they are taken back). The cash desk plugs its answers in once, in
``CashdeskConfig.ready``. Without it no money was taken and no tournament is a
satellite.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from decimal import Decimal
from typing import TYPE_CHECKING, Protocol

from tournament.models import Tournament

if TYPE_CHECKING:
    from tournament.writes import Write


@dataclass(frozen=True)
class PaidPrize:
    """A prize handed over at the desk and not reversed (README "Payouts")."""

    entry_id: int
    place: int | None
    amount: Decimal
    receipt: str  # as printed (README "Cash desk")


@dataclass(frozen=True)
class Taken:
    """What the ledger booked for the purchases of some tournaments (buy-ins,
    re-entries, rebuys, add-ons; their refunds and reversals counted off)."""

    prize_pool: Decimal = Decimal("0.00")
    fees: Decimal = Decimal("0.00")


class Prizes(Protocol):
    def pool_taken(self, tournament_ids: Sequence[int]) -> Taken:
        """The prize-pool and fee shares the ledger booked for these tournaments."""

    def satellite_places(
        self, tournament: Tournament, pool: Decimal
    ) -> list[tuple[Decimal, Decimal]] | None:
        """(cash, ticket value or 0) per paid place, best first; None: not a satellite."""

    def winner_known(self, w: Write) -> None:
        """The write's tournament has just finished: fix its prizes (once)."""

    def winner_unknown(self, w: Write) -> None:
        """The write's finished tournament plays on (its winner's bust undone):
        take back the prizes fixed; a Conflict when that can no longer be done."""

    def prizes_fixed(self, tournament: Tournament) -> bool:
        """The winner is known and the prizes were fixed (README "Payouts")."""

    def prizes_paid(self, tournament: Tournament) -> list[PaidPrize]:
        """The prizes paid out and not reversed, best place first."""


class NoSatellites:
    def pool_taken(self, tournament_ids: Sequence[int]) -> Taken:
        return Taken()

    def satellite_places(
        self, tournament: Tournament, pool: Decimal
    ) -> list[tuple[Decimal, Decimal]] | None:
        return None

    def winner_known(self, w: Write) -> None:
        return None

    def winner_unknown(self, w: Write) -> None:
        return None

    def prizes_fixed(self, tournament: Tournament) -> bool:
        return False

    def prizes_paid(self, tournament: Tournament) -> list[PaidPrize]:
        return []


_prizes: list[Prizes] = [NoSatellites()]


def plug_prizes(answers: Prizes) -> None:
    """The cash desk plugs its answers in at start-up."""
    _prizes[:] = [answers]


def prizes() -> Prizes:
    return _prizes[0]
