"""Real parallel phones and desks on PostgreSQL (README "Pre-registration and the
schedule"): the field never takes more than its places, the waiting list never
holds one position twice, a player is checked in once."""

from __future__ import annotations

from collections import Counter

import pytest
from django.db import connection
from django.test import Client

from prereg.models import PreRegistration
from tests.conftest import ApiClient
from tests.prereg.conftest import listed_tournament
from tests.tournament.test_concurrency_postgres import run_in_parallel
from tournament.api.auth import issue_token
from tournament.models import Entry

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(
        connection.vendor != "postgresql", reason="parallel writers need PostgreSQL (CI runs it)"
    ),
]


def test_eight_phones_at_once_for_three_places(api):
    tid = listed_tournament(api, capacity=3)["id"]
    calls = iter(range(8))

    def send():
        number = next(calls)
        return (
            Client(REMOTE_ADDR=f"10.0.2.{number}")
            .post(
                f"/api/v1/tournaments/{tid}/pre-registrations",
                data=f'{{"name": "Spieler {number}"}}',
                content_type="application/json",
            )
            .json()
        )

    answers = run_in_parallel(8, send)
    assert Counter(a["status"] for a in answers) == {"registered": 3, "waiting": 5}
    positions = sorted(a["position"] for a in answers if a["status"] == "waiting")
    assert positions == [1, 2, 3, 4, 5]


def test_two_desks_check_in_the_same_player_once(api, director):
    tid = listed_tournament(api)["id"]
    Client().post(
        f"/api/v1/tournaments/{tid}/pre-registrations",
        data='{"name": "Anna Berg"}',
        content_type="application/json",
    )
    prereg = PreRegistration.objects.get(tournament_id=tid)
    token = issue_token(director)
    codes = run_in_parallel(
        2, lambda: ApiClient(token).post(f"/pre-registrations/{prereg.pk}/check-in", {}).status_code
    )
    assert sorted(codes) == [201, 409]
    assert Entry.objects.filter(tournament_id=tid).count() == 1
