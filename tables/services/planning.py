"""After every change of the field: plan breaks, balancing moves, halts and the
final-table redraw on the projected state (TDA 2019 rules 9, 10, 11).

Planned moves are rows with status "pending"; their destination seat is
reserved at once by a unique constraint. The entry's seat changes only when
the floor marks the move done.
"""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

from django.db import IntegrityError, connection, transaction
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from tables.models import Move, Seat, SeatChange, Table
from tables.rules import balancing
from tables.rules import button as button_rules
from tables.rules import seating as seating_rules
from tables.rules.model import TableCount, TableState
from tables.services.state import (
    RANDOM,
    Floor,
    breaking_order,
    floor_now,
    floor_shape,
    keep_apart_pairs,
    seating_options,
)
from tournament import changes, extensions
from tournament.errors import Conflict, NotFound
from tournament.models import ActionLog, Entry, Tournament

MOVE_NOT_FOUND = _("Move not found.")
MOVE_NOT_PENDING = _("This move has already been carried out or cancelled.")
SEAT_STILL_TAKEN = _("The destination seat is still taken by a player who has not moved yet.")
CARRY_OUT_FIRST = _(
    "This seat is still taken. First move %(name)s from table %(from_table)s seat "
    "%(from_seat)s to table %(to_table)s seat %(to_seat)s."
)
SEAT_RESERVED = _("That seat is already reserved for another move.")


