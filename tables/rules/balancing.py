"""The move planner: what the floor must do after a bust or any seat change.

The planner works on the projected state: every pending move is already
applied (the mover listed at his destination, that seat in `reserved`).
It returns a `Plan` the services store as pending moves; applying the
plan's moves to the state and planning again gives an empty plan.

Steps, in this order:

1. Final table (TDA 2019 rule 11). When the players left fit at one
   table of `final_table_size` and more than one table is open, every
   player is redrawn to a random seat at the final table (reason
   "final_table") and every other table breaks. The final table is the
   last table in the break sequence (see below) that has enough seats.
   The redraw is one simultaneous draw: destinations are drawn as if the
   final table were empty, so a player already there may move inside
   it. The caller then draws the button (button.draw_button).
2. Breaking (TDA 2019 rule 9, BDPV Turnierreglement 10). While the
   players left fit at one table fewer with `break_target` (default: the
   table size) players each, the next table of the break sequence breaks.
   Several tables may break in one plan; all of them are chosen first,
   so nobody is sent to a table that breaks in the same plan. First the
   number of arrivals per remaining table is fixed (each arrival goes to
   the currently shortest table, ties drawn at random); then players with
   keep-apart partners are placed, apart if any split allows it; the rest
   fill the remaining places at random. Each gets a random free seat at
   his table. Any seat is allowed,
   blinds and button included; a seat between the button and the small
   blind is flagged `wait_for_button`.
3. Balancing (TDA 2019 rule 10, BDPV Turnierreglement 14). While the
   biggest and the smallest table differ by two or more, one player moves
   from a biggest table to a shortest table:
   - source: the biggest table that comes first in the break sequence
     (it breaks soonest, so its players would move anyway);
   - destination: the shortest table that comes last in the break
     sequence (it stays longest, so the moved player is unlikely to move
     again); a table with a keep-apart partner of the mover is skipped
     for the next shortest one if possible;
   - mover, "tda": the player who is big blind next hand, then the
     following ones in big-blind order if he cannot move (already on his
     way, keep-apart). The seat is `button.worst_empty_seat`;
   - mover, "bdpv" (BDPV Turnierreglement 12, Button und Blinds 7):
     players due to post the small or big blind next hand are not moved;
     the first other player in big-blind order moves. The seat is the one
     whose position counted from the button in the next hand is closest
     to the position he had, a seat that would wait for the button only
     if nothing else is free.
   Tables without a button yet use seat order instead of big-blind
   order and a random free seat.
4. Halting (TDA 2019 rule 10). A table whose players physically seated
   (arrivals not yet there, departures still there) are `halt_short_by`
   or more below the fullest table is halted; see
   `SeatingOptions.halt_rule` for the "blinds_affected" refinement
   (it depends on the next hand, so services re-plan after each hand
   while moves are pending).

A table holds at most min(seat count, `table_size`) players when
breaking and balancing (a 10-seat table in a 9-handed event takes 9).

The break sequence is `breaking_order` restricted to open tables,
followed by open tables missing from it, highest number first.

Guarantees: no seat is booked twice (a seat vacated in this plan is not
given to anyone in the same plan), no entry moves twice in one plan, and
entries already on their way are not picked for balancing (they are
moved again only when their destination table breaks, or when nobody
else at a biggest table can move).
"""

from __future__ import annotations

import heapq
import random
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from itertools import chain
from typing import Literal

from tables.rules._seats import clockwise_after
from tables.rules.button import (
    BlindState,
    big_blind_order,
    hands_until_big_blind,
    must_wait_for_button,
    next_hand,
    worst_empty_seat,
)
from tables.rules.floor_index import FloorIndex, ListedIndex, RankKey
from tables.rules.model import (
    KeepApartPairs,
    SeatingWarning,
    SeatsLoader,
    TableCount,
    TableState,
    partners_of,
)
from tables.rules.options import SeatingOptions
from tables.rules.seating import assign_tables_apart

MoveReason = Literal["balance", "break", "final_table"]

__all__ = [
    "Move",
    "Plan",
    "SeatingOptions",
    "break_sequence",
    "plan_moves",
]


@dataclass(frozen=True, kw_only=True)
class Move:
    entry: int
    from_table: int
    from_seat: int
    to_table: int
    to_seat: int
    reason: MoveReason
    wait_for_button: bool = False

    def to_log(self) -> dict[str, object]:
        return {
            "entry": self.entry,
            "from": [self.from_table, self.from_seat],
            "to": [self.to_table, self.to_seat],
            "reason": self.reason,
            "wait_for_button": self.wait_for_button,
        }


