"""The clock pages: structure editor, clock control, chips, chip race."""

from __future__ import annotations

import pytest
from django.test import Client

from clock.models import Structure

BASE = {
    "levels": [
        {"kind": "level", "small_blind": 100, "big_blind": 200, "seconds": 1200},
        {"kind": "break", "seconds": 600, "color_up": []},
        {"kind": "level", "small_blind": 200, "big_blind": 400, "seconds": 1200},
    ]
}


@pytest.fixture
def director_client(director) -> Client:
    client = Client()
    client.force_login(director)
    return client


@pytest.fixture
def floor_client(floor_user) -> Client:
    client = Client()
    client.force_login(floor_user)
    return client


def editor_post(levels: list[dict], action: str) -> dict:
    data: dict = {"rows": str(len(levels)), "action": action}
    for i, level in enumerate(levels):
        data[f"kind-{i}"] = level["kind"]
        data[f"minutes-{i}"] = str(level["seconds"] / 60)
        if level["kind"] == "level":
            data[f"small_blind-{i}"] = str(level["small_blind"])
            data[f"big_blind-{i}"] = str(level["big_blind"])
            data[f"ante-{i}"] = "0"
        else:
            data[f"color_up-{i}"] = " ".join(map(str, level.get("color_up", [])))
    return data


def test_the_editor_saves_minutes_as_seconds(director_client, tournament):
    url = f"/tournaments/{tournament['id']}/structure/"
    assert director_client.get(url).status_code == 200
    response = director_client.post(url, editor_post(BASE["levels"], "save"))
    assert response.status_code == 302
    levels = Structure.objects.get(tournament_id=tournament["id"]).levels
    assert [entry["seconds"] for entry in levels] == [1200, 600, 1200]


def test_the_editor_duplicates_and_moves_rows_before_saving(director_client, tournament):
    url = f"/tournaments/{tournament['id']}/structure/"
    response = director_client.post(url, editor_post(BASE["levels"], "duplicate:0"))
    assert response.status_code == 200
    assert response.content.count(b'value="level"') == 3
    assert not Structure.objects.filter(tournament_id=tournament["id"]).exists()


def test_the_editor_loads_a_template_and_shows_unpayable_blinds(api, director_client, tournament):
    chips = {"chips": [{"value": 100, "colour": "black", "count": 10}]}
    api.put(f"/tournaments/{tournament['id']}/chips", chips)
    url = f"/tournaments/{tournament['id']}/structure/"
    response = director_client.post(url, {"action": "template", "template": "club20"})
    assert response.status_code == 200
    assert b"No chip in play can pay this amount exactly" in response.content


def test_floor_staff_cannot_open_the_structure_editor(floor_client, tournament):
    response = floor_client.get(f"/tournaments/{tournament['id']}/structure/")
    assert response.status_code == 403


def test_floor_starts_and_pauses_the_clock_from_the_clock_page(api, floor_client, tournament):
    api.put(f"/tournaments/{tournament['id']}/structure", BASE)
    page = f"/tournaments/{tournament['id']}/clock/"
    assert floor_client.get(page).status_code == 200
    assert floor_client.post(page + "start/").status_code == 302
    assert api.get(f"/tournaments/{tournament['id']}/clock").json()["state"] == "running"
    assert floor_client.post(page + "pause/").status_code == 302
    assert api.get(f"/tournaments/{tournament['id']}/clock").json()["state"] == "paused"
    response = floor_client.post(page + "pause/", follow=True)
    assert b"The clock is not running." in response.content


def test_the_chips_page_shows_the_average_stack(api, director_client, tournament):
    api.put(f"/tournaments/{tournament['id']}/structure", BASE)
    url = f"/tournaments/{tournament['id']}/chips/"
    data = {"rows": "2", "value-0": "100", "colour-0": "black", "count-0": "500"}
    data.update({"value-1": "25", "colour-1": "green", "count-1": "200"})
    assert director_client.post(url, data).status_code == 302
    api.post(f"/tournaments/{tournament['id']}/entries", {"name": "Ann Ash"})
    response = director_client.get(url)
    assert response.status_code == 200
    assert "20,000" in response.content.decode()  # grouped as the reader writes it


def test_the_chip_race_page_works_out_a_table(api, floor_client, tournament):
    t = tournament["id"]
    api.post(f"/tournaments/{t}/tables", {"count": 1, "seats": 9})
    for name in ("Ann Ash", "Bob Birch", "Cy Cedar"):
        api.post(f"/tournaments/{t}/entries", {"name": name})
    api.post(f"/tournaments/{t}/draw")
    url = f"/tournaments/{t}/tables/1/chip-race/"
    page = floor_client.get(url)
    assert page.status_code == 200
    seats = api.get(f"/tournaments/{t}/tables").json()[0]["players"]
    data = {"method": "round_up", "removed": "25", "smallest_remaining": "100", "button_seat": "1"}
    for player in seats:
        data[f"chips-{player['seat']}"] = "3"
        data[f"other-{player['seat']}"] = "1000"
    response = floor_client.post(url, data)
    assert response.status_code == 200
    assert b"1100" in response.content


def test_a_recorded_colour_up_moves_the_chips_in_play_of_the_count_check(
    api, floor_client, tournament
):
    t = tournament["id"]
    api.post(f"/tournaments/{t}/tables", {"count": 1, "seats": 9})
    for name in ("Ann Ash", "Bob Birch", "Cy Cedar"):
        api.post(f"/tournaments/{t}/entries", {"name": name})
    api.post(f"/tournaments/{t}/draw")
    seats = api.get(f"/tournaments/{t}/tables").json()[0]["players"]
    before = floor_client.get(f"/tournaments/{t}/chip-counts/").context["check"]["chips_in_play"]
    # Three odd 25s each, rounded up to a 100 (TDA 2019 rule 24): +25 per player.
    data = {"method": "round_up", "removed": "25", "smallest_remaining": "100", "button_seat": "1"}
    for player in seats:
        data[f"chips-{player['seat']}"] = "3"
        data[f"other-{player['seat']}"] = "1000"
    url = f"/tournaments/{t}/tables/1/chip-race/"
    floor_client.post(url, data)  # worked out only
    assert (
        floor_client.get(f"/tournaments/{t}/chip-counts/").context["check"]["chips_in_play"]
        == before
    )
    floor_client.post(url, {**data, "record": "1"})
    floor_client.post(url, {**data, "record": "1"})  # worked out again: one record
    check = floor_client.get(f"/tournaments/{t}/chip-counts/").context["check"]
    assert check["colour_up_change"] == 3 * 25
    assert check["chips_in_play"] == before + 75
