"""Carrying out and cancelling a planned move, inside the caller's write
(README "Places, re-entries and moves"): the player takes the seat reserved
for him, or stays where he sits and the moves chained on his seat go too."""

from __future__ import annotations

from datetime import datetime

from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from tables.models import Move, Seat, SeatChange
from tournament.errors import Conflict, NotFound
from tournament.models import Entry
from tournament.writes import Write

MOVE_NOT_FOUND = _("Move not found.")
MOVE_NOT_PENDING = _("This move has already been carried out or cancelled.")
SEAT_STILL_TAKEN = _("The destination seat is still taken by a player who has not moved yet.")
CARRY_OUT_FIRST = _(
    "This seat is still taken. First move %(name)s from table %(from_table)s seat "
    "%(from_seat)s to table %(to_table)s seat %(to_seat)s."
)


def move_for_update(move_id: int) -> Move:
    move = Move.objects.select_related("to_table", "from_table", "entry").filter(pk=move_id).first()
    if move is None:
        raise NotFound(MOVE_NOT_FOUND)
    return move


def move_complete(w: Write, move: Move) -> list[Move]:
    """Carry out a pending move: the entry takes its reserved seat (inside the write).

    The destination may still hold a player whose own move is pending (the plan
    works on the projected state). That move must be carried out first: the
    floor is told which one. Only when the moves form a ring (a final-table
    redraw swapping seats) are they carried out together, as the players stand
    up at once. Either way nobody is ever without a seat. Returns the moves done.
    """
    if move.status != Move.Status.PENDING:
        raise Conflict(MOVE_NOT_PENDING)
    occupant = _occupant(move.to_table_id, move.to_seat)
    chain = _moves_into_held_seats(move, occupant)
    if chain and (chain[-1].to_table_id, chain[-1].to_seat) == _seat_of(move.entry_id):
        ring = [move, *chain]
    elif chain:
        first = chain[-1]
        raise Conflict(
            CARRY_OUT_FIRST
            % {
                "name": first.entry.player.name,
                "from_table": first.from_table.number if first.from_table is not None else "–",
                "from_seat": first.from_seat or "–",
                "to_table": first.to_table.number,
                "to_seat": first.to_seat,
            }
        )
    else:
        ring = [move]
    if occupant is not None and occupant != move.entry_id and len(ring) == 1:
        raise Conflict(SEAT_STILL_TAKEN)
    entries = [m.entry_id for m in ring]
    Seat.objects.filter(entry_id__in=entries).update(entry=None)
    # One moment for the whole ring: it tells later that these moves were done
    # together (a "done" on another member then answers with it, README "API",
    # "Moves in the order they can be done").
    now = timezone.now()
    for done in ring:
        Seat.objects.filter(table_id=done.to_table_id, number=done.to_seat).update(
            entry_id=done.entry_id
        )
        _finish(w, done, now)
    return ring


def _seat_of(entry_id: int) -> tuple[int | None, int | None]:
    row = Seat.objects.filter(entry_id=entry_id).values_list("table_id", "number").first()
    return row if row is not None else (None, None)


def _occupant(table_id: int, seat: int) -> int | None:
    """Who sits on that seat now."""
    return (
        Seat.objects.filter(table_id=table_id, number=seat)
        .values_list("entry_id", flat=True)
        .first()
    )


def _moves_into_held_seats(move: Move, occupant: int | None) -> list[Move]:
    """The pending moves of the players sitting where `move` (and each next one) goes;
    `occupant`: who sits where `move` goes.

    Follows the chain until a free seat, a player with no move, or back to the
    mover (a ring). Empty when the destination is free or the mover's own.
    """
    chain: list[Move] = []
    seen = {move.entry_id}
    while True:
        if occupant is None or occupant in seen:
            return chain
        following = (
            Move.objects.select_related("entry__player", "from_table", "to_table")
            .filter(entry_id=occupant, status=Move.Status.PENDING)
            .first()
        )
        if following is None:
            return chain  # the seat is taken by a player who stays: SEAT_STILL_TAKEN
        chain.append(following)
        seen.add(occupant)
        occupant = _occupant(following.to_table_id, following.to_seat)


def _finish(w: Write, move: Move, now: datetime) -> None:
    move.status = Move.Status.DONE
    move.finished_at = now
    move.finished_by = w.user
    move.save(update_fields=["status", "finished_at", "finished_by"])
    Entry.objects.filter(pk=move.entry_id).update(
        wait_for_button=move.wait_for_button, status=Entry.Status.SEATED
    )
    SeatChange.objects.create(
        tournament=w.tournament,
        entry_id=move.entry_id,
        from_table=move.from_table.number if move.from_table is not None else None,
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


def move_cancel(w: Write, move: Move) -> list[Move]:
    """Cancel a pending move and every pending move into a seat it would have freed.

    The player stays where he sits; a move planned into his seat can no longer
    happen, and so on down the chain. The caller replans: whoever is left at a
    broken table gets a new seat (`floor_replan`). Returns the moves cancelled.
    """
    if move.status != Move.Status.PENDING:
        raise Conflict(MOVE_NOT_PENDING)
    user = w.user
    cancelled: list[Move] = []
    todo = [move]
    while todo:
        current = todo.pop()
        current.status = Move.Status.CANCELLED
        current.finished_at = timezone.now()
        current.finished_by = user
        current.save(update_fields=["status", "finished_at", "finished_by"])
        cancelled.append(current)
        table_id, seat = _seat_of(current.entry_id)
        # One seat row gives both, so the number is there whenever the table is.
        if table_id is not None and seat is not None:
            todo.extend(
                Move.objects.select_related("to_table", "from_table").filter(
                    to_table_id=table_id, to_seat=seat, status=Move.Status.PENDING
                )
            )
    return cancelled
