"""Every output of "Results out: formats" shows a player as he chose: the share
image's source data, the PNG itself, the embed, the federation file and the
Hendon Mob file. The hidden player's name appears in none of them."""

from __future__ import annotations

import csv
import io
from dataclasses import asdict

import pytest
from django.test import Client
from PIL import Image

from formats.selectors import share_image_source
from tests.formats.finished_scenario import HIDDEN_NAME
from tournament.models import LeagueSeason, PayoutSettings

pytestmark = pytest.mark.django_db

SHOWN = {"Ace of Spades", "Ina I.", "Felix Füllhorn", "Jörg Ü.", "Zoë Ä."}
FULL_NAMES_NOT_CHOSEN = {"Paul Pseudonymus", "Ina Initialen", "Jörg Überall", "Zoë Ärmel"}


def test_the_image_source_shows_the_chosen_names_and_hides_the_hidden(finished):
    source = share_image_source(finished)
    text = repr(asdict(source))
    assert HIDDEN_NAME not in text and "Verborgen" not in text
    assert not any(name in text for name in FULL_NAMES_NOT_CHOSEN)
    names = {place.name for place in source.final_table}
    assert names - SHOWN == {next(n for n in names if n.startswith("Player "))}
    assert source.winner is not None and source.winner.place == 1
    assert source.entries == 6 and sum(p.prize for p in source.final_table) == 300


def test_the_share_image_is_a_1080_square_png_without_sign_in(finished):
    response = Client().get(f"/api/public/v1/tournaments/{finished.pk}/image.png?lang=de")
    assert response.status_code == 200
    assert response["Content-Type"] == "image/png"
    image = Image.open(io.BytesIO(response.content))
    image.load()
    assert image.format == "PNG" and image.size == (1080, 1080)
    # Drawn in the room's look: the default background colour fills the corner.
    assert image.convert("RGB").getpixel((5, 5)) == (0x0B, 0x13, 0x20)


def test_the_embed_shows_the_latest_results_in_a_frame_anywhere(finished):
    response = Client().get("/embed/results/?lang=de")
    assert response.status_code == 200
    text = response.content.decode()
    assert finished.name in text and "Neueste Ergebnisse" in text
    assert HIDDEN_NAME not in text
    assert "X-Frame-Options" not in response
    assert "frame-ancestors *" in response["Content-Security-Policy"]
    # Every other page stays unframed.
    assert Client().get("/schedule/")["Content-Security-Policy"].endswith("frame-ancestors 'none'")
    script = Client().get("/embed.js")
    assert script["Content-Type"].startswith("text/javascript")
    assert b"/embed/results/" in script.content


def season_with(api, tournament) -> LeagueSeason:
    season = LeagueSeason.objects.create(name="Liga 2026")
    PayoutSettings.objects.update_or_create(tournament=tournament, defaults={"season": season})
    return season


def test_the_season_embed_and_the_federation_file_name_players_as_they_chose(api, finished):
    season = season_with(api, finished)
    page = Client().get(f"/embed/seasons/{season.pk}/").content.decode()
    assert "Liga 2026" in page and HIDDEN_NAME not in page and "Ace of Spades" in page
    response = api.get(f"/seasons/{season.pk}/export/federation?preset=bottom&factor_freezeout=2")
    assert response.status_code == 200, response.content
    rows = list(csv.reader(io.StringIO(response.content.decode("utf-8"))))
    assert rows[0] == ["date", "tournament", "type", "field", "place", "name", "points"]
    points = {int(r[4]): r[6] for r in rows[1:]}
    assert points[1] == "12.00" and points[6] == "2.00"  # six places, factor 2 for a freezeout
    assert HIDDEN_NAME not in response.content.decode()
    assert {r[5] for r in rows[1:]} & SHOWN == SHOWN


def test_the_cup_tokens_and_a_refused_table(api, finished):
    season = season_with(api, finished)
    url = f"/seasons/{season.pk}/export/federation?preset=tokens"
    rows = list(csv.reader(io.StringIO(api.get(f"{url}&tokens=5,3,1").content.decode())))
    assert {int(r[4]): r[6] for r in rows[1:]} == {
        1: "5.00",
        2: "3.00",
        3: "1.00",
        4: "0.00",
        5: "0.00",
        6: "0.00",
    }
    refused = api.get(f"{url}&tokens=1,3")
    assert refused.status_code == 422 and "tokens" in refused.json()["detail"]
    assert (
        api.get(
            f"/seasons/{season.pk}/export/federation?preset=bottom&factor_re_entry=-1"
        ).status_code
        == 422
    )


def test_an_erased_player_is_hidden_whatever_he_chose(finished):
    from django.utils import timezone

    from tournament.models import Player

    Player.objects.filter(name="Felix Füllhorn").update(erased_at=timezone.now())
    names = {place.name for place in share_image_source(finished).final_table}
    assert "Felix Füllhorn" not in names
    assert len([n for n in names if n.startswith("Player ")]) == 2


def test_the_image_carries_the_rooms_logo_and_survives_a_broken_one(finished):
    from layouts.models import RoomImage, RoomLook

    logo = io.BytesIO()
    Image.new("RGB", (100, 100), (255, 0, 0)).save(logo, format="PNG")
    look = RoomLook.current()
    look.logo = RoomImage.objects.create(content_type="image/png", data=logo.getvalue())
    look.save()
    url = f"/api/public/v1/tournaments/{finished.pk}/image.png"
    drawn = Image.open(io.BytesIO(Client().get(url).content)).convert("RGB")
    assert drawn.getpixel((72 + 50, 72 + 50)) == (255, 0, 0)
    RoomImage.objects.filter(pk=look.logo_id).update(data=b"not a picture")
    assert Client().get(url).status_code == 200
