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

from django.db import IntegrityError, connection
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from tables.models import Move, Table
from tables.rules import balancing
from tables.rules import button as button_rules
from tables.rules import seating as seating_rules
from tables.rules.floor_index import FloorIndex
from tables.rules.model import TableCount, TableState
from tables.rules.move_plan import Plan
from tables.rules.options import SeatingOptions
from tables.services.floor_index import floor_indexed, floor_levels
from tables.services.state import (
    RANDOM,
    Floor,
    breaking_order,
    floor_now,
    keep_apart_pairs,
    seating_options,
)
from tournament.clock_port import clock
from tournament.errors import Conflict
from tournament.models import Tournament
from tournament.writes import Write

SEAT_RESERVED = _("That seat is already reserved for another move.")


def floor_replan(w: Write) -> Plan:
    """Plan what the floor must do now (inside the caller's write).

    The planner starts from the kept per-table counts and reads the seats of
    the few tables a move leaves or reaches, so a bust on a floor of 1,100
    tables costs what it costs on ten.
    """
    tournament = w.tournament
    shape, levels = floor_levels(tournament)
    table_size, final_table_size = tournament.table_size, tournament.final_table_size
    # The book's options first: registration only ever holds breaks back, so a
    # floor that needs no plan by the book needs none now, and most busts read
    # no clock.
    for read_options in (seating_options, _planning_options):
        options = read_options(tournament)
        if not balancing.plan_needed(
            shape, table_size=table_size, final_table_size=final_table_size, options=options
        ):
            return Plan()  # every table within one of the others: most busts
    if not shape.tables:
        return Plan()
    left = _left_at_broken_tables(tournament) if shape.seated_at_broken_tables else []
    index: FloorIndex | None = None
    if left:  # seldom: a break move cancelled, a bust undone after a break
        tables, floor = _seat_players_left_at_broken_tables(w, floor_now(tournament), left)
        order = breaking_order(floor.tables)
    else:
        # The tables pending moves touch, and an index the plan fetches the
        # others from: it reads the tables it touches, whatever the floor's size.
        floor, index = floor_indexed(
            tournament, levels, floor_now(tournament, tables=False).pending
        )
        tables, order = list(floor.counts()), []
    plan = balancing.plan_moves(
        tables=tables,
        breaking_order=order,
        index=index,
        rng=RANDOM,
        keep_apart=keep_apart_pairs(tournament),
        options=options,
        load=floor.seats_of,
        table_size=table_size,
        final_table_size=final_table_size,
    )
    _carry_plan_out(w, plan, floor)
    return plan


def _left_at_broken_tables(tournament: Tournament) -> list[tuple[int, int, int, int]]:
    with connection.cursor() as cursor:
        cursor.execute(_LEFT_AT_BROKEN_TABLES, [tournament.pk])
        return cursor.fetchall()


def _carry_plan_out(w: Write, plan: Plan, floor: Floor) -> None:
    """The plan's breaks, moves, halts and final-table button, in the database."""
    tables_by_number = floor.by_number
    if plan.break_tables:
        Table.objects.filter(
            pk__in=[tables_by_number[number].pk for number in plan.break_tables]
        ).update(status=Table.Status.BROKEN, halted=False)
    if plan.final_table is not None:
        # The redraw supersedes every move still pending.
        Move.objects.filter(tournament=w.tournament, status=Move.Status.PENDING).update(
            status=Move.Status.CANCELLED, finished_at=timezone.now()
        )
    _create_moves(w, plan, floor)
    _set_halts(w, plan, floor)
    if plan.final_table is not None:
        final = Table.objects.get(pk=tables_by_number[plan.final_table].pk)
        _draw_final_table_button(w, final, plan)
    if not plan.is_empty:
        w.log("table_plan", plan.to_log())


def _create_moves(w: Write, plan: Plan, floor: Floor) -> None:
    """A table break plans nine moves at once: one update and one insert for all of
    them, not an update, a savepoint and an insert each. Cancelling first is safe:
    the plan never puts a player into a seat another pending move holds."""
    if not plan.moves:
        return
    Move.objects.filter(
        tournament=w.tournament,
        entry_id__in=[move.entry for move in plan.moves],
        status=Move.Status.PENDING,
    ).update(status=Move.Status.CANCELLED, finished_at=timezone.now())
    tables_by_number = floor.by_number
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
                tournament=w.tournament,
                entry_id=move.entry,
                from_table_id=origin[0],
                from_seat=origin[2],
                to_table_id=tables_by_number[move.to_table].pk,
                to_seat=move.to_seat,
                reason=move.reason,
                wait_for_button=move.wait_for_button,
                created_by=w.user,
            )
        )
    if created:
        _insert_moves(w, created)


def _insert_moves(w: Write, moves: list[Move]) -> None:
    try:
        with w.attempt():
            Move.objects.bulk_create(moves)
    except IntegrityError as exc:
        raise Conflict(SEAT_RESERVED) from exc


