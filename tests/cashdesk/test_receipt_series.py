"""Receipt numbers per series (README "Cash desk"): each cash box counts its
own receipts, gapless from 1, whatever tournament the money was for; money that
passed no drawer counts in its tournament's series; the rows booked before the
series keep their numbers."""

from __future__ import annotations

from collections import defaultdict
from decimal import Decimal

import pytest

from cashdesk.models import Kind, LedgerRow, Method
from cashdesk.services.ledger import ledger_append
from tournament.writes import HOUSE, scopes, write

pytestmark = pytest.mark.django_db


def _register(client, tournament_id: int, name: str, **body) -> dict:
    answer = client.post(f"/tournaments/{tournament_id}/entries", {"name": name, **body})
    assert answer.status_code == 201, answer.content
    return answer.json()["payment"]


def test_two_desks_at_two_boxes_for_two_tournaments_each_count_their_own(api, desk_api):
    first = api.post("/tournaments", {"name": "Montag", "buy_in": "20"}).json()["id"]
    second = api.post("/tournaments", {"name": "Dienstag", "buy_in": "30"}).json()["id"]
    paid = [
        _register(api, first, "Anna"),
        _register(desk_api, second, "Bernd"),
        _register(desk_api, first, "Clara"),
        _register(api, second, "Dieter"),
        _register(desk_api, first, "Erna", payment={"method": "card"}),
    ]
    by_box: dict[str, list[int]] = defaultdict(list)
    for payment in paid:
        row = LedgerRow.objects.get(pk=payment["id"])
        assert payment["receipt"] == f"{row.cash_box_id}-{row.receipt_number}"
        by_box[row.cash_box.name].append(payment["receipt_number"])
    # The director's box and the desk's: each from 1, card or cash, any tournament.
    assert dict(by_box) == {"Kasse dora": [1, 2], "Kasse dana": [1, 2, 3]}


def test_money_that_passed_no_drawer_counts_in_its_tournaments_series(api):
    """The house books without a shift (a task, a token of no user): no box."""
    tid = api.post("/tournaments", {"name": "Ohne Kasse", "buy_in": "20"}).json()["id"]
    entries = [_register(api, tid, name) for name in ("Fritz", "Gustav")]
    rows = []
    for paid in entries:
        entry = LedgerRow.objects.get(pk=paid["id"]).entry
        with write(scopes.tournament(tid), by=HOUSE) as w:
            rows.append(
                ledger_append(
                    w, kind=Kind.BOUNTY, amount=Decimal("5"), method=Method.CARD, entry=entry
                )
            )
            w.record("ledger")
    assert [row.receipt for row in rows] == [f"T{tid}-1", f"T{tid}-2"]
    assert {row.cash_box for row in rows} == {None}


def test_a_receipt_booked_before_the_series_reads_as_it_did(api):
    tid = api.post("/tournaments", {"name": "Alt", "buy_in": "20"}).json()["id"]
    paid = _register(api, tid, "Hanna")
    # A row of the room's one old sequence, as the migration leaves it.
    old = LedgerRow.objects.filter(pk=paid["id"])
    row = old.get()
    row.receipt_series, row.receipt_number = "", 317
    assert row.receipt == "317"
