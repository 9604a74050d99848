"""Plain data shared by the seat draw, late seating and the balancing planner."""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable, Mapping
from dataclasses import dataclass, field
from functools import lru_cache
from typing import NamedTuple

from tables.rules._seats import check_seat
from tables.rules.button import BlindState

KeepApartPairs = Iterable[tuple[int, int]]


@lru_cache(maxsize=32)
def _seat_numbers(seat_count: int) -> frozenset[int]:
    return frozenset(range(1, seat_count + 1))


@dataclass(frozen=True, kw_only=True)
class TableState:
    """One open table in the projected state (pending moves already applied).

    - `players`: seat -> entry. A player with a pending move is listed at
      his destination seat, not at the seat he is leaving.
    - `blinds`: positions of the hand dealt last, None before the button
      is set.
    - `reserved`: seats not available to anyone else: destination seats of
      pending moves (the entry is listed there in `players` and counts as
      in transit) and any other held seat.
    - `pending_departures`: players still sitting here physically whose
      pending move has them elsewhere in the projected state; only used to
      decide which tables halt.
    """

    number: int
    seat_count: int
    players: Mapping[int, int] = field(default_factory=dict)
    blinds: BlindState | None = None
    reserved: frozenset[int] = frozenset()
    pending_departures: int = 0

    def __post_init__(self) -> None:
        if self.seat_count < 2:
            raise ValueError(f"table {self.number} needs at least two seats")
        valid = _seat_numbers(self.seat_count) if type(self.seat_count) is int else frozenset()
        # The floor builds 1,100 of these per bust: check the seats as a set, and
        # only seat by seat (for the error naming the first bad one) when that fails.
        if not (valid.issuperset(self.players) and valid.issuperset(self.reserved)):
            for seat in (*self.players, *self.reserved):
                check_seat(seat, self.seat_count)
        if len(set(self.players.values())) != len(self.players):
            raise ValueError(f"table {self.number} lists an entry twice")
        if self.blinds is not None:
            for seat in (self.blinds.button, self.blinds.small_blind, self.blinds.big_blind):
                check_seat(seat, self.seat_count)
        if self.pending_departures < 0:
            raise ValueError("pending_departures cannot be negative")

    @property
    def occupied(self) -> frozenset[int]:
        """Seats with a player or held for one."""
        return frozenset(self.players) | self.reserved

    @property
    def free_seats(self) -> list[int]:
        taken = self.occupied
        return [seat for seat in range(1, self.seat_count + 1) if seat not in taken]


class TableCount(NamedTuple):
    """An open table as the planner first sees it: how many sit there, not who.

    A big floor has 1,100 tables and a bust changes one of them. The planner
    decides from these counts and asks for the seats of a table (a
    :data:`SeatsLoader`, which also gives its blinds) only when a move leaves
    or reaches it, so the work of a plan follows the moves it makes, not the
    size of the floor. A plain tuple: the floor builds 1,100 per bust.

    - `size`: players in the projected state (as `TableState.players`);
    - `arrivals`: of those, players still on their way here;
    - `departures`: players still sitting here whose pending move takes them
      elsewhere (as `TableState.pending_departures`).
    """

    number: int
    seat_count: int
    size: int  # players in the projected state
    arrivals: int = 0
    departures: int = 0

    def check(self) -> None:
        if self.seat_count < 2:
            raise ValueError(f"table {self.number} needs at least two seats")
        if not 0 <= self.size <= self.seat_count:
            raise ValueError(f"table {self.number} cannot hold {self.size} players")
        if not 0 <= self.arrivals <= self.size or self.departures < 0:
            raise ValueError(f"table {self.number}: arrivals and departures out of range")


# The seats of one table in the projected state, asked for by table number.
SeatsLoader = Callable[[int], TableState]


@dataclass(frozen=True, kw_only=True)
class SeatingWarning:
    """A machine-readable note about a rule that could not be kept.

    Codes: "keep_apart_violated" (`pairs` sat together, `tables` where),
    "cannot_balance", "cannot_break", "no_final_table_seats".
    """

    code: str
    pairs: tuple[tuple[int, int], ...] = ()
    tables: tuple[int, ...] = ()

    def to_log(self) -> dict[str, object]:
        return {
            "code": self.code,
            "pairs": [list(pair) for pair in self.pairs],
            "tables": list(self.tables),
        }


def partners_of(pairs: KeepApartPairs) -> dict[int, frozenset[int]]:
    """entry -> the entries it must be kept apart from (pairs with itself are ignored)."""
    partners: dict[int, set[int]] = {}
    for first, second in pairs:
        if first == second:
            continue
        partners.setdefault(first, set()).add(second)
        partners.setdefault(second, set()).add(first)
    return {entry: frozenset(others) for entry, others in partners.items()}


def pairs_together(
    partners: Mapping[int, Collection[int]], table_of: Mapping[int, int]
) -> list[tuple[tuple[int, int], int]]:
    """Keep-apart pairs that sit at one table, as ((low, high), table), sorted."""
    found = []
    for entry, others in partners.items():
        table = table_of.get(entry)
        if table is None:
            continue
        for other in others:
            if entry < other and table_of.get(other) == table:
                found.append(((entry, other), table))
    return sorted(found)


def keep_apart_warning(
    partners: Mapping[int, Collection[int]], table_of: Mapping[int, int]
) -> SeatingWarning | None:
    together = pairs_together(partners, table_of)
    if not together:
        return None
    return SeatingWarning(
        code="keep_apart_violated",
        pairs=tuple(pair for pair, _ in together),
        tables=tuple(table for _, table in together),
    )
