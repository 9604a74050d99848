"""Floor pages as a tablet user sees them."""

from __future__ import annotations

import re

import pytest
from django.test import Client
from floor_page import floor_page

from tables.models import Move
from tests.tables.test_floor_api import start

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
    page = floor_page(signed_in(floor_user), game["id"])
    assert page.status == 200
    assert page.cards == [1, 2]
    for number in (1, 2):
        table = page.table(number)
        assert table["button_seat"] and table["small_blind_seat"] and table["big_blind_seat"]
    assert page.tablet["labels"]["button_title"] == "Button in the hand now being played"


def test_floor_map_speaks_german(game, floor_user):
    client = signed_in(floor_user)
    client.cookies["django_language"] = "de"
    page = floor_page(client, game["id"])
    assert page.tablet["labels"]["table"] == "Tisch"
    assert "Spieler" in page.tablet["labels"]["counts"]["other"]
    assert "<h1>Floor" in page.html and 'lang="de"' in page.html


def test_busting_from_the_seat_panel_plans_the_balancing_move(game, api, floor_user):
    client = signed_in(floor_user)
    table_one = api.get(f"/tournaments/{game['id']}/tables").json()[0]
    for player in table_one["players"][:2]:
        panel = client.get(f"/floor/tables/{table_one['id']}/seats/{player['seat']}/")
        assert player["name"] in panel.content.decode()
        response = client.post(f"/floor/entries/{player['entry']}/bust/")
        assert response.status_code == 302
    move = Move.objects.get(status="pending")
    page = floor_page(client, game["id"])
    assert [m["name"] for m in page.snapshot["moves"]] == [move.entry.player.name]
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
    tournament = api.post(
        "/tournaments",
        {
            "name": "Breaking",
            "break_during_registration": True,
            "options": {"late_entry_seats": 0},
        },
    ).json()
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
    page = floor_page(signed_in(director), tournament["id"])
    assert broken[0]["number"] in page.cards
    assert page.table(broken[0]["number"])["status"] == "broken"


def test_the_floor_is_told_when_a_keep_apart_pair_cannot_be_kept_apart(api, director):
    tournament = api.post("/tournaments", {"name": "Families"}).json()
    api.post(f"/tournaments/{tournament['id']}/tables", {"count": 1})
    a = api.post(f"/tournaments/{tournament['id']}/entries", {"name": "Eva Hoffmann"}).json()
    b = api.post(f"/tournaments/{tournament['id']}/entries", {"name": "Felix Hoffmann"}).json()
    api.post(f"/tournaments/{tournament['id']}/keep-apart", {"entries": [a["id"], b["id"]]})
    api.post(f"/tournaments/{tournament['id']}/draw")
    page = floor_page(signed_in(director), tournament["id"])
    assert page.alert("kept_apart_together") == {
        "kind": "kept_apart_together",
        "pairs": [{"first": "Eva Hoffmann", "second": "Felix Hoffmann", "table": 1}],
    }
    assert page.tablet["labels"]["kept_apart_title"] == "Players to be kept apart sit at one table"


def test_the_seat_panel_has_no_stack_field_for_a_single_bust(game, api, floor_user):
    """Outside hand-for-hand a stack decides nothing for one bust: the tablet
    shows the field only when the floor says others busted in the same hand."""
    table = api.get(f"/tournaments/{game['id']}/tables").json()[0]
    html = (
        signed_in(floor_user)
        .get(f"/floor/tables/{table['id']}/seats/{table['players'][0]['seat']}/")
        .content.decode()
    )
    before_details, inside_details = html.split('<details class="same-hand">', 1)
    assert 'type="number"' not in before_details
    assert "busted in the same hand" in inside_details
    # The heading, not a field, takes the dialog's focus.
    assert '<h2 tabindex="-1" autofocus>' in html
    assert html.count("autofocus") == 1


def test_two_players_busted_in_one_hand_from_one_seat_panel(game, api, floor_user):
    table = api.get(f"/tournaments/{game['id']}/tables").json()[0]
    short, deep = table["players"][0]["entry"], table["players"][1]["entry"]
    response = signed_in(floor_user).post(
        f"/floor/entries/{short}/bust/",
        {"same_hand": [deep], f"stack-{short}": "3000", f"stack-{deep}": "9000"},
        follow=True,
    )
    assert "2 players busted in one hand:" in response.content.decode()
    places = {e["id"]: e["place"] for e in api.get(f"/tournaments/{game['id']}/entries").json()}
    # The bigger stack at the start of the hand finishes higher.
    assert places[deep] == 17 and places[short] == 18


