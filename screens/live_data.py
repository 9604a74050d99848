"""The selectors of the screen parts: one reader per key of the snapshot.

The snapshot (:mod:`screens.snapshots`) reads every part through
:data:`READERS`, and the screens layer (:mod:`screens.compose`)
reads the parts a write recorded through the same readers after the commit:
a message applied to the last snapshot gives the next one. The table rows are
the one part read elsewhere (``tables.presenters``), for the tables a write
touched only.

Everything here is safe for the public audience when ``public`` is true:
display names only, never e-mail, phone or notes. Staff-only parts
(:data:`tournament.changes.STAFF_ONLY_PARTS`) are never read for the public,
and a part the room chooses (the forecast) only while the room shows it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from django.db.models import Count, Q, Sum

from clock.services.chips import chip_set_current
from clock.services.clock_state import clock_get, level_played_now
from clock.services.finish import finish_warning, forecast_line
from clock.services.player_clock import clock_calls_current
from clock.services.shot_clock import shot_clock_turns_current
from rulings.presenters import rulings_latest
from screens.services import announcements_current
from tables.models import Move, Table
from tables.presenters import move_payload, pending_moves_in_order
from tables.presenters_conflicts import conflicts_part
from tables.selectors import alternates_waiting, chip_standing, chip_standing_both, floor_alerts
from tournament import changes
from tournament.models import RoomSettings, Tournament
from tournament.public_labels import label_rows
from tournament.rules import purchases as purchase_rules
from tournament.rules.payouts import money
from tournament.selectors import bounty_part, bounty_part_both
from tournament.services.deals import deal_current
from tournament.services.payouts import payouts_view
from tournament.services.prize_pool import payout_settings_for, purchase_limits_of
from tournament.services.results import results_compute
from tournament.services.special_prizes import special_prizes_of
from tournament.summary import tournament_summary

# The rulings part: the latest rulings of the log, newest first.
RULINGS_SHOWN = 20

# The public screens' part for the seats: how many sit at how many tables and,
# in hand-for-hand play, which tables still play the hand. The seat list itself
# is not sent to every screen (10,000 names would be most of a snapshot): the
# board pages it and the lobby searches it through GET .../seats, and both ask
# again when a message brings this part.
SEATING = "seating"

# Every part a screen message or snapshot may carry, for static/js/live.js.
SCREEN_PARTS = sorted(changes.PARTS | {SEATING})


def _pending(tournament: Tournament) -> list[Move]:
    return list(
        Move.objects.filter(tournament=tournament, status=Move.Status.PENDING).select_related(
            "entry__player", "from_table", "to_table"
        )
    )


def _moves_shown(tournament: Tournament, moves: list[Move], *, public: bool) -> list[dict]:
    shown = [move_payload(m, public=public, style=tournament.display_names) for m in moves]
    label_rows(shown)
    # The floor carries out the moves in order: each names the move it waits for.
    return shown if public else pending_moves_in_order(shown)


def pending_moves(tournament: Tournament, *, public: bool) -> list[dict[str, Any]]:
    return _moves_shown(tournament, _pending(tournament), public=public)


def pending_moves_both(tournament: Tournament) -> tuple[list[dict], list[dict]]:
    moves = _pending(tournament)
    return (
        _moves_shown(tournament, moves, public=False),
        _moves_shown(tournament, moves, public=True),
    )


def clock_data(tournament: Tournament) -> dict[str, Any]:
    return clock_get(tournament=tournament)


def clock_calls(tournament: Tournament) -> list[dict[str, Any]]:
    return clock_calls_current(tournament=tournament)


def shot_clock_turns(tournament: Tournament, *, public: bool) -> list[dict[str, Any]]:
    return shot_clock_turns_current(tournament=tournament, public=public)


def places_in_runs(places: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Places paying the same amount as one row ``{place, to, amount, percentage}``:
    a field of 10,000 pays 1,500 places in some twenty amounts, and every screen
    gets the payouts part."""
    runs: list[dict[str, Any]] = []
    for place in places:
        if runs and runs[-1]["amount"] == place["amount"]:
            runs[-1]["to"] = place["place"]
        else:
            runs.append({**place, "to": place["place"]})
    return runs


def payouts_data(tournament: Tournament, *, public: bool) -> dict[str, Any]:
    """The pool, the amount per place (equal amounts as one run) and the deal,
    when one was recorded. ``GET .../payouts`` lists every place."""
    shown = payouts_view(tournament).public()
    return {
        **shown,
        "places": places_in_runs(shown["places"]),
        "deal": deal_current(tournament, public=public),
        # Special prizes (README "Special prizes"): name, amount, awarded or not.
        "special_prizes": [
            {"name": prize.name, "amount": money(prize.amount), "awarded": prize.awarded}
            for prize in special_prizes_of(tournament)
        ],
    }


def final_results(tournament: Tournament, *, public: bool) -> dict[str, Any] | None:
    """The winner and the places in the money, once the tournament is over; else None."""
    if tournament.status != Tournament.Status.FINISHED:
        return None
    view, rows = results_compute(tournament)
    shown = [row for row in rows if row.place is not None and (row.in_the_money or row.place <= 3)]
    style = tournament.display_names
    places = label_rows(
        [row.public_payload(style) if public else row.payload() for row in shown[:20]]
    )
    winner = next((place for place in places if place["place"] == 1), None)
    return {"winner": winner, "places": places}


