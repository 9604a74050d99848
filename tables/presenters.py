"""Tables as the API and the screens show them (README "API")."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from tables.models import Move, Seat, Table
from tables.rules import button as button_rules
from tables.selectors import public_name


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
            "name": public_name(seat["entry__player__name"], seat["entry__player__nickname"], style)
            if public
            else seat["entry__player__name"],
            "wait_for_button": seat["entry__wait_for_button"],
            # A running sit-out penalty: {kind, hands, hands_left}, else None.
            "penalty": penalties.get(seat["entry_id"]),
        }
        for seat in seats
        if seat["entry_id"] is not None
    ]
    return {
        "id": table.pk,
        "number": table.number,
        "seats": table.seats,
        # "reserve": set up, opened when the field outgrows the open tables.
        "status": {Table.Status.BROKEN: "broken", Table.Status.CLOSED: "reserve"}.get(
            table.status, "open"
        ),
        # Positions in the hand being played now; `next_hand` where they go after it.
        "button_seat": table.button_seat,
        "small_blind_seat": table.small_blind_seat,
        "big_blind_seat": table.big_blind_seat,
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
    return {
        "button_seat": upcoming.button,
        "small_blind_seat": upcoming.small_blind,
        "big_blind_seat": upcoming.big_blind,
    }


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
            "entry__player__name",
            "entry__player__nickname",
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
        "name": player.public_name(style) if public else player.name,
        "from_table": move.from_table.number if move.from_table_id else None,
        "from_seat": move.from_seat,
        "to_table": move.to_table.number,
        "to_seat": move.to_seat,
        "reason": move.reason,
        "status": move.status,
        "wait_for_button": move.wait_for_button,
    }


def pending_moves_in_order(moves: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Pending moves with `after`: the move (id and name) whose player still sits
    in this move's destination seat, which the floor carries out first.

    Moves that can be carried out now come first. A ring of moves (a final-table
    redraw swapping seats) has every member after another; any of them carries
    out the whole ring.
    """
    leaving = {(m["from_table"], m["from_seat"]): m for m in moves}
    ordered = []
    for move in moves:
        blocker = leaving.get((move["to_table"], move["to_seat"]))
        if blocker is not None and blocker["entry"] != move["entry"]:
            after = {"id": blocker["id"], "name": blocker["name"]}
        else:
            after = None
        ordered.append({**move, "after": after})
    return sorted(ordered, key=lambda m: m["after"] is not None)
