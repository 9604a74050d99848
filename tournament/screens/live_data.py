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


def final_results(tournament: Tournament, *, public: bool) -> dict[str, Any] | None:
    """The winner and the places in the money, once the tournament is over; else None."""
    if tournament.status != Tournament.Status.FINISHED:
        return None
    from tournament.services.results import results_compute

    view, rows = results_compute(tournament)
    shown = [row for row in rows if row.place is not None and (row.in_the_money or row.place <= 3)]
    style = tournament.display_names
    places = [row.public_payload(style) if public else row.payload() for row in shown[:20]]
    winner = next((place for place in places if place["place"] == 1), None)
    return {"winner": winner, "places": places}


def snapshot_extras(tournament: Tournament, *, public: bool) -> dict[str, Any]:
    """Keys the snapshot adds for the screens (the snapshot keeps its own if it has them)."""
    extras: dict[str, Any] = {
        "moves": pending_moves(tournament, public=public),
        "announcements": announcements_current(tournament),
        "clock_calls": clock_calls(tournament),
        "shot_clock": shot_clock_turns(tournament, public=public),
        "results": final_results(tournament, public=public),
    }
    clock = clock_data(tournament)
    if clock is not None:
        extras["clock"] = clock
    payouts = payouts_data(tournament)
    if payouts is not None:
        extras["payouts"] = payouts
    return extras
