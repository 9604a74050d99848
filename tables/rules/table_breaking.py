"""The table-breaking steps of the move planner: the final table's redraw
(TDA 2019 rule 11) and the breaking of tables (TDA 2019 rule 9, BDPV
Turnierreglement 10), each arrival to the shortest table (tables/rules/balancing.py)."""

from __future__ import annotations

from tables.rules.model import SeatingWarning
from tables.rules.move_plan import Move
from tables.rules.planner_state import PlannerState, PlanTable
from tables.rules.seating import assign_tables_apart


class TableBreaking(PlannerState):
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
        breaking: list[PlanTable] = []
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
        carried: list[PlanTable] = []  # took one below and have room for more
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

    def seat_players_of(self, breaking: list[PlanTable]) -> None:
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
