"""The planner's working state: a working copy of each table it looks at, the
break sequence, and the moves planned so far (tables/rules/balancing.py)."""

from __future__ import annotations

import heapq
import random
from collections.abc import Iterator, Mapping, Sequence

from tables.rules.button import BlindState, must_wait_for_button
from tables.rules.floor_index import FloorIndex, ListedIndex, RankKey
from tables.rules.model import SeatingWarning, SeatsLoader, TableCount, TableState
from tables.rules.move_plan import Move, MoveReason
from tables.rules.options import SeatingOptions


class PlanTable:
    """Working copy of one table while a plan is built.

    Made from a `TableState` (seats known) or a `TableCount` (seats read on
    first use through the loader): counts, room and halting need no seats; a
    move away, a seat for an arrival, a blind or keep-apart check does.
    """

    def __init__(
        self,
        table: TableState | TableCount,
        table_size: int,
        load: SeatsLoader | None,
    ) -> None:
        self.number = table.number
        self.seat_count = table.seat_count
        self.capacity = min(table.seat_count, table_size)
        self._blinds: BlindState | None = None
        self.blocked: set[int] = set()  # vacated in this plan, not reusable
        self.broken = False
        self._load = load
        self._players: dict[int, int] | None = None
        self._reserved: set[int] = set()
        if isinstance(table, TableState):
            self._take(table)
            self.departures = table.pending_departures
            self._count, self._arrivals = 0, 0
        else:
            self.departures = table.departures
            self._count, self._arrivals = table.size, table.arrivals

    def _take(self, state: TableState) -> None:
        self._players = dict(state.players)
        self._reserved = set(state.reserved)
        self._blinds = state.blinds

    def _seats(self) -> dict[int, int]:
        if self._players is None:
            if self._load is None:
                raise ValueError(f"the seats of table {self.number} were not given")
            state = self._load(self.number)
            if state.number != self.number:
                raise ValueError(f"asked for table {self.number}, got {state.number}")
            self._take(state)
        assert self._players is not None
        return self._players

    @property
    def players(self) -> dict[int, int]:
        return self._seats()

    @property
    def reserved(self) -> set[int]:
        self._seats()
        return self._reserved

    @property
    def blinds(self) -> BlindState | None:
        self._seats()
        return self._blinds

    @property
    def count(self) -> int:
        return self._count if self._players is None else len(self._players)

    @property
    def occupied(self) -> set[int]:
        return set(self.players) | self.reserved

    def room(self) -> int:
        """How many free seats an arrival may take (from the count while unread)."""
        if self.count >= self.capacity:
            return 0
        if self._players is None:
            return self.seat_count - self._count  # reserved seats are among the players
        return len(self.free_seats())

    def free_seats(self) -> list[int]:
        if self.count >= self.capacity:
            return []
        taken = self.occupied | self.blocked
        return [seat for seat in range(1, self.seat_count + 1) if seat not in taken]

    def arrivals(self) -> int:
        if self._players is None:
            return self._arrivals
        return sum(1 for seat in self._players if seat in self._reserved)


def break_sequence(table_numbers: Sequence[int], breaking_order: Sequence[int]) -> list[int]:
    """Open tables in the order they break: `breaking_order` first, then the rest, highest first."""
    open_tables = set(table_numbers)
    listed: dict[int, None] = {}
    for number in breaking_order:
        if number in open_tables:
            listed.setdefault(number)
    rest = sorted(open_tables - listed.keys(), reverse=True)
    return [*listed, *rest]


def _settled(table: TableState | TableCount) -> bool:
    """No pending move leaves or reaches it: its size is who sits there."""
    if isinstance(table, TableCount):
        return not (table.arrivals or table.departures)
    return not (table.reserved or table.pending_departures)


def _listed(
    tables: Sequence[TableState | TableCount],
    breaking_order: Sequence[int],
    load: SeatsLoader | None,
) -> tuple[list[TableState | TableCount], FloorIndex, SeatsLoader | None]:
    """Every table listed: the settled ones into an index held in memory, so a
    plan over listed tables takes the same steps as one over the database's."""
    sequence = break_sequence([table.number for table in tables], breaking_order)
    ranks = {number: (rank, 0) for rank, number in enumerate(sequence)}
    states = {t.number: t for t in tables if isinstance(t, TableState)}
    index = ListedIndex(
        (
            t if isinstance(t, TableCount) else TableCount(t.number, t.seat_count, len(t.players))
            for t in tables
            if _settled(t)
        ),
        ranks,
    )
    given = [table for table in tables if not _settled(table)]
    if not states:
        return given, index, load

    def seats(number: int) -> TableState:
        if number in states:
            return states[number]
        if load is None:
            raise ValueError(f"the seats of table {number} were not given")
        return load(number)

    return given, index, seats


