"""Undo of floor actions from the history (issue: seating, item 9).

An action can be undone while no later action depends on it; the undo is
itself recorded, and the original row points at it.
"""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext_lazy as _

from tables.models import Move, Seat, SeatChange, Table
from tables.services.back_in_play import entry_unbust
from tables.services.field import after_field_change
from tables.services.hands import publish_blinds
from tables.services.move_steps import move_cancel
from tournament.errors import Conflict
from tournament.models import ActionLog
from tournament.writes import Write, tournament_write, write

ACTION_NOT_FOUND = _("History entry not found.")
ALREADY_UNDONE = _("This action has already been undone.")
CANNOT_UNDO_KIND = _("This kind of action cannot be undone here.")
LATER_TABLE_ACTION = _("A later button or hand change at this table must be undone first.")
MOVE_NOT_UNDOABLE = _("The player has moved on since, or the old seat is taken.")
BREAK_MOVES_DONE = _("Players from this table have already moved; move them back one by one.")

UNDOABLE = {
    "bust",
    "disqualified",
    "move_done",
    "move_manual",
    "table_break",
    "button_set",
    "next_hand",
}


def action_undo(*, action_id: int, by: Any) -> ActionLog:
    tournament_id = write.for_row(ActionLog, action_id, ACTION_NOT_FOUND).id
    with tournament_write(tournament_id, by=by) as w:
        action = w.lock(ActionLog.objects.filter(pk=action_id))[0]
        if action.undone_by_id is not None:
            raise Conflict(ALREADY_UNDONE)
        if action.kind in ("bust", "disqualified"):
            # Either way the player is back in play (a disqualification with his chips).
            entry_unbust(entry_id=action.data["entry"], by=w.user)
            # entry_unbust has just logged the unbust (or raised).
            undo = ActionLog.objects.filter(
                tournament_id=tournament_id, kind="unbust", data__entry=action.data["entry"]
            ).latest("pk")
        else:
            undo = _undo_on_the_floor(w, action)
        action.undone_by = undo
        action.save(update_fields=["undone_by"])
    return undo


def _undo_on_the_floor(w: Write, action: ActionLog) -> ActionLog:
    if action.kind not in UNDOABLE:
        raise Conflict(CANNOT_UNDO_KIND)
    handler = {
        "move_done": _undo_move_done,
        "move_manual": _undo_move_manual,
        "table_break": _undo_break,
        "button_set": _undo_table_state,
        "next_hand": _undo_table_state,
    }[action.kind]
    handler(w, action)
    return w.log("undo", {"action": action.pk, "kind": action.kind})


def _undo_table_state(w: Write, action: ActionLog) -> None:
    tournament = w.tournament
    table = tournament.tables.get(number=action.data["table"])
    later = ActionLog.objects.filter(
        tournament=tournament,
        kind__in=("button_set", "next_hand"),
        data__table=table.number,
        pk__gt=action.pk,
        undone_by__isnull=True,
    ).exists()
    if later:
        raise Conflict(LATER_TABLE_ACTION)
    before = action.data["before"]
    table.button_seat, table.small_blind_seat, table.big_blind_seat = before[:3]
    if action.kind == "next_hand":
        table.hand = before[3]
    table.save(update_fields=["button_seat", "small_blind_seat", "big_blind_seat", "hand"])
    publish_blinds(w, table)


def _undo_move_done(w: Write, action: ActionLog) -> None:
    tournament = w.tournament
    move = Move.objects.select_related("from_table", "to_table").get(pk=action.data["move"])
    seat_now = Seat.objects.filter(entry_id=move.entry_id).select_related("table").first()
    at_destination = seat_now is not None and (seat_now.table_id, seat_now.number) == (
        move.to_table_id,
        move.to_seat,
    )
    if seat_now is None or not at_destination or move.from_table is None:
        raise Conflict(MOVE_NOT_UNDOABLE)
    # A move away from a table names the seat too (both come from the seat row).
    assert move.from_seat is not None
    old = w.lock_one(Seat.objects.filter(table=move.from_table, number=move.from_seat))
    if old is None:
        raise Conflict(MOVE_NOT_UNDOABLE)
    # The old seat must be free and not held for a player on his way there.
    held = Move.objects.filter(
        to_table_id=move.from_table_id, to_seat=move.from_seat, status=Move.Status.PENDING
    ).exists()
    if old.entry_id is not None or held or move.from_table.status != Table.Status.OPEN:
        raise Conflict(MOVE_NOT_UNDOABLE)
    seat_now.entry = None
    seat_now.save(update_fields=["entry"])
    old.entry_id = move.entry_id
    old.save(update_fields=["entry"])
    SeatChange.objects.create(
        tournament=tournament,
        entry_id=move.entry_id,
        from_table=move.to_table.number,
        from_seat=move.to_seat,
        to_table=move.from_table.number,
        to_seat=move.from_seat,
        reason="undo",
        by=w.user,
    )
    after_field_change(
        w,
        "move",
        {"move": move.pk, "undone": True},
        [move.to_table.number, move.from_table.number],
    )


def _undo_move_manual(w: Write, action: ActionLog) -> None:
    move = Move.objects.select_related("to_table", "from_table").get(pk=action.data["move"])
    if move.status != Move.Status.PENDING:
        raise Conflict(MOVE_NOT_UNDOABLE)
    cancelled = move_cancel(w, move)
    after_field_change(
        w,
        "move",
        {"move": move.pk, "undone": True},
        [n for m in cancelled for n in _tables_of(m)],
    )


def _tables_of(move: Move) -> list[int | None]:
    return [move.to_table.number, move.from_table.number if move.from_table is not None else None]


def _undo_break(w: Write, action: ActionLog) -> None:
    tournament = w.tournament
    """The table plays on: its pending break moves go (with any chained on them)."""
    table = tournament.tables.get(number=action.data["table"])
    moves = Move.objects.filter(tournament=tournament, from_table=table, reason=Move.Reason.BREAK)
    if moves.filter(status=Move.Status.DONE, created_at__gte=action.at).exists():
        raise Conflict(BREAK_MOVES_DONE)
    table.status = Table.Status.OPEN
    table.save(update_fields=["status"])
    touched: list[int | None] = [table.number]
    for move_id in list(moves.filter(status=Move.Status.PENDING).values_list("pk", flat=True)):
        move = Move.objects.select_related("to_table", "from_table").get(pk=move_id)
        if move.status == Move.Status.PENDING:
            touched += [n for m in move_cancel(w, move) for n in _tables_of(m)]
    after_field_change(w, "break", {"table": table.number, "undone": True}, touched)
