"""The chip race calculator behind ``POST /api/v1/chip-race`` (no state kept)."""

from __future__ import annotations

import random
from typing import Any

from clock.rules import chip_race as race_rules
from clock.rules.chip_race_request import request_from_json_data
from clock.rules.errors import RuleError
from clock.services.messages import rule_message
from tournament.errors import Invalid, RuleBeyondSchema

_SECURE = random.SystemRandom()


# The race's rules that tie its fields together, which its schema cannot say
# (README "API", "What the schema promises"): the rule's code -> the field.
ACROSS_FIELDS = {
    "removed_not_smaller": "removed",
    "removed_not_divisor": "smallest_remaining",
    "duplicate_seat": "players",
    "other_value_not_multiple": "players",
    "not_enough_cards": "players",
    "unknown_seat": "cards",
    "duplicate_card": "cards",
    "wrong_card_count": "cards",
}


def chip_race_run(*, data: Any, rng: random.Random | None = None) -> dict[str, Any]:
    """Parse, run and present one table's colour-up; the app deals from a secure source."""
    try:
        request = request_from_json_data(data)
        result = race_rules.chip_race(request, rng=rng or _SECURE)
    except RuleError as exc:
        field = ACROSS_FIELDS.get(exc.code)
        if field is not None:
            raise RuleBeyondSchema(field, rule_message(exc), rule=exc.code) from exc
        raise Invalid(rule_message(exc)) from exc
    return result.to_json_data()
