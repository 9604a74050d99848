"""Real parallel desks on PostgreSQL: gapless receipts, a prize paid once."""

from __future__ import annotations

from collections import Counter

import pytest
from django.db import connection

from cashdesk.models import LedgerRow
from tests.conftest import ApiClient
from tests.tournament.test_concurrency_postgres import run_in_parallel
from tournament.api.auth import issue_token
from tournament.models import Entry

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(
        connection.vendor != "postgresql", reason="parallel writers need PostgreSQL (CI runs it)"
    ),
]


@pytest.fixture
def pool_for_fifty():
    """Fifty desks at once need fifty connections: a room's pool holds ten and
    makes the eleventh wait two seconds (README "When Redis or PostgreSQL fails")."""
    pool = connection.settings_dict["OPTIONS"].get("pool")
    if not pool:
        yield
        return
    before = dict(pool)
    connection.close()
    connection.close_pool()
    pool.update(max_size=60, timeout=30)
    yield
    connection.close()
    connection.close_pool()
    pool.clear()
    pool.update(before)


def test_fifty_simultaneous_payments_at_five_tournaments_get_fifty_consecutive_receipts(
    director, pool_for_fifty
):
    token = issue_token(director)
    api = ApiClient(token)
    tournaments = [
        api.post("/tournaments", {"name": f"Tisch {n}", "buy_in": "20", "max_entries": 1}).json()
        for n in range(5)
    ]
    before = LedgerRow.objects.count()

    def pay(index: int):
        return lambda: ApiClient(token).post(
            f"/tournaments/{tournaments[index % 5]['id']}/entries", {"name": f"Spieler {index}"}
        )

    calls = iter(range(50))
    answers = run_in_parallel(50, lambda: pay(next(calls))())
    assert Counter(a.status_code for a in answers) == {201: 50}
    numbers = sorted(a.json()["payment"]["receipt_number"] for a in answers)
    assert numbers == list(range(numbers[0], numbers[0] + 50))
    assert LedgerRow.objects.count() == before + 50


def test_two_desks_paying_the_same_prize_at_once_pay_it_once(director):
    token = issue_token(director)
    api = ApiClient(token)
    tournament = api.post("/tournaments", {"name": "Finale", "buy_in": "100"}).json()
    entries = [
        api.post(f"/tournaments/{tournament['id']}/entries", {"name": n}).json()
        for n in ("Åsa Berg", "Jörg Ruß")
    ]
    Entry.objects.filter(pk=entries[1]["id"]).update(status="busted", place=2)
    winner = entries[0]["id"]
    answers = run_in_parallel(
        2, lambda: ApiClient(token).post(f"/entries/{winner}/prize/pay", {"method": "cash"})
    )
    assert sorted(a.status_code for a in answers) == [200, 409]
    assert LedgerRow.objects.filter(entry_id=winner, kind="prize_payout").count() == 1


def test_two_desks_booking_the_same_later_payment_at_once_book_it_once(director):
    token = issue_token(director)
    api = ApiClient(token)
    tournament = api.post("/tournaments", {"name": "Später", "buy_in": "100"}).json()
    body = {"name": "Åsa Berg", "payment": {"method": "account"}}
    entry = api.post(f"/tournaments/{tournament['id']}/entries", body).json()["id"]
    answers = run_in_parallel(
        2, lambda: ApiClient(token).post(f"/entries/{entry}/payments", {"method": "cash"})
    )
    assert sorted(a.status_code for a in answers) == [201, 409]
    assert LedgerRow.objects.filter(entry_id=entry, kind="settlement").count() == 1