def seating(tournament: Tournament) -> dict[str, Any]:
    """Constant size for any field: counts from the kept per-table counts."""
    in_play = Table.objects.filter(
        tournament=tournament, status__in=(Table.Status.OPEN, Table.Status.BROKEN)
    )
    open_tables = in_play.filter(status=Table.Status.OPEN)
    # A broken table's players sit there until they have moved: they count.
    counts = in_play.aggregate(
        players=Sum("seated"),
        tables=Count("id", filter=Q(seated__gt=0, status=Table.Status.OPEN)),
        reported=Count("id", filter=Q(seated__gt=0, hand_finished=True, status=Table.Status.OPEN)),
    )
    playing: list[int] = []
    if tournament.hand_for_hand and counts["reported"]:
        # Once a table has reported its hand, the board names the tables still playing it.
        playing = list(
            open_tables.filter(seated__gt=0, hand_finished=False)
            .order_by("number")
            .values_list("number", flat=True)
        )
    return {
        "players": counts["players"] or 0,
        "tables": counts["tables"],
        "playing": playing,
    }


def purchase_windows(tournament: Tournament) -> dict[str, Any]:
    """The rebuy and add-on windows at the clock's level now (README "Rebuys and
    add-ons"): the board words them, it never works them out."""
    if tournament.status == Tournament.Status.FINISHED:
        return {"rebuys": None, "addon": None}  # nothing is sold after the end
    settings = payout_settings_for(tournament)
    level, in_break = level_played_now(tournament=tournament)
    windows = purchase_rules.purchase_windows(
        purchase_limits_of(settings),
        purchase_rules.PlayPosition(level=level, in_break=in_break),
        rebuys=bool(settings.rebuy_chips),
        addon=bool(settings.addon_chips),
    )
    return {
        kind: None if window is None else {"state": window.state, "level": window.level}
        for kind, window in windows.items()
    }


def public_forecast_shown() -> bool:
    """The room shows the forecast end on its public screens (README "Finish on
    time: where it shows"); off by default."""
    return RoomSettings.current().public_forecast


@dataclass(frozen=True)
class Reader:
    """How a part is read; ``by_audience``: the public gets its own, name-safe copy.

    ``both``, where given, reads once and shapes the floor's and the public
    copy from that read: a message carries both, and the composer's time is
    what a screen waits for after the floor action answered (README
    "Benchmarks")."""

    read: Callable[[Tournament, bool], Any]
    by_audience: bool = False
    both: Callable[[Tournament], tuple[Any, Any]] | None = None
    # The public gets the part only while this says yes (a room setting); else
    # its snapshot and messages carry no such key.
    public_when: Callable[[], bool] | None = None

    def for_public(self) -> bool:
        return self.public_when is None or self.public_when()


READERS: dict[str, Reader] = {
    changes.SUMMARY: Reader(lambda t, public: tournament_summary(t)),
    changes.MOVES: Reader(
        lambda t, public: pending_moves(t, public=public),
        by_audience=True,
        both=pending_moves_both,
    ),
    changes.CLOCK: Reader(lambda t, public: clock_data(t)),
    changes.PAYOUTS: Reader(lambda t, public: payouts_data(t, public=public), by_audience=True),
    changes.RESULTS: Reader(lambda t, public: final_results(t, public=public), by_audience=True),
    changes.ANNOUNCEMENTS: Reader(lambda t, public: announcements_current(t)),
    changes.CLOCK_CALLS: Reader(lambda t, public: clock_calls(t)),
    changes.SHOT_CLOCK: Reader(
        lambda t, public: shot_clock_turns(t, public=public), by_audience=True
    ),
    changes.CHIPS: Reader(lambda t, public: chip_set_current(tournament=t)),
    changes.ALTERNATES: Reader(lambda t, public: alternates_waiting(t)),
    changes.RULINGS: Reader(lambda t, public: rulings_latest(t, limit=RULINGS_SHOWN)),
    changes.CHIP_COUNTS: Reader(
        lambda t, public: chip_standing(t, public=public),
        by_audience=True,
        both=chip_standing_both,
    ),
    changes.BOUNTIES: Reader(
        lambda t, public: bounty_part(t, public=public), by_audience=True, both=bounty_part_both
    ),
    changes.PURCHASES: Reader(lambda t, public: purchase_windows(t)),
    changes.FLOOR_ALERTS: Reader(lambda t, public: floor_alerts(t)),
    changes.CONFLICTS: Reader(lambda t, public: conflicts_part(t)),
    changes.HARD_STOP: Reader(lambda t, public: finish_warning(t)),
    changes.FORECAST: Reader(lambda t, public: forecast_line(t), public_when=public_forecast_shown),
}


def parts_data(tournament: Tournament, parts: frozenset[str] | set[str]) -> tuple[dict, dict]:
    """The floor's and the public values of ``parts`` (table rows are read elsewhere)."""
    floor: dict[str, Any] = {}
    public: dict[str, Any] = {}
    for part in sorted(parts):
        reader = READERS.get(part)
        if reader is None:
            continue
        if part in changes.STAFF_ONLY_PARTS or not reader.for_public():
            floor[part] = reader.read(tournament, False)
        elif reader.both is not None:
            floor[part], public[part] = reader.both(tournament)
        else:
            floor[part] = reader.read(tournament, False)
            public[part] = reader.read(tournament, True) if reader.by_audience else floor[part]
    return floor, public


def snapshot_extras(tournament: Tournament, *, public: bool) -> dict[str, Any]:
    """Every part but the table rows, for one audience."""
    return {
        part: reader.read(tournament, public)
        for part, reader in READERS.items()
        if not (public and (part in changes.STAFF_ONLY_PARTS or not reader.for_public()))
    }
