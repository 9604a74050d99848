"""The directors' pages of layouts and the room's look, and the images they serve
(README "Screen layouts and the room's look")."""

from __future__ import annotations

import json

import pytest
from django.test import Client

from layouts.models import Layout, RoomImage, RoomLook
from layouts.rules.look import MAX_IMAGE_BYTES

pytestmark = pytest.mark.django_db

PNG = b"\x89PNG\r\n\x1a\n" + b"\x00" * 64
GOOD = {
    "format": "tournament-director-layout",
    "version": 1,
    "name": "Geteilt",
    "tiles": [{"kind": "clock", "x": 0, "y": 0, "w": 6, "h": 6}],
}


def upload(name: str, data: bytes, content_type: str = "application/octet-stream"):
    from django.core.files.uploadedfile import SimpleUploadedFile

    return SimpleUploadedFile(name, data, content_type=content_type)


def test_the_list_shows_the_presets(desk):
    page = desk.get("/layouts/")
    assert page.status_code == 200
    for name in ("Clock", "Payouts", "Seats", "Chip counts", "Final table"):
        assert name in page.content.decode()


def test_a_shared_file_is_imported(desk):
    response = desk.post("/layouts/import", {"file": upload("l.json", json.dumps(GOOD).encode())})
    assert response.status_code == 302
    assert Layout.objects.get(name="Geteilt").tiles == GOOD["tiles"]


@pytest.mark.parametrize(
    "data",
    [
        b"not json at all",
        b"\xff\xfe",
        json.dumps({**GOOD, "format": "x"}).encode(),
        json.dumps({**GOOD, "tiles": GOOD["tiles"] * 2}).encode(),
        json.dumps(
            {**GOOD, "tiles": [{"kind": "__import__('os')", "x": 0, "y": 0, "w": 1, "h": 1}]}
        ).encode(),
        b"{" * 70000,
    ],
)
def test_a_bad_file_is_a_422_and_nothing_changes(desk, data):
    before = Layout.objects.count()
    response = desk.post("/layouts/import", {"file": upload("l.json", data)})
    assert response.status_code == 422
    assert Layout.objects.count() == before


def test_the_export_is_a_download_that_imports_again(desk):
    clock = Layout.objects.get(preset="clock")
    response = desk.get(f"/layouts/{clock.pk}/export")
    assert response.status_code == 200
    assert "attachment" in response["Content-Disposition"]
    response = desk.post("/layouts/import", {"file": upload("l.json", response.content)})
    assert response.status_code == 302
    assert Layout.objects.filter(tiles=clock.tiles, preset__isnull=True).exists()


def test_the_editor_opens_for_a_director_only(desk, floor_user):
    clock = Layout.objects.get(preset="clock")
    assert desk.get(f"/layouts/{clock.pk}/").status_code == 200
    floor = Client()
    floor.force_login(floor_user)
    assert floor.get(f"/layouts/{clock.pk}/").status_code == 403


def test_a_logo_is_stored_and_served_with_its_type_and_nosniff(desk):
    response = desk.post(
        "/room/look/",
        {
            "logo": upload("logo.txt", PNG, "text/html"),
            "accent_colour": "#ff0000",
            "font": "dejavu-serif",
        },
    )
    assert response.status_code == 302
    look = RoomLook.current()
    assert look.logo is not None and look.accent_colour == "#ff0000" and look.font == "dejavu-serif"
    served = Client().get(f"/room/images/{look.logo_id}")
    assert served.status_code == 200
    assert served["Content-Type"] == "image/png"
    assert served["X-Content-Type-Options"] == "nosniff"
    assert served.content == PNG


@pytest.mark.parametrize(
    ("data", "words"),
    [
        (b"<svg onload='alert(1)'></svg>", "PNG"),
        (b"<html><script>alert(1)</script>", "PNG"),
        (b"\x89PNG\r\n\x1a\n" + b"\x00" * MAX_IMAGE_BYTES, "2 MB"),
    ],
)
def test_an_image_of_another_type_or_too_big_is_refused(desk, data, words):
    response = desk.post("/room/look/", {"background": upload("bg.png", data, "image/png")})
    assert response.status_code == 422
    assert words in response.content.decode()
    assert RoomImage.objects.count() == 0 and RoomLook.current().background is None


