"""A player back in play after an undone bust or disqualification (README
"Places, re-entries and moves"): the seat he left, the moves planned into it,
the table his going broke, and the chips a disqualification takes out of play.
The steps run inside the caller's write."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext_lazy as _

from tables.models import ChipCount, Move, Seat, SeatChange, Table
from tables.services.field import after_field_change
from tables.services.move_steps import move_cancel, move_for_update
from tables.services.rows import entry_in
from tables.services.seating import seat_late_entry
from tables.services.standing_up import alternate_in_his_seat, latest_alternate_since
from tournament.errors import Conflict
from tournament.models import LIVE_STATUSES, ActionLog, Entry, Tournament
from tournament.prize_port import prizes
from tournament.rules import places as place_rules
from tournament.services import bounties
from tournament.services.fixed_prizes import places_change_check
from tournament.summary import OUT_STATUSES, tournament_summary
from tournament.writes import Write, write

NOT_BUSTED = _("This entry is not busted.")
UNBUST_LATER_FIRST = _("Undo the later bust-outs first: their places depend on this one.")
UNBUST_RE_ENTERED = _("The player has re-entered since this bust: his later entry plays on.")


def entry_unbust(*, entry_id: int, by: Any) -> Entry:
    """Undo a mistaken bust or disqualification: the entry is back in play, on his
    old seat when free, with the chips a disqualification took out of play."""
    with write(write.for_entry(entry_id), by=by) as w:
        tournament = w.tournament
        entry = entry_in(tournament.pk, entry_id)
        _check_unbust(tournament, entry)
        # His place goes, and so does the winner's when the tournament plays on:
        # a prize paid to either is reversed first (README "Payouts").
        winner = tournament.status == Tournament.Status.FINISHED
        live = tournament.entries.filter(status__in=LIVE_STATUSES) if winner else None
        places_change_check(tournament, [entry.pk, *(e.pk for e in live or ())])
        disqualified = entry.status == Entry.Status.DISQUALIFIED
        where = seat_left(tournament, entry)
        _back_in_play(entry)
        bounties.bounties_undo(w, [entry.pk])
        reopened = tournament.status == Tournament.Status.FINISHED
        if reopened:
            tournament.status = Tournament.Status.RUNNING
            tournament.save(update_fields=["status"])
            prizes().winner_unknown(w)  # the prizes fixed at the end are taken back
        touched, stood_up = _sit_down_again(w, entry, where)
        restored = touched is not None
        if not restored:
            walk_in_from_the_rail(w, entry)
        w.log(
            "unbust",
            {
                "entry": entry.pk,
                "same_seat": restored,
                "disqualification": disqualified,
                "alternate_stood_up": stood_up.pk if stood_up is not None else None,
            },
        )
        back_at = Seat.objects.filter(entry=entry).values_list("table__number", flat=True).first()
        after_field_change(
            w,
            "unbust",
            {"entry": entry.pk},
            [back_at, *(touched or [])],
            reopened=reopened,
            field_changed=not restored,
        )
    entry.refresh_from_db()
    return entry


def _sit_down_again(
    w: Write, entry: Entry, where: tuple[int, int] | None
) -> tuple[list[int | None] | None, Entry | None]:
    """Seat him again (README "Undoing a bust"): the tables touched (None when he
    did not get his old seat back) and the alternate who stood up for him.

    An alternate his bust let sit down gives the seat back: the one in his old
    seat, else, when no seat is left or the field is over its limit with him,
    the alternate seated last since his bust."""
    stood_up = alternate_in_his_seat(w, entry, where) if where is not None else None
    touched = _sit_down_where_he_left(w, entry, where) if where is not None else None
    if touched is None and not _seat_elsewhere(w, entry):
        stood_up = latest_alternate_since(w, entry)
        if stood_up is not None:
            seat_late_entry(w, entry, reason="unbust")
    elif stood_up is None and _over_the_field_limit(w.tournament):
        stood_up = latest_alternate_since(w, entry)
    return touched, stood_up


def _over_the_field_limit(tournament: Tournament) -> bool:
    if tournament.max_players is None:
        return False
    playing = tournament.entries.filter(
        status__in=(Entry.Status.REGISTERED, Entry.Status.SEATED)
    ).count()
    return playing > tournament.max_players


def _seat_elsewhere(w: Write, entry: Entry) -> bool:
    """A free seat, else the table his bust broke plays again with him; False
    when he would be left an alternate."""
    if seat_late_entry(w, entry, reason="unbust"):
        return True
    return reopen_what_his_exit_broke(w, entry) and seat_late_entry(w, entry, reason="unbust")


def _check_unbust(tournament: Tournament, entry: Entry) -> None:
    """Only the latest busts come back, and only while he has not re-entered."""
    if entry.status not in OUT_STATUSES:
        raise Conflict(NOT_BUSTED)
    if tournament.entries.filter(player_id=entry.player_id, number__gt=entry.number).exists():
        raise Conflict(UNBUST_RE_ENTERED)
    busted = [
        place_rules.Place(entry_id=e.pk, place=e.place, shared=e.place_shared)
        for e in tournament.entries.filter(status__in=OUT_STATUSES).exclude(place=None)
        if e.place is not None
    ]
    remaining = tournament.entries.filter(status__in=LIVE_STATUSES).count()
    try:
        place_rules.check_unbust(busted=busted, players_left=remaining, entry_ids=[entry.pk])
    except place_rules.PlacesError as exc:
        raise Conflict(UNBUST_LATER_FIRST) from exc


def _back_in_play(entry: Entry) -> None:
    entry.status = Entry.Status.SEATED
    entry.place = None
    entry.place_shared = False
    entry.bust_group = None
    entry.busted_at = None
    entry.chips_removed = None  # his chips are back in play
    entry.save(
        update_fields=[
            "status",
            "place",
            "place_shared",
            "bust_group",
            "busted_at",
            "chips_removed",
        ]
    )


def _sit_down_where_he_left(
    w: Write, entry: Entry, where: tuple[int, int]
) -> list[int | None] | None:
    """His old seat when it is free; the tables touched, None when it is not free.

    His table may have broken since (his bust broke it): he sits down there
    again, and the plan gives him a move or the table back."""
    seat = w.lock_one(
        Seat.objects.filter(
            table__tournament=w.tournament,
            table__number=where[0],
            table__status__in=(Table.Status.OPEN, Table.Status.BROKEN),
            number=where[1],
            entry=None,
        )
    )
    if seat is None:
        return None
    # A move his bust brought into his seat (a balance or break move) goes: he
    # sits down again and the floor is planned from there.
    touched = cancel_moves_into(w, seat)
    seat.entry = entry
    seat.save(update_fields=["entry"])
    SeatChange.objects.create(
        tournament=w.tournament,
        entry=entry,
        to_table=where[0],
        to_seat=seat.number,
        reason="unbust",
        by=w.user,
    )
    return touched


def stack_of(tournament: Tournament, entry: Entry) -> int:
    """A player's chips as the floor knows them: his latest count, else the average."""
    counted = (
        ChipCount.objects.filter(entry=entry, latest=True).values_list("chips", flat=True).first()
    )
    if counted is not None:
        return counted
    return int(tournament_summary(tournament)["average_stack"])


