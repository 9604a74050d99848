"""The screens layer's half of a write: after the commit, build each audience's
message from the parts the write recorded (:mod:`tournament.changes`), off
the request path on the composer thread (:mod:`screens.composer`).

The parts come from the readers that build the snapshot
(:data:`screens.live_data.READERS`, and the tables presenter for the
table rows), so a message never shows the floor differently from a snapshot
taken at once. Tables listed are the ones the write touched plus every table a
pending move leaves or reaches: a break's nine moves update all their tables
on the board. A change with nothing for the public (a floor call, a staff-only
part) reaches the public screens as ``{"type": "version"}``: they learn the
version, not what happened.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from screens import live
from screens.live_data import SEATING, parts_data, seating
from tables.presenters import tables_payload
from tournament import changes
from tournament.models import Tournament


def _tables_of_moves(moves: list[dict[str, Any]]) -> set[int]:
    numbers = {move["to_table"] for move in moves}
    return numbers | {move["from_table"] for move in moves if move["from_table"] is not None}


def _parts_following(recorded: frozenset[str]) -> set[str]:
    """The parts a write recorded and those that follow them."""
    parts = set(recorded)
    if changes.TABLES in parts:
        # The chip leaders' seats and the final table follow the seating, and so
        # do the floor's alerts (a table back in play, a pair at one table).
        parts |= {changes.CHIP_COUNTS, changes.FLOOR_ALERTS}
    if parts & {changes.TABLES, changes.SUMMARY}:
        # The bounty pool follows the entries, the bounties in play the busts.
        parts.add(changes.BOUNTIES)
    if changes.SUMMARY in parts:
        # An alternate waits or sits down: the entries' counts change with him.
        parts.add(changes.ALTERNATES)
    if parts & {changes.CLOCK, changes.SUMMARY}:
        # The purchase windows follow the clock's level and the purchase settings.
        parts.add(changes.PURCHASES)
    if parts & {changes.CLOCK, changes.SUMMARY, changes.CHIPS}:
        # The forecast against the hard stop moves with every level and bust; the
        # chip set decides which colour-up it may propose.
        parts |= {changes.HARD_STOP, changes.FORECAST}
    return parts


def messages(change: changes.Change) -> tuple[dict[str, Any], dict[str, Any]] | None:
    """The floor's and the public message of one change; None if the tournament is gone."""
    tournament = Tournament.objects.filter(pk=change.tournament_id).first()
    if tournament is None:
        return None
    head = {"type": change.event, "version": change.version}
    parts = _parts_following(change.parts)
    floor_parts, public_parts = parts_data(tournament, parts)
    floor: dict[str, Any] = {**head, **change.facts, **floor_parts}
    public: dict[str, Any] = {**head, **change.public_facts, **public_parts}
    if changes.FORECAST in change.parts and changes.FORECAST not in public:
        # The room took the forecast off its public screens (or it was never on):
        # they drop the one they show. Null, never the forecast itself.
        public[changes.FORECAST] = None
    if changes.TABLES in change.parts:
        numbers = set(change.tables)
        if changes.MOVES in change.parts:
            numbers |= _tables_of_moves(floor_parts[changes.MOVES])
        floor["tables"] = tables_payload(tournament, table_numbers=sorted(numbers))
        # The public screens get the counts; those showing seats ask for their page.
        floor[SEATING] = public[SEATING] = seating(tournament)
    if public.keys() == head.keys():
        public = {"type": "version", "version": change.version}
    return floor, public


def merged(burst: Sequence[changes.Change]) -> changes.Change:
    """One tournament's changes waiting together, as one change at the latest
    version: every part and every table row any of them touched, the last one's
    event and facts."""
    last = burst[-1]
    return replace(
        last,
        parts=frozenset().union(*(change.parts for change in burst)),
        tables=frozenset().union(*(change.tables for change in burst)),
    )


def heads(change: changes.Change) -> tuple[dict[str, Any], dict[str, Any]]:
    """The floor's and the public message of a change whose parts come later,
    with a later version: its version, its event and its facts, so a screen
    counts every version and sounds every notice (a level's end, a floor call)."""
    head = {"type": change.event, "version": change.version}
    floor = {**head, **change.facts}
    if change.public_facts or change.parts - changes.STAFF_ONLY_PARTS:
        return floor, {**head, **change.public_facts}
    # Nothing for the public: they learn the version, not what happened.
    return floor, {"type": "version", "version": change.version}


def send(burst: Sequence[changes.Change]) -> None:
    """Send the messages of one tournament's changes, in version order (one
    change, or several that waited for the composer together: README "How a
    floor action flows"). The parts are read once, after the last commit, and
    go with the last version; the versions before it carry their event and
    facts only. Parts replace parts and rows replace rows, so a screen that
    applies them in turn shows the latest snapshot, as it would after one
    message per version, and no version is missing (no snapshot asked)."""
    built = messages(merged(burst))
    if built is None:
        return
    tournament_id = burst[-1].tournament_id
    for change in burst[:-1]:
        floor, public = heads(change)
        live.send_now(tournament_id, live.FLOOR, floor)
        live.send_now(tournament_id, live.DISPLAY, public)
    floor, public = built
    live.send_now(tournament_id, live.FLOOR, floor)
    live.send_now(tournament_id, live.DISPLAY, public)


SCREEN_CHANGED = {"type": "screen_changed"}


def send_room(change: changes.RoomChange) -> None:
    """A room-level change (README "Named screens"): the TV of each named screen
    changed asks for its settings again; a layout or the room's look changed
    asks every TV, and each compares what it would show with what it shows."""
    for screen_id in sorted(change.screens):
        live.send_to_group(live.screen_group(screen_id), SCREEN_CHANGED)
    for layout_id in sorted(change.layouts):
        changed = {"type": "layout_changed", "layout": layout_id}
        live.send_to_group(live.layout_group(layout_id), changed)
    if change.layouts or change.look:
        live.send_to_group(live.ROOM_SCREENS_GROUP, SCREEN_CHANGED)
