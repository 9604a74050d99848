"""Tables as the API and the screens show them (README "API")."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from tables.models import Move, Seat, Table
from tables.rules import button as button_rules
from tournament.public_labels import (
    PLAYER_FIELDS,
    label_rows,
    player_fields,
    player_of,
    screen_name,
)

# The status a table payload shows: a table set up but not opened is "reserve".
TABLE_STATUS_NAMES = {
    Table.Status.OPEN: "open",
    Table.Status.BROKEN: "broken",
    Table.Status.CLOSED: "reserve",
}


def blind_fields(
    button: int | None, small_blind: int | None, big_blind: int | None, occupied: set[int]
) -> dict[str, Any]:
    """Button and blinds as the API shows them: `small_blind_seat` is the player
    who posts the small blind, null when it falls on an empty seat (a dead small
    blind, README "API", "Button and blinds"); `small_blind_position` keeps the
    seat it is on."""
    return {
        "button_seat": button,
        "small_blind_seat": small_blind if small_blind in occupied else None,
        "big_blind_seat": big_blind,
        "dead_small_blind": small_blind is not None and small_blind not in occupied,
        "small_blind_position": small_blind,
        "dead_button": button is not None and button not in occupied,
    }


def _player(seat: dict[str, Any]) -> Any:
    return player_of([seat["entry__player__" + field] for field in PLAYER_FIELDS])


def table_payload(
    table: Table,
    seats: list[dict],
    *,
    public: bool,
    style: str,
    penalties: dict[int, dict[str, Any]] | None = None,
    dead_button: Any = "dead",
) -> dict[str, Any]:
    penalties = penalties or {}
    players = [
        {
            "seat": seat["number"],
            "entry": seat["entry_id"],
            "name": screen_name(_player(seat), style) if public else seat["entry__player__name"],
            "wait_for_button": seat["entry__wait_for_button"],
            # A running sit-out penalty: {kind, hands, hands_left}, else None.
            "penalty": penalties.get(seat["entry_id"]),
        }
        for seat in seats
        if seat["entry_id"] is not None
    ]
    label_rows(players)
    return {
        "id": table.pk,
        "number": table.number,
        "seats": table.seats,
        # "reserve": set up, opened when the field outgrows the open tables.
        "status": TABLE_STATUS_NAMES.get(table.status, "open"),
        # Positions in the hand being played now; `next_hand` where they go after it.
        **blind_fields(
            table.button_seat,
            table.small_blind_seat,
            table.big_blind_seat,
            {player["seat"] for player in players},
        ),
        "next_hand": _next_hand_positions(table, players, dead_button),
        "hand": table.hand,
        "halted": table.halted,
        "hand_finished": table.hand_finished,
        "break_order": table.break_order,
        "players": players,
    }


def _next_hand_positions(
    table: Table, players: list[dict[str, Any]], dead_button: Any
) -> dict[str, int] | None:
    if None in (table.button_seat, table.small_blind_seat, table.big_blind_seat):
        return None
    occupied = [player["seat"] for player in players]
    if len(occupied) < 2:
        return None
    try:
        upcoming = button_rules.next_hand(
            seat_count=table.seats,
            occupied=occupied,
            state=button_rules.BlindState(
                button=table.button_seat,
                small_blind=table.small_blind_seat,
                big_blind=table.big_blind_seat,
            ),
            dead_button=dead_button,
        )
    except ValueError:  # positions left over from a larger table layout
        return None
    return blind_fields(upcoming.button, upcoming.small_blind, upcoming.big_blind, set(occupied))


class _Penalties:
    """The running sit-out penalty of each seated entry, shown on the table rows.

    Penalties are the rulings app's, which sits above the tables: it registers
    its reader with :func:`penalties_from` in ``RulingsConfig.ready``. Without
    it, no seat shows a penalty.
    """

    def __init__(self) -> None:
        self.of: Callable[[Any, list[int]], dict[int, dict[str, Any]]] = lambda _t, _ids: {}


_penalties = _Penalties()


def penalties_from(reader: Callable[[Any, list[int]], dict[int, dict[str, Any]]]) -> None:
    _penalties.of = reader


def _table_rows(
    tournament: Any, table_ids: list[int] | None, table_numbers: list[int] | None
) -> tuple[list[Table], dict[int, list[dict]], dict[int, dict[str, Any]]]:
    tables = tournament.tables.all().order_by("number")
    if table_ids is not None:
        tables = tables.filter(pk__in=table_ids)
    if table_numbers is not None:
        tables = tables.filter(number__in=table_numbers)
    tables = list(tables)
    seats_by_table: dict[int, list[dict]] = {t.pk: [] for t in tables}
    seats = (
        Seat.objects.filter(table__in=tables, entry__isnull=False)
        .order_by("table_id", "number")
        .values(
            "table_id",
            "number",
            "entry_id",
            "entry__wait_for_button",
            *player_fields("entry__player__"),
        )
    )
    for seat in seats:
        seats_by_table[seat["table_id"]].append(seat)
    penalties = _penalties.of(tournament, [s["entry_id"] for s in seats])
    return tables, seats_by_table, penalties


def _payloads(
    tournament: Any,
    rows: tuple[list[Table], dict[int, list[dict]], dict[int, dict[str, Any]]],
    *,
    public: bool,
) -> list[dict[str, Any]]:
    tables, seats_by_table, penalties = rows
    # Each payload gets its own penalty dicts: two messages must not share objects.
    penalties = {entry: dict(p) for entry, p in penalties.items()}
    return [
        table_payload(
            t,
            seats_by_table[t.pk],
            public=public,
            style=tournament.display_names,
            penalties=penalties,
            dead_button=tournament.rule_options["dead_button"],
        )
        for t in tables
    ]


def tables_payload(
    tournament: Any,
    *,
    public: bool = False,
    table_ids: list[int] | None = None,
    table_numbers: list[int] | None = None,
) -> list[dict[str, Any]]:
    rows = _table_rows(tournament, table_ids, table_numbers)
    return _payloads(tournament, rows, public=public)


def tables_payloads(
    tournament: Any,
    *,
    table_ids: list[int] | None = None,
    table_numbers: list[int] | None = None,
) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """The floor's and the public payload of the same tables, from one read."""
    rows = _table_rows(tournament, table_ids, table_numbers)
    return _payloads(tournament, rows, public=False), _payloads(tournament, rows, public=True)


