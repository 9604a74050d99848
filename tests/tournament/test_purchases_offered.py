"""A tournament sells only the rebuys and add-ons it offers, one or more at a
time (README "Rebuys and add-ons"): anything else is refused with the reason
and nothing is counted or booked."""

from __future__ import annotations

import pytest
from django.urls import reverse

from cashdesk.models import LedgerRow
from tests.cashdesk.conftest import signed_in
from tournament.models import Entry

pytestmark = pytest.mark.django_db


@pytest.fixture
def entry(desk_api, tournament) -> dict:
    answer = desk_api.post(f"/tournaments/{tournament['id']}/entries", {"name": "Rita Rebuy"})
    assert answer.status_code == 201, answer.content
    return answer.json()


def offer(api, tournament, **settings) -> None:
    answer = api.patch(f"/tournaments/{tournament['id']}/payouts/settings", settings)
    assert answer.status_code == 200, answer.content


def _nothing_booked_for(entry: dict) -> None:
    stored = Entry.objects.get(pk=entry["id"])
    assert (stored.rebuys, stored.addons) == (0, 0)
    assert LedgerRow.objects.filter(entry_id=entry["id"]).count() == 1  # the buy-in alone


@pytest.mark.parametrize(
    ("kind", "english", "german"),
    [
        ("rebuys", "This tournament offers no rebuys.", "Dieses Turnier bietet keine Rebuys an."),
        (
            "addons",
            "This tournament offers no add-ons.",
            "Dieses Turnier bietet keine Add-ons an.",
        ),
    ],
)
def test_a_purchase_the_tournament_does_not_offer_is_refused_with_the_reason(
    desk_api, entry, kind, english, german
):
    answer = desk_api.post(f"/entries/{entry['id']}/{kind}", {})
    assert answer.status_code == 409
    assert answer.json()["detail"] == english
    in_german = desk_api.client.post(
        f"/api/v1/entries/{entry['id']}/{kind}",
        data="{}",
        content_type="application/json",
        headers={"accept-language": "de"},
        **desk_api.headers,
    )
    assert (in_german.status_code, in_german.json()["detail"]) == (409, german)
    _nothing_booked_for(entry)


def test_a_limit_of_none_per_entry_offers_none(api, desk_api, tournament, entry):
    offer(api, tournament, rebuy_price="50", rebuy_chips=20000, rebuy_limit=0)
    answer = desk_api.post(f"/entries/{entry['id']}/rebuys", {})
    assert (answer.status_code, answer.json()["detail"]) == (
        409,
        "This tournament offers no rebuys.",
    )
    _nothing_booked_for(entry)


def test_a_free_rebuy_of_chips_is_offered(api, desk_api, tournament, entry):
    offer(api, tournament, rebuy_chips=10000)
    answer = desk_api.post(f"/entries/{entry['id']}/rebuys", {})
    assert answer.status_code == 201, answer.content
    assert Entry.objects.get(pk=entry["id"]).rebuys == 1


@pytest.mark.parametrize("count", [0, -1, -5])
def test_a_count_below_one_is_refused_in_the_readers_language(
    api, desk_api, tournament, entry, count
):
    offer(api, tournament, rebuy_price="50", rebuy_fee="5", rebuy_chips=20000)
    answer = desk_api.client.post(
        f"/api/v1/entries/{entry['id']}/rebuys",
        data=f'{{"count": {count}}}',
        content_type="application/json",
        headers={"accept-language": "de"},
        **desk_api.headers,
    )
    assert answer.status_code == 422
    assert answer.json()["field"] == "count"
    assert "mindestens 1" in answer.json()["detail"].lower()
    _nothing_booked_for(entry)


def test_the_prize_pool_page_offers_only_what_the_tournament_sells(
    api, desk_user, tournament, entry
):
    page = signed_in(desk_user)
    url = reverse("payouts", args=[tournament["id"]])
    purchases = reverse("payouts-purchase", args=[tournament["id"]])
    assert purchases not in page.get(url).content.decode()
    offer(api, tournament, addon_price="20", addon_chips=10000)
    html = page.get(url).content.decode()
    assert purchases in html
    assert 'value="addon"' in html and 'value="rebuy"' not in html
    assert 'min="-100"' not in html and "negative count" not in html


def test_the_prize_pool_page_refuses_a_purchase_not_offered(desk_user, tournament, entry):
    page = signed_in(desk_user)
    answer = page.post(
        reverse("payouts-purchase", args=[tournament["id"]]),
        {"entry": entry["id"], "kind": "rebuy", "count": 1},
        follow=True,
    )
    assert "This tournament offers no rebuys." in answer.content.decode()
    assert Entry.objects.get(pk=entry["id"]).rebuys == 0


def test_the_prize_pool_page_refuses_a_negative_count(api, desk_user, tournament, entry):
    offer(api, tournament, rebuy_price="50", rebuy_chips=20000)
    assert api.post(f"/entries/{entry['id']}/rebuys", {}).status_code == 201
    page = signed_in(desk_user)
    page.post(
        reverse("payouts-purchase", args=[tournament["id"]]),
        {"entry": entry["id"], "kind": "rebuy", "count": -1},
    )
    assert Entry.objects.get(pk=entry["id"]).rebuys == 1
    assert LedgerRow.objects.filter(entry_id=entry["id"]).count() == 2
