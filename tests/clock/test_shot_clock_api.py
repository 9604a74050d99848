"""The shot clock: a timer on every decision with time-bank extensions per day.

Time moves by patching the clock services' ``now``, never by sleeping.
"""

from __future__ import annotations

import pytest
from django.test import Client

from clock.models import TimeBank
from screens.live_data import snapshot_extras
from tests.clock.clock_scenarios import FakeClock
from tournament.models import ActionLog, Entry, Tournament

# 2023-11-14 22:13:20 UTC, 23:13:20 in Berlin (TIME_ZONE): one hour later is
# the next playing day there, though still the same date in UTC.
T0 = 1_700_000_000_000
SETTINGS = {"enabled": True, "action_seconds": 30, "extension_seconds": 20, "extensions_per_day": 2}


@pytest.fixture
def fake_now(monkeypatch) -> FakeClock:
    return FakeClock(monkeypatch, T0)


@pytest.fixture
def game(api, tournament) -> dict:
    """One table, three seated players, the shot clock on."""
    t = tournament["id"]
    api.post(f"/tournaments/{t}/tables", {"count": 1, "seats": 9})
    for name in ("Ann Ash", "Bob Birch", "Cy Cedar"):
        api.post(f"/tournaments/{t}/entries", {"name": name})
    assert api.post(f"/tournaments/{t}/draw").status_code == 200
    table = api.get(f"/tournaments/{t}/tables").json()[0]
    response = api.put(f"/tournaments/{t}/shot-clock/settings", SETTINGS)
    assert response.status_code == 200, response.content
    names = {p["seat"]: p["name"] for p in table["players"]}
    return {"tournament": t, "table": table["id"], "seats": sorted(names), "names": names}


def start(api, game, seat: int | None = None, status: int = 201) -> dict:
    seat = game["seats"][0] if seat is None else seat
    response = api.post(f"/tables/{game['table']}/shot-clock", {"seat": seat})
    assert response.status_code == status, response.content
    return response.json()


def extend(api, turn: dict, status: int = 200) -> dict:
    response = api.post(f"/shot-clock/{turn['id']}/extend")
    assert response.status_code == status, response.content
    return response.json()


def test_a_turn_runs_for_the_configured_action_seconds(api, game, fake_now):
    turn = start(api, game)
    assert (turn["started_at"], turn["ends_at"]) == (T0, T0 + 30_000)
    assert (turn["remaining_ms"], turn["extensions_left"]) == (30_000, 2)
    assert (turn["seat"], turn["name"]) == (game["seats"][0], game["names"][game["seats"][0]])


def test_an_extension_adds_the_configured_seconds(api, game, fake_now):
    turn = start(api, game)
    fake_now.at(T0 + 25_000)
    extended = extend(api, turn)
    assert extended["ends_at"] == T0 + 30_000 + 20_000
    assert extended["remaining_ms"] == 25_000
    assert (extended["extensions_used"], extended["extensions_left"]) == (1, 1)


def test_a_player_has_the_configured_extensions_per_day_and_the_next_one_is_a_409(
    api, game, fake_now
):
    turn = start(api, game)
    extend(api, turn)
    second_turn = start(api, game)  # a later decision, same player, same day
    extend(api, second_turn)
    refused = extend(api, second_turn, status=409)
    assert refused["detail"] == "This player has no time-bank extensions left today."
    assert start(api, game)["extensions_left"] == 0


def test_extensions_left_are_counted_per_player(api, game, fake_now):
    extend(api, start(api, game, game["seats"][0]))
    extend(api, start(api, game, game["seats"][0]))
    other = extend(api, start(api, game, game["seats"][1]))
    assert other["extensions_left"] == 1


def test_a_new_local_day_gives_a_fresh_time_bank(api, game, fake_now):
    turn = start(api, game)
    extend(api, turn)
    extend(api, turn)
    fake_now.at(T0 + 3_600_000)  # 00:13 in Berlin: the next playing day, same UTC date
    turn = start(api, game)
    assert turn["extensions_left"] == 2
    assert extend(api, turn)["extensions_left"] == 1
    banks = TimeBank.objects.order_by("day").values_list("day", "extensions_left")
    assert [(day.isoformat(), left) for day, left in banks] == [
        ("2023-11-14", 0),
        ("2023-11-15", 1),
    ]


def test_an_extension_after_the_time_is_up_is_refused(api, game, fake_now):
    turn = start(api, game)
    fake_now.at(T0 + 30_000)
    refused = extend(api, turn, status=409)
    assert "Time is up" in refused["detail"]
    assert not TimeBank.objects.exists()  # the refused chip is not spent