def move_payload(move: Move, *, public: bool, style: str = "nickname") -> dict[str, Any]:
    player = move.entry.player
    return {
        "id": move.pk,
        "entry": move.entry_id,
        "name": screen_name(player, style) if public else player.name,
        "from_table": move.from_table.number if move.from_table_id else None,
        "from_table_id": move.from_table_id,
        "from_seat": move.from_seat,
        "to_table": move.to_table.number,
        "to_table_id": move.to_table_id,
        "to_seat": move.to_seat,
        "reason": move.reason,
        "status": move.status,
        "wait_for_button": move.wait_for_button,
    }


def pending_moves_in_order(moves: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Pending moves in an order the floor can carry out one by one, with `after`:
    the move (id and name) whose player still sits in this move's destination
    seat, listed before it (README "API", "Moves in the order they can be done").

    A chain (A into B's seat, B into a free seat) lists B, then A. A ring of moves
    (a final-table redraw swapping seats) has every member after another: its
    members come last, together, marked `ring`; done on any of them carries out
    the whole ring.
    """
    leaving = {(m["from_table"], m["from_seat"]): m for m in moves if m["from_table"] is not None}
    blocker: dict[int, dict[str, Any] | None] = {}
    waiting_for: dict[int, dict[str, Any]] = {}  # blocker id -> the move waiting for it
    for move in moves:
        found = leaving.get((move["to_table"], move["to_seat"]))
        if found is not None and found["entry"] != move["entry"]:
            blocker[move["id"]] = found
            waiting_for[found["id"]] = move
        else:
            blocker[move["id"]] = None
    ordered: list[dict[str, Any]] = []
    placed: set[int] = set()
    rings: set[int] = set()
    starts = [m for m in moves if blocker[m["id"]] is None]
    starts += [m for m in moves if blocker[m["id"]] is not None]  # what is left are rings
    for start in starts:
        in_ring = start["id"] not in placed and blocker[start["id"]] is not None
        current: dict[str, Any] | None = start
        while current is not None and current["id"] not in placed:
            placed.add(current["id"])
            if in_ring:
                rings.add(current["id"])
            ordered.append(current)
            current = waiting_for.get(current["id"])
    return [
        {
            **move,
            "after": _after(blocker[move["id"]]),
            "ring": move["id"] in rings,
        }
        for move in ordered
    ]


def _after(move: dict[str, Any] | None) -> dict[str, Any] | None:
    return {"id": move["id"], "name": move["name"]} if move is not None else None
