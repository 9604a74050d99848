"""Translatable messages for the rule errors' stable codes.

The pure rules raise ``RuleError`` subclasses with a ``code``; they import no
Django and cannot translate. Every code a user can meet maps to one text here.
"""

from __future__ import annotations

from typing import Any

from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _

from clock.rules.errors import RuleError

MESSAGES: dict[str, Promise] = {
    # clock actions
    "not_running": _("The clock is not running."),
    "not_paused": _("The clock is not paused."),
    "already_started": _("The clock has already been started."),
    "finished": _("The clock has reached the end of the structure."),
    "no_next_level": _("There is no next level."),
    "no_previous_level": _("There is no previous level."),
    "bad_level_index": _("There is no level at that position."),
    "negative_remaining": _("The remaining time cannot be negative."),
    "empty_structure": _("The structure has no levels."),
    "bad_state": _("The stored clock is inconsistent."),
    "naive_datetime": _("A time without time zone was given."),
    # structure shape
    "not_an_object": _("Expected a JSON object."),
    "levels_missing": _("The structure needs a list named levels."),
    "levels_not_a_list": _("levels must be a list."),
    "unknown_kind": _("Each entry's kind must be level or break."),
    "missing_field": _("A required field is missing."),
    "not_an_integer": _("A whole number is expected."),
    "out_of_range": _("A number is larger than a structure can hold."),
    "not_a_boolean": _("true or false is expected."),
    "not_a_list": _("A list is expected."),
    # structure rules
    "no_levels": _("The structure needs at least one level."),
    "non_positive_seconds": _("Every level and break needs a positive duration."),
    "negative_amount": _("Blinds and antes cannot be negative."),
    "big_blind_not_above_small_blind": _("The big blind must be bigger than the small blind."),
    "big_blind_ante_without_amount": _("A big blind ante level has no ante amount."),
    "blinds_decrease": _("The big blind goes down from the level before."),
    "break_first": _("The structure starts with a break."),
    "consecutive_breaks": _("Two breaks follow each other."),
    "break_last": _("The structure ends with a break."),
    "bad_denomination": _("Chip values must be positive whole numbers."),
    "duplicate_color_up": _("A denomination is coloured up twice at one break."),
    "color_up_not_in_play": _("A break colours up a chip that is no longer in play."),
    "all_denominations_removed": _("A colour-up removes every chip from play."),
    "not_payable": _("No chip in play can pay this amount exactly."),
    "bad_round_to": _("Rounding must be to a positive amount."),
    "bad_factor": _("The factor must be positive."),
    # chips
    "negative_count": _("A chip count cannot be negative."),
    "empty_chip_set": _("The chip set needs at least one denomination."),
    "duplicate_denomination": _("A chip value is listed twice."),
    "unknown_denomination": _("That chip value is not in the set."),
    "empty_stack": _("A player without chips cannot take part."),
    "not_a_break": _("A colour-up can only happen at a break."),
    # chip race
    "bad_method": _("The method must be race, race_one_chip or round_up."),
    "removed_not_smaller": _("The removed chip must be smaller than the smallest remaining one."),
    "removed_not_divisor": _("The smallest remaining chip must be a multiple of the removed chip."),
    "bad_button_seat": _("The button seat must be 1 or more."),
    "no_players": _("Name at least one player."),
    "bad_seat": _("Seats are numbered from 1."),
    "duplicate_seat": _("A seat is listed twice."),
    "negative_chips": _("A chip count cannot be negative."),
    "negative_value": _("A stack value cannot be negative."),
    "other_value_not_multiple": _(
        "A player's other chips must be a multiple of the smallest remaining chip."
    ),
    "unknown_seat": _("Cards were given for a seat that is not in the race."),
    "bad_card": _("A card must look like As, Td or 9c."),
    "duplicate_card": _("A card was dealt twice."),
    "wrong_card_count": _("Each player gets exactly one card per odd chip."),
    "cards_not_used": _("The round-up method deals no cards."),
    "not_enough_cards": _("More than 52 odd chips: colour up part of them first."),
    "rng_required": _("The cards could not be dealt."),
    # player clock
    "too_early": _("The player has not yet had a reasonable time to act."),
    "negative_seconds": _("Times cannot be negative."),
    "non_positive_seconds_shot": _("Times must be positive."),
    "time_expired": _("Time has run out."),
    "no_extensions_left": _("No time-bank chips left."),
}

UNKNOWN = _("The request was not valid.")


def rule_message(exc: RuleError) -> str:
    """The user's text for a rule error, with the entry or seat it concerns."""
    text = str(MESSAGES.get(exc.code, UNKNOWN))
    return with_place(text, exc.details)


# The fields of a structure row as the clock page names them, never the JSON keys.
FIELD_NAMES: dict[str, Promise] = {
    "small_blind": _("small blind"),
    "big_blind": _("big blind"),
    "ante": _("ante"),
    "big_blind_ante": _("big blind ante"),
    "seconds": _("length"),
    "kind": _("level or break"),
    "color_up": _("colour-up"),
    "denominations": _("chip values"),
    "name": _("name"),
}


def with_place(text: str, details: dict[str, Any]) -> str:
    """The message with where it applies, as the page says it: "(row 3, big blind)"."""
    index = details.get("index")
    seat = details.get("seat")
    field = details.get("field")
    where = []
    if isinstance(index, int):
        where.append(str(_("row %(number)d") % {"number": index + 1}))
    if seat is not None:
        where.append(str(_("seat %(seat)s") % {"seat": seat}))
    if field:
        where.append(str(FIELD_NAMES.get(field, _("one of its fields"))))
    return f"{text} ({', '.join(where)})" if where else text
