"""The seat choice of the move planner's balancing step (TDA 2019 rule 10, BDPV
Turnierreglement 14): who moves from a biggest table, to which short table,
to which seat (tables/rules/balancing.py)."""

from __future__ import annotations

from collections.abc import Iterator
from itertools import chain

from tables.rules._seats import clockwise_after
from tables.rules.button import (
    BlindState,
    big_blind_order,
    hands_until_big_blind,
    next_hand,
    worst_empty_seat,
)
from tables.rules.model import SeatingWarning
from tables.rules.planner_state import PlannerState, PlanTable


class _Lazy:
    """A list filled from an iterator as far as it is read (a fetch per table asked)."""

    def __init__(self, items: Iterator[PlanTable]) -> None:
        self._items = items
        self._seen: list[PlanTable] = []

    def __iter__(self) -> Iterator[PlanTable]:
        index = 0
        while True:
            if index < len(self._seen):
                yield self._seen[index]
                index += 1
                continue
            item = next(self._items, None)
            if item is None:
                return
            self._seen.append(item)

    def __bool__(self) -> bool:
        return next(iter(self), None) is not None

    def __getitem__(self, index: int) -> PlanTable:
        for position, item in enumerate(self):
            if position == index:
                return item
        raise IndexError(index)


class SeatChoice(PlannerState):
    # -- step 3: balancing --------------------------------------------------

    def candidates(self, table: PlanTable, *, arriving: bool = False) -> list[int]:
        """Seats of players who may move away from `table`, best first.

        `arriving`: the players still on their way here instead, sent on to
        another table only when nobody seated at a biggest table can move (a
        floor of thin tables that may not break, its players all in transit).
        """
        dead_button = self.options.dead_button
        order = big_blind_order(
            seat_count=table.seat_count,
            occupied=table.occupied,
            state=table.blinds,
            dead_button=dead_button,
        )
        movable = [
            seat
            for seat in order
            if seat in table.players
            and (seat in table.reserved) == arriving
            and table.players[seat] not in self.moved
        ]
        if self.options.balancing == "bdpv" and table.blinds is not None and len(order) >= 2:
            upcoming = self.upcoming(table)
            due = {upcoming.small_blind, upcoming.big_blind}
            movable = [s for s in movable if s not in due] + [s for s in movable if s in due]
        return movable

    def upcoming(self, table: PlanTable) -> BlindState:
        assert table.blinds is not None
        return next_hand(
            seat_count=table.seat_count,
            occupied=table.occupied,
            state=table.blinds,
            dead_button=self.options.dead_button,
        )

    def balance(self) -> None:
        while True:
            if self.live_count() < 2:
                return
            sizes = self.sizes()
            biggest, smallest = max(sizes), min(sizes)
            if biggest - smallest < 2:
                return
            # Read as far as the choice goes: the biggest tables that break first,
            # then the shortest tables with room that break last.
            sources = _Lazy(self.at_size(biggest, last_first=False, with_room=False))
            dests = _Lazy(
                chain.from_iterable(
                    self.at_size(size, last_first=True, with_room=True)
                    for size in range(smallest, biggest - 1)
                )
            )
            choice = self.choose(sources, dests)
            if choice is None:
                self.warnings.append(
                    SeatingWarning(code="cannot_balance", tables=tuple(t.number for t in sources))
                )
                return
            source, seat, dest = choice
            entry = source.players[seat]
            if self.has_partner(entry, dest):
                self.note_together(entry, dest)
            to_seat = self.destination_seat(source, seat, dest)
            self.move(
                entry=entry, source=source, seat=seat, dest=dest, to_seat=to_seat, reason="balance"
            )

    def choose(self, sources: _Lazy, dests: _Lazy) -> tuple[PlanTable, int, PlanTable] | None:
        if not dests:
            return None
        fallback: tuple[PlanTable, int, PlanTable] | None = None
        for arriving in (False, True):
            for source in sources:
                for seat in self.candidates(source, arriving=arriving):
                    entry = source.players[seat]
                    for dest in dests:
                        if not self.has_partner(entry, dest):
                            return source, seat, dest
                    if fallback is None:
                        fallback = source, seat, dests[0]
            if fallback is not None:
                return fallback
        return None

    def destination_seat(self, source: PlanTable, seat: int, dest: PlanTable) -> int:
        free = dest.free_seats()
        if dest.blinds is None or not dest.occupied:
            return self.rng.choice(free)
        if self.options.balancing == "bdpv":
            if source.blinds is None or len(source.occupied) < 2:
                return self.rng.choice(free)
            position = relative_position(
                seat=seat,
                seat_count=source.seat_count,
                occupied=source.occupied,
                upcoming=self.upcoming(source),
            )
            return self.closest_position(dest, position, free)
        worst = worst_empty_seat(
            seat_count=dest.seat_count,
            occupied=dest.occupied,
            state=dest.blinds,
            dead_button=self.options.dead_button,
            available=free,
        )
        return worst if worst is not None else self.rng.choice(free)

    def closest_position(self, dest: PlanTable, position: int, free: list[int]) -> int:
        blinds = dest.blinds
        assert blinds is not None
        dead_button = self.options.dead_button

        def key(candidate: int) -> tuple[int, int, int, int]:
            occupied = dest.occupied | {candidate}
            upcoming = next_hand(
                seat_count=dest.seat_count,
                occupied=occupied,
                state=blinds,
                dead_button=dead_button,
            )
            there = relative_position(
                seat=candidate,
                seat_count=dest.seat_count,
                occupied=occupied,
                upcoming=upcoming,
            )
            return (
                int(self.waits(dest, candidate)),
                abs(there - position),
                hands_until_big_blind(
                    seat=candidate,
                    seat_count=dest.seat_count,
                    occupied=dest.occupied,
                    state=blinds,
                    dead_button=dead_button,
                ),
                candidate,
            )

        return min(free, key=key)


def relative_position(
    *, seat: int, seat_count: int, occupied: set[int] | frozenset[int], upcoming: BlindState
) -> int:
    """A seat's position counted from the button: button 0, then 1, 2, ... per player after it.

    The small blind is 1 and the big blind 2 even when the button is dead.
    """
    if seat == upcoming.button:
        return 0
    position = 1
    for candidate in clockwise_after(upcoming.button, seat_count):
        if candidate == seat:
            return position
        if candidate in occupied:
            position += 1
    raise ValueError(f"seat {seat} not found")  # pragma: no cover
