"""What a screen gets on connect: the whole picture at the current version.

The display audience gets public names only, never e-mail, phone or notes.
"""

from __future__ import annotations

from typing import Any

from tournament import live
from tournament.models import Tournament
from tournament.screens.live_data import snapshot_extras
from tournament.summary import tournament_summary


def _table_rows(tournament: Tournament, public: bool) -> list[dict[str, Any]]:
    from tables.presenters import tables_payload

    return tables_payload(tournament, public=public)


def snapshot(tournament_id: int, *, audience: str) -> dict[str, Any]:
    tournament = Tournament.objects.get(pk=tournament_id)
    public = audience == live.DISPLAY
    data = {
        "type": "snapshot",
        "version": tournament.version,
        "audience": audience,
        "summary": tournament_summary(tournament),
        "tables": _table_rows(tournament, public),
    }
    # Moves, clock, clock calls, payouts and announcements for the screens.
    for key, value in snapshot_extras(tournament, public=public).items():
        data.setdefault(key, value)
    return data