def reopen_what_his_exit_broke(w: Write, entry: Entry) -> bool:
    """Open again the tables the plan after his bust (or disqualification) broke,
    if they are still broken; True when one opened."""
    tournament = w.tournament
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
    w.touch(tables=reopened)
    w.log("table_back_in_play", {"tables": reopened})
    return True


def cancel_moves_into(w: Write, seat: Seat) -> list[int | None]:
    """Cancel the pending moves into `seat` (and those chained on them); the
    numbers of the tables they touched."""
    touched: list[int | None] = []
    for move_id in Move.objects.filter(
        to_table_id=seat.table_id, to_seat=seat.number, status=Move.Status.PENDING
    ).values_list("pk", flat=True):
        move = move_for_update(move_id)
        if move.status != Move.Status.PENDING:
            continue
        for cancelled in move_cancel(w, move):
            touched.append(cancelled.to_table.number)
            if cancelled.from_table is not None:
                touched.append(cancelled.from_table.number)
    return touched


def walk_in_from_the_rail(w: Write, entry: Entry) -> None:
    """He was given a seat other than the one he left (it is taken, or its table
    broke): he is on the rail, so the floor gets a move from nowhere to that seat,
    carried out when he sits there. Nothing while he waits as an alternate."""
    seat = Seat.objects.filter(entry=entry).values_list("table_id", "number").first()
    if seat is None:
        return
    entry.refresh_from_db(fields=["wait_for_button"])
    Move.objects.create(
        tournament=w.tournament,
        entry=entry,
        to_table_id=seat[0],
        to_seat=seat[1],
        reason=Move.Reason.UNBUST,
        wait_for_button=entry.wait_for_button,
        created_by=w.user,
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
