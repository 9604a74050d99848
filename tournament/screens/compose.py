"""The screens layer's half of a write: after the commit, build each audience's
message from the parts the write recorded (:mod:`tournament.changes`).

The parts come from the selectors that build the snapshot
(:mod:`tournament.screens.live_data`, the tables presenter, the summary), so a
message never shows the floor differently from a snapshot taken at once.
Tables listed are the ones the write touched plus every table a pending move
leaves or reaches: a break's nine moves update all their tables on the board.
"""

from __future__ import annotations

from typing import Any

from tables.presenters import tables_payloads
from tournament import changes, live
from tournament.models import Tournament
from tournament.screens.live_data import clock_data, final_results, payouts_data, pending_moves
from tournament.summary import tournament_summary


def _tables_of_moves(moves: list[dict[str, Any]]) -> set[int]:
    numbers = {move["to_table"] for move in moves}
    return numbers | {move["from_table"] for move in moves if move["from_table"] is not None}


def messages(change: changes.Change) -> tuple[dict[str, Any], dict[str, Any]] | None:
    """The floor's and the public message of one change; None if the tournament is gone."""
    tournament = Tournament.objects.filter(pk=change.tournament_id).first()
    if tournament is None:
        return None
    head = {"type": change.event, "version": change.version}
    floor: dict[str, Any] = {**head, **change.facts}
    public: dict[str, Any] = {**head, **change.public_facts}
    numbers = set(change.tables)
    if changes.SUMMARY in change.parts:
        floor["summary"] = public["summary"] = tournament_summary(tournament)
    if changes.MOVES in change.parts:
        floor["moves"] = pending_moves(tournament, public=False)
        public["moves"] = pending_moves(tournament, public=True)
        numbers |= _tables_of_moves(floor["moves"])
    if changes.CLOCK in change.parts:
        floor["clock"] = public["clock"] = clock_data(tournament)
    if changes.PAYOUTS in change.parts:
        floor["payouts"] = public["payouts"] = payouts_data(tournament)
    if changes.RESULTS in change.parts:
        floor["results"] = final_results(tournament, public=False)
        public["results"] = final_results(tournament, public=True)
    if changes.TABLES in change.parts:
        floor["tables"], public["tables"] = tables_payloads(
            tournament, table_numbers=sorted(numbers)
        )
    return floor, public


def send(change: changes.Change) -> None:
    built = messages(change)
    if built is None:
        return
    floor, public = built
    live.send_now(change.tournament_id, live.FLOOR, floor)
    live.send_now(change.tournament_id, live.DISPLAY, public)
