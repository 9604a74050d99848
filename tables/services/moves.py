"""The floor's moves: carrying out a planned move (one, or every move away
from a table), cancelling one, a director's move to a chosen seat, breaking a
table now, and the order the tables break in (TDA 2019 rules 9 and 10)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from tables.models import Move, Seat, Table
from tables.rules import button as button_rules
from tables.services.field import after_field_change
from tables.services.move_steps import move_cancel, move_complete, move_for_update
from tables.services.rows import (
    NOT_SEATED,
    TABLE_BROKEN,
    TABLE_NOT_FOUND,
    entry_in,
    tournament_of_entry,
    tournament_of_table,
)
from tables.services.state import blind_state, floor_now
from tournament import changes
from tournament.errors import Conflict, Invalid, NotFound
from tournament.models import Entry
from tournament.writes import Write, tournament_write

SEAT_OUT_OF_RANGE = _("That seat does not exist at this table.")
SEAT_OCCUPIED = _("That seat is taken or reserved.")
LAST_TABLE = _("The last table cannot be broken.")
NO_SEATS_FOR_BREAK = _("The other tables have no room for this table's players.")
NO_MOVES_FROM_TABLE = _("No player waits to move away from this table.")
BAD_BREAK_ORDER = _("List every open table number once, in the order the tables break.")


def tables_of(moves: Sequence[Move]) -> list[int | None]:
    """The numbers of the tables these moves leave and reach."""
    touched: list[int | None] = []
    for each in moves:
        touched += [
            each.to_table.number,
            each.from_table.number if each.from_table is not None else None,
        ]
    return touched


def _log_moves_done(w: Write, done: list[Move]) -> list[int | None]:
    """One log row per move carried out (each can be undone); the tables they touched."""
    for each in done:
        w.log("move_done", {"move": each.pk, "entry": each.entry_id})
    return tables_of(done)


def move_done(*, move_id: int, by: Any) -> Move:
    move = move_for_update(move_id)
    with tournament_write(move.tournament_id, by=by) as w:
        move = move_for_update(move_id)
        done = move_complete(w, move)
        touched = _log_moves_done(w, done)
        after_field_change(w, "move", {"move": move.pk}, touched)
    return move


def table_moves_done(*, table_id: int, by: Any) -> list[Move]:
    """Carry out every pending move away from one table, as the floor does at a
    break: all of them or, when one waits for a player at another table to
    move first, none (the floor is told whom to move first)."""
    with tournament_write(tournament_of_table(table_id), by=by) as w:
        waiting = w.lock(
            Move.objects.filter(from_table_id=table_id, status=Move.Status.PENDING).select_related(
                "entry__player", "from_table", "to_table"
            )
        )
        if not waiting:
            raise Conflict(NO_MOVES_FROM_TABLE)
        done = _carry_out_in_rounds(w, waiting)
        touched = _log_moves_done(w, done)
        after_field_change(w, "move", {"moves_done": [m.pk for m in done]}, touched)
    return done


def _carry_out_in_rounds(w: Write, waiting: list[Move]) -> list[Move]:
    """A move may wait for another move of this table (its seat is still held):
    go round until every move is done or a round makes no progress."""
    done: list[Move] = []
    while waiting:
        blocked: list[tuple[Move, Conflict]] = []
        for move in waiting:
            if any(each.pk == move.pk for each in done):
                continue  # carried out with a ring of moves earlier on
            try:
                done += move_complete(w, move)
            except Conflict as conflict:
                blocked.append((move, conflict))
        if blocked and len(blocked) == len(waiting):
            raise blocked[0][1]
        waiting = [move for move, _conflict in blocked]
    return done


def move_cancelled(*, move_id: int, by: Any) -> Move:
    """Cancel a move; moves into the seat he keeps go too, and the floor is replanned."""
    move = move_for_update(move_id)
    with tournament_write(move.tournament_id, by=by) as w:
        move = move_for_update(move_id)
        cancelled = move_cancel(w, move)
        w.log("move_cancelled", {"move": move.pk, "moves": [m.pk for m in cancelled]})
        after_field_change(
            w, "move", {"move": move.pk, "status": "cancelled"}, tables_of(cancelled)
        )
    move.refresh_from_db()
    return move


def move_manual(*, entry_id: int, to_table: int, to_seat: int, by: Any) -> Move:
    """A director's move of one player to a chosen free seat."""
    with tournament_write(tournament_of_entry(entry_id), by=by) as w:
        tournament = w.tournament
        entry = entry_in(tournament.pk, entry_id)
        if entry.status != Entry.Status.SEATED:
            raise Conflict(NOT_SEATED)
        table = tournament.tables.filter(number=to_table, status=Table.Status.OPEN).first()
        if table is None:
            raise NotFound(TABLE_NOT_FOUND)
        if not 1 <= to_seat <= table.seats:
            raise Invalid(SEAT_OUT_OF_RANGE)
        state = floor_now(tournament).seats_of(table.number)
        if to_seat in state.occupied:
            raise Conflict(SEAT_OCCUPIED)
        Move.objects.filter(entry=entry, status=Move.Status.PENDING).update(
            status=Move.Status.CANCELLED, finished_at=timezone.now()
        )
        seat = Seat.objects.select_related("table").filter(entry=entry).first()
        move = Move.objects.create(
            tournament=tournament,
            entry=entry,
            from_table=seat.table if seat else None,
            from_seat=seat.number if seat else None,
            to_table=table,
            to_seat=to_seat,
            reason=Move.Reason.MANUAL,
            wait_for_button=button_rules.must_wait_for_button(
                seat=to_seat,
                seat_count=table.seats,
                occupied=state.players.keys(),
                state=blind_state(table),
                dead_button=tournament.rule_options["dead_button"],
            ),
            created_by=w.user,
        )
        w.log("move_manual", {"move": move.pk})
        w.record(
            "move",
            parts=(changes.MOVES, changes.TABLES),
            facts={"move": move.pk, "status": move.status},
        )
    return move


