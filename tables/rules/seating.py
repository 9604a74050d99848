"""Random seat draw at the start (TDA 2019 rule 6) and seats for late entries (rules 7, 27).

Choices made here (fixed so that a draw can be explained afterwards):

- Balance: the draw fills the opened tables so that player counts differ
  by at most one (as far as the tables' seat counts allow). When the
  entries do not divide evenly, the tables with the lowest numbers get
  the extra player. Which entry goes to which table and seat is random.
- Too many entries: entries beyond the total seat count stay unseated
  (alternates), the last ones in the order given.
- Keep-apart pairs (BDPV Sitzordnung 4): the draw places the entries of
  keep-apart pairs first, each at a random table without a partner; if
  that greedy pass fails it searches (backtracking) for tables that keep
  every pair apart within the balanced table counts. Only if none exists
  (or the search gives up after a fixed budget) are pairs
  seated together, as few as a greedy pass manages, and reported in a
  "keep_apart_violated" warning.
- Late entries, alternates and re-entries get a random free seat at one
  of the tables with the fewest players; tables without a keep-apart
  partner are preferred among those. Only if every such table has a
  partner does the entry sit with one (and a warning says so): balance
  within one wins over keep-apart. The player waits for the button when
  the seat is between the button and the small blind (see button.py).
- One entry never holds two seats: an entry listed twice, or a late
  entry already seated, is an error.
"""

from __future__ import annotations

import random
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass

from tables.rules.button import must_wait_for_button
from tables.rules.model import (
    KeepApartPairs,
    SeatingWarning,
    SeatsLoader,
    TableCount,
    TableState,
    keep_apart_warning,
    partners_of,
)
from tables.rules.options import SeatingOptions

SEARCH_BUDGET = 200_000  # table checks the keep-apart search may spend before giving up
MAX_SEARCH_ENTRIES = 500  # the search recurses once per entry in a keep-apart pair


@dataclass(frozen=True, kw_only=True)
class TableSpec:
    """An opened, empty table for the initial draw."""

    number: int
    seat_count: int

    def __post_init__(self) -> None:
        if self.seat_count < 2:
            raise ValueError(f"table {self.number} needs at least two seats")


@dataclass(frozen=True, kw_only=True)
class SeatAssignment:
    entry: int
    table: int
    seat: int


@dataclass(frozen=True, kw_only=True)
class SeatDraw:
    """Outcome of the initial draw."""

    assignments: tuple[SeatAssignment, ...]  # sorted by table, then seat
    unseated: tuple[int, ...]  # entries left over when the seats ran out
    warnings: tuple[SeatingWarning, ...]

    def table_counts(self) -> dict[int, int]:
        counts: dict[int, int] = {}
        for assignment in self.assignments:
            counts[assignment.table] = counts.get(assignment.table, 0) + 1
        return counts

    def to_log(self) -> dict[str, object]:
        """A JSON-friendly record of the draw for the audit log."""
        return {
            "kind": "seat_draw",
            "assignments": [[a.entry, a.table, a.seat] for a in self.assignments],
            "unseated": list(self.unseated),
            "warnings": [warning.to_log() for warning in self.warnings],
        }


@dataclass(frozen=True, kw_only=True)
class LateSeat:
    """A seat for one late entry, alternate or re-entry."""

    entry: int
    table: int
    seat: int
    wait_for_button: bool
    warnings: tuple[SeatingWarning, ...] = ()

    def to_log(self) -> dict[str, object]:
        return {
            "kind": "late_seat",
            "entry": self.entry,
            "table": self.table,
            "seat": self.seat,
            "wait_for_button": self.wait_for_button,
            "warnings": [warning.to_log() for warning in self.warnings],
        }


def balanced_counts(tables: Sequence[TableSpec], players: int) -> dict[int, int]:
    """Players per table, differing by at most one where seat counts allow.

    Lower table numbers get the extra players. `players` must fit.
    """
    remaining = players
    pending = sorted(tables, key=lambda table: (table.seat_count, table.number))
    counts: dict[int, int] = {}
    while pending:
        share = remaining // len(pending)
        if pending[0].seat_count <= share:
            smallest = pending.pop(0)
            counts[smallest.number] = smallest.seat_count
            remaining -= smallest.seat_count
            continue
        extra = remaining - share * len(pending)
        for table in sorted(pending, key=lambda table: table.number):
            counts[table.number] = share + (1 if extra > 0 else 0)
            extra -= 1
        break
    return counts


