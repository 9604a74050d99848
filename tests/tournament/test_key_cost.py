"""What an ``Idempotency-Key`` costs (README "Sent twice, done once", "Benchmarks"):
a quiet bust with a key sends at most one SQL statement more than one without,
the key stored with its answer in one insert; no savepoint around the bust.
Counted statements do not depend on the machine's load."""

from __future__ import annotations

import json

import pytest
from django.contrib.auth import get_user_model
from django.db import connection
from django.test.utils import CaptureQueriesContext

from tables.models import Move
from tests.tables.test_floor_query_counts import floor_of, sitting_at
from tournament.models import Entry, IdempotentRequest
from tournament.services.once_keys import Answer, Claim, once_answer_keep

pytestmark = pytest.mark.django_db


def bust(api, entry_id: int, key: str | None) -> tuple[list[str], dict]:
    """The statements of one bust through the API, and its answer."""
    headers = {"HTTP_IDEMPOTENCY_KEY": key} if key else {}
    with CaptureQueriesContext(connection) as captured:
        response = api.client.post(
            f"/api/v1/entries/{entry_id}/bust",
            data="{}",
            content_type="application/json",
            **headers,
            **api.headers,
        )
    assert response.status_code == 200, response.content
    return [q["sql"] for q in captured.captured_queries], response.json()


def test_a_quiet_bust_with_a_key_costs_one_statement_more_than_without(api):
    tid = floor_of(api, 10, options={"break_target": 7})
    plain, _answer = bust(api, sitting_at(tid, 1)[0], None)
    keyed, answer = bust(api, sitting_at(tid, 2)[0], "tablet-3-action-0007")
    assert not Move.objects.filter(tournament_id=tid, status="pending").exists(), "quiet busts"
    assert len(keyed) <= len(plain) + 1, "\n".join(keyed)
    assert sum("SAVEPOINT" in sql for sql in keyed) == sum("SAVEPOINT" in sql for sql in plain)
    stored = IdempotentRequest.objects.get(key="tablet-3-action-0007")
    assert (stored.status, json.loads(stored.body)) == (200, answer)


def test_a_keyed_bust_refused_goes_back_whole_and_keeps_no_key(api):
    """The bust's write fails inside the key's transaction without a savepoint:
    the refusal is answered as without a key, nothing is kept, a repeat tries again."""
    tid = floor_of(api, 10, options={"break_target": 7})
    entry_id = sitting_at(tid, 1)[0]
    bust(api, entry_id, None)
    again = api.client.post(
        f"/api/v1/entries/{entry_id}/bust",
        data="{}",
        content_type="application/json",
        HTTP_IDEMPOTENCY_KEY="tablet-3-action-0008",
        **api.headers,
    )
    assert again.status_code == 409
    assert "already out" in again.json()["detail"]
    assert not IdempotentRequest.objects.filter(key="tablet-3-action-0008").exists()
    assert Entry.objects.get(pk=entry_id).status == "busted"


def test_a_stored_key_fills_only_the_indexes_it_is_looked_up_by(db):
    """Every keyed write inserts its key: the key's unique index (the look-up
    and the twin's refusal), the expiry's and the row's own, and no foreign
    key for the database to check at the commit (README "Benchmarks"). On
    PostgreSQL a unique text column would bring a second index, for LIKE."""
    with connection.cursor() as cursor:
        found = connection.introspection.get_constraints(cursor, IdempotentRequest._meta.db_table)
    indexed = sorted(
        (tuple(c["columns"]), bool(c["unique"] or c["primary_key"]))
        for c in found.values()
        if c["index"] or c["primary_key"] or c["unique"]
    )
    assert indexed == [(("created_at",), False), (("id",), True), (("key",), True)]
    assert not [c for c in found.values() if c["foreign_key"]]


def test_a_removed_users_keys_go_with_him(db):
    """Without the database's foreign key, Django still removes them."""
    someone = get_user_model().objects.create_user("otto")
    claim = Claim(key="laptop-1-action-0009", user_id=someone.pk, operation="POST /x", body_hash="")
    assert once_answer_keep(claim, Answer(status=422, body="{}"))
    assert IdempotentRequest.objects.get(key=claim.key).user_id == someone.pk
    someone.delete()
    assert not IdempotentRequest.objects.filter(key=claim.key).exists()