def test_a_stopped_turn_is_over_and_cannot_be_extended(api, game, fake_now):
    turn = start(api, game)
    fake_now.at(T0 + 4_000)
    stopped = api.post(f"/shot-clock/{turn['id']}/stop")
    assert stopped.status_code == 200
    assert (stopped.json()["status"], stopped.json()["remaining_ms"]) == ("stopped", 0)
    assert extend(api, turn, status=409)["detail"] == "This shot clock turn is already over."
    assert api.post(f"/shot-clock/{turn['id']}/stop").status_code == 409


def test_a_new_turn_at_a_table_ends_the_one_running_there(api, game, fake_now):
    first = start(api, game, game["seats"][0])
    fake_now.at(T0 + 5_000)
    second = start(api, game, game["seats"][1])
    overview = api.get(f"/tournaments/{game['tournament']}/shot-clock").json()
    assert [t["id"] for t in overview["turns"]] == [second["id"]]
    assert extend(api, first, status=409)["detail"] == "This shot clock turn is already over."


def test_the_overview_shows_running_turns_and_every_players_extensions_left(api, game, fake_now):
    turn = extend(api, start(api, game))
    fake_now.at(T0 + 10_000)
    overview = api.get(f"/tournaments/{game['tournament']}/shot-clock").json()
    assert overview["settings"] == SETTINGS
    assert overview["day"] == "2023-11-14"
    assert overview["turns"][0]["id"] == turn["id"]
    assert overview["turns"][0]["remaining_ms"] == 40_000
    left = {p["seat"]: p["extensions_left"] for p in overview["players"]}
    assert left == {game["seats"][0]: 1, game["seats"][1]: 2, game["seats"][2]: 2}


def test_a_turn_that_ran_out_leaves_the_overview_after_half_a_minute(api, game, fake_now):
    start(api, game)
    fake_now.at(T0 + 30_000 + 30_000)
    assert api.get(f"/tournaments/{game['tournament']}/shot-clock").json()["turns"][0]["expired"]
    fake_now.at(T0 + 30_000 + 30_001)
    assert api.get(f"/tournaments/{game['tournament']}/shot-clock").json()["turns"] == []


def test_the_shot_clock_cannot_start_while_it_is_off(api, game, fake_now):
    off = {**SETTINGS, "enabled": False}
    assert api.put(f"/tournaments/{game['tournament']}/shot-clock/settings", off).status_code == 200
    refused = start(api, game, status=409)
    assert refused["detail"] == "The shot clock is off for this tournament."


def test_a_running_turn_keeps_its_seconds_when_the_settings_change(api, game, fake_now):
    turn = start(api, game)
    longer = {**SETTINGS, "action_seconds": 60, "extension_seconds": 60}
    api.put(f"/tournaments/{game['tournament']}/shot-clock/settings", longer)
    assert extend(api, turn)["ends_at"] == T0 + 30_000 + 20_000
    assert start(api, game)["ends_at"] == T0 + 60_000


def test_bad_input_gets_a_4xx_with_detail(api, game, fake_now):
    t, table = game["tournament"], game["table"]
    free_seat = next(s for s in range(1, 10) if s not in game["seats"])
    cases = [
        (api.post(f"/tables/{table}/shot-clock", {"seat": 0}), 422),
        (api.post(f"/tables/{table}/shot-clock", {}), 422),
        (api.post(f"/tables/{table}/shot-clock", {"seat": free_seat}), 409),
        (api.post(f"/tables/{table + 999}/shot-clock", {"seat": 1}), 404),
        (api.post("/shot-clock/999999/extend"), 404),
        (api.post("/shot-clock/999999/stop"), 404),
        (api.put(f"/tournaments/{t}/shot-clock/settings", {**SETTINGS, "action_seconds": 0}), 422),
        (api.put(f"/tournaments/{t}/shot-clock/settings", {"enabled": True}), 422),
        (api.get("/tournaments/999999/shot-clock"), 404),
    ]
    for response, status in cases:
        assert response.status_code == status, response.content
        assert response.json()["detail"]


def test_anonymous_requests_get_401(anonymous_api, api, game, fake_now):
    turn = start(api, game)
    t = game["tournament"]
    for response in (
        anonymous_api.get(f"/tournaments/{t}/shot-clock"),
        anonymous_api.put(f"/tournaments/{t}/shot-clock/settings", SETTINGS),
        anonymous_api.post(f"/tables/{game['table']}/shot-clock", {"seat": game["seats"][0]}),
        anonymous_api.post(f"/shot-clock/{turn['id']}/extend"),
        anonymous_api.post(f"/shot-clock/{turn['id']}/stop"),
    ):
        assert response.status_code == 401


