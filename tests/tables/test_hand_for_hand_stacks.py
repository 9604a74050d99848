"""Hand-for-hand busts are ranked by stack, never by the order tables report
them (README "How a floor action flows"; IFP 4.27, BDPV Turnierreglement 28)."""

from __future__ import annotations

import pytest
from django.urls import reverse
from django.utils import translation

from tests.tables.test_floor_api import start, tables_of

pytestmark = pytest.mark.django_db


def hand_for_hand(api, players: int = 27, tables: int = 3) -> tuple[dict, list[dict]]:
    game = start(api, players=players, tables=tables)
    assert api.put(f"/tournaments/{game['id']}/hand-for-hand", {"on": True}).status_code == 200
    return game, tables_of(api, game["id"])


def test_a_hand_for_hand_bust_without_a_stack_is_a_422_naming_the_field_and_busts_nobody(api):
    game, tables = hand_for_hand(api)
    first = tables[0]["players"][0]["entry"]
    response = api.post(f"/entries/{first}/bust")
    assert response.status_code == 422
    assert response.json()["detail"].startswith("starting_stack:")
    entries = {e["id"]: e for e in api.get(f"/tournaments/{game['id']}/entries").json()}
    assert entries[first]["status"] == "seated"


def test_two_tables_reporting_one_by_one_get_places_26_and_27_by_stack(api):
    game, tables = hand_for_hand(api)
    small = tables[0]["players"][0]["entry"]
    big = tables[1]["players"][0]["entry"]
    assert api.post(f"/entries/{small}/bust", {"starting_stack": 500}).status_code == 200
    assert api.post(f"/entries/{big}/bust", {"starting_stack": 800}).status_code == 200
    entries = {e["id"]: e for e in api.get(f"/tournaments/{game['id']}/entries").json()}
    assert (entries[big]["place"], entries[small]["place"]) == (26, 27)


def test_several_busts_in_one_call_without_stacks_are_a_422_naming_the_field(api):
    game = start(api, players=9, tables=1)
    seated = [p["entry"] for p in tables_of(api, game["id"])[0]["players"]]
    response = api.post(
        f"/tournaments/{game['id']}/busts",
        {"entries": [{"entry": seated[0]}, {"entry": seated[1], "starting_stack": 100}]},
    )
    assert response.status_code == 422
    assert "starting_stack" in response.json()["detail"]


def test_the_seat_panel_asks_for_the_stack_during_hand_for_hand(api, client, floor_user):
    game, tables = hand_for_hand(api, players=18, tables=2)
    client.force_login(floor_user)
    with translation.override("en"):
        page = client.get(reverse("seat-panel", args=[tables[0]["id"], 1])).content.decode()
    assert "hand for hand: required" in page
    occupant = tables[0]["players"][0]["entry"]
    assert f'name="stack-{occupant}" min="1" inputmode="numeric" required' in page
    # Nothing in the panel takes focus: a tablet would open its keyboard on every tap.
    assert "autofocus" not in page.split("<input", 1)[1]
