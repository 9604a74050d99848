"""Every API operation, fuzzed from its own OpenAPI schema (README "How a floor action flows").

Schemathesis generates valid and invalid requests for each documented
operation and sends each, as the director, floor staff, the desk and an
anonymous caller, to the real WSGI application on the test database. No
request may end in a server error, and every answer must be one the schema
documents (status code, content type, body schema). Bounded here so that
`./dev test` stays quick; `API_FUZZ_EXAMPLES` raises the count for a soak.

Left out is only the check that every schema-valid request is accepted: the
rules refuse many well-formed requests (an unknown ruling category, the same
entry twice, a bust of a player already out) with a documented 4xx, and the
schema cannot say that. Schema-violating requests must still be refused.
"""

from __future__ import annotations

import os

import pytest
import schemathesis
from django.core.wsgi import get_wsgi_application
from hypothesis import HealthCheck, settings
from schemathesis import checks

from config.api import api
from tests.conftest import make_staff
from tournament.api.auth import issue_token

EXAMPLES = int(os.environ.get("API_FUZZ_EXAMPLES", "3"))
ROLES = ("director", "floor", "desk")

schema = schemathesis.openapi.from_dict(api.get_openapi_schema(path_prefix="/api/v1/"))
schema.app = get_wsgi_application()


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
        try:
            case.call_and_validate(
                headers=headers, excluded_checks=[checks.positive_data_acceptance]
            )
        except AssertionError as failure:
            raise AssertionError(f"as {caller}: {failure}") from failure
