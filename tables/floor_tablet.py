"""What the floor tablet's JavaScript needs to draw the map (README "Screen messages").

The server decides, the tablet draws: ``floor.js`` draws the map from the
snapshot the page carries and applies each floor message to it (table rows,
moves, alerts, summary, clock calls) with the same code. Its words come from
here, in the reader's language, so the JavaScript never holds a word of any
language; its links come from here as patterns (``0`` stands for a table,
move or log line id). The tablet's own actions go to the same form endpoints
with ``fetch`` and come back as JSON: the words to show, or why not.

A large floor is shown one area at a time (``?tables=1-40``): the first load
stays small at any field size, and a search jumps to the area of a table
number or of a player's seat.
"""

from __future__ import annotations

import re
from typing import Any

from django.db.models import Max
from django.urls import reverse
from django.utils.translation import get_language, gettext_lazy, ngettext
from django.utils.translation import gettext as _

from tables.models import Seat, Table
from tournament.models import Tournament

# Tables per area of a large floor: a tablet's map, a round number of rows.
AREA_SIZE = 40
AREA_REFUSED = gettext_lazy('Name the tables as "1-10" or "1,3,5".')
_PLACEHOLDER = re.compile(r"%\((\w+)\)s")


def braces(text: str) -> str:
    """``%(table)s`` -> ``{table}``: the placeholders live.js fills."""
    return _PLACEHOLDER.sub(r"{\1}", text).replace("%%", "%")


def counted(singular: str, plural: str) -> dict[str, str]:
    """A text with a count in both forms, as ``Live.fill`` takes them."""
    return {
        "one": braces(ngettext(singular, plural, 1)),
        "other": braces(ngettext(singular, plural, 2)),
    }


def tablet_labels() -> dict[str, Any]:
    """The map's words in the reader's language."""
    return {
        "counts": counted(
            "%(remaining)s of %(entries)s player left · average stack %(avg)s",
            "%(remaining)s of %(entries)s players left · average stack %(avg)s",
        ),
        "hand_for_hand": _("Hand for hand"),
        "alternates": counted("%(n)s alternate waiting", "%(n)s alternates waiting"),
        "table": _("Table"),
        "seat": _("Seat"),
        "hand": _("Hand"),
        "halt": _("Halt play"),
        "breaking": _("Breaking: players move"),
        "hand_finished": _("hand finished"),
        "playing": _("playing"),
        "count_chips": _("Count chips"),
        "next_hand": _("Next hand"),
        "hand_finished_button": _("Hand finished"),
        "free": _("free"),
        "button_title": _("Button in the hand now being played"),
        "small_blind": _("Small blind"),
        "big_blind": _("Big blind"),
        "waits": _("waits"),
        "penalty_title": _("Sit-out penalty"),
        "hands_left": counted("%(left)s hand left", "%(left)s hands left"),
        "clock_called": _("Clock called"),
        "moves": counted("%(n)s move to carry out", "%(n)s moves to carry out"),
        "from_table": braces(_("From table %(table)s")),
        "from_rail": _("Back in play: from the rail to the seat"),
        "all_done": counted("All %(n)s done", "All %(n)s done"),
        "confirm_group": counted(
            "Carry out this move from table %(table)s?",
            "Carry out these %(count)s moves from table %(table)s?",
        ),
        "confirm_move": braces(_("%(name)s to table %(table)s seat %(seat)s")),
        "wait_for_button": _("wait for button"),
        "after": braces(_("after %(name)s")),
        "done": _("Done"),
        "cancel": _("Cancel"),
        "cancel_break": _(
            "Cancel this move? The player stays at a table that is being broken: "
            "the floor plans his seat again."
        ),
        "cancel_balance": _(
            "Cancel this balance move? The tables stay out of balance: the floor plans "
            "the move again, possibly for another player."
        ),
        **_alert_labels(),
        **_conflict_labels(),
        # The tablet's own actions, sent with fetch (README "Screen messages").
        "undo": _("Undo"),
        "close": _("Close"),
        "undo_confirm": _("Undo this bust? The player gets his seat back."),
        "not_sent": _("Not sent: the tablet has no connection to the server. Try again."),
        "refused": braces(_("Not done: the server answered %(status)s. Try again.")),
    }


