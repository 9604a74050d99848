"""The open tables a plan has not looked at yet, asked for by size.

A plan touches a few tables: the one that breaks, the biggest that gives a
player, the shortest that takes him, the short ones that halt. The planner
decides from how many tables sit how many players (`levels`) and fetches the
tables it touches in the break sequence, so its work follows the tables it
changes, not the size of the floor. The tables given to the planner here sit
where they sit: no pending move leaves or reaches them (those are given to the
planner directly), so their size is also who sits there now.

`ListedIndex` holds them in memory (the rules' tests); the floor's services
read them from the database with the same answers.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections import Counter
from collections.abc import Iterable, Iterator, Mapping, Sequence

from tables.rules.model import TableCount

# Where a table stands in the break sequence: lower breaks first.
RankKey = tuple[int, int]


class FloorIndex(ABC):
    """Tables not yet in the plan, counted by (seat count, players).

    Subclasses answer the fetches; every answer leaves out the tables taken
    into the plan (:meth:`take`), and the counts follow.
    """

    def __init__(self, levels: Mapping[tuple[int, int], int], ranks: Mapping[int, RankKey]):
        self.levels: Counter[tuple[int, int]] = Counter(
            {key: n for key, n in levels.items() if n > 0}
        )
        self.ranks: dict[int, RankKey] = dict(ranks)
        self.taken: set[int] = set()

    # -- counts ----------------------------------------------------------

    def tables(self) -> int:
        return sum(self.levels.values())

    def players(self) -> int:
        return sum(size * n for (_seats, size), n in self.levels.items())

    def sizes(self) -> set[int]:
        return {size for (_seats, size), n in self.levels.items() if n > 0}

    def room(self, table_size: int) -> int:
        """Free seats an arrival may take, over every table here."""
        return sum(
            (seats - size) * n
            for (seats, size), n in self.levels.items()
            if size < min(seats, table_size)
        )

    def count_at(self, size: int, *, with_room: bool) -> int:
        return sum(
            n
            for (seats, at), n in self.levels.items()
            if at == size and (not with_room or seats > size)
        )

    def rank(self, number: int) -> RankKey:
        return self.ranks[number]

    def take(self, table: TableCount) -> None:
        key = (table.seat_count, table.size)
        if self.levels[key] <= 0 or table.number in self.taken:
            raise ValueError(f"table {table.number} is not in the index")
        self.levels[key] -= 1
        self.taken.add(table.number)

    # -- fetches (subclasses) ----------------------------------------------

    @abstractmethod
    def at_size(self, size: int, *, last_first: bool, with_room: bool) -> Iterator[TableCount]:
        """Tables of `size` players in break sequence (or reversed); `with_room`:
        only those with more seats than players."""

    @abstractmethod
    def picked_at_size(self, size: int, positions: Sequence[int]) -> list[TableCount]:
        """The tables at those positions of :meth:`at_size` (with room, sequence order)."""

    @abstractmethod
    def in_sequence(self) -> Iterator[TableCount]:
        """Every table here in break sequence."""


class ListedIndex(FloorIndex):
    """The index over tables held in memory."""

    def __init__(self, tables: Iterable[TableCount], ranks: Mapping[int, RankKey]):
        listed = sorted(tables, key=lambda t: ranks[t.number])
        for table in listed:
            if table.arrivals or table.departures:
                raise ValueError(f"table {table.number} has moves pending: give it to the planner")
        self._listed = listed
        super().__init__(Counter((t.seat_count, t.size) for t in listed), ranks)

    def _at(self, size: int, with_room: bool) -> list[TableCount]:
        return [
            t
            for t in self._listed
            if t.size == size
            and t.number not in self.taken
            and (not with_room or t.seat_count > size)
        ]

    def at_size(self, size: int, *, last_first: bool, with_room: bool) -> Iterator[TableCount]:
        found = self._at(size, with_room)
        return iter(found[::-1] if last_first else found)

    def picked_at_size(self, size: int, positions: Sequence[int]) -> list[TableCount]:
        found = self._at(size, True)
        return [found[i] for i in positions]

    def in_sequence(self) -> Iterator[TableCount]:
        return iter([t for t in self._listed if t.number not in self.taken])
