"""A player back in play after an undone bust or disqualification (README
"Places, re-entries and moves"): the seat he left, the moves planned into it,
the table his going broke, and the chips a disqualification takes out of play.
Each runs inside the caller's locked transaction."""

from __future__ import annotations

from typing import Any

from tables.models import ChipCount, Move, Seat, SeatChange, Table
from tables.services.planning import move_cancel, move_for_update
from tournament import changes
from tournament.models import ActionLog, Entry, Tournament
from tournament.summary import tournament_summary


def stack_of(tournament: Tournament, entry: Entry) -> int:
    """A player's chips as the floor knows them: his latest count, else the average."""
    counted = (
        ChipCount.objects.filter(entry=entry, latest=True).values_list("chips", flat=True).first()
    )
    if counted is not None:
        return counted
    return int(tournament_summary(tournament)["average_stack"])


def reopen_what_his_exit_broke(tournament: Tournament, entry: Entry, by: Any) -> bool:
    """Open again the tables the plan after his bust (or disqualification) broke,
    if they are still broken; True when one opened."""
    bust = (
        ActionLog.objects.filter(
            tournament=tournament, kind__in=("bust", "disqualified"), data__entry=entry.pk
        )
        .order_by("-pk")
        .first()
    )
    plan = (
        ActionLog.objects.filter(tournament=tournament, kind="table_plan", pk__gt=bust.pk)
        .order_by("pk")
        .first()
        if bust is not None
        else None
    )
    numbers = list(plan.data.get("break_tables") or []) if plan is not None else []
    broken = tournament.tables.filter(number__in=numbers, status=Table.Status.BROKEN)
    reopened = list(broken.values_list("number", flat=True))
    if not reopened:
        return False
    broken.update(status=Table.Status.OPEN)
    changes.touch(tournament, tables=reopened)
    ActionLog.record(tournament, "table_back_in_play", {"tables": reopened}, by)
    return True


def cancel_moves_into(seat: Seat, by: Any) -> list[int | None]:
    """Cancel the pending moves into `seat` (and those chained on them); the
    numbers of the tables they touched."""
    touched: list[int | None] = []
    for move_id in Move.objects.filter(
        to_table_id=seat.table_id, to_seat=seat.number, status=Move.Status.PENDING
    ).values_list("pk", flat=True):
        move = move_for_update(move_id)
        if move.status != Move.Status.PENDING:
            continue
        for cancelled in move_cancel(move=move, by=by):
            touched.append(cancelled.to_table.number)
            if cancelled.from_table is not None:
                touched.append(cancelled.from_table.number)
    return touched


def walk_in_from_the_rail(tournament: Tournament, entry: Entry, by: Any) -> None:
    """He was given a seat other than the one he left (it is taken, or its table
    broke): he is on the rail, so the floor gets a move from nowhere to that seat,
    carried out when he sits there. Nothing while he waits as an alternate."""
    seat = Seat.objects.filter(entry=entry).values_list("table_id", "number").first()
    if seat is None:
        return
    entry.refresh_from_db(fields=["wait_for_button"])
    Move.objects.create(
        tournament=tournament,
        entry=entry,
        to_table_id=seat[0],
        to_seat=seat[1],
        reason=Move.Reason.UNBUST,
        wait_for_button=entry.wait_for_button,
        created_by=by if getattr(by, "pk", None) else None,
    )


def seat_left(tournament: Tournament, entry: Entry) -> tuple[int, int] | None:
    """(table number, seat) the entry left when he busted or was disqualified."""
    left = (
        SeatChange.objects.filter(
            tournament=tournament, entry=entry, reason__in=("bust", "disqualified")
        )
        .order_by("-pk")
        .values_list("from_table", "from_seat")
        .first()
    )
    if left is None or left[0] is None or left[1] is None:
        return None
    return left[0], left[1]
