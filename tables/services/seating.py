"""Seat draw, late seating and alternates (TDA 2019 rules 6, 7, 27)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from django.db import IntegrityError
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from tables.models import Move, Seat, SeatChange, Table
from tables.rules import button as button_rules
from tables.rules import seating as seating_rules
from tables.services.move_steps import move_cancel, move_for_update
from tables.services.planning import floor_replan
from tables.services.state import (
    RANDOM,
    breaking_order,
    floor_state,
    keep_apart_pairs,
    seat_row_id,
    seating_options,
    update_rows,
)
from tournament import changes
from tournament.errors import Conflict
from tournament.models import Entry, Tournament
from tournament.writes import Write, tournament_write

ALREADY_DRAWN = _("Seats have already been drawn for this tournament.")
NO_TABLES = _("Open tables before drawing seats.")
NOBODY_TO_DRAW = _("Nobody is registered to be seated.")
SEAT_TAKEN = _("That seat was just taken. Please try again.")


def seats_are_drawn(tournament: Tournament) -> bool:
    return tournament.actions.filter(kind="seat_draw").exists()


def seats_draw(
    *, tournament_id: int, by: Any, also_apart: Sequence[tuple[int, int]] = ()
) -> dict[str, Any]:
    """Random seats for every registered entry on the open tables; buttons by high card.

    ``also_apart``: pairs kept apart in this draw only, beside the tournament's
    keep-apart pairs (a later day spreads its biggest stacks so)."""
    with tournament_write(tournament_id, by=by) as w:
        tournament = w.tournament
        if seats_are_drawn(tournament):
            raise Conflict(ALREADY_DRAWN)
        entries = list(
            tournament.entries.filter(status=Entry.Status.REGISTERED).values_list("pk", flat=True)
        )
        tables = _tables_for_the_draw(w, len(entries))
        if not tables:
            raise Conflict(NO_TABLES)
        if not entries:
            raise Conflict(NOBODY_TO_DRAW)
        draw = seating_rules.draw_seats(
            entries=entries,
            tables=[seating_rules.TableSpec(number=t.number, seat_count=t.seats) for t in tables],
            rng=RANDOM,
            keep_apart=[*keep_apart_pairs(tournament), *also_apart],
        )
        table_by_number = {t.number: t for t in tables}
        seats = {
            (table_id, number): pk
            for pk, table_id, number in Seat.objects.filter(table__in=tables).values_list(
                "pk", "table_id", "number"
            )
        }
        update_rows(
            Seat,
            [(seats[(table_by_number[a.table].pk, a.seat)], a.entry) for a in draw.assignments],
            ["entry"],
        )
        tournament.entries.filter(status=Entry.Status.REGISTERED).exclude(
            pk__in=draw.unseated
        ).update(status=Entry.Status.SEATED, wait_for_button=False)
        if draw.unseated:
            Entry.objects.filter(pk__in=draw.unseated).update(
                status=Entry.Status.WAITING, waiting_since=timezone.now()
            )
        # The draw's seat changes are one history record (the action log holds every
        # assignment): 10,000 single rows made the draw of a big field miss its 3 s target.
        occupied: dict[int, list[int]] = {}
        for a in draw.assignments:
            occupied.setdefault(a.table, []).append(a.seat)
        button_draws = []
        for table in tables:
            seated = occupied.get(table.number, [])
            if len(seated) >= 2:
                if tournament.rule_options["starting_button"] == "seat_one":
                    button = button_rules.button_on_seat_one(seats=seated)
                    log: dict[str, Any] = {"kind": "seat_one", "button": button}
                else:
                    result = button_rules.draw_button(seats=seated, rng=RANDOM)
                    button, log = result.button, result.to_log()
                _set_blinds(
                    table,
                    button_rules.blinds_for_button(
                        seat_count=table.seats, occupied=seated, button=button
                    ),
                )
                button_draws.append({"table": table.number, **log})
        update_rows(
            Table,
            [
                (t.pk, t.button_seat, t.small_blind_seat, t.big_blind_seat)
                for t in tables
                if t.button_seat is not None
            ],
            ["button_seat", "small_blind_seat", "big_blind_seat"],
        )
        if tournament.status == Tournament.Status.PLANNED:
            tournament.status = Tournament.Status.RUNNING
            tournament.save(update_fields=["status"])
        w.log("seat_draw", {**draw.to_log(), "buttons": button_draws})
        w.record(
            "draw",
            parts=(changes.SUMMARY, changes.MOVES, changes.TABLES),
            tables=[t.number for t in tables],
        )
    return {
        "seated": len(draw.assignments),
        "alternates": list(draw.unseated),
        "warnings": [w.to_log() for w in draw.warnings],
    }


def _tables_for_the_draw(w: Write, players: int) -> list[Table]:
    """The open tables, and as many reserve tables as the field needs beyond them."""
    tournament = w.tournament
    tables = list(tournament.tables.filter(status=Table.Status.OPEN).order_by("number"))
    reserve = tournament.tables.filter(status=Table.Status.CLOSED).order_by("number")
    for table in reserve:
        if sum(t.seats for t in tables) >= players:
            break
        table.status = Table.Status.OPEN
        table.save(update_fields=["status"])
        w.log("table_opened", {"table": table.number})
        tables.append(table)
    return tables


def _set_blinds(table: Table, state: button_rules.BlindState) -> None:
    table.button_seat = state.button
    table.small_blind_seat = state.small_blind
    table.big_blind_seat = state.big_blind


def seat_new_entry_if_drawn(w: Write, entry: Entry) -> None:
    """Seat an entry just registered, once the seats are drawn, and plan what follows
    (a late entry can open a reserve table or end a halt): the registration's
    step after the core registered him (:mod:`tables.services.registration`)."""
    if seats_are_drawn(w.tournament):
        seat_alternates(w)  # who waited first sits first
        seat_late_entry(w, entry)
        floor_replan(w)


def replan_if_drawn(w: Write) -> None:
    """The table sizes, the field limit or the registration window changed: seat
    the alternates and plan the moves they ask for now, not at the next bust:
    the settings change's step (:mod:`tables.services.registration`)."""
    if seats_are_drawn(w.tournament):
        seat_alternates(w)
        plan = floor_replan(w)
        w.record(
            "tables",
            parts=(changes.SUMMARY, changes.MOVES, changes.TABLES),
            tables=list(plan.break_tables),
            facts={"plan": plan.to_log()},
        )


