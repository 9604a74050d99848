"""After every change of the field: plan breaks, balancing moves, halts and the
final-table redraw on the projected state (TDA 2019 rules 9, 10, 11).

Planned moves are rows with status "pending"; their destination seat is
reserved at once by a unique constraint. The entry's seat changes only when
the floor marks the move done.
"""

from __future__ import annotations

from typing import Any

from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from tables.models import Move, Seat, SeatChange, Table
from tables.rules import balancing
from tables.rules import button as button_rules
from tables.services.state import (
    RANDOM,
    breaking_order,
    floor_state,
    keep_apart_pairs,
    seating_options,
)
from tournament.errors import Conflict, NotFound
from tournament.models import ActionLog, Entry, Tournament

MOVE_NOT_FOUND = _("Move not found.")
MOVE_NOT_PENDING = _("This move has already been carried out or cancelled.")
SEAT_STILL_TAKEN = _("The destination seat is still taken by a player who has not moved yet.")
SEAT_RESERVED = _("That seat is already reserved for another move.")


def floor_replan(*, tournament: Tournament, by: Any) -> balancing.Plan:
    """Plan what the floor must do now (inside the caller's locked transaction)."""
    state = floor_state(tournament)
    if not state.tables:
        return balancing.Plan()
    tables_by_number = {t.number: t for t in state.tables}
    plan = balancing.plan_moves(
        tables=state.states,
        breaking_order=breaking_order(state.tables),
        table_size=tournament.table_size,
        final_table_size=tournament.final_table_size,
        rng=RANDOM,
        keep_apart=keep_apart_pairs(tournament),
        options=seating_options(tournament),
    )
    if plan.break_tables:
        Table.objects.filter(
            pk__in=[tables_by_number[number].pk for number in plan.break_tables]
        ).update(status=Table.Status.BROKEN, halted=False)
    if plan.final_table is not None:
        # The redraw supersedes every move still pending.
        Move.objects.filter(tournament=tournament, status=Move.Status.PENDING).update(
            status=Move.Status.CANCELLED, finished_at=timezone.now()
        )
    user = by if getattr(by, "pk", None) else None
    # A table break plans nine moves at once: one update and one insert for all of
    # them, not an update, a savepoint and an insert each. Cancelling first is safe:
    # the plan never puts a player into a seat another pending move holds.
    if plan.moves:
        Move.objects.filter(
            tournament=tournament,
            entry_id__in=[move.entry for move in plan.moves],
            status=Move.Status.PENDING,
        ).update(status=Move.Status.CANCELLED, finished_at=timezone.now())
    created = []
    for move in plan.moves:
        origin = state.physical_seat(move.entry) or (move.from_table, move.from_seat)
        if origin == (move.to_table, move.to_seat):
            continue  # the redraw kept him in his seat: nothing for the floor to do
        created.append(
            Move(
                tournament=tournament,
                entry_id=move.entry,
                from_table_id=_pk_or_none(tables_by_number.get(origin[0])),
                from_seat=origin[1],
                to_table_id=tables_by_number[move.to_table].pk,
                to_seat=move.to_seat,
                reason=move.reason,
                wait_for_button=move.wait_for_button,
                created_by=user,
            )
        )
    if created:
        try:
            with transaction.atomic():
                Move.objects.bulk_create(created)
        except IntegrityError as exc:
            raise Conflict(SEAT_RESERVED) from exc
    halted = set(plan.halted_tables)
    broken = set(plan.break_tables)
    for flag in (True, False):
        changed = [
            t.pk
            for t in state.tables
            if t.number not in broken and t.halted != flag and (t.number in halted) == flag
        ]
        if changed:
            Table.objects.filter(pk__in=changed).update(halted=flag)
    if plan.final_table is not None:
        final = Table.objects.get(pk=tables_by_number[plan.final_table].pk)
        _draw_final_table_button(tournament, final, plan, by)
    if not plan.is_empty:
        ActionLog.record(tournament, "table_plan", plan.to_log(), by)
    return plan


def _pk_or_none(row: Any) -> int | None:
    return row.pk if row is not None else None


def _draw_final_table_button(tournament: Tournament, table: Table, plan: Any, by: Any) -> None:
    seats = [m.to_seat for m in plan.moves if m.to_table == table.number]
    if len(seats) < 2:
        return
    result = button_rules.draw_button(seats=seats, rng=RANDOM)
    blinds = button_rules.blinds_for_button(
        seat_count=table.seats, occupied=seats, button=result.button
    )
    table.button_seat, table.small_blind_seat, table.big_blind_seat = (
        blinds.button,
        blinds.small_blind,
        blinds.big_blind,
    )
    table.save(update_fields=["button_seat", "small_blind_seat", "big_blind_seat"])
    ActionLog.record(tournament, "button_draw", {"table": table.number, **result.to_log()}, by)


def move_for_update(move_id: int) -> Move:
    move = Move.objects.select_related("to_table", "from_table", "entry").filter(pk=move_id).first()
    if move is None:
        raise NotFound(MOVE_NOT_FOUND)
    return move


def move_complete(*, tournament: Tournament, move: Move, by: Any) -> None:
    """Carry out a pending move: the entry takes its reserved seat (locked transaction)."""
    if move.status != Move.Status.PENDING:
        raise Conflict(MOVE_NOT_PENDING)
    destination = Seat.objects.select_for_update().get(table=move.to_table, number=move.to_seat)
    if destination.entry_id not in (None, move.entry_id):
        occupant_moves = Move.objects.filter(
            entry_id=destination.entry_id, status=Move.Status.PENDING
        ).exists()
        if not occupant_moves:
            raise Conflict(SEAT_STILL_TAKEN)
        # Final-table redraw: the occupant stands up; he is in transit to his own new seat.
        destination.entry = None
        destination.save(update_fields=["entry"])
    Seat.objects.filter(entry_id=move.entry_id).update(entry=None)
    destination.entry_id = move.entry_id
    destination.save(update_fields=["entry"])
    move.status = Move.Status.DONE
    move.finished_at = timezone.now()
    move.finished_by = by if getattr(by, "pk", None) else None
    move.save(update_fields=["status", "finished_at", "finished_by"])
    Entry.objects.filter(pk=move.entry_id).update(
        wait_for_button=move.wait_for_button, status=Entry.Status.SEATED
    )
    SeatChange.objects.create(
        tournament=tournament,
        entry_id=move.entry_id,
        from_table=move.from_table.number if move.from_table_id else None,
        from_seat=move.from_seat,
        to_table=move.to_table.number,
        to_seat=move.to_seat,
        reason=move.reason,
        by=move.finished_by,
    )
    if move.to_table.halted:
        # A player arriving at a halted table lets it play again (TDA 2019 rule 10).
        move.to_table.halted = False
        move.to_table.save(update_fields=["halted"])


def move_cancel(*, move: Move, by: Any) -> None:
    if move.status != Move.Status.PENDING:
        raise Conflict(MOVE_NOT_PENDING)
    move.status = Move.Status.CANCELLED
    move.finished_at = timezone.now()
    move.finished_by = by if getattr(by, "pk", None) else None
    move.save(update_fields=["status", "finished_at", "finished_by"])
