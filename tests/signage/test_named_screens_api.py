"""Named screens through the API (README "Named screens")."""

from __future__ import annotations

import pytest
from django.test import Client

from layouts.models import Layout
from signage.models import Screen
from signage.services import screen_report

pytestmark = pytest.mark.django_db


def test_a_director_creates_a_screen_and_gets_its_address(api, tournament):
    response = api.post(
        "/screens",
        {
            "name": "Bar links",
            "layout": "payouts",
            "tournaments": [tournament["id"]],
            "language": "de",
        },
    )
    assert response.status_code == 201, response.content
    body = response.json()
    assert body["url"].endswith(f"/s/{body['code']}")
    assert len(body["code"]) == 8
    listed = api.get("/screens").json()
    assert listed == [
        {
            "id": body["id"],
            "name": "Bar links",
            "code": body["code"],
            "last_seen": None,
            "showing": "",
            "reporting": False,
        }
    ]


def test_a_patch_changes_only_what_it_names_and_bumps_the_version(api, tournament):
    created = api.post("/screens", {"name": "Eingang", "tournaments": [tournament["id"]]}).json()
    before = Screen.objects.get(pk=created["id"]).settings_version
    response = api.patch(
        f"/screens/{created['id']}",
        {"layout": "seats", "rotation": [{"layout": "clock", "seconds": 30}]},
    )
    assert response.status_code == 200, response.content
    body = response.json()
    assert (body["name"], body["layout"], body["tournaments"]) == (
        "Eingang",
        "seats",
        [tournament["id"]],
    )
    assert body["rotation"] == [{"layout": "clock", "seconds": 30}]
    assert Screen.objects.get(pk=created["id"]).settings_version == before + 1


def test_only_one_screen_of_the_room_speaks(api, tournament):
    sound = {"events": ["level_up", "move"], "volume": 60, "speaker": True}
    first = api.post("/screens", {"name": "Bar", "sound": sound}).json()
    second = api.post("/screens", {"name": "Eingang", "sound": sound}).json()
    assert api.get(f"/screens/{second['id']}").json()["sound"]["speaker"] is True
    assert api.get(f"/screens/{first['id']}").json()["sound"]["speaker"] is False


@pytest.mark.parametrize(
    ("body", "field", "status"),
    [
        # A layout or a tournament that does not exist: 404 (README "API", Errors).
        ({"name": "X", "layout": "nonsense"}, "layout", 404),
        ({"name": "X", "tournaments": [999999]}, "tournaments", 404),
        ({"name": "X", "rotation": [{"layout": "clock", "seconds": 1}]}, "rotation.0.seconds", 422),
        ({"name": "X", "sound": {"events": ["fireworks"]}}, "sound.events.0", 422),
        ({"name": "X", "sound": {"volume": 101}}, "sound.volume", 422),
    ],
)
def test_bad_settings_are_refused_with_the_field_named(api, tournament, body, field, status):
    response = api.post("/screens", body)
    assert response.status_code == status, response.content
    assert response.json()["field"] == field


def test_a_layout_is_named_by_its_preset_or_its_id_or_as_the_overview(api, tournament):
    own = Layout.objects.create(name="Main and side", tiles=[])
    created = api.post("/screens", {"name": "Wall", "layout": own.pk}).json()
    assert api.get(f"/screens/{created['id']}").json()["layout"] == str(own.pk)
    api.patch(f"/screens/{created['id']}", {"layout": "today"})
    assert api.get(f"/screens/{created['id']}").json()["layout"] == "today"
    api.patch(f"/screens/{created['id']}", {"layout": "chips"})
    assert api.get(f"/screens/{created['id']}").json()["layout"] == "chips"
    refused = api.patch(f"/screens/{created['id']}", {"rotation": [{"layout": "x", "seconds": 9}]})
    assert refused.status_code == 404
    assert refused.json()["field"] == "rotation"


def test_a_second_screen_of_the_same_name_is_a_conflict(api):
    assert api.post("/screens", {"name": "Bar"}).status_code == 201
    assert api.post("/screens", {"name": "Bar"}).status_code == 409


def test_floor_staff_may_not_set_up_screens(floor_api):
    assert floor_api.post("/screens", {"name": "Bar"}).status_code == 403
    assert floor_api.get("/screens").status_code == 403


def test_an_unknown_screen_is_404(api):
    assert api.patch("/screens/424242", {"layout": "clock"}).status_code == 404


def test_a_report_is_what_the_list_shows(api):
    created = api.post("/screens", {"name": "Bar"}).json()
    screen_report(screen_id=created["id"], showing="clock · Friday Freezeout")
    row = api.get("/screens").json()[0]
    assert row["showing"] == "clock · Friday Freezeout"
    assert row["reporting"] is True


def test_the_tv_page_and_its_board_are_public_and_only_its_tournaments(api, tournament):
    created = api.post("/screens", {"name": "Bar", "tournaments": [tournament["id"]]}).json()
    public = Client()
    assert public.get(f"/s/{created['code']}").status_code == 200
    board = public.get(f"/s/{created['code']}/board?layout=clock&tournament={tournament['id']}")
    assert board.status_code == 200
    assert b'class="tile tile-clock"' in board.content
    other = api.post("/tournaments", {"name": "Side", "starting_stack": 1000}).json()
    refused = public.get(f"/s/{created['code']}/board?layout=clock&tournament={other['id']}")
    assert refused.status_code == 404
    assert public.get("/s/nosuchcode").status_code == 404


def test_a_screens_own_look_stands_in_for_the_rooms_and_a_bad_colour_is_refused(api, tournament):
    own = Layout.objects.create(
        name="Bar", tiles=[{"kind": "clock", "x": 0, "y": 0, "w": 6, "h": 6}]
    )
    body = {"name": "Bar", "layout": str(own.pk), "tournaments": [tournament["id"]]}
    look = {"background_colour": "#7F1D1D", "message": "Happy hour at the bar"}
    created = api.post("/screens", {**body, "look": look}).json()
    answer = api.get(f"/screens/{created['id']}").json()
    assert answer["look"] == {
        "background_colour": "#7f1d1d",
        "text_colour": "",
        "accent_colour": "",
        "tile_colour": "",
        "font": "",
        "message": "Happy hour at the bar",
    }
    board = (
        Client()
        .get(f"/s/{created['code']}/board?layout={own.pk}&tournament={tournament['id']}")
        .content.decode()
    )
    assert "--d-bg: #7f1d1d" in board and "Happy hour at the bar" in board
    assert "--d-fg: #f8fafc" in board  # the room's text colour

    refused = api.patch(f"/screens/{created['id']}", {"look": {"text_colour": "red"}})
    assert refused.status_code == 422
    assert "#rrggbb" in refused.json()["detail"]
    assert Screen.objects.get(pk=created["id"]).look["background_colour"] == "#7f1d1d"

    api.patch(f"/screens/{created['id']}", {"look": {}})
    assert api.get(f"/screens/{created['id']}").json()["look"]["message"] == ""
    board = (
        Client()
        .get(f"/s/{created['code']}/board?layout={own.pk}&tournament={tournament['id']}")
        .content.decode()
    )
    assert "--d-bg: #0b1320" in board and "#7f1d1d" not in board
