"""Every API operation, fuzzed from its own OpenAPI schema (README "How a floor action flows").

Schemathesis generates valid and invalid requests for each documented
operation and sends each, as the director, floor staff, the desk and an
anonymous caller, to the real WSGI application on the test database. No
request may end in a server error, every answer must be one the schema
documents (status code, content type, body schema), a request the schema
refuses must be refused, and a request the schema calls valid must not be
refused for its shape (README "API", "What the schema promises"): 401, 403,
404 (an id that names nothing) and 409 (the tournament's state) are answers
about who asks and what exists, not about the request; a 400 or a 422 is not.

The one 422 a schema-valid request may get is a rule that ties fields
together in a way JSON Schema cannot say (a chip race's odd chips against
its cards, two tiles on one cell); the answer names it (``rule``), and the
rules allowed here are listed below, each with why. Bounded so that
`./dev test` stays quick; `API_FUZZ_EXAMPLES` raises the count for a soak.
"""

from __future__ import annotations

import os

import pytest
import schemathesis
from django.core.wsgi import get_wsgi_application
from hypothesis import HealthCheck, settings
from schemathesis.core.failures import FailureGroup
from schemathesis.openapi.checks import RejectedPositiveData

from config.api import api
from tests.conftest import make_staff
from tournament.api.auth import issue_token

EXAMPLES = int(os.environ.get("API_FUZZ_EXAMPLES", "3"))
ROLES = ("director", "floor", "desk")

schema = schemathesis.openapi.from_dict(api.get_openapi_schema(path_prefix="/api/v1/"))
schema.app = get_wsgi_application()
# No text may hold the NUL character, as the schema's description says: the
# database cannot store it (README "API").
schema.config.generation.update(allow_x00=False)

# What a rule refuses that JSON Schema cannot state, answered 422 with `rule`
# (README "API", "What the schema promises"), and why the schema cannot.
TILES = {
    "tile_inside_grid": "a tile's column plus its width within 12: a sum of two fields",
    "tiles_overlap": "no cell under two tiles: a relation between items",
}
BUY_INS = {"buy_in_names_differ": "unique by one field of each item, letter case ignored"}
FORMULA = {
    "formula_reads": "TD3's formula language is a grammar, not a pattern",
    "formula_computes": "whether the formula computes depends on the field's figures",
}
DEAL = {
    "entry_once": "unique by one field of each item",
    "too_many_prizes": "no more prizes than stacks: two lists' lengths",
    "prizes_increasing": "each prize no larger than the one before it",
    "reserve_too_large": "the reserve against the sum of the prizes",
    "too_many_players": "ICM's limit of 16 stacks depends on the method",
}
RULES_BEYOND_SCHEMA: dict[str, dict[str, str]] = {
    "POST /api/v1/chip-race": {
        "removed_not_smaller": "the removed chip against the smallest remaining one",
        "removed_not_divisor": "the smallest remaining chip a multiple of the removed one",
        "duplicate_seat": "unique by one field of each player",
        "other_value_not_multiple": "each stack a multiple of another field",
        "not_enough_cards": "the odd chips of all players against a deck of 52",
        "unknown_seat": "the cards' seats among the players' seats",
        "duplicate_card": "no card twice across the seats, letter case ignored",
        "wrong_card_count": "one card per odd chip: the cards against the chips",
    },
    "POST /api/v1/layouts": TILES,
    "PUT /api/v1/layouts/{layout_id}": TILES,
    "POST /api/v1/layouts/import": TILES,
    "POST /api/v1/tournaments": BUY_INS,
    "PATCH /api/v1/tournaments/{tournament_id}": BUY_INS,
    "POST /api/v1/events": {
        **BUY_INS,
        "flight_name_length": "the event's name and a flight's together at most 120",
    },
    "POST /api/v1/imports/td3": {"td3_files_read": "what a file holds"},
    "POST /api/v1/imports/td3/preview": {"td3_files_read": "what a file holds"},
    "POST /api/v1/tournaments/{tournament_id}/busts": {"entry_once": DEAL["entry_once"]},
    "POST /api/v1/tournaments/{tournament_id}/rulings": {
        "table_and_table_number_agree": "two fields that must be equal when both are sent",
    },
    "GET /api/v1/tournaments/{tournament_id}/rulings": {
        "table_and_table_number_agree": "two parameters that must be equal when both are sent",
    },
    "POST /api/v1/seasons": FORMULA,
    "PUT /api/v1/seasons/{season_id}": FORMULA,
    "POST /api/v1/seasons/formula-preview": FORMULA,
    "POST /api/v1/tournaments/{tournament_id}/deals": DEAL,
    "POST /api/v1/tournaments/{tournament_id}/deals/preview": DEAL,
    "GET /api/v1/seasons/{season_id}/export/federation": {
        "tokens_by_place": "each place's tokens no more than the place above: between items",
        "factor_finite": "a decimal parameter JSON Schema cannot keep from being NaN",
    },
    "POST /api/v1/offline-queue": {
        "not_the_queue": "an action's path against the queue's own",
        "body_or_fields": "an action sends a JSON body or a form's fields, not both",
    },
    "PUT /api/v1/tournaments/{tournament_id}/payouts": {
        "percentages_sum": "the shares add up to 100",
        "percentages_increasing": "each place pays no more than the place above",
        "place_is_position": "a place given is its position in the list",
        "target_not_itself": "the satellite's target against the tournament in the path",
    },
}


@pytest.fixture
def callers(connection_kept_open) -> dict[str, dict[str, str]]:
    """Headers of each kind of caller (the tournament gives generated ids a target)."""
    headers = {
        role: {"Authorization": f"Bearer {issue_token(make_staff(f'fuzz-{role}', role))}"}
        for role in ROLES
    }
    return {**headers, "anonymous": {}}


@schema.parametrize()
@settings(
    max_examples=EXAMPLES,
    deadline=None,
    suppress_health_check=list(HealthCheck),
    derandomize=True,
)
@pytest.mark.django_db
def test_every_operation_answers_as_documented(case, callers):
    for caller, headers in callers.items():
        response = case.call(headers=headers)
        try:
            case.validate_response(response, headers=headers)
        except (AssertionError, FailureGroup) as failure:
            if not _refused_by_listed_rule(case, response, failure):
                raise AssertionError(f"as {caller}: {failure}") from failure


def _refused_by_listed_rule(case, response, failure: BaseException) -> bool:
    """A 422 naming a rule this operation is listed with, and nothing else wrong."""
    failures = failure.exceptions if isinstance(failure, FailureGroup) else [failure]
    if response.status_code != 422 or not all(
        isinstance(one, RejectedPositiveData) for one in failures
    ):
        return False
    rule = response.json().get("rule")
    return rule in RULES_BEYOND_SCHEMA.get(f"{case.method} {case.path}", {})