def test_a_bad_colour_or_font_is_refused(desk):
    assert desk.post("/room/look/", {"text_colour": "red; background: url(x)"}).status_code == 422
    assert desk.post("/room/look/", {"font": "Comic Sans"}).status_code == 422
    assert RoomLook.current().text_colour == "#f8fafc"


def test_a_tile_board_carries_the_look_and_loads_only_from_the_server(desk, api, tournament):
    desk.post("/room/look/", {"logo": upload("l.png", PNG), "message": "Happy hour at the bar"})
    layout = api.post(
        "/layouts",
        {"name": "Mit Logo", "tiles": [{"kind": "logo", "x": 0, "y": 0, "w": 2, "h": 2}]},
    )
    page = Client().get(f"/display/{tournament['id']}/?layout={layout.json()['id']}")
    assert page.status_code == 200
    text = page.content.decode()
    assert "Happy hour at the bar" in text
    assert f'src="/room/images/{RoomLook.current().logo_id}"' in text
    assert "http://" not in text.replace("http://testserver", "")
    assert "https://" not in text


def test_the_preset_names_draw_the_presets_tiles_with_or_without_tiles_1(tournament):
    """The board's layouts are tile presets, drawn by tiles.js only (README
    "Screen layouts and the room's look"); ``&tiles=1`` from before changes nothing."""
    for query in ("?layout=payouts", "?layout=payouts&tiles=1"):
        board = Client().get(f"/display/{tournament['id']}/{query}").content.decode()
        assert 'class="tile tile-payouts"' in board and 'class="tile-grid"' in board
        assert "/static/js/tiles.js" in board and "display.js" not in board


def test_an_image_for_image_tiles_is_uploaded_and_a_tile_shows_it(desk, api, tournament):
    assert desk.post("/room/look/", {"image": upload("bar.png", PNG)}).status_code == 302
    image = RoomImage.objects.get(name="bar.png")
    tiles = [{"kind": "image", "x": 0, "y": 0, "w": 4, "h": 4, "options": {"image": image.pk}}]
    layout = api.post("/layouts", {"name": "Bild", "tiles": tiles})
    assert layout.status_code == 201, layout.content
    page = Client().get(f"/display/{tournament['id']}/?layout={layout.json()['id']}")
    assert f'src="/room/images/{image.pk}"' in page.content.decode()
    missing = [{**tiles[0], "options": {"image": image.pk + 100}}]
    # An image that does not exist: 404 naming the tiles (README "API", Errors).
    assert api.post("/layouts", {"name": "Bild", "tiles": missing}).status_code == 404


def test_the_schedule_tile_lists_tournaments_to_play_by_their_start(api, tournament):
    from datetime import timedelta

    from django.utils import timezone

    from tournament.models import Tournament

    later, sooner = (
        api.post(
            "/tournaments", {"name": name, "starting_stack": 10000, "buy_in": "20", "fee": "2"}
        ).json()["id"]
        for name in ("Sunday Deepstack", "Saturday Turbo")
    )
    Tournament.objects.filter(pk=later).update(starts_at=timezone.now() + timedelta(days=2))
    Tournament.objects.filter(pk=sooner).update(starts_at=timezone.now() + timedelta(days=1))
    layout = api.post(
        "/layouts",
        {"name": "Plan", "tiles": [{"kind": "schedule", "x": 0, "y": 0, "w": 6, "h": 6}]},
    )
    text = (
        Client().get(f"/display/{tournament['id']}/?layout={layout.json()['id']}").content.decode()
    )
    assert text.index("Saturday Turbo") < text.index("Sunday Deepstack")


def test_a_named_screen_draws_a_rooms_own_layout_and_a_preset_as_tiles(api, tournament):
    tiles = [{"kind": "clock", "x": 0, "y": 0, "w": 6, "h": 6}]
    own = api.post("/layouts", {"name": "Wand", "tiles": tiles}).json()["id"]
    screen = api.post(
        "/screens", {"name": "Wand", "layout": str(own), "tournaments": [tournament["id"]]}
    ).json()
    board = Client().get(f"/s/{screen['code']}/board?layout={own}&tournament={tournament['id']}")
    assert 'class="tile-grid"' in board.content.decode()
    preset = Client().get(f"/s/{screen['code']}/board?layout=clock&tournament={tournament['id']}")
    assert 'class="tile tile-clock"' in preset.content.decode()
    assert 'class="tile-grid"' in preset.content.decode()