def test_same_hand_busts_without_stacks_are_refused_and_change_nothing(game, api, floor_user):
    table = api.get(f"/tournaments/{game['id']}/tables").json()[0]
    first, second = table["players"][0]["entry"], table["players"][1]["entry"]
    response = signed_in(floor_user).post(
        f"/floor/entries/{first}/bust/", {"same_hand": [second]}, follow=True
    )
    assert "stack at the start of the hand" in response.content.decode()
    statuses = {e["id"]: e["status"] for e in api.get(f"/tournaments/{game['id']}/entries").json()}
    assert statuses[first] == statuses[second] == "seated"


def test_the_seat_shows_a_running_penalty_and_the_clock_can_be_called_from_it(
    game, api, floor_user
):
    client = signed_in(floor_user)
    table = api.get(f"/tournaments/{game['id']}/tables").json()[0]
    player = table["players"][2]
    api.post(
        f"/tournaments/{game['id']}/rulings",
        {
            "category": "etiquette",
            "situation": "Swore at the dealer.",
            "decision": "One round.",
            "penalty": {"entry": player["entry"], "kind": "missed_rounds", "count": 1},
        },
    )
    seated = floor_page(client, game["id"]).table(table["number"])["players"]
    assert next(p for p in seated if p["seat"] == player["seat"])["penalty"]["hands_left"] == 9
    panel = client.get(f"/floor/tables/{table['id']}/seats/{player['seat']}/").content.decode()
    assert "Penalty: 9 hands left" in panel
    back = f"/tournaments/{game['id']}/floor/#table-{table['number']}"
    response = client.post(
        f"/tournaments/{game['id']}/clock/call/",
        {"table": table["number"], "seat": player["seat"], "facing_action": "on", "next": back},
    )
    assert response.status_code == 302 and response["Location"] == back
    panel = client.get(f"/floor/tables/{table['id']}/seats/{player['seat']}/").content.decode()
    assert "The clock is called on this player." in panel


def test_a_foreign_next_address_is_not_followed(game, api, floor_user):
    table = api.get(f"/tournaments/{game['id']}/tables").json()[0]
    response = signed_in(floor_user).post(
        f"/floor/tables/{table['id']}/hand/", {"next": "https://evil.example/"}
    )
    assert response["Location"] == f"/tournaments/{game['id']}/floor/"


def drawn(api, *, tables: int, players: int) -> dict:
    """A drawn floor whose tables break by the book, registration open or not."""
    return start(api, players=players, tables=tables)


def test_all_moves_of_a_broken_table_are_done_at_once(api, floor_user):
    tournament = drawn(api, tables=3, players=16)
    broken = api.get(f"/tournaments/{tournament['id']}/tables").json()[2]
    api.post(f"/tables/{broken['id']}/break")
    pending = list(
        Move.objects.filter(status="pending", from_table_id=broken["id"]).select_related(
            "entry__player"
        )
    )
    assert len(pending) == len(broken["players"]) == 5
    client = signed_in(floor_user)
    # The tablet offers "All 5 done" with every move listed in its confirmation
    # (floor.js, from these; tests/screens/test_floor_tablet_browser.py).
    page = floor_page(client, tournament["id"])
    assert {m["entry"] for m in page.snapshot["moves"]} == {m.entry_id for m in pending}
    assert {m["from_table"] for m in page.snapshot["moves"]} == {3}
    assert page.tablet["labels"]["confirm_group"]["other"] == (
        "Carry out these {count} moves from table {table}?"
    )
    response = client.post(f"/floor/tables/{broken['id']}/moves-done/", follow=True)
    assert "5 moves carried out." in response.content.decode()
    assert not Move.objects.filter(status="pending").exists()
    seated = api.get(f"/tournaments/{tournament['id']}/tables").json()
    assert [len(t["players"]) for t in seated if t["status"] == "open"] == [8, 8]


def test_all_moves_done_when_none_wait_is_refused(game, api, floor_user):
    table = api.get(f"/tournaments/{game['id']}/tables").json()[0]
    response = signed_in(floor_user).post(f"/floor/tables/{table['id']}/moves-done/", follow=True)
    assert "No player waits to move away from this table." in response.content.decode()


def edit_form(**changes) -> dict:
    return {
        "name": "Break test",
        "table_size": 9,
        "starting_stack": 20000,
        "buy_in": "0",
        "fee": "0",
        "final_table_size": 9,
        "rulebook": "tda2019",
        "tie_rule": "share",
        "late_registration_levels": 0,
        "max_entries": 1,
        "display_names": "nickname",
        "currency": "EUR",
        **changes,
    }


