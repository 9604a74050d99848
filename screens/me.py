"""The player's own page (README "The player's page"): what one player's phone shows.

:func:`me_payload` composes it from the selectors, for one player: his status,
his table and seat, a move planned for him, the clock, players left and the
average, his chip count and bag, his Day-2 seat, his place and prize and his
league standing. It carries his display name and nothing else about any
player: never e-mail, phone or notes, never another player's data.

The page follows the tournament's public socket and asks for this payload
again when a message may concern him (``static/js/me.js``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.db.models import Q

from clock.services.clock_state import clock_get, now
from screens import me_parts
from tables.models import Move, Seat
from tournament.models import Entry, Player, Tournament
from tournament.summary import tournament_summary

# What the page says the player is (README "The player's page").
PRE_REGISTERED = "pre_registered"  # on the field's list, not checked in yet
WAITING = "waiting"  # on the waiting list (with his position)
REGISTERED = "registered"  # checked in, waiting for the draw
SEATED = "seated"
MOVING = "moving"  # a move of his is planned: go to ``moving_to``
BUSTED = "busted"  # out, with his place and prize
WON = "won"  # the last player left
CANCELLED = "cancelled"
RELEASED = "released"  # a pre-registration not checked in by the deadline
STATUSES = (PRE_REGISTERED, WAITING, REGISTERED, SEATED, MOVING, BUSTED, WON, CANCELLED, RELEASED)


@dataclass(frozen=True)
class MeSubject:
    """Whose page: his tournament and entry (None before check-in), or what his
    pre-registration says until then."""

    tournament: Tournament
    name: str
    entry: Entry | None = None
    pre_status: str | None = None  # PRE_REGISTERED, WAITING, CANCELLED or RELEASED
    position: int | None = None  # on the waiting list
    moved_up: bool = False  # from the waiting list into the field
    code: str | None = None  # his code for the desk, until he is checked in


def display_name(name: str, tournament: Tournament) -> str:
    """A name as the tournament shows it in public."""
    return Player(name=name).public_name(tournament.display_names)


def _seat_of(entry: Entry) -> tuple[int | None, int | None]:
    seat = Seat.objects.filter(entry=entry).values_list("table__number", "number").first()
    return seat if seat is not None else (None, None)


def _moving_to(entry: Entry, table: int | None, seat: int | None) -> dict[str, Any] | None:
    move = (
        Move.objects.filter(entry=entry, status=Move.Status.PENDING)
        .values("to_table__number", "to_seat", "reason", "wait_for_button")
        .first()
    )
    # A move from the rail goes to the seat he holds already.
    if move is None or (move["to_table__number"], move["to_seat"]) == (table, seat):
        return None
    return {
        "table": move["to_table__number"],
        "seat": move["to_seat"],
        "reason": move["reason"],
        "wait_for_button": move["wait_for_button"],
    }


def _alternate_position(entry: Entry) -> int:
    """His place among the alternates, in the order they are seated."""
    if entry.waiting_since is None:
        return 1
    ahead = Entry.objects.filter(
        Q(waiting_since__lt=entry.waiting_since)
        | Q(waiting_since=entry.waiting_since, pk__lt=entry.pk),
        tournament_id=entry.tournament_id,
        status=Entry.Status.WAITING,
    )
    return ahead.count() + 1


def _entry_status(subject: MeSubject, entry: Entry) -> dict[str, Any]:
    table, seat = _seat_of(entry)
    moving_to = _moving_to(entry, table, seat) if table is not None else None
    if entry.status in (Entry.Status.BUSTED, Entry.Status.DISQUALIFIED):
        status = BUSTED
    elif subject.tournament.status == Tournament.Status.FINISHED:
        status = WON
    elif entry.status == Entry.Status.WAITING:
        status = WAITING
    elif moving_to is not None:
        status = MOVING
    elif table is not None:
        status = SEATED
    else:
        status = REGISTERED
    return {
        "status": status,
        "position": _alternate_position(entry) if status == WAITING else None,
        "table": table,
        "seat": seat,
        "moving_to": moving_to,
        "wait_for_button": entry.wait_for_button,
    }


def _field(tournament: Tournament) -> dict[str, Any]:
    summary = tournament_summary(tournament)
    return {
        "players_left": summary["remaining"],
        "entries": summary["entries"],
        "average_stack": summary["average_stack"],
    }


def me_payload(subject: MeSubject) -> dict[str, Any]:
    """The player's page data (``GET /api/v1/me/{token}``)."""
    tournament = subject.tournament
    entry = subject.entry
    if entry is None:
        where: dict[str, Any] = {
            "status": subject.pre_status or PRE_REGISTERED,
            "position": subject.position,
            "table": None,
            "seat": None,
            "moving_to": None,
            "wait_for_button": False,
        }
    else:
        where = _entry_status(subject, entry)
    finish = me_parts.finish(tournament, entry) if entry is not None else None
    return {
        "name": subject.name,
        **where,
        "moved_up": subject.moved_up,
        "code": subject.code if entry is None else None,
        "entry": entry.pk if entry is not None else None,
        "tournament": {
            "id": tournament.pk,
            "name": tournament.name,
            "status": tournament.status,
            "currency": tournament.currency,
        },
        "clock": clock_get(tournament=tournament),
        **_field(tournament),
        "chips": me_parts.chip_count(entry) if entry is not None else None,
        "bag": me_parts.bag(entry) if entry is not None else None,
        "day2": me_parts.next_day_seat(entry) if entry is not None else None,
        "place": finish["place"] if finish else None,
        "prize": finish["prize"] if finish else None,
        "league": me_parts.league_standing(tournament, entry) if entry is not None else None,
        "version": tournament.version,
        "as_of": now(),
    }
