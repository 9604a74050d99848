"""Tables as the API and the screens show them (DESIGN.md: tables payload)."""

from __future__ import annotations

from typing import Any

from tables.models import Move, Seat, Table


def table_payload(
    table: Table,
    seats: list[Seat],
    *,
    public: bool,
    style: str,
    penalties: dict[int, dict[str, Any]] | None = None,
) -> dict[str, Any]:
    penalties = penalties or {}
    players = []
    for seat in seats:
        entry = seat.entry
        if entry is None:
            continue
        player = entry.player
        players.append(
            {
                "seat": seat.number,
                "entry": entry.pk,
                "name": player.public_name(style) if public else player.name,
                "wait_for_button": entry.wait_for_button,
                # A running sit-out penalty: {kind, hands, hands_left}, else None.
                "penalty": penalties.get(entry.pk),
            }
        )
    return {
        "id": table.pk,
        "number": table.number,
        "seats": table.seats,
        "status": "broken" if table.status == Table.Status.BROKEN else "open",
        "button_seat": table.button_seat,
        "small_blind_seat": table.small_blind_seat,
        "big_blind_seat": table.big_blind_seat,
        "hand": table.hand,
        "halted": table.halted,
        "hand_finished": table.hand_finished,
        "break_order": table.break_order,
        "players": players,
    }


def tables_payload(
    tournament: Any, *, public: bool = False, table_ids: list[int] | None = None
) -> list[dict[str, Any]]:
    tables = list(tournament.tables.all().order_by("number"))
    if table_ids is not None:
        tables = [t for t in tables if t.pk in table_ids]
    seats_by_table: dict[int, list[Seat]] = {t.pk: [] for t in tables}
    seats = (
        Seat.objects.filter(table__in=tables)
        .select_related("entry__player")
        .order_by("table_id", "number")
    )
    for seat in seats:
        seats_by_table[seat.table_id].append(seat)
    style = tournament.display_names
    from rulings.services.penalties import seat_penalties

    penalties = seat_penalties(tournament, [s.entry_id for s in seats if s.entry_id])
    return [
        table_payload(t, seats_by_table[t.pk], public=public, style=style, penalties=penalties)
        for t in tables
    ]


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