@dataclass(frozen=True, kw_only=True)
class Plan:
    moves: tuple[Move, ...] = ()
    break_tables: tuple[int, ...] = ()  # in the order they break
    halted_tables: tuple[int, ...] = ()  # sorted
    final_table: int | None = None  # set when this plan redraws the final table
    warnings: tuple[SeatingWarning, ...] = ()

    @property
    def is_empty(self) -> bool:
        return not (self.moves or self.break_tables or self.halted_tables or self.warnings)

    def to_log(self) -> dict[str, object]:
        return {
            "kind": "table_plan",
            "moves": [move.to_log() for move in self.moves],
            "break_tables": list(self.break_tables),
            "halted_tables": list(self.halted_tables),
            "final_table": self.final_table,
            "warnings": [warning.to_log() for warning in self.warnings],
        }


class _Table:
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


class _Lazy:
    """A list filled from an iterator as far as it is read (a fetch per table asked)."""

    def __init__(self, items: Iterator[_Table]) -> None:
        self._items = items
        self._seen: list[_Table] = []

    def __iter__(self) -> Iterator[_Table]:
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

    def __getitem__(self, index: int) -> _Table:
        for position, item in enumerate(self):
            if position == index:
                return item
        raise IndexError(index)


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


class _Planner:
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
        self.tables = {table.number: _Table(table, table_size, load) for table in tables}
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

    def live(self) -> list[_Table]:
        """The open tables in the plan so far (the index holds the others)."""
        return [table for table in self.tables.values() if not table.broken]

    def key(self, table: _Table) -> RankKey:
        return self.index.rank(table.number)

    def take(self, count: TableCount) -> _Table:
        self.index.take(count)
        table = _Table(count, self.table_size, self.load)
        self.tables[count.number] = table
        return table

    def live_count(self) -> int:
        return len(self.live()) + self.index.tables()

    def total(self) -> int:
        return sum(table.count for table in self.live()) + self.index.players()

    def sizes(self) -> set[int]:
        return {table.count for table in self.live()} | self.index.sizes()

    def at_size(self, size: int, *, last_first: bool, with_room: bool) -> Iterator[_Table]:
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

    def in_sequence(self) -> Iterator[_Table]:
        here = sorted(self.live(), key=self.key)
        fetched = (self.take(count) for count in self.index.in_sequence())
        return heapq.merge(here, fetched, key=self.key)

    def take_all(self) -> list[_Table]:
        """Every open table, in break sequence (the final table's redraw moves them all)."""
        return list(self.in_sequence())

    def has_partner(self, entry: int, table: _Table) -> bool:
        # Only an entry with partners needs the table's seats.
        others = self.partners.get(entry)
        return bool(others and others & set(table.players.values()))

    def note_together(self, entry: int, table: _Table) -> None:
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

    def waits(self, table: _Table, seat: int) -> bool:
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
        source: _Table,
        seat: int,
        dest: _Table,
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

    # -- step 1: final table ------------------------------------------------

    def final_table(self) -> bool:
        total = self.total()
        if not self.options.may_break or self.live_count() < 2 or total > self.final_table_size:
            return False
        live = self.take_all()  # in break sequence
        sequence = [table.number for table in live]
        size = max(self.final_table_size, 2)
        fits = [number for number in sequence if min(self.tables[number].seat_count, size) >= total]
        if not fits:
            self.warnings.append(SeatingWarning(code="no_final_table_seats"))
            return False
        final = self.tables[fits[-1]]
        seats = self.rng.sample(range(1, min(final.seat_count, size) + 1), total)
        everyone = [
            (table, seat, entry)
            for table in sorted(live, key=lambda t: t.number)
            for seat, entry in sorted(table.players.items())
        ]
        self.rng.shuffle(everyone)
        for (table, seat, entry), to_seat in zip(everyone, seats, strict=True):
            self.moves.append(
                Move(
                    entry=entry,
                    from_table=table.number,
                    from_seat=seat,
                    to_table=final.number,
                    to_seat=to_seat,
                    reason="final_table",
                )
            )
        self.moves.sort(key=lambda m: m.to_seat)
        self.broken = [number for number in sequence if number != final.number]
        self.final = final.number
        return True

    # -- step 2: breaking ---------------------------------------------------

    def breaks(self) -> None:
        """Break every table that must go now, then seat all their players at once.

        Deciding first and seating afterwards means nobody is seated at a
        table that breaks in the same plan.
        """
        if not self.options.may_break:
            return
        target = self.options.break_target or self.table_size
        tables = self.live_count()
        total = self.total()
        free_total = sum(table.room() for table in self.live()) + self.index.room(self.table_size)
        breaking: list[_Table] = []
        leaving = 0
        sequence = self.in_sequence()
        while tables - len(breaking) >= 2 and total <= (tables - len(breaking) - 1) * target:
            candidate = next(sequence)
            room = candidate.room()
            if free_total - room < leaving + candidate.count:
                self.warnings.append(
                    SeatingWarning(code="cannot_break", tables=(candidate.number,))
                )
                break
            breaking.append(candidate)
            free_total -= room
            leaving += candidate.count
        if not breaking:
            return
        for table in breaking:
            table.broken = True
            self.broken.append(table.number)
        self.seat_players_of(breaking)

    def arrival_quota(self, arrivals: int) -> dict[int, int]:
        """How many arrivals each staying table takes: always the shortest table next.

        Ties go to a random table among the shortest: the tables of the lowest
        size take one each while there are arrivals for all of them, then the
        rest go to a random draw of them, so only the tables that take one are
        read.
        """
        quota: dict[int, int] = {}
        room: dict[int, int] = {}
        carried: list[_Table] = []  # took one below and have room for more
        remaining = arrivals
        for size in range(0, max(self.table_size, 10) + 1):
            if not remaining:
                break
            here = [
                t for t in self.live() if t.count == size and t.number not in quota and t.room()
            ]
            members = sorted(carried + here, key=self.key)
            stored = self.index.count_at(size, with_room=True) if size < self.table_size else 0
            if not members and not stored:
                continue
            if remaining >= len(members) + stored:
                chosen = members + [
                    self.take(count)
                    for count in (
                        self.index.at_size(size, last_first=False, with_room=True) if stored else ()
                    )
                ]
            else:
                picks = sorted(self.rng.sample(range(len(members) + stored), remaining))
                chosen = [members[i] for i in picks if i < len(members)]
                positions = [i - len(members) for i in picks if i >= len(members)]
                if positions:
                    chosen += [self.take(c) for c in self.index.picked_at_size(size, positions)]
            for table in chosen:
                room.setdefault(table.number, table.room())
                quota[table.number] = quota.get(table.number, 0) + 1
            remaining -= len(chosen)
            carried = [t for t in chosen if quota[t.number] < room[t.number]]
        if remaining:  # pragma: no cover - breaks() checked the room first
            raise AssertionError("no room for the players of a broken table")
        return quota

    def seat_players_of(self, breaking: list[_Table]) -> None:
        leaving = [
            (table, seat, entry)
            for table in breaking
            for seat, entry in sorted(table.players.items())
        ]
        quota = self.arrival_quota(len(leaving))
        entries = [entry for _, _, entry in leaving]
        # Who sits where matters only to keep partners apart, and only at the
        # tables that take arrivals.
        constrained = any(self.partners.get(entry) for entry in entries)
        table_of = assign_tables_apart(
            entries=entries,
            quota=quota,
            partners=self.partners,
            rng=self.rng,
            seated={n: set(self.tables[n].players.values()) for n in quota} if constrained else {},
        )
        self.rng.shuffle(leaving)
        for source, seat, entry in leaving:
            dest = self.tables[table_of[entry]]
            self.note_together(entry, dest)
            to_seat = self.rng.choice(dest.free_seats())
            self.move(
                entry=entry, source=source, seat=seat, dest=dest, to_seat=to_seat, reason="break"
            )

    # -- step 3: balancing --------------------------------------------------

    def candidates(self, table: _Table, *, arriving: bool = False) -> list[int]:
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

    def upcoming(self, table: _Table) -> BlindState:
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

    def choose(self, sources: _Lazy, dests: _Lazy) -> tuple[_Table, int, _Table] | None:
        if not dests:
            return None
        fallback: tuple[_Table, int, _Table] | None = None
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

    def destination_seat(self, source: _Table, seat: int, dest: _Table) -> int:
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

    def closest_position(self, dest: _Table, position: int, free: list[int]) -> int:
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

    # -- step 4: halting ----------------------------------------------------

    def halted(self) -> list[int]:
        if self.options.halt_rule == "off":
            return []
        if self.live_count() < 2:
            return []
        # Who sits there now: the tables still in the index have no move pending.
        fullest = max(
            [t.count - t.arrivals() + t.departures for t in self.live()] + list(self.index.sizes())
        )
        threshold = self.options.halt_threshold(self.table_size)
        for size in range(0, fullest - threshold + 1):
            for _table in self.at_size(size, last_first=False, with_room=False):
                pass  # a short table: into the plan
        live = self.live()
        seated = {table.number: table.count - table.arrivals() + table.departures for table in live}
        halted = []
        for table in live:
            if fullest - seated[table.number] < threshold:
                continue
            if self.options.halt_rule == "blinds_affected" and not self.blinds_affected(table):
                continue
            halted.append(table.number)
        return sorted(halted)

    def blinds_affected(self, table: _Table) -> bool:
        """Whether the next hand's small or big blind falls on a seat held for an arrival."""
        if table.blinds is None or len(table.occupied) < 2:
            return True
        upcoming = self.upcoming(table)
        return bool({upcoming.small_blind, upcoming.big_blind} & table.reserved)

    # -- the plan -----------------------------------------------------------

    def plan(self) -> Plan:
        if not self.final_table():
            self.breaks()
            self.balance()
            halted = self.halted()
        else:
            halted = []
        return Plan(
            moves=tuple(self.moves),
            break_tables=tuple(self.broken),
            halted_tables=tuple(halted),
            final_table=self.final,
            warnings=tuple(self.warnings),
        )


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


