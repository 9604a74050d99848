"""What the ruling pages share: the language they speak, the entries in seat
order, the rules by id, a number from the query or the form."""

from __future__ import annotations

from typing import Any

from django.utils.translation import get_language

from rulings.services.catalog import rules_all
from tournament.models import Entry, Tournament


def speaks_german() -> bool:
    return (get_language() or "en").startswith("de")


def entries_in_seat_order(tournament: Tournament) -> list[Entry]:
    entries = list(tournament.entries.select_related("player", "seat__table"))

    def order(e: Entry) -> tuple:
        seat = getattr(e, "seat", None)
        return (0, seat.table.number, seat.number) if seat else (1, e.player.name, e.pk)

    return sorted(entries, key=order)


def rules_by_id() -> dict[str, Any]:
    return {r.id: r for r in rules_all()}


def int_or_none(value: Any) -> int | None:
    try:
        return int(value)
    except (TypeError, ValueError):
        return None
