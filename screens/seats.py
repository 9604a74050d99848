"""The public seat list, paged for the board and searched by the lobby.

Public screens do not carry the seats in their snapshot (a field of 10,000
would be most of it); they ask here for the page they show or the name typed,
and ask again when a message brings the ``seating`` part. Names are the
tournament's public display names; the search also matches the full name and
the nickname, so "Hoffmann" finds "Eva H." and "Larry" finds "Late Larry",
in plain letters ("lukasz" finds Łukasz, "mueller" Müller: tournament.rules.names).
"""

from __future__ import annotations

import threading
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from tables.models import Move, Seat, Table
from tournament.models import Tournament
from tournament.public_labels import (
    has_chosen,
    label_rows,
    player_fields,
    player_of,
    screen_name,
)
from tournament.rules import names

PER_PAGE_MAX = 200
FOUND_MAX = 50


@dataclass(frozen=True)
class _SeatList:
    version: int
    created_at: datetime
    rows: list[dict[str, Any]]  # in name order, with the texts a search matches


_lists: dict[int, _SeatList] = {}
_lock = threading.Lock()


def _seat_rows(tournament: Tournament) -> list[dict[str, Any]]:
    """Every seated player in display-name order, built once per version in this
    process: a thousand boards turning pages cost a version check each."""
    cached = _lists.get(tournament.pk)
    if cached and (cached.version, cached.created_at) == (
        tournament.version,
        tournament.created_at,
    ):
        return cached.rows
    with _lock:
        style = tournament.display_names
        # A broken table's players still sit there until they move: they are listed
        # too, with the seat they go to, as is everyone else with a move pending.
        seats = Seat.objects.filter(
            table__tournament=tournament,
            table__status__in=(Table.Status.OPEN, Table.Status.BROKEN),
            entry__isnull=False,
        ).values_list("entry_id", "table__number", "number", *player_fields("entry__player__"))
        going = {
            entry: {"table": table, "seat": seat}
            for entry, table, seat in Move.objects.filter(
                tournament=tournament, status=Move.Status.PENDING
            ).values_list("entry_id", "to_table__number", "to_seat")
        }
        rows = []
        for entry, table, seat, *fields in seats:
            player = player_of(fields)
            shown = screen_name(player, style)
            rows.append(
                {
                    "name": shown,
                    "table": table,
                    "seat": seat,
                    # A move from the rail goes to the seat he holds already.
                    "moving_to": going.get(entry)
                    if going.get(entry) != {"table": table, "seat": seat}
                    else None,
                    "key": names.name_order(shown or ""),
                    # One who chose how he appears is found by that name only.
                    "search": None
                    if has_chosen(player)
                    else names.search_key(player.name, player.nickname, shown or ""),
                }
            )
        # The hidden players last, each labelled by his place in the list.
        rows.sort(key=lambda row: (row["name"] is None, row["key"], row["table"], row["seat"]))
        for row in label_rows(rows):
            row["search"] = row["search"] or names.search_key(row["name"])
        _lists[tournament.pk] = _SeatList(tournament.version, tournament.created_at, rows)
        return rows


def seat_page(
    tournament: Tournament, *, query: str = "", page: int = 1, per_page: int = 40
) -> dict[str, Any]:
    """One page of the seats in name order, or the seats whose player matches ``query``."""
    seats = _seat_rows(tournament)
    if names.search_words(query):
        seats = [row for row in seats if names.matches(query, row["search"])]
        per_page, page = FOUND_MAX, 1
    per_page = max(1, min(per_page, PER_PAGE_MAX))
    pages = max(1, -(-len(seats) // per_page))
    page = min(max(page, 1), pages)
    shown_rows = seats[(page - 1) * per_page : page * per_page]
    return {
        "version": tournament.version,
        "total": len(seats),
        "page": page,
        "pages": pages,
        "per_page": per_page,
        "seats": [
            {k: row[k] for k in ("name", "table", "seat", "moving_to")} for row in shown_rows
        ],
    }