def floor_replan(*, tournament: Tournament, by: Any) -> balancing.Plan:
    """Plan what the floor must do now (inside the caller's locked transaction).

    The planner starts from the kept per-table counts and reads the seats of
    the few tables a move leaves or reaches, so a bust on a floor of 1,100
    tables costs what it costs on ten.
    """
    options = _planning_options(tournament)
    shape = floor_shape(tournament)
    table_size, final_table_size = tournament.table_size, tournament.final_table_size
    if not balancing.plan_needed(
        shape, table_size=table_size, final_table_size=final_table_size, options=options
    ):
        return balancing.Plan()  # every table within one of the others: most busts
    floor = floor_now(tournament)
    if not floor.tables:
        return balancing.Plan()
    tables, floor = _seat_players_left_at_broken_tables(tournament, floor, by)
    plan = balancing.plan_moves(
        tables=tables,
        breaking_order=breaking_order(floor.tables),
        rng=RANDOM,
        keep_apart=keep_apart_pairs(tournament),
        options=options,
        load=floor.seats_of,
        table_size=table_size,
        final_table_size=final_table_size,
    )
    tables_by_number = floor.by_number
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
        # A player already on his way still sits where that move started.
        origin = floor.origin(move.entry) or (
            tables_by_number[move.from_table].pk,
            move.from_table,
            move.from_seat,
        )
        if origin[1:] == (move.to_table, move.to_seat):
            continue  # the redraw kept him in his seat: nothing for the floor to do
        created.append(
            Move(
                tournament=tournament,
                entry_id=move.entry,
                from_table_id=origin[0],
                from_seat=origin[2],
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
    changes.touch(tournament, tables=broken)
    for flag in (True, False):
        changed = [
            t
            for t in floor.tables
            if t.number not in broken and t.halted != flag and (t.number in halted) == flag
        ]
        if changed:
            Table.objects.filter(pk__in=[t.pk for t in changed]).update(halted=flag)
            changes.touch(tournament, tables=[t.number for t in changed])
    if plan.final_table is not None:
        final = Table.objects.get(pk=tables_by_number[plan.final_table].pk)
        _draw_final_table_button(tournament, final, plan, by)
    if not plan.is_empty:
        ActionLog.record(tournament, "table_plan", plan.to_log(), by)
    return plan


def _planning_options(tournament: Tournament) -> balancing.SeatingOptions:
    """The rulebook's options; no table breaks while registration is open when the
    room chose so (`break_during_registration`), so re-entries never churn the floor."""
    options = seating_options(tournament)
    if not tournament.break_during_registration and extensions.registration_open_now(tournament):
        return replace(options, may_break=False)
    return options


_LEFT_AT_BROKEN_TABLES = """
    SELECT s.entry_id, t.id, t.number, s.number
    FROM tables_seat s JOIN tables_table t ON t.id = s.table_id
    WHERE t.tournament_id = %s AND t.status = 'broken' AND s.entry_id IS NOT NULL
      AND NOT EXISTS (
        SELECT 1 FROM tables_move m WHERE m.entry_id = s.entry_id AND m.status = 'pending'
      )
    ORDER BY t.number, s.number
"""


def floor_plan_preview(
    tournament: Tournament, *, table_size: int, final_table_size: int
) -> balancing.Plan:
    """What the planner would ask of the floor with other table sizes: read only,
    for the warning before a running tournament's table size is changed."""
    floor = floor_now(tournament)
    if not floor.tables:
        return balancing.Plan()
    return balancing.plan_moves(
        tables=list(floor.counts()),
        breaking_order=breaking_order(floor.tables),
        # A fixed seed: the preview names how many move, not who.
        rng=random.Random(0),
        keep_apart=keep_apart_pairs(tournament),
        options=seating_options(tournament),
        load=floor.seats_of,
        table_size=table_size,
        final_table_size=final_table_size,
    )


def _seat_players_left_at_broken_tables(
    tournament: Tournament, floor: Floor, by: Any
) -> tuple[list[TableState | TableCount], Floor]:
    """A move for every player still sitting at a broken table with none pending.

    A table break, or a cancelled break move, leaves them there. Each gets a
    random seat at the open tables as at a table break (TDA 2019 rule 9),
    reading the seats of only the tables chosen. When the open tables have no
    room, their table is back in play instead (logged as a warning for the
    floor). Returns the tables to plan on (the ones read as seats, the rest as
    counts) and the floor as it stands after these moves.
    """
    with connection.cursor() as cursor:
        cursor.execute(_LEFT_AT_BROKEN_TABLES, [tournament.pk])
        left = cursor.fetchall()
    if not left:
        return list(floor.counts()), floor
    counts = {count.number: count for count in floor.counts()}
    read: dict[int, TableState] = {}

    def load(number: int) -> TableState:
        if number not in read:
            read[number] = floor.seats_of(number)
        return read[number]

    options = seating_options(tournament)
    pairs = keep_apart_pairs(tournament)
    user = by if getattr(by, "pk", None) else None
    moves = []
    for entry_id, table_id, _table_number, seat_number in left:
        choice = seating_rules.seat_late_entry(
            entry=entry_id,
            tables=[read.get(number, count) for number, count in counts.items()],
            rng=RANDOM,
            keep_apart=pairs,
            options=options,
            load=load,
        )
        if choice is None:
            reopened = sorted({number for _e, _t, number, _s in left})
            Table.objects.filter(tournament=tournament, number__in=reopened).update(
                status=Table.Status.OPEN
            )
            changes.touch(tournament, tables=reopened)
            _stay_at_tables_back_in_play(tournament, reopened)
            ActionLog.record(tournament, "table_back_in_play", {"tables": reopened}, by)
            floor = floor_now(tournament)
            return list(floor.counts()), floor
        moves.append(
            Move(
                tournament=tournament,
                entry_id=entry_id,
                from_table_id=table_id,
                from_seat=seat_number,
                to_table_id=floor.table(choice.table).pk,
                to_seat=choice.seat,
                reason=Move.Reason.BREAK,
                wait_for_button=choice.wait_for_button,
                created_by=user,
            )
        )
        seated = read[choice.table]
        read[choice.table] = replace(
            seated,
            players={**seated.players, choice.seat: entry_id},
            reserved=seated.reserved | {choice.seat},
        )
    try:
        with transaction.atomic():
            Move.objects.bulk_create(moves)
    except IntegrityError as exc:
        raise Conflict(SEAT_RESERVED) from exc
    floor = floor_now(tournament)  # the moves just made are pending now
    return [read.get(count.number, count) for count in floor.counts()], floor


def _stay_at_tables_back_in_play(tournament: Tournament, numbers: list[int]) -> None:
    """A table back in play keeps the players still sitting there: their break
    moves go (an unbust after the break it caused, say), and the plan balances
    the floor from there rather than walking players away and back."""
    leaving = Move.objects.filter(
        tournament=tournament,
        status=Move.Status.PENDING,
        reason=Move.Reason.BREAK,
        from_table__number__in=numbers,
    )
    changes.touch(tournament, tables=leaving.values_list("to_table__number", flat=True))
    leaving.update(status=Move.Status.CANCELLED, finished_at=timezone.now())


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


def move_complete(*, tournament: Tournament, move: Move, by: Any) -> list[Move]:
    """Carry out a pending move: the entry takes its reserved seat (locked transaction).

    The destination may still hold a player whose own move is pending (the plan
    works on the projected state). That move must be carried out first: the
    floor is told which one. Only when the moves form a ring (a final-table
    redraw swapping seats) are they carried out together, as the players stand
    up at once. Either way nobody is ever without a seat. Returns the moves done.
    """
    if move.status != Move.Status.PENDING:
        raise Conflict(MOVE_NOT_PENDING)
    chain = _moves_into_held_seats(move)
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
    occupant = (
        Seat.objects.filter(table_id=move.to_table_id, number=move.to_seat, entry__isnull=False)
        .values_list("entry_id", flat=True)
        .first()
    )
    if occupant is not None and occupant != move.entry_id and len(ring) == 1:
        raise Conflict(SEAT_STILL_TAKEN)
    entries = [m.entry_id for m in ring]
    Seat.objects.filter(entry_id__in=entries).update(entry=None)
    for done in ring:
        Seat.objects.filter(table_id=done.to_table_id, number=done.to_seat).update(
            entry_id=done.entry_id
        )
        _finish(tournament, done, by)
    return ring


def _seat_of(entry_id: int) -> tuple[int | None, int | None]:
    row = Seat.objects.filter(entry_id=entry_id).values_list("table_id", "number").first()
    return row if row is not None else (None, None)


def _moves_into_held_seats(move: Move) -> list[Move]:
    """The pending moves of the players sitting where `move` (and each next one) goes.

    Follows the chain until a free seat, a player with no move, or back to the
    mover (a ring). Empty when the destination is free or the mover's own.
    """
    chain: list[Move] = []
    seen = {move.entry_id}
    current = move
    while True:
        occupant = (
            Seat.objects.filter(table_id=current.to_table_id, number=current.to_seat)
            .values_list("entry_id", flat=True)
            .first()
        )
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
        current = following


def _finish(tournament: Tournament, move: Move, by: Any) -> None:
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


def move_cancel(*, move: Move, by: Any) -> list[Move]:
    """Cancel a pending move and every pending move into a seat it would have freed.

    The player stays where he sits; a move planned into his seat can no longer
    happen, and so on down the chain. The caller replans: whoever is left at a
    broken table gets a new seat (`floor_replan`). Returns the moves cancelled.
    """
    if move.status != Move.Status.PENDING:
        raise Conflict(MOVE_NOT_PENDING)
    user = by if getattr(by, "pk", None) else None
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