def _set_halts(w: Write, plan: Plan, floor: Floor) -> None:
    """Halt the short tables the plan names and let the others play again (the
    tables halted now are read by the index of halted tables)."""
    halted = set(plan.halted_tables)
    broken = set(plan.break_tables)
    w.touch(tables=broken)
    halted_now = dict(
        Table.objects.filter(
            tournament=w.tournament, status=Table.Status.OPEN, halted=True
        ).values_list("number", "pk")
    )
    halt = {number: floor.by_number[number].pk for number in halted - halted_now.keys() - broken}
    play = {number: pk for number, pk in halted_now.items() if number not in halted | broken}
    for flag, changed in ((True, halt), (False, play)):
        if changed:
            Table.objects.filter(pk__in=list(changed.values())).update(halted=flag)
            w.touch(tables=list(changed))


def _planning_options(tournament: Tournament, table_size: int | None = None) -> SeatingOptions:
    """The rulebook's options, looser while registration is open (README "Breaking
    during registration"): once play runs, a table breaks only when every table
    left keeps ``late_entry_seats`` seats free for the next late entries, so one
    re-entry never reopens the table just broken; a room that breaks no table
    then (`break_during_registration` off) only balances."""
    options = seating_options(tournament)
    if not tournament.break_during_registration:
        if clock().registration_open(tournament):
            return replace(options, may_break=False)
        return options
    if not clock().late_entries_expected(tournament):
        return options  # registration closed, or nobody plays yet
    free_seats = int(tournament.rule_options.get("late_entry_seats", 1))
    return replace(
        options,
        break_target=late_entry_break_target(
            options, table_size or tournament.table_size, free_seats
        ),
    )


def late_entry_break_target(
    options: SeatingOptions, table_size: int, free_seats: int
) -> int | None:
    """Players per table at which a table breaks while late entries may come: the
    table size less the seats kept free (never below two a table)."""
    if free_seats == 0:
        return options.break_target
    return min(options.break_target or table_size, max(table_size - free_seats, 2))


_LEFT_AT_BROKEN_TABLES = """
    SELECT s.entry_id, t.id, t.number, s.number
    FROM tables_seat s JOIN tables_table t ON t.id = s.table_id
    WHERE t.tournament_id = %s AND t.status = 'broken' AND s.entry_id IS NOT NULL
      AND NOT EXISTS (
        SELECT 1 FROM tables_move m WHERE m.entry_id = s.entry_id AND m.status = 'pending'
      )
    ORDER BY t.number, s.number
"""


def floor_plan_preview(tournament: Tournament, *, table_size: int, final_table_size: int) -> Plan:
    """What the planner would ask of the floor with other table sizes: read only,
    for the warning before a running tournament's table size is changed."""
    floor = floor_now(tournament)
    if not floor.tables:
        return Plan()
    return balancing.plan_moves(
        tables=list(floor.counts()),
        breaking_order=breaking_order(floor.tables),
        # A fixed seed: the preview names how many move, not who.
        rng=random.Random(0),
        keep_apart=keep_apart_pairs(tournament),
        options=_planning_options(tournament, table_size),
        load=floor.seats_of,
        table_size=table_size,
        final_table_size=final_table_size,
    )


def _seat_players_left_at_broken_tables(
    w: Write, floor: Floor, left: list[tuple[int, int, int, int]]
) -> tuple[list[TableState | TableCount], Floor]:
    """A move for every player still sitting at a broken table with none pending.

    A table break, or a cancelled break move, leaves them there. Each gets a
    random seat at the open tables as at a table break (TDA 2019 rule 9),
    reading the seats of only the tables chosen. When the open tables have no
    room, their table is back in play instead (logged as a warning for the
    floor). Returns the tables to plan on (the ones read as seats, the rest as
    counts) and the floor as it stands after these moves.
    """
    tournament = w.tournament
    counts = {count.number: count for count in floor.counts()}
    read: dict[int, TableState] = {}

    def load(number: int) -> TableState:
        if number not in read:
            read[number] = floor.seats_of(number)
        return read[number]

    options = seating_options(tournament)
    pairs = keep_apart_pairs(tournament)
    user = w.user
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
            w.touch(tables=reopened)
            _stay_at_tables_back_in_play(w, reopened)
            w.log("table_back_in_play", {"tables": reopened})
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
    _insert_moves(w, moves)
    floor = floor_now(tournament)  # the moves just made are pending now
    return [read.get(count.number, count) for count in floor.counts()], floor


def _stay_at_tables_back_in_play(w: Write, numbers: list[int]) -> None:
    """A table back in play keeps the players still sitting there: their break
    moves go (an unbust after the break it caused, say), and the plan balances
    the floor from there rather than walking players away and back."""
    leaving = Move.objects.filter(
        tournament=w.tournament,
        status=Move.Status.PENDING,
        reason=Move.Reason.BREAK,
        from_table__number__in=numbers,
    )
    w.touch(tables=leaving.values_list("to_table__number", flat=True))
    leaving.update(status=Move.Status.CANCELLED, finished_at=timezone.now())


def _draw_final_table_button(w: Write, table: Table, plan: Any) -> None:
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
    w.log("button_draw", {"table": table.number, **result.to_log()})
