"""Floor pages as a tablet user sees them."""

from __future__ import annotations

import pytest
from django.test import Client

from tables.models import Move

pytestmark = pytest.mark.django_db


@pytest.fixture
def game(api):
    tournament = api.post("/tournaments", {"name": "Page test"}).json()
    api.post(f"/tournaments/{tournament['id']}/tables", {"count": 2})
    for i in range(18):
        api.post(f"/tournaments/{tournament['id']}/entries", {"name": f"Player {i:02}"})
    api.post(f"/tournaments/{tournament['id']}/draw")
    return tournament


def signed_in(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def test_floor_map_shows_every_table_with_button_and_blinds(game, floor_user):
    page = signed_in(floor_user).get(f"/tournaments/{game['id']}/floor/")
    assert page.status_code == 200
    html = page.content.decode()
    assert "Table 1" in html and "Table 2" in html
    assert html.count('title="Button in the hand now being played"') == 2


def test_floor_map_speaks_german(game, floor_user):
    client = signed_in(floor_user)
    client.cookies["django_language"] = "de"
    html = client.get(f"/tournaments/{game['id']}/floor/").content.decode()
    assert "Tisch 1" in html
    assert "Spieler" in html


def test_busting_from_the_seat_panel_plans_the_balancing_move(game, api, floor_user):
    client = signed_in(floor_user)
    table_one = api.get(f"/tournaments/{game['id']}/tables").json()[0]
    for player in table_one["players"][:2]:
        panel = client.get(f"/floor/tables/{table_one['id']}/seats/{player['seat']}/")
        assert player["name"] in panel.content.decode()
        response = client.post(f"/floor/entries/{player['entry']}/bust/")
        assert response.status_code == 302
    move = Move.objects.get(status="pending")
    html = client.get(f"/tournaments/{game['id']}/floor/").content.decode()
    assert move.entry.player.name in html and "move to carry out" in html
    assert client.post(f"/floor/moves/{move.pk}/done/").status_code == 302
    move.refresh_from_db()
    assert move.status == "done"


def test_a_refused_action_shows_why(game, api, floor_user):
    client = signed_in(floor_user)
    entry = api.get(f"/tournaments/{game['id']}/tables").json()[0]["players"][0]["entry"]
    client.post(f"/floor/entries/{entry}/bust/")
    response = client.post(f"/floor/entries/{entry}/bust/", follow=True)
    assert "already out" in response.content.decode()


def test_next_hand_can_be_undone_from_the_history(game, api, floor_user):
    client = signed_in(floor_user)
    table = api.get(f"/tournaments/{game['id']}/tables").json()[0]
    client.post(f"/floor/tables/{table['id']}/hand/")
    moved = api.get(f"/tournaments/{game['id']}/tables").json()[0]
    assert moved["big_blind_seat"] != table["big_blind_seat"]
    from tournament.models import ActionLog

    action = ActionLog.objects.get(kind="next_hand")
    assert client.post(f"/floor/history/{action.pk}/undo/").status_code == 302
    restored = api.get(f"/tournaments/{game['id']}/tables").json()[0]
    assert (restored["button_seat"], restored["big_blind_seat"], restored["hand"]) == (
        table["button_seat"],
        table["big_blind_seat"],
        table["hand"],
    )
    history = client.get(f"/tournaments/{game['id']}/floor/history/").content.decode()
    assert "undone" in history


def test_desk_staff_cannot_bust_from_the_floor_page(game, api, desk_user):
    entry = api.get(f"/tournaments/{game['id']}/tables").json()[0]["players"][0]["entry"]
    response = signed_in(desk_user).post(f"/floor/entries/{entry}/bust/")
    assert response.status_code == 403


def test_director_sets_the_breaking_order(game, director):
    client = signed_in(director)
    response = client.post(
        f"/tournaments/{game['id']}/floor/director/", {"action": "break_order", "order": "2 1"}
    )
    assert response.status_code == 302
    from tables.models import Table

    assert list(Table.objects.order_by("break_order").values_list("number", flat=True)) == [2, 1]
    bad = client.post(
        f"/tournaments/{game['id']}/floor/director/",
        {"action": "break_order", "order": "2 2"},
        follow=True,
    )
    assert "every open table number once" in bad.content.decode()


def test_moves_can_be_shown_in_large_type_for_announcing(game, api, director):
    table_one = api.get(f"/tournaments/{game['id']}/tables").json()[0]
    for player in table_one["players"][:2]:
        api.post(f"/entries/{player['entry']}/bust")
    page = signed_in(director).get(f"/tournaments/{game['id']}/floor/moves/?announce=1")
    move = Move.objects.get(status="pending")
    assert f"Table {move.to_table.number} Seat {move.to_seat}" in page.content.decode()


def test_a_breaking_table_stays_on_the_map_until_its_players_have_moved(api, director):
    tournament = api.post("/tournaments", {"name": "Breaking"}).json()
    api.post(f"/tournaments/{tournament['id']}/tables", {"count": 3})
    for i in range(19):
        api.post(f"/tournaments/{tournament['id']}/entries", {"name": f"Player {i:02}"})
    api.post(f"/tournaments/{tournament['id']}/draw")
    seated = api.get(f"/tournaments/{tournament['id']}/tables").json()[0]["players"][0]["entry"]
    api.post(f"/entries/{seated}/bust")
    broken = [
        t
        for t in api.get(f"/tournaments/{tournament['id']}/tables").json()
        if t["status"] == "broken"
    ]
    assert len(broken) == 1 and broken[0]["players"]
    html = signed_in(director).get(f"/tournaments/{tournament['id']}/floor/").content.decode()
    assert f'id="table-{broken[0]["number"]}"' in html
    assert "Breaking: players move" in html


def test_the_floor_is_told_when_a_keep_apart_pair_cannot_be_kept_apart(api, director):
    tournament = api.post("/tournaments", {"name": "Families"}).json()
    api.post(f"/tournaments/{tournament['id']}/tables", {"count": 1})
    a = api.post(f"/tournaments/{tournament['id']}/entries", {"name": "Eva Hoffmann"}).json()
    b = api.post(f"/tournaments/{tournament['id']}/entries", {"name": "Felix Hoffmann"}).json()
    api.post(f"/tournaments/{tournament['id']}/keep-apart", {"entries": [a["id"], b["id"]]})
    api.post(f"/tournaments/{tournament['id']}/draw")
    html = signed_in(director).get(f"/tournaments/{tournament['id']}/floor/").content.decode()
    assert "Players to be kept apart sit at one table" in html
    assert "Eva Hoffmann and Felix Hoffmann at table 1" in html
