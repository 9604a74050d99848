"""What the screens need beyond summary and tables, for the snapshot and the pages.

Everything here is safe for the public audience when ``public`` is true:
display names only, never e-mail, phone or notes.
"""

from __future__ import annotations

from typing import Any

from tables.models import Move
from tables.presenters import move_payload
from tournament.models import Tournament
from tournament.screens.services import announcements_current


def pending_moves(tournament: Tournament, *, public: bool) -> list[dict[str, Any]]:
    moves = Move.objects.filter(tournament=tournament, status=Move.Status.PENDING).select_related(
        "entry__player", "from_table", "to_table"
    )
    return [move_payload(m, public=public, style=tournament.display_names) for m in moves]


def clock_data(tournament: Tournament) -> dict[str, Any] | None:
    try:
        from clock.services.clock import clock_get
    except ImportError:  # the clock app is optional for the screens
        return None
    return clock_get(tournament=tournament)


def clock_calls(tournament: Tournament) -> list[dict[str, Any]]:
    try:
        from clock.services.player_clock import clock_calls_current
    except ImportError:
        return []
    return clock_calls_current(tournament=tournament)


def shot_clock_turns(tournament: Tournament, *, public: bool) -> list[dict[str, Any]]:
    try:
        from clock.services.shot_clock import shot_clock_turns_current
    except ImportError:
        return []
    return shot_clock_turns_current(tournament=tournament, public=public)


def payouts_data(tournament: Tournament) -> dict[str, Any] | None:
    try:
        from tournament.services.payouts import payouts_view
    except ImportError:
        return None
    return payouts_view(tournament).public()


def snapshot_extras(tournament: Tournament, *, public: bool) -> dict[str, Any]:
    """Keys the snapshot adds for the screens (the snapshot keeps its own if it has them)."""
    extras: dict[str, Any] = {
        "moves": pending_moves(tournament, public=public),
        "announcements": announcements_current(tournament),
        "clock_calls": clock_calls(tournament),
        "shot_clock": shot_clock_turns(tournament, public=public),
    }
    clock = clock_data(tournament)
    if clock is not None:
        extras["clock"] = clock
    payouts = payouts_data(tournament)
    if payouts is not None:
        extras["payouts"] = payouts
    return extras