class PlannerState:
    """The tables, the index and the moves so far; the steps build on it."""

    def __init__(
        self,
        *,
        tables: Sequence[TableState | TableCount],
        breaking_order: Sequence[int],
        table_size: int,
        final_table_size: int,
        rng: random.Random,
        partners: Mapping[int, frozenset[int]],
        options: SeatingOptions,
        load: SeatsLoader | None,
        index: FloorIndex | None = None,
    ) -> None:
        if index is None:
            tables, index, load = _listed(tables, breaking_order, load)
        self.tables = {table.number: PlanTable(table, table_size, load) for table in tables}
        # The tables the plan has not looked at (README "Benchmarks": what the planner keeps).
        self.index = index
        self.load = load
        self.table_size = table_size
        self.final_table_size = final_table_size
        self.rng = rng
        self.partners = partners
        self.options = options
        self.moves: list[Move] = []
        self.moved: set[int] = set()
        self.broken: list[int] = []
        self.final: int | None = None
        self.warnings: list[SeatingWarning] = []

    # -- helpers -----------------------------------------------------------

    def live(self) -> list[PlanTable]:
        """The open tables in the plan so far (the index holds the others)."""
        return [table for table in self.tables.values() if not table.broken]

    def key(self, table: PlanTable) -> RankKey:
        return self.index.rank(table.number)

    def take(self, count: TableCount) -> PlanTable:
        self.index.take(count)
        table = PlanTable(count, self.table_size, self.load)
        self.tables[count.number] = table
        return table

    def live_count(self) -> int:
        return len(self.live()) + self.index.tables()

    def total(self) -> int:
        return sum(table.count for table in self.live()) + self.index.players()

    def sizes(self) -> set[int]:
        return {table.count for table in self.live()} | self.index.sizes()

    def at_size(self, size: int, *, last_first: bool, with_room: bool) -> Iterator[PlanTable]:
        """Open tables of `size` players in break sequence (or reversed), taken into
        the plan as they are read."""
        here = sorted(
            (t for t in self.live() if t.count == size and (not with_room or t.room())),
            key=self.key,
            reverse=last_first,
        )
        if (with_room and size >= self.table_size) or not self.index.count_at(
            size, with_room=with_room
        ):
            return iter(here)  # nothing more to fetch at this size
        fetched = (
            self.take(count)
            for count in self.index.at_size(size, last_first=last_first, with_room=with_room)
        )
        return heapq.merge(here, fetched, key=self.key, reverse=last_first)

    def in_sequence(self) -> Iterator[PlanTable]:
        here = sorted(self.live(), key=self.key)
        fetched = (self.take(count) for count in self.index.in_sequence())
        return heapq.merge(here, fetched, key=self.key)

    def take_all(self) -> list[PlanTable]:
        """Every open table, in break sequence (the final table's redraw moves them all)."""
        return list(self.in_sequence())

    def has_partner(self, entry: int, table: PlanTable) -> bool:
        # Only an entry with partners needs the table's seats.
        others = self.partners.get(entry)
        return bool(others and others & set(table.players.values()))

    def note_together(self, entry: int, table: PlanTable) -> None:
        others = self.partners.get(entry)
        if not others:
            return
        together = sorted(others & set(table.players.values()))
        if together:
            self.warnings.append(
                SeatingWarning(
                    code="keep_apart_violated",
                    pairs=tuple((min(entry, p), max(entry, p)) for p in together),
                    tables=(table.number,) * len(together),
                )
            )

    def waits(self, table: PlanTable, seat: int) -> bool:
        return must_wait_for_button(
            seat=seat,
            seat_count=table.seat_count,
            occupied=table.occupied,
            state=table.blinds,
            dead_button=self.options.dead_button,
        )

    def move(
        self,
        *,
        entry: int,
        source: PlanTable,
        seat: int,
        dest: PlanTable,
        to_seat: int,
        reason: MoveReason,
    ) -> None:
        if entry in self.moved:
            raise AssertionError(f"entry {entry} would move twice")  # pragma: no cover
        wait = self.waits(dest, to_seat)
        del source.players[seat]
        source.blocked.add(seat)
        source.departures += 1
        dest.players[to_seat] = entry
        dest.reserved.add(to_seat)
        self.moved.add(entry)
        self.moves.append(
            Move(
                entry=entry,
                from_table=source.number,
                from_seat=seat,
                to_table=dest.number,
                to_seat=to_seat,
                reason=reason,
                wait_for_button=wait,
            )
        )