def seat_late_entry(w: Write, entry: Entry, reason: str = "late") -> bool:
    """Seat one entry at once (inside the caller's write).

    Returns False when no seat is free and no further table can be opened:
    the entry then waits as an alternate, first come, first seated.
    """
    tournament = w.tournament
    state = floor_state(tournament)
    choice = seating_rules.seat_late_entry(
        entry=entry.pk,
        tables=state.states_for_seating_now(),
        rng=RANDOM,
        keep_apart=keep_apart_pairs(tournament),
        options=seating_options(tournament),
    )
    if choice is None and _open_next_table(w):
        return seat_late_entry(w, entry, reason=reason)
    if choice is None:
        entry.status = Entry.Status.WAITING
        entry.waiting_since = entry.waiting_since or timezone.now()
        entry.save(update_fields=["status", "waiting_since"])
        return False
    seat_pk = seat_row_id(tournament, choice.table, choice.seat)
    try:
        with w.attempt():
            taken = Seat.objects.filter(pk=seat_pk, entry__isnull=True).update(entry=entry)
    except IntegrityError as exc:
        raise Conflict(SEAT_TAKEN) from exc
    if not taken:
        raise Conflict(SEAT_TAKEN)
    w.touch(tables=[choice.table])
    entry.status = Entry.Status.SEATED
    entry.wait_for_button = choice.wait_for_button
    entry.waiting_since = None
    entry.save(update_fields=["status", "wait_for_button", "waiting_since"])
    SeatChange.objects.create(
        tournament=tournament,
        entry=entry,
        to_table=choice.table,
        to_seat=choice.seat,
        reason=reason,
        by=w.user,
    )
    w.log("late_seat", choice.to_log())
    return True


def _open_next_table(w: Write) -> bool:
    """Open the next table of the opening order; False when no table is left.

    Reserve tables open first, in number order; then a table broken earlier
    reopens, the last to have broken first (the reverse of the breaking
    order). Players still sitting at a reopened table stay there: their
    pending break moves are cancelled, with the moves chained on them.
    """
    tournament = w.tournament
    table = tournament.tables.filter(status=Table.Status.CLOSED).order_by("number").first()
    if table is None:
        broken = list(tournament.tables.filter(status=Table.Status.BROKEN))
        if not broken:
            return False
        table = next(t for t in broken if t.number == breaking_order(broken)[-1])
    stayed = []
    leaving = Move.objects.filter(from_table=table, status=Move.Status.PENDING)
    for move_id in list(leaving.values_list("pk", flat=True)):
        move = move_for_update(move_id)
        still_there = Seat.objects.filter(table=table, entry_id=move.entry_id).exists()
        if move.status == Move.Status.PENDING and still_there:
            stayed += move_cancel(w, move)
    table.status = Table.Status.OPEN
    table.halted = False
    if not Seat.objects.filter(table=table, entry__isnull=False).exists():
        # An empty table starts afresh: the floor sets its button when play begins.
        table.button_seat = table.small_blind_seat = table.big_blind_seat = None
    table.save(
        update_fields=["status", "halted", "button_seat", "small_blind_seat", "big_blind_seat"]
    )
    w.log("table_opened", {"table": table.number, "moves_cancelled": [m.pk for m in stayed]})
    w.touch(tables=[table.number, *(m.to_table.number for m in stayed)])
    return True


def seat_alternates(w: Write) -> list[int]:
    """Seat waiting alternates in order while seats are free (inside the caller's write)."""
    tournament = w.tournament
    seated = []
    waiting = tournament.entries.filter(status=Entry.Status.WAITING).order_by("waiting_since", "id")
    for entry in waiting:
        if tournament.max_players is not None:
            playing = tournament.entries.filter(status__in=("registered", "seated")).count()
            if playing >= tournament.max_players:
                break
        if not seat_late_entry(w, entry, reason="alternate"):
            break
        seated.append(entry.pk)
    return seated
