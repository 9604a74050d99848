"""An alternate stands up for a player whose bust is undone (README "Undoing a
bust"): the bust let him sit down, so its undo sends him back to the head of
the waiting list, and the undone player is never left an alternate. The steps
run inside the caller's write."""

from __future__ import annotations

from datetime import timedelta

from django.db.models import Min
from django.utils import timezone

from tables.models import Move, Seat, SeatChange
from tables.services.move_steps import move_cancel, move_for_update
from tournament.models import Entry
from tournament.writes import Write

# SeatChange.reason of an alternate who gave his seat back (at most 16 letters).
BACK_TO_WAITING = "back_to_waiting"


def alternate_in_his_seat(w: Write, entry: Entry, where: tuple[int, int]) -> Entry | None:
    """The alternate seated in the seat `entry` left, since his bust, stood up;
    None when the seat is free or someone else sits there."""
    occupant = (
        Seat.objects.filter(table__tournament=w.tournament, table__number=where[0], number=where[1])
        .values_list("entry_id", flat=True)
        .first()
    )
    if occupant is None:
        return None
    seat = _seated_as_alternate_since(w, occupant, _bust_change(w, entry))
    if seat is None or (seat.table.number, seat.number) != where:
        return None
    return _stand_up(w, seat)


def latest_alternate_since(w: Write, entry: Entry) -> Entry | None:
    """The alternate seated last since `entry`'s bust, stood up (he still sits
    where he sat down); None when there is none."""
    since = _bust_change(w, entry)
    seated = (
        SeatChange.objects.filter(tournament=w.tournament, reason="alternate", pk__gt=since)
        .order_by("-pk")
        .values_list("entry_id", flat=True)
    )
    for alternate in seated:
        seat = _seated_as_alternate_since(w, alternate, since)
        if seat is not None:
            return _stand_up(w, seat)
    return None


def _bust_change(w: Write, entry: Entry) -> int:
    """The id of the seat change his bust (or disqualification) wrote; 0 when none."""
    change = (
        SeatChange.objects.filter(
            tournament=w.tournament, entry=entry, reason__in=("bust", "disqualified")
        )
        .order_by("-pk")
        .values_list("pk", flat=True)
        .first()
    )
    return change or 0


def _seated_as_alternate_since(w: Write, entry_id: int, since: int) -> Seat | None:
    """The seat `entry_id` holds when his last seat change since `since` sat him
    down as an alternate (he has not moved since); else None."""
    last = (
        SeatChange.objects.filter(tournament=w.tournament, entry_id=entry_id)
        .order_by("-pk")
        .values_list("pk", "reason", "to_table", "to_seat")
        .first()
    )
    if last is None or last[0] <= since or last[1] != "alternate":
        return None
    return w.lock_one(
        Seat.objects.filter(table__tournament=w.tournament, table__number=last[2], number=last[3])
        .filter(entry_id=entry_id)
        .select_related("table")
    )


def _stand_up(w: Write, seat: Seat) -> Entry:
    """The alternate leaves `seat` and waits again, first in line (he was first
    when he sat down); his pending moves go."""
    alternate = Entry.objects.select_related("player").get(pk=seat.entry_id)
    for move_id in Move.objects.filter(entry=alternate, status=Move.Status.PENDING).values_list(
        "pk", flat=True
    ):
        move = move_for_update(move_id)
        if move.status == Move.Status.PENDING:
            move_cancel(w, move)
    seat.entry = None
    seat.save(update_fields=["entry"])
    first = w.tournament.entries.filter(status=Entry.Status.WAITING).aggregate(
        first=Min("waiting_since")
    )["first"]
    alternate.status = Entry.Status.WAITING
    alternate.wait_for_button = False
    alternate.waiting_since = (
        first - timedelta(microseconds=1) if first is not None else timezone.now()
    )
    alternate.save(update_fields=["status", "wait_for_button", "waiting_since"])
    SeatChange.objects.create(
        tournament=w.tournament,
        entry=alternate,
        from_table=seat.table.number,
        from_seat=seat.number,
        reason=BACK_TO_WAITING,
        by=w.user,
    )
    w.touch(tables=[seat.table.number])
    return alternate
