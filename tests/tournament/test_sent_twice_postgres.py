"""The same key sent twice at once on PostgreSQL (README "Sent twice, done once"):
the second waits on the key's unique index, then answers what the first stored."""

from __future__ import annotations

import json

import pytest
from django.db import connection

from tests.tournament.test_concurrency_postgres import run_in_parallel
from tournament.api.auth import issue_token
from tournament.models import Entry

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(
        connection.vendor != "postgresql", reason="parallel writers need PostgreSQL (CI runs it)"
    ),
]


def test_one_key_sent_by_four_at_once_registers_once_with_four_equal_answers(director):
    from tests.conftest import ApiClient

    token = issue_token(director)
    tournament = ApiClient(token).post("/tournaments", {"name": "Race"}).json()

    def call():
        api = ApiClient(token)
        response = api.client.post(
            f"/api/v1/tournaments/{tournament['id']}/entries",
            data=json.dumps({"name": "Anna Keller"}),
            content_type="application/json",
            HTTP_IDEMPOTENCY_KEY="tablet-1-action-0001",
            **api.headers,
        )
        return response.status_code, response.json()

    answers = run_in_parallel(4, call)
    assert {status for status, _body in answers} == {201}
    assert all(body == answers[0][1] for _status, body in answers)
    assert Entry.objects.filter(tournament_id=tournament["id"]).count() == 1
