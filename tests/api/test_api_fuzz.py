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

# Rules of one operation that JSON Schema cannot say, each answered 422 with
# `rule` (README "API", "What the schema promises").
RULES_ACROSS_FIELDS: dict[str, set[str]] = {}


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
        except AssertionError as failure:
            if not _refused_by_listed_rule(case, response, failure):
                raise AssertionError(f"as {caller}: {failure}") from failure


def _refused_by_listed_rule(case, response, failure: AssertionError) -> bool:
    """A 422 naming a rule this operation is listed with, and nothing else wrong."""
    failures = failure.exceptions if isinstance(failure, FailureGroup) else [failure]
    if response.status_code != 422 or not all(
        isinstance(one, RejectedPositiveData) for one in failures
    ):
        return False
    rule = response.json().get("rule")
    return rule in RULES_ACROSS_FIELDS.get(f"{case.method} {case.path}", set())
