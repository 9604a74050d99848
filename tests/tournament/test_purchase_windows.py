"""Rebuys and add-ons follow the tournament's limits, decided from the clock at the
moment of the request (README "How a floor action flows")."""

from __future__ import annotations

import pytest

from clock.services import clock_state
from tests.clock.test_clock_boundary_tasks import MINUTE, STRUCTURE, T0
from tournament.models import Entry

pytestmark = pytest.mark.django_db

AFTER_LEVEL_4 = T0 + 4 * 10 * MINUTE + MINUTE  # one minute into the break after level 4
LEVEL_5 = T0 + 4 * 10 * MINUTE + 5 * MINUTE + MINUTE


@pytest.fixture
def clock_at(api, tournament, monkeypatch):
    now = {"ms": T0}
    monkeypatch.setattr(clock_state, "now", lambda: now["ms"])
    assert api.put(f"/tournaments/{tournament['id']}/structure", STRUCTURE).status_code == 200
    assert api.post(f"/tournaments/{tournament['id']}/clock/start").status_code == 200

    def move(ms: int) -> None:
        now["ms"] = ms

    return move


OFFERED = {"rebuy_price": "50", "rebuy_chips": 20000, "addon_price": "20", "addon_chips": 10000}


@pytest.fixture
def entry(api, tournament) -> int:
    # A tournament sells only the purchases it offers (README "Rebuys and add-ons").
    limits(api, tournament, **OFFERED)
    return api.post(f"/tournaments/{tournament['id']}/entries", {"name": "Rita"}).json()["id"]


def limits(api, tournament, **settings) -> None:
    response = api.patch(f"/tournaments/{tournament['id']}/payouts/settings", settings)
    assert response.status_code == 200, response.content


def buy(api, entry: int, kind: str, count: int = 1):
    return api.post(f"/entries/{entry}/{kind}", {"count": count})


def test_rebuys_stop_at_the_limit_per_entry(api, tournament, entry, clock_at):
    limits(api, tournament, rebuy_limit=2)
    assert buy(api, entry, "rebuys", 2).status_code == 201
    refused = buy(api, entry, "rebuys")
    assert refused.status_code == 409
    assert "as many as the tournament allows" in refused.json()["detail"]
    assert Entry.objects.get(pk=entry).rebuys == 2


def test_rebuys_end_with_the_rebuy_period(api, tournament, entry, clock_at):
    limits(api, tournament, rebuy_until_level=4)
    clock_at(AFTER_LEVEL_4)
    assert buy(api, entry, "rebuys").status_code == 201  # the break after the last level
    clock_at(LEVEL_5)
    refused = buy(api, entry, "rebuys")
    assert refused.status_code == 409
    assert refused.json()["detail"] == "The rebuy period is over."
    assert Entry.objects.get(pk=entry).rebuys == 1


def test_one_add_on_and_only_at_its_break(api, tournament, entry, clock_at):
    limits(api, tournament, addon_after_level=4)
    early = buy(api, entry, "addons")
    assert early.status_code == 409
    assert "after level 4" in early.json()["detail"]
    clock_at(AFTER_LEVEL_4)
    assert buy(api, entry, "addons").status_code == 201
    assert buy(api, entry, "addons").status_code == 409  # one add-on per entry
    clock_at(LEVEL_5)
    assert buy(api, entry, "addons").status_code == 409
    assert Entry.objects.get(pk=entry).addons == 1


def test_a_mistaken_add_on_is_reversed_in_the_ledger_not_sold_negative(
    api, tournament, entry, clock_at
):
    limits(api, tournament, addon_after_level=4)
    clock_at(AFTER_LEVEL_4)
    sold = buy(api, entry, "addons")
    assert sold.status_code == 201
    clock_at(LEVEL_5)
    negative = buy(api, entry, "addons", -1)
    assert negative.status_code == 422
    assert negative.json()["field"] == "count"
    assert Entry.objects.get(pk=entry).addons == 1
    row = sold.json()["payment"]["id"]
    assert api.post(f"/ledger/{row}/reverse", {"reason": "wrong player"}).status_code == 201


def test_the_counter_cannot_overflow_without_any_limit_set(api, tournament, entry):
    limits(api, tournament, rebuy_limit=None)
    for _ in range(10):
        assert buy(api, entry, "rebuys", 100).status_code == 201
    assert buy(api, entry, "rebuys", 1).status_code == 409
    assert Entry.objects.get(pk=entry).rebuys == 1000


def test_the_limits_are_shown_and_cleared_through_the_api(api, tournament):
    limits(api, tournament, rebuy_limit=3, addon_after_level=6)
    response = api.patch(f"/tournaments/{tournament['id']}/payouts/settings", {"rebuy_limit": None})
    assert response.json()["purchase_limits"] == {
        "rebuy_limit": None,
        "rebuy_until_level": None,
        "addon_limit": 1,
        "addon_after_level": 6,
        # Nothing priced and no chips: neither is sold.
        "rebuy_offered": False,
        "addon_offered": False,
    }
