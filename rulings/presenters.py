"""Rulings as the API, the screens and the exports show them."""

from __future__ import annotations

from typing import Any

from rulings.models import Penalty, Ruling
from rulings.selectors import rulings_with_details
from tournament.public_labels import screen_name


def user_label(user: Any) -> str | None:
    if user is None:
        return None
    return user.get_full_name() or user.get_username()


def _penalty_of(ruling: Ruling) -> Penalty | None:
    try:
        return ruling.penalty
    except Penalty.DoesNotExist:
        return None


def penalty_payload(penalty: Penalty, *, hands_left: int | None = None) -> dict[str, Any]:
    return {
        "entry": penalty.entry_id,
        "name": penalty.entry.player.name,
        "kind": penalty.kind,
        "count": penalty.count,
        "players_at_table": penalty.players_at_table,
        "hands": penalty.hands,
        "hands_left": hands_left,
        "table": penalty.table.number if penalty.table_id else None,
        "table_number": penalty.table.number if penalty.table_id else None,
        "table_id": penalty.table_id,
        "hand_at_start": penalty.hand_at_start,
    }


def ruling_payload(ruling: Ruling, *, hands_left: dict[int, int] | None = None) -> dict[str, Any]:
    penalty = _penalty_of(ruling)
    left = None
    if penalty is not None and hands_left is not None:
        left = hands_left.get(penalty.pk, 0)
    return {
        "id": ruling.pk,
        "tournament": ruling.tournament_id,
        "created_at": ruling.created_at.isoformat(),
        "level_index": ruling.level_index,
        "decided_by": user_label(ruling.decided_by),
        # `table` is the table's number (README "API", "Table ids and table numbers").
        "table": ruling.table_number,
        "table_number": ruling.table_number,
        "table_id": ruling.table_id,
        "entries": [i.entry_id for i in ruling.involved.all()],
        "seats": [
            {
                "entry": i.entry_id,
                "name": i.entry.player.name,
                "table": i.table_number,
                "seat": i.seat_number,
            }
            for i in ruling.involved.all()
        ],
        "category": ruling.category,
        "situation": ruling.situation,
        "decision": ruling.decision,
        "rules": list(ruling.rules),
        "penalty": penalty_payload(penalty, hands_left=left) if penalty is not None else None,
        "amendments": [
            {
                "id": a.pk,
                "text": a.text,
                "created_at": a.created_at.isoformat(),
                "by": user_label(a.created_by),
            }
            for a in ruling.amendments.all()
        ],
    }


def public_penalty_payload(penalty: Penalty, *, style: str) -> dict[str, Any]:
    """For the display board: display name, table, seat, kind and hands; nothing else."""
    return {
        "name": screen_name(penalty.entry.player, style),
        "table": penalty.table.number if penalty.table_id else None,
        "kind": penalty.kind,
        "hands": penalty.hands,
    }


def rulings_latest(tournament: Any, *, limit: int) -> list[dict[str, Any]]:
    """The newest rulings of the log, newest first, for the staff screens (the
    ``rulings`` part). Hands left of a penalty are left out: they follow the
    table's hands, which the table rows show."""
    rulings = rulings_with_details(Ruling.objects.filter(tournament=tournament))
    return [ruling_payload(ruling) for ruling in rulings.order_by("-id")[:limit]]
