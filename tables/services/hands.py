"""What a new hand at a table changes for the moves planned away from it.

TDA 2019 rule 10 moves the player who is big blind *next*. A balance move is
planned for the next big blind of the hand then in play; once the table has
played on, that player has posted the blind and the move belongs to the new
next big blind (README "Places, re-entries and moves").
"""

from __future__ import annotations

from typing import Any

from tables.models import Move, Table
from tables.rules import button as button_rules
from tables.services.planning import move_cancel
from tables.services.state import blind_state
from tournament.models import Tournament


def balance_moves_after_hand(
    *, tournament: Tournament, table: Table, occupied: list[int], by: Any
) -> list[int | None]:
    """Cancel the pending balance moves away from `table` (inside the caller's
    locked transaction, after the hand advanced) when their players are no longer
    the next in big-blind order; the caller plans the floor again. Returns the
    numbers of the tables those moves touched (empty: nothing changed)."""
    moves = list(
        Move.objects.select_related("from_table", "to_table").filter(
            from_table=table, reason=Move.Reason.BALANCE, status=Move.Status.PENDING
        )
    )
    if not moves:
        return []
    options = tournament.rule_options
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
            for cancelled in move_cancel(move=move, by=by):
                touched.append(cancelled.to_table.number)
                if cancelled.from_table is not None:
                    touched.append(cancelled.from_table.number)
    return touched
