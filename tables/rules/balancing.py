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

import random
from collections.abc import Sequence
from dataclasses import dataclass

from tables.rules.floor_index import FloorIndex
from tables.rules.model import KeepApartPairs, SeatsLoader, TableCount, TableState, partners_of
from tables.rules.move_plan import Plan
from tables.rules.options import SeatingOptions
from tables.rules.planner_state import PlanTable
from tables.rules.seat_choice import SeatChoice
from tables.rules.table_breaking import TableBreaking

__all__ = [
    "FloorShape",
    "plan_moves",
    "plan_needed",
]


class _Planner(TableBreaking, SeatChoice):
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

    def blinds_affected(self, table: PlanTable) -> bool:
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
