"""Two desks at once on PostgreSQL (README "Cash desk", one pool): one reverses
while the other sells, and the payouts' pool stays the ledger's."""

from __future__ import annotations

from collections import Counter
from decimal import Decimal
from itertools import count

import pytest
from django.db import connection

from cashdesk.models import LedgerRow
from tests.cashdesk.test_one_money_truth import pools_agree
from tests.conftest import ApiClient, make_staff
from tests.tournament.test_concurrency_postgres import run_in_parallel
from tournament.api.auth import issue_token

pytestmark = [
    pytest.mark.postgres,
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(
        connection.vendor != "postgresql", reason="parallel writers need PostgreSQL (CI runs it)"
    ),
]


@pytest.fixture
def two_desks(db) -> tuple[str, str]:
    """Two cashiers, each with his own open shift on his own cash box."""
    return issue_token(make_staff("anna", "desk")), issue_token(make_staff("bernd", "desk"))


@pytest.fixture
def sold(api, two_desks) -> tuple[int, list[int]]:
    """A tournament of 50 + 5 with rebuys at 20, and eight buy-ins sold: a pool of 400."""
    tid = api.post("/tournaments", {"name": "Zwei Kassen", "buy_in": "50", "fee": "5"}).json()["id"]
    settings = {"rebuy_price": "20", "rebuy_chips": 10000}
    assert api.patch(f"/tournaments/{tid}/payouts/settings", settings).status_code == 200
    desk = ApiClient(two_desks[0])
    rows = [
        desk.post(f"/tournaments/{tid}/entries", {"name": f"Spieler {n}"}).json() for n in range(8)
    ]
    assert pools_agree(api, tid) == Decimal("400.00")
    return tid, [r["payment"]["id"] for r in rows]


def test_one_desk_reversing_while_the_other_sells_keeps_the_pools_equal(api, two_desks, sold):
    tid, rows = sold
    first, second = two_desks
    entries = dict(LedgerRow.objects.filter(pk__in=rows).values_list("pk", "entry_id"))
    calls = count()

    def one_desk_or_the_other():
        n = next(calls)
        if n % 2:  # the first desk takes back four buy-ins, one after the other
            desk = ApiClient(first)
            return [
                desk.post(f"/ledger/{row}/reverse", {"reason": "Fehlbuchung"}).status_code
                for row in rows[:4]
            ]
        desk = ApiClient(second)  # the second sells two buy-ins and two rebuys
        return [
            desk.post(f"/tournaments/{tid}/entries", {"name": f"Neu {n}"}).status_code,
            desk.post(f"/entries/{entries[rows[5]]}/rebuys", {"count": 1}).status_code,
            desk.post(f"/tournaments/{tid}/entries", {"name": f"Neu {n} b"}).status_code,
            desk.post(f"/entries/{entries[rows[6]]}/rebuys", {"count": 1}).status_code,
        ]

    answers = run_in_parallel(2, one_desk_or_the_other)
    assert Counter(code for codes in answers for code in codes) == {201: 8}
    # 400 - 4 x 50 + 2 x 50 + 2 x 20
    assert pools_agree(api, tid) == Decimal("340.00")
    places = api.get(f"/tournaments/{tid}/payouts").json()["places"]
    assert sum(Decimal(p["amount"]) for p in places) == Decimal("340.00")


def test_two_desks_reversing_the_same_buy_in_at_once_take_it_out_once(api, two_desks, sold):
    tid, rows = sold
    tokens = iter(two_desks)
    answers = run_in_parallel(
        2, lambda: ApiClient(next(tokens)).post(f"/ledger/{rows[0]}/reverse", {"reason": "doppelt"})
    )
    assert sorted(a.status_code for a in answers) == [201, 409]
    assert pools_agree(api, tid) == Decimal("350.00")