@dataclass(frozen=True, kw_only=True)
class FloorShape:
    """A floor summed up in a few numbers: enough to know that nothing is to plan.

    Most busts on a big floor leave every table within one player of the
    others; deciding that from a few sums spares reading 1,100 table counts.
    """

    tables: int  # open tables
    players: int  # seated at the open tables
    fullest: int  # players at the fullest open table
    emptiest: int  # players at the emptiest open table
    pending_moves: int
    halted_tables: int
    seated_at_broken_tables: int


def plan_needed(
    shape: FloorShape,
    *,
    table_size: int,
    final_table_size: int,
    options: SeatingOptions = SeatingOptions(),  # noqa: B008 - frozen, safe as default
) -> bool:
    """False only when :func:`plan_moves` would plan nothing and halt no table.

    Pending moves, halted tables and players left at broken tables always
    need the planner; otherwise every table holds what it seats, so a floor
    needs it only to redraw for the final table, to break a table, to balance
    (two players apart) or to halt a short table.
    """
    if shape.pending_moves or shape.halted_tables or shape.seated_at_broken_tables:
        return True
    if shape.tables < 2:
        return False
    if options.may_break and shape.players <= final_table_size:
        return True
    if options.may_break and shape.players <= (shape.tables - 1) * (
        options.break_target or table_size
    ):
        return True
    spread = shape.fullest - shape.emptiest
    if spread >= 2:
        return True
    return options.halt_rule != "off" and spread >= options.halt_threshold(table_size)


