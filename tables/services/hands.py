"""The button and the next hand at a table, and what a new hand changes for
the moves planned away from it.

TDA 2019 rule 10 moves the player who is big blind *next*. A balance move is
planned for the next big blind of the hand then in play; once the table has
played on, that player has posted the blind and the move belongs to the new
next big blind (README "Places, re-entries and moves").
"""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext_lazy as _

from tables.models import Move, Seat, Table
from tables.rules import button as button_rules
from tables.services.field import after_field_change
from tables.services.move_steps import move_cancel
from tables.services.rows import occupied_seats, open_table, tournament_of_table
from tables.services.state import blind_state
from tournament import changes
from tournament.errors import Conflict, FieldInvalid, Invalid
from tournament.models import Entry, Tournament
from tournament.writes import Write, tournament_write

SEAT_OUT_OF_RANGE = _("That seat does not exist at this table.")
TOO_FEW_PLAYERS = _("A table needs at least two players to deal a hand.")
BUTTON_NOT_SET = _("Set the button first.")
TABLE_HALTED = _(
    "Table %(table)s is halted: it is short of players and waits for the moves to it. "
    "Carry out the moves first, then deal the next hand."
)
BUTTON_HAND_UNKNOWN = _('Say whether the button is for the "current" or the "next" hand.')
NEXT_BUTTON_ON_EMPTY_SEAT = _(
    "With a moving button the next hand's button is always on a player: choose an occupied seat."
)
TOURNAMENT_FINISHED = _("The tournament is over: the winner is known.")
BUTTON_HANDS = ("current", "next")


def _hand_in_play(tournament: Tournament, table: Table, seat: int, hand: str) -> Any:
    """Positions of the hand in play, from the button of that hand or of the next one."""
    occupied = occupied_seats(table)
    if len(occupied) < 2:
        raise Conflict(TOO_FEW_PLAYERS)
    if hand == "current":
        return button_rules.blinds_for_button(
            seat_count=table.seats, occupied=occupied, button=seat
        )
    try:
        return button_rules.hand_before(
            seat_count=table.seats,
            occupied=occupied,
            next_button=seat,
            dead_button=tournament.rule_options["dead_button"],
        )
    except ValueError as exc:
        raise FieldInvalid("seat", NEXT_BUTTON_ON_EMPTY_SEAT) from exc


def table_button_set(*, table_id: int, seat: int, by: Any, hand: str = "current") -> Table:
    """Put the button on `seat` for the hand in play ("current") or the next hand ("next").

    Stored are always the positions of the hand being played now: balancing
    picks the player to move from them, so a button named for the next hand
    is turned back into the hand before it.
    """
    if hand not in BUTTON_HANDS:
        raise FieldInvalid("hand", BUTTON_HAND_UNKNOWN)
    with tournament_write(tournament_of_table(table_id), by=by) as w:
        table = open_table(w.tournament, table_id)
        if not 1 <= seat <= table.seats:
            raise Invalid(SEAT_OUT_OF_RANGE)
        before = [table.button_seat, table.small_blind_seat, table.big_blind_seat]
        state = _hand_in_play(w.tournament, table, seat, hand)
        table.button_seat, table.small_blind_seat, table.big_blind_seat = (
            state.button,
            state.small_blind,
            state.big_blind,
        )
        table.save(update_fields=["button_seat", "small_blind_seat", "big_blind_seat"])
        w.log("button_set", {"table": table.number, "seat": seat, "hand": hand, "before": before})
        publish_blinds(w, table)
    return table


def publish_blinds(w: Write, table: Table) -> None:
    """The blinds of `table` changed: a balance move away from it belongs to the
    new next big blind (TDA 2019 rule 10); tell the screens either way."""
    replanned = balance_moves_after_hand(w, table, occupied_seats(table))
    if replanned:
        after_field_change(w, "move", {"table": table.number}, replanned)
    else:
        w.record("table", parts=(changes.TABLES,), tables=[table.number])


def table_hand_next(*, table_id: int, by: Any) -> Table:
    """Next hand: the big blind moves on one player; small blind and button follow."""
    with tournament_write(tournament_of_table(table_id), by=by) as w:
        table = open_table(w.tournament, table_id)
        if w.tournament.status == Tournament.Status.FINISHED:
            raise Conflict(TOURNAMENT_FINISHED)
        if table.halted:
            # TDA 2019 rule 10: a short table waits until its players have arrived.
            raise Conflict(TABLE_HALTED % {"table": table.number})
        state = blind_state(table)
        if state is None:
            raise Conflict(BUTTON_NOT_SET)
        occupied = occupied_seats(table)
        if len(occupied) < 2:
            raise Conflict(TOO_FEW_PLAYERS)
        before = [table.button_seat, table.small_blind_seat, table.big_blind_seat, table.hand]
        upcoming = button_rules.next_hand(
            seat_count=table.seats,
            occupied=occupied,
            state=state,
            dead_button=w.tournament.rule_options["dead_button"],
        )
        table.button_seat, table.small_blind_seat, table.big_blind_seat = (
            upcoming.button,
            upcoming.small_blind,
            upcoming.big_blind,
        )
        table.hand += 1
        table.hand_finished = False
        table.save(
            update_fields=[
                "button_seat",
                "small_blind_seat",
                "big_blind_seat",
                "hand",
                "hand_finished",
            ]
        )
        _deal_in_who_the_button_passed(table, upcoming)
        w.log("next_hand", {"table": table.number, "before": before})
        publish_blinds(w, table)
    return table


def _deal_in_who_the_button_passed(table: Table, upcoming: Any) -> None:
    """A player waiting for the button is dealt in once it has passed him."""
    passed = [
        seat.entry_id
        for seat in Seat.objects.filter(table=table, entry__wait_for_button=True)
        if not button_rules.is_between_button_and_small_blind(
            seat=seat.number, seat_count=table.seats, state=upcoming
        )
    ]
    if passed:
        Entry.objects.filter(pk__in=passed).update(wait_for_button=False)


def balance_moves_after_hand(w: Write, table: Table, occupied: list[int]) -> list[int | None]:
    """Cancel the pending balance moves away from `table` (inside the caller's
    write, after the hand advanced) when their players are no longer
    the next in big-blind order; the caller plans the floor again. Returns the
    numbers of the tables those moves touched (empty: nothing changed)."""
    moves = list(
        Move.objects.select_related("from_table", "to_table").filter(
            from_table=table, reason=Move.Reason.BALANCE, status=Move.Status.PENDING
        )
    )
    if not moves:
        return []
    options = w.tournament.rule_options
    if options["balancing"] == "tda":
        order = button_rules.big_blind_order(
            seat_count=table.seats,
            occupied=occupied,
            state=blind_state(table),
            dead_button=options["dead_button"],
        )
        if {move.from_seat for move in moves} == set(order[: len(moves)]):
            return []  # still the next big blinds: the moves stand
    # BDPV picks by the next hand's blinds too: a new hand asks for a new choice.
    touched: list[int | None] = []
    for move in moves:
        move.refresh_from_db(fields=["status"])
        if move.status == Move.Status.PENDING:  # not gone down an earlier chain
            for cancelled in move_cancel(w, move):
                touched.append(cancelled.to_table.number)
                if cancelled.from_table is not None:
                    touched.append(cancelled.from_table.number)
    return touched