def table_break(*, table_id: int, by: Any) -> list[Move]:
    """Break a table now: its players get random seats at the other tables (TDA 2019 rule 9).

    Moves still heading to this table are cancelled (those players stay where
    they sit); the replan then gives everyone left here a move.
    """
    with tournament_write(tournament_of_table(table_id), by=by) as w:
        table = w.tournament.tables.get(pk=table_id)
        if table.status != Table.Status.OPEN:
            raise Conflict(TABLE_BROKEN)
        _check_room_for_break(w, table)
        arriving = Move.objects.filter(to_table=table, status=Move.Status.PENDING)
        for move_id in list(arriving.values_list("pk", flat=True)):
            move = move_for_update(move_id)
            if move.status == Move.Status.PENDING:  # not already gone down a chain
                move_cancel(w, move)
        table.status = Table.Status.BROKEN
        table.halted = False
        table.save(update_fields=["status", "halted"])
        w.log("table_break", {"table": table.number})
        after_field_change(w, "break", {"table": table.number}, [table.number])
    return list(
        Move.objects.filter(from_table=table, status=Move.Status.PENDING).order_by("from_seat")
    )


def _check_room_for_break(w: Write, table: Table) -> None:
    counts = floor_now(w.tournament).counts()
    others = [c for c in counts if c.number != table.number]
    if not others:
        raise Conflict(LAST_TABLE)
    staying = next(c.size for c in counts if c.number == table.number)
    # Seats held for arrivals are among the projected players: free = seats - size.
    if staying > sum(c.seat_count - c.size for c in others):
        raise Conflict(NO_SEATS_FOR_BREAK)


def breaking_order_set(*, tournament_id: int, numbers: Sequence[int], by: Any) -> list[int]:
    """The director's breaking order: the first table listed breaks first."""
    with tournament_write(tournament_id, by=by) as w:
        tables = {t.number: t for t in w.tournament.tables.filter(status=Table.Status.OPEN)}
        if len(set(numbers)) != len(numbers):
            raise Invalid(BAD_BREAK_ORDER)
        if sorted(numbers) != sorted(tables):
            # Which tables are open is the tournament's state: 409 (README "API").
            raise Conflict(BAD_BREAK_ORDER)
        for position, number in enumerate(numbers, start=1):
            tables[number].break_order = position
        Table.objects.bulk_update(tables.values(), ["break_order"])
        w.log("break_order", {"order": list(numbers)})
        w.record(
            "tables",
            parts=(changes.TABLES,),
            tables=numbers,
            facts={"break_order": list(numbers)},
        )
    return list(numbers)
