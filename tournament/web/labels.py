"""Translated texts for the screens' JavaScript, passed in with ``json_script``.

Placeholders are ``{name}`` style; live.js fills them. A text with a count
comes in both forms, ``{"one": ..., "other": ...}``, and ``Live.fill`` picks
``one`` when the count is 1 (the rule of both our languages, German and English).
"""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import ngettext


def _plural(singular: str, plural: str) -> dict[str, str]:
    return {"one": ngettext(singular, plural, 1), "other": ngettext(singular, plural, 2)}


def screen_labels() -> dict[str, Any]:
    return {
        "offline": _("Offline – reconnecting…"),
        "level": _("Level {number}"),
        "break": _("Break"),
        "ante": _("Ante {ante}"),
        "bb_ante": _("Big blind ante {ante}"),
        "next_level": _("Next: {blinds}"),
        "next_break_minutes": _("Next: break ({minutes} min)"),
        "not_started": _("Not started"),
        "paused": _("Paused"),
        "finished": _("Finished"),
        "winner": _("Winner: {name}"),
        "now": _("now"),
        "players_of": _("{remaining} of {entries}"),
        "place": _("{place}."),
        "chip_up_next": _("Colour-up at the next break: {chips} chips leave play"),
        "color_up_now": _("Colour-up now: {chips} chips leave play"),
        "move": _("{name} – Table {from_table} Seat {from_seat} → Table {to_table} Seat {to_seat}"),
        "move_new": _("{name} → Table {to_table} Seat {to_seat}"),
        "hand_for_hand": _("Hand for hand"),
        "waiting_for": _("waiting for table {tables}"),
        "clock_called": _("Clock called: Table {table}, Seat {seat}"),
        "time_up": _("Time!"),
        "registration_open": _("Late registration open"),
        "registration_closes_in": _("Late registration closes in {time}"),
        "registration_closed": _("Late registration closed"),
        "rebuys_open": _("Rebuys open"),
        "rebuys_until": _("Rebuys until the end of level {level}"),
        "addon_open": _("Add-on open"),
        "addon_now": _("Add-on now"),
        "addon_next_break": _("Add-on in the next break"),
        "next_break_in": _("Next break in"),
        "table_seat": _("Table {table} · Seat {seat}"),
        "my_page": _("My page"),
        "page_of": _("Page {page} of {pages}"),
        "counted_of": _("{counted} of {players} counted"),
        "no_counts": _("No chip counts yet."),
        "counted_before_busts": _("Counted before later bust-outs"),
        "final_table_not_yet": _("The final table is not reached yet: the chip leaders."),
        "final_table": _("Final table · Table {table}"),
        "seat": _("Seat {seat}"),
        "from_table_seat": _("from Table {table} · Seat {seat}"),
        "bounty_each": _("Bounty on every player: {amount}"),
        "bounty_progressive": _(
            "{share} per cent of each bounty in cash, the rest onto the winner's own"
        ),
        "mystery_left": _plural(
            "{count} mystery bounty left · {total}", "{count} mystery bounties left · {total}"
        ),
        "mystery_biggest": _("Biggest left: {amounts}"),
        "say_level": _("Level {number}. Blinds {small} and {big}."),
        "say_ante": _("Ante {ante}."),
        "say_break": _plural("Break for {count} minute.", "Break for {count} minutes."),
        "say_color_up": _("Colour-up: the {chips} chips leave play."),
        "say_one_minute": _("One minute left in this level."),
        "no_player_found": _("No player found."),
        "floor_call": _("Floor! Table {table}"),
        "floor_called": _("The floor has been called."),
        "hand_reported": _("Hand reported finished."),
        "failed": _("That did not work. Please try again."),
        "hands_left": _plural("sits out: {count} hand left", "sits out: {count} hands left"),
        "arriving": _("arriving"),
        "leaving": _("leaving"),
        "payouts": _("Payouts"),
        "final_results": _("Final results"),
        # The forecast end (README "Finish on time: where it shows"), as the staff see it.
        "forecast": _("Ends about {predicted}, between {earliest} and {latest}"),
        # The room's clock time: {hour} 0-23, {hour12} 1-12, {minute} 00-59, {ampm}.
        "clock_time": _("{hour12}:{minute} {ampm}"),
    }