def test_a_smaller_table_size_says_what_follows_before_it_saves(api, director):
    tournament = drawn(api, tables=3, players=16)
    client = signed_in(director)
    url = f"/tournaments/{tournament['id']}/edit/"
    # 16 players at 6, 5 and 5: with 8 a table two tables hold them all.
    warned = client.post(url, edit_form(table_size=8, final_table_size=8))
    html = warned.content.decode()
    assert warned.status_code == 200
    assert "5 players have to move to balance the tables." in html
    assert "Table 3 breaks." in html
    assert 'name="confirmed" value="1"' in html
    assert api.get(f"/tournaments/{tournament['id']}").json()["table_size"] == 9
    assert not Move.objects.exists()

    confirmed = client.post(url, edit_form(table_size=8, final_table_size=8, confirmed="1"))
    assert confirmed.status_code == 302
    assert api.get(f"/tournaments/{tournament['id']}").json()["table_size"] == 8
    # The floor sees the moves at once, not after the next bust.
    assert Move.objects.filter(status="pending").count() == 5


def test_a_table_size_change_before_the_draw_saves_without_a_warning(api, director):
    tournament = api.post("/tournaments", {"name": "Break test"}).json()
    response = signed_in(director).post(
        f"/tournaments/{tournament['id']}/edit/", edit_form(table_size=8)
    )
    assert response.status_code == 302


def test_a_tablet_can_show_one_area_of_the_floor(game, api, floor_user):
    client = signed_in(floor_user)
    page = floor_page(client, game["id"], "?tables=2")
    assert page.cards == [2] and page.tablet["area"] == [2]  # the socket keeps to the area
    bad = client.get(f"/tournaments/{game['id']}/floor/", {"tables": "x-3"})
    assert bad.status_code == 400 and "1-10" in bad.content.decode()


def test_undoing_a_bust_from_the_history_asks_first_naming_the_player(game, api, floor_user):
    client = signed_in(floor_user)
    player = api.get(f"/tournaments/{game['id']}/tables").json()[0]["players"][0]
    client.post(f"/floor/entries/{player['entry']}/bust/")
    history = client.get(f"/tournaments/{game['id']}/floor/history/").content.decode()
    # The history's own undo (the bust message above it carries one of its own).
    rows = history[history.index("<tbody") :]
    asks = re.search(r'data-confirm="([^"]*)"', rows)
    assert asks is not None
    assert player["name"] in asks[1] and "back in play" in asks[1]


def test_the_tablet_sends_its_actions_with_fetch_and_reads_the_answer_in_its_language(
    game, api, floor_user, desk_user
):
    """floor.js sends the seat panel's and the map's forms with fetch (README
    "Screen messages"): the same endpoints answer JSON, never a redirect."""
    from tournament.models import ActionLog

    client = signed_in(floor_user)
    client.cookies["django_language"] = "de"
    player = api.get(f"/tournaments/{game['id']}/tables").json()[0]["players"][0]
    url = f"/floor/entries/{player['entry']}/bust/"
    answer = client.post(url, HTTP_ACCEPT="application/json")
    assert answer.status_code == 200
    bust = ActionLog.objects.get(kind="bust")
    assert answer.json() == {
        "messages": [
            {
                "level": "success",
                "text": f"{player['name']} ausgeschieden – Platz 18",
                "tags": f"undo-{bust.pk}",
            }
        ]
    }
    # Said once: the next page does not say it again.
    assert "ausgeschieden – Platz" not in client.get(f"/tournaments/{game['id']}/").content.decode()
    again = client.post(url, HTTP_ACCEPT="application/json")
    assert again.status_code == 409
    assert again.json() == {"detail": "Dieser Spieler ist bereits aus dem Turnier ausgeschieden."}
    refused = signed_in(desk_user).post(url, HTTP_ACCEPT="application/json")
    assert refused.status_code == 403 and refused.json()["detail"]
    signed_out = Client().post(url, HTTP_ACCEPT="application/json")
    assert signed_out.status_code == 401 and signed_out.json()["detail"]
    undone = client.post(f"/floor/history/{bust.pk}/undo/", HTTP_ACCEPT="application/json")
    assert undone.status_code == 200
    assert undone.json()["messages"][0]["text"].startswith("Ausscheiden zurückgenommen")
    statuses = {e["id"]: e["status"] for e in api.get(f"/tournaments/{game['id']}/entries").json()}
    assert statuses[player["entry"]] == "seated"