def _alert_labels() -> dict[str, Any]:
    """The words of the floor's alerts (the ``floor_alerts`` part), by kind."""
    return {
        "back_in_play_title": _("A broken table is back in play"),
        "back_in_play": braces(
            _(
                "Table %(tables)s plays on: its players had no free seat at the other "
                "tables. Break it again when seats free up."
            )
        ),
        "kept_apart_title": _("Players to be kept apart sit at one table"),
        "kept_apart": braces(
            _(
                "%(first)s and %(second)s at table %(table)s: no other seat keeps the "
                "tables balanced; move one of them by hand when a seat frees up."
            )
        ),
    }


def _conflict_labels() -> dict[str, Any]:
    """The words of the floor's conflicts (the ``conflicts`` part, README "When
    the network drops"); the part carries each conflict's own words in every
    language, ``lang`` picks the reader's."""
    return {
        "lang": get_language() or "en",
        "conflicts": counted("%(n)s conflict to resolve", "%(n)s conflicts to resolve"),
        "conflicts_note": _(
            "Actions a tablet took offline that the server refused when they were sent. "
            "The director resolves each."
        ),
        "conflict_by": braces(_("%(by)s on %(device)s, taken at %(time)s")),
        "conflict_by_no_device": braces(_("%(by)s, taken at %(time)s")),
        "conflict_refused": _("Refused:"),
        "applied_differently": _("Applied differently"),
        "discard": _("Discard"),
        "discard_reason": _("Reason (needed to discard)"),
        "reason": _("Reason"),
    }


def _pattern(name: str, *args: Any) -> str:
    return reverse(name, args=args)


def tablet_links() -> dict[str, str]:
    """The map's links with ``0`` for the id (``/floor/tables/0/hand/``)."""
    return {
        "seat": _pattern("seat-panel", 0, 99).replace("/99/", "/{seat}/"),
        "chips": _pattern("floor-table-chips", 0),
        "next_hand": _pattern("floor-next-hand", 0),
        "hand_finished": _pattern("floor-hand-finished", 0),
        "moves_done": _pattern("floor-table-moves-done", 0),
        "move_done": _pattern("floor-move", 0, "done"),
        "move_cancel": _pattern("floor-move", 0, "cancel"),
        "undo": _pattern("floor-undo", 0),
        "conflict_resolve": _pattern("floor-conflict-resolve", 0),
    }


def area_numbers(text: str | None) -> list[int] | None:
    """``1-10,14``: the table numbers of one area of the floor; None for all.
    Anything else raises ValueError."""
    if not text:
        return None
    numbers: set[int] = set()
    for part in text.replace(" ", "").split(","):
        first, _dash, last = part.partition("-")
        low, high = int(first), int(last or first)
        if not 1 <= low <= high <= 10_000 or high - low > 2_000:
            raise ValueError(part)
        numbers.update(range(low, high + 1))
    return sorted(numbers)


def areas(tournament: Tournament) -> list[str]:
    """The areas of a large floor (``1-40``, ``41-80``, …); none for a small one."""
    highest = (
        tournament.tables.exclude(status=Table.Status.CLOSED).aggregate(Max("number"))[
            "number__max"
        ]
        or 0
    )
    if highest <= AREA_SIZE:
        return []
    return [f"{low}-{low + AREA_SIZE - 1}" for low in range(1, highest + 1, AREA_SIZE)]


def area_of_table(number: int) -> str:
    low = (number - 1) // AREA_SIZE * AREA_SIZE + 1
    return f"{low}-{low + AREA_SIZE - 1}"


def found(tournament: Tournament, query: str) -> tuple[int, int | None] | None:
    """The table (and seat) a search names: a table number, or a seated player's name."""
    query = query.strip()
    if query.isdigit():
        number = int(query)
        if tournament.tables.filter(number=number).exists():
            return number, None
        return None
    if not query:
        return None
    seat = (
        Seat.objects.filter(
            table__tournament=tournament, entry__player__name__icontains=query[:100]
        )
        .order_by("table__number", "number")
        .values_list("table__number", "number")
        .first()
    )
    return (seat[0], seat[1]) if seat else None