def plan_moves(
    *,
    tables: Sequence[TableState | TableCount],
    breaking_order: Sequence[int],
    table_size: int,
    final_table_size: int,
    rng: random.Random,
    keep_apart: KeepApartPairs = (),
    options: SeatingOptions = SeatingOptions(),  # noqa: B008 - frozen, safe as default
    load: SeatsLoader | None = None,
    index: FloorIndex | None = None,
) -> Plan:
    """Plan breaks, balancing moves, halts or the final-table redraw for the open `tables`.

    A table given as a `TableCount` has its seats read through `load` only
    when the plan needs them; the plan is the same as with every `TableState`.
    With an `index`, `tables` are the tables that pending moves leave or reach
    and the index holds every other open table (its ranks give the break
    sequence; `breaking_order` is not read): the plan fetches only the tables
    it touches, and is the same as with every table listed.
    """
    if table_size < 2:
        raise ValueError("table_size must be at least 2")
    if not 2 <= final_table_size <= 10:
        raise ValueError("final_table_size must be between 2 and 10 (TDA 2019 rule 11)")
    if len({table.number for table in tables}) != len(tables):
        raise ValueError("a table number is listed twice")
    seen: set[int] = set()
    for table in tables:
        if isinstance(table, TableCount):
            table.check()
            continue  # its seats are checked when read
        for entry in table.players.values():
            if entry in seen:
                raise ValueError(f"entry {entry} is seated twice")
            seen.add(entry)
    return _Planner(
        tables=tables,
        breaking_order=breaking_order,
        table_size=table_size,
        final_table_size=final_table_size,
        rng=rng,
        partners=partners_of(keep_apart),
        options=options,
        load=load,
        index=index,
    ).plan()