def test_desk_staff_may_look_but_not_run_the_shot_clock(desk_api, api, game, fake_now):
    turn = start(api, game)
    t = game["tournament"]
    assert desk_api.get(f"/tournaments/{t}/shot-clock").status_code == 200
    for response in (
        desk_api.put(f"/tournaments/{t}/shot-clock/settings", SETTINGS),
        desk_api.post(f"/tables/{game['table']}/shot-clock", {"seat": game["seats"][0]}),
        desk_api.post(f"/shot-clock/{turn['id']}/extend"),
        desk_api.post(f"/shot-clock/{turn['id']}/stop"),
    ):
        assert response.status_code == 403
        assert response.json()["detail"]


def test_floor_staff_run_the_shot_clock_but_only_a_director_changes_the_settings(
    floor_api, game, fake_now
):
    turn = start(floor_api, game)
    assert extend(floor_api, turn)["extensions_left"] == 1
    assert floor_api.post(f"/shot-clock/{turn['id']}/stop").status_code == 200
    refused = floor_api.put(f"/tournaments/{game['tournament']}/shot-clock/settings", SETTINGS)
    assert refused.status_code == 403


def test_every_shot_clock_action_is_recorded_with_who(api, game, fake_now):
    turn = start(api, game)
    extend(api, turn)
    api.post(f"/shot-clock/{turn['id']}/stop")
    rows = ActionLog.objects.filter(kind__startswith="shot_clock").order_by("id")
    assert [r.kind for r in rows] == [
        "shot_clock_settings",
        "shot_clock_start",
        "shot_clock_extend",
        "shot_clock_stop",
    ]
    assert {r.by.username for r in rows} == {"dora"}


def test_the_public_snapshot_shows_the_running_turn_with_the_display_name_only(api, game, fake_now):
    turn = start(api, game)
    tournament = Tournament.objects.get(pk=game["tournament"])
    player = Entry.objects.get(pk=turn["entry"]).player
    public = snapshot_extras(tournament, public=True)["shot_clock"]
    floor = snapshot_extras(tournament, public=False)["shot_clock"]
    assert [t["id"] for t in public] == [turn["id"]]
    assert public[0]["name"] == player.public_name(tournament.display_names) != player.name
    assert floor[0]["name"] == player.name


# -- the floor page ----------------------------------------------------------


@pytest.fixture
def floor_client(floor_user) -> Client:
    client = Client()
    client.force_login(floor_user)
    return client


def test_the_floor_starts_extends_and_stops_from_the_page(floor_client, api, game, fake_now):
    page = f"/tournaments/{game['tournament']}/shot-clock/"
    seat = game["seats"][0]
    response = floor_client.post(page + "start/", {"table": game["table"], "seat": seat})
    assert response.status_code == 302
    turn = api.get(f"/tournaments/{game['tournament']}/shot-clock").json()["turns"][0]
    assert (turn["seat"], turn["ends_at"]) == (seat, T0 + 30_000)
    assert floor_client.post(page + "extend/", {"turn": turn["id"]}).status_code == 302
    assert floor_client.post(page + "extend/", {"turn": turn["id"]}).status_code == 302
    response = floor_client.post(page + "extend/", {"turn": turn["id"]}, follow=True)
    assert b"no time-bank extensions left today" in response.content
    assert floor_client.post(page + "stop/", {"turn": turn["id"]}).status_code == 302
    assert api.get(f"/tournaments/{game['tournament']}/shot-clock").json()["turns"] == []


def test_floor_staff_cannot_change_the_settings_from_the_page(floor_client, api, game):
    page = f"/tournaments/{game['tournament']}/shot-clock/"
    data = {"action_seconds": "60", "extension_seconds": "60", "extensions_per_day": "9"}
    floor_client.post(page + "settings/", data)
    settings = api.get(f"/tournaments/{game['tournament']}/shot-clock").json()["settings"]
    assert settings == SETTINGS


def test_the_page_renders_in_german(floor_client, api, game, fake_now):
    start(api, game)
    floor_client.cookies["django_language"] = "de"
    response = floor_client.get(f"/tournaments/{game['tournament']}/shot-clock/")
    assert response.status_code == 200
    content = response.content.decode()
    assert "Shot-Clock" in content
    assert "Verlängerung +20 s" in content
    assert "Verlängerungen übrig" in content
    assert "Start 30 s" in content
    assert "Extensions left" not in content


def test_the_clock_page_links_to_the_shot_clock_page(floor_client, game):
    response = floor_client.get(f"/tournaments/{game['tournament']}/clock/")
    assert f"/tournaments/{game['tournament']}/shot-clock/".encode() in response.content