def _search_apart(
    constrained: list[int],
    partners: Mapping[int, Collection[int]],
    capacity: dict[int, int],
    orders: Mapping[int, Sequence[int]],
    seated: Mapping[int, set[int]],
) -> dict[int, int] | None:
    """Backtracking: a table for every constrained entry, no pair together, within capacity."""
    placed: dict[int, int] = {}
    members = {table: set(seated.get(table, ())) for table in capacity}
    budget = SEARCH_BUDGET

    def place(index: int) -> bool:
        nonlocal budget
        if index == len(constrained):
            return True
        entry = constrained[index]
        for table in orders[entry]:
            budget -= 1
            if budget < 0:
                return False
            if capacity[table] == 0 or not members[table].isdisjoint(partners[entry]):
                continue
            capacity[table] -= 1
            members[table].add(entry)
            placed[entry] = table
            if place(index + 1):
                return True
            capacity[table] += 1
            members[table].discard(entry)
            del placed[entry]
        return False

    return dict(placed) if place(0) else None


def _greedy_apart(
    constrained: list[int],
    partners: Mapping[int, Collection[int]],
    capacity: dict[int, int],
    orders: Mapping[int, Sequence[int]],
    seated: Mapping[int, set[int]],
) -> dict[int, int]:
    """Fewest partners together, one entry at a time."""
    members = {table: set(seated.get(table, ())) for table in capacity}
    placed: dict[int, int] = {}
    for entry in constrained:
        own = set(partners[entry])
        best = next(
            (t for t in orders[entry] if capacity[t] > 0 and not members[t] & own),
            None,
        )
        if best is None:
            best = min(
                (table for table in orders[entry] if capacity[table] > 0),
                key=lambda table: len(members[table] & own),
            )
        capacity[best] -= 1
        members[best].add(entry)
        placed[entry] = best
    return placed


def assign_tables_apart(
    *,
    entries: Sequence[int],
    quota: Mapping[int, int],
    partners: Mapping[int, Collection[int]],
    rng: random.Random,
    seated: Mapping[int, set[int]] | None = None,
) -> dict[int, int]:
    """A table for each entry: `quota[table]` entries per table, keep-apart pairs apart if possible.

    `seated` lists who already sits at each table. Entries with partners
    are placed first, by a random greedy pass and, if that leaves a pair
    together, a bounded backtracking search; the others fill the rest of
    the quota at random. Pairs may end up together only if no split was
    found; the caller reports them.
    """
    if sum(quota.values()) != len(entries):
        raise ValueError("quota does not match the number of entries")
    seated = seated or {}
    constrained = [entry for entry in entries if partners.get(entry)]
    rng.shuffle(constrained)
    constrained.sort(key=lambda entry: -len(partners[entry]))
    capacity = dict(quota)
    table_of: dict[int, int] = {}
    if constrained:
        shuffled = rng.sample(sorted(quota), len(quota))
        orders = {}
        for entry in constrained:  # the shared random order, from a random start per entry
            start = rng.randrange(len(shuffled))
            orders[entry] = shuffled[start:] + shuffled[:start]
        found = _greedy_apart(constrained, partners, dict(capacity), orders, seated)
        members = {table: set(seated.get(table, ())) for table in quota}
        for entry, table in found.items():
            members[table].add(entry)
        clash = any(members[table] & set(partners[entry]) for entry, table in found.items())
        if clash and len(constrained) <= MAX_SEARCH_ENTRIES:
            found = _search_apart(constrained, partners, dict(capacity), orders, seated) or found
        table_of.update(found)
        for table in found.values():
            capacity[table] -= 1
    free_entries = [entry for entry in entries if entry not in table_of]
    rng.shuffle(free_entries)
    slots = [number for number, left in sorted(capacity.items()) for _ in range(left)]
    table_of.update(zip(free_entries, slots, strict=True))
    return table_of


