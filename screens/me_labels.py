"""The words of the player's page (README "The player's page"), for static/js/me.js.

Placeholders are ``{name}`` style, filled by ``Live.fill``; a text with a count
comes in both forms (``{"one": ..., "other": ...}``).
"""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import ngettext


def me_labels() -> dict[str, Any]:
    return {
        "status": {
            "pre_registered": _("Pre-registered: please check in at the desk."),
            "waiting": _("Waiting list: position {position}"),
            "registered": _("Checked in: your seat is drawn soon."),
            "seated": _("Your seat"),
            "moving": _("You still sit at"),
            "busted": _("Out in place {place}"),
            "won": _("You won!"),
            "cancelled": _("Your registration is cancelled."),
            "released": _("Released: you did not check in in time."),
        },
        "reasons": {
            "balance": _("The floor balances the tables."),
            "break": _("Your table breaks."),
            "final_table": _("The final table is drawn."),
            "manual": _("The floor moves you."),
        },
        "table": _("Table {table}"),
        "moved_up": _("You moved up from the waiting list into the field."),
        "code": _("Your code for the desk: {code}"),
        "wait_for_button": _("Wait for the button before you play."),
        "live_since": _("Live · updated {time}"),
        "offline_now": _("No connection · data from {time}"),
        "offline_since": {
            "one": ngettext(
                "No connection · data from {time} ({count} minute ago)",
                "No connection · data from {time} ({count} minutes ago)",
                1,
            ),
            "other": ngettext(
                "No connection · data from {time} ({count} minute ago)",
                "No connection · data from {time} ({count} minutes ago)",
                2,
            ),
        },
        "counted_at": _("Counted at {time}"),
        "bag": _("Bag {number} · {chips}"),
        "day2_seat": _("Table {table} · Seat {seat}"),
        "day2_not_drawn": _("Not drawn yet"),
        "league": _("Rank {rank} of {players} · {points} points"),
        "prize_place": _("Place {place}: {prize}"),
        "sound_on": _("Sound and vibration are on."),
    }


def status_words(labels: dict[str, Any], payload: dict[str, Any]) -> str:
    """The status line as the page first shows it (before its script runs)."""
    return str(labels["status"][payload["status"]]).format(
        position=payload.get("position"), place=payload.get("place")
    )
