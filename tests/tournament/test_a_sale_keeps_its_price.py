"""A sale keeps its price (README "Cash desk"): each entry keeps the price, fee
and chips it was sold with; an edit of the tournament's buy-in, fee or stack
applies to what is sold next, and the edit form says so before saving."""

from __future__ import annotations

from decimal import Decimal

import pytest
from django.test import Client

from cashdesk.models import LedgerRow
from tests.cashdesk.test_one_money_truth import pools_agree
from tournament.models import Entry, Tournament
from tournament.summary import tournament_summary

pytestmark = pytest.mark.django_db

# The edit form of the ``tournament`` fixture as it stands.
EDIT = {
    "name": "Friday Freezeout",
    "table_size": 9,
    "starting_stack": 20000,
    "buy_in": "50",
    "fee": "5",
    "final_table_size": 9,
    "rulebook": "tda2019",
    "tie_rule": "share",
    "late_registration_levels": 4,
    "max_entries": 1,
    "display_names": "initial",
}


def _sold(client, tid: int, *names: str) -> list[dict]:
    made = [client.post(f"/tournaments/{tid}/entries", {"name": n}) for n in names]
    assert all(r.status_code == 201 for r in made), [r.content for r in made]
    return [r.json() for r in made]


@pytest.fixture
def three_sold(desk_api, tournament) -> list[dict]:
    """Three buy-ins at 50 + 5 with 20,000 chips each."""
    return _sold(desk_api, tournament["id"], "Anna Keller", "Bernd Schulz", "Clara Wolf")


def test_every_entry_keeps_the_price_fee_and_chips_it_was_sold_with(tournament, three_sold):
    entry = Entry.objects.get(pk=three_sold[0]["id"])
    assert (entry.paid_price, entry.paid_fee, entry.paid_chips) == (50, 5, 20000)


def test_an_edit_of_buy_in_and_stack_applies_to_the_next_sales_only(
    api, desk_api, tournament, three_sold
):
    tid = tournament["id"]
    edited = api.patch(f"/tournaments/{tid}", {"buy_in": "80", "starting_stack": 30000})
    assert edited.status_code == 200, edited.content
    t = Tournament.objects.get(pk=tid)
    assert pools_agree(api, tid) == Decimal("150.00")
    assert tournament_summary(t)["average_stack"] == 20000
    fourth = _sold(desk_api, tid, "Dieter Roth")[0]
    assert fourth["payment"]["amount"] == "85.00"
    assert LedgerRow.objects.get(pk=three_sold[0]["payment"]["id"]).amount == 55
    assert pools_agree(api, tid) == Decimal("230.00")
    summary = tournament_summary(t)
    assert summary["chips_in_play"] == 3 * 20000 + 30000
    assert summary["average_stack"] == (3 * 20000 + 30000) // 4


def test_the_edit_form_says_in_german_what_stays_as_sold_before_saving(
    director, tournament, three_sold
):
    tid = tournament["id"]
    client = Client(HTTP_ACCEPT_LANGUAGE="de")
    client.force_login(director)
    form = {**EDIT, "buy_in": "120", "starting_stack": 30000}
    asked = client.post(f"/tournaments/{tid}/edit/", form)
    assert asked.status_code == 200
    page = asked.content.decode().replace("\xa0", " ")
    assert "3 Einträge bleiben bei 50 € + 5 €." in page
    assert "3 Einträge behalten ihren Stack von 20.000 Chips." in page
    assert Tournament.objects.get(pk=tid).buy_in == 50  # nothing saved yet
    saved = client.post(f"/tournaments/{tid}/edit/", {**form, "confirmed": "1"})
    assert saved.status_code == 302
    t = Tournament.objects.get(pk=tid)
    assert (t.buy_in, t.starting_stack) == (120, 30000)
    assert tournament_summary(t)["average_stack"] == 20000


def test_an_edit_that_changes_no_price_asks_nothing(director, tournament, three_sold):
    client = Client()
    client.force_login(director)
    assert client.post(f"/tournaments/{tournament['id']}/edit/", EDIT).status_code == 302