def draw_seats(
    *,
    entries: Sequence[int],
    tables: Sequence[TableSpec],
    rng: random.Random,
    keep_apart: KeepApartPairs = (),
) -> SeatDraw:
    """Random seats for `entries` on the opened `tables` (TDA 2019 rule 6)."""
    if len(set(entries)) != len(entries):
        raise ValueError("an entry is listed twice")
    if len({table.number for table in tables}) != len(tables):
        raise ValueError("a table number is listed twice")
    if not tables:
        return SeatDraw(assignments=(), unseated=tuple(entries), warnings=())
    total_seats = sum(table.seat_count for table in tables)
    seated_entries = list(entries[:total_seats])
    unseated = tuple(entries[total_seats:])
    counts = balanced_counts(tables, len(seated_entries))

    in_draw = set(seated_entries)
    partners = {
        entry: others & in_draw
        for entry, others in partners_of(keep_apart).items()
        if entry in in_draw and others & in_draw
    }
    table_of = assign_tables_apart(entries=seated_entries, quota=counts, partners=partners, rng=rng)

    by_table: dict[int, list[int]] = {table.number: [] for table in tables}
    for entry in seated_entries:
        by_table[table_of[entry]].append(entry)
    assignments: list[SeatAssignment] = []
    for table in sorted(tables, key=lambda table: table.number):
        members = by_table[table.number]
        seats = rng.sample(range(1, table.seat_count + 1), len(members))
        assignments.extend(
            SeatAssignment(entry=entry, table=table.number, seat=seat)
            for entry, seat in zip(members, seats, strict=True)
        )
    assignments.sort(key=lambda a: (a.table, a.seat))
    warning = keep_apart_warning(partners, table_of)
    return SeatDraw(
        assignments=tuple(assignments),
        unseated=unseated,
        warnings=(warning,) if warning else (),
    )


def seat_late_entry(
    *,
    entry: int,
    tables: Sequence[TableState | TableCount],
    rng: random.Random,
    keep_apart: KeepApartPairs = (),
    options: SeatingOptions = SeatingOptions(),  # noqa: B008 - frozen, safe as default
    load: SeatsLoader | None = None,
) -> LateSeat | None:
    """A random seat for a late registration, alternate or re-entry (TDA 2019 rules 7, 27).

    Returns None when no open table has a free seat (the entry becomes an
    alternate). Tables given as `TableCount` have their seats read through
    `load` only when chosen (or, for an entry with keep-apart partners, when
    among the shortest); the seat is the same as with every `TableState`.
    """
    for table in tables:
        if isinstance(table, TableState) and entry in table.players.values():
            raise ValueError(f"entry {entry} already has a seat at table {table.number}")
    with_room = [table for table in tables if _has_room(table)]
    if not with_room:
        return None
    fewest = min(_players(table) for table in with_room)
    shortest = [table for table in with_room if _players(table) == fewest]
    table, warnings = _shortest_table_apart(
        entry, shortest, rng, partners_of(keep_apart).get(entry, frozenset()), _SeatsOf(load)
    )
    if entry in table.players.values():
        raise ValueError(f"entry {entry} already has a seat at table {table.number}")
    seat = rng.choice(table.free_seats)
    wait = must_wait_for_button(
        seat=seat,
        seat_count=table.seat_count,
        occupied=table.occupied,
        state=table.blinds,
        dead_button=options.dead_button,
    )
    return LateSeat(
        entry=entry, table=table.number, seat=seat, wait_for_button=wait, warnings=warnings
    )


def _players(table: TableState | TableCount) -> int:
    return table.size if isinstance(table, TableCount) else len(table.players)


def _has_room(table: TableState | TableCount) -> bool:
    if isinstance(table, TableCount):
        return table.size < table.seat_count  # held seats are among the players
    return bool(table.free_seats)


class _SeatsOf:
    """The seats of a table given as a count, read once through `load`."""

    def __init__(self, load: SeatsLoader | None) -> None:
        self.load = load
        self.read: dict[int, TableState] = {}

    def __call__(self, table: TableState | TableCount) -> TableState:
        if isinstance(table, TableState):
            return table
        if table.number not in self.read:
            if self.load is None:
                raise ValueError(f"the seats of table {table.number} were not given")
            self.read[table.number] = self.load(table.number)
        return self.read[table.number]


def _shortest_table_apart(
    entry: int,
    shortest: list[TableState | TableCount],
    rng: random.Random,
    partners: frozenset[int],
    state_of: _SeatsOf,
) -> tuple[TableState, tuple[SeatingWarning, ...]]:
    """A random shortest table without his keep-apart partners; with them (and a
    warning) when every shortest table has one."""
    apart = (
        [t for t in shortest if not partners & set(state_of(t).players.values())]
        if partners
        else shortest
    )
    if apart:
        return state_of(rng.choice(apart)), ()
    table = state_of(rng.choice(shortest))
    together = sorted(partners & set(table.players.values()))
    warning = SeatingWarning(
        code="keep_apart_violated",
        pairs=tuple((min(entry, p), max(entry, p)) for p in together),
        tables=(table.number,) * len(together),
    )
    return table, (warning,)
