"""Where a director finds the formats (README "Results out: formats"): the standings
page links the Hendon Mob file and the share image, the season page carries the
federation form, and the organiser's page the snippets to copy."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from tournament.models import LeagueSeason

pytestmark = pytest.mark.django_db


@pytest.fixture
def signed_in(director) -> Client:
    client = Client()
    client.force_login(director)
    return client


def test_the_standings_page_links_the_hendon_mob_file_and_the_image(signed_in, finished):
    page = signed_in.get(reverse("standings", args=[finished.pk]), HTTP_ACCEPT_LANGUAGE="de")
    text = page.content.decode()
    assert f'href="/api/v1/tournaments/{finished.pk}/export/hendon-mob"' in text
    assert f'href="/api/public/v1/tournaments/{finished.pk}/image.png"' in text
    assert "Hendon-Mob-Datei" in text and "Bild zum Teilen" in text
    # The link works with the director's session: the file downloads.
    download = signed_in.get(f"/api/v1/tournaments/{finished.pk}/export/hendon-mob")
    assert download.status_code == 200 and download.content.startswith(b"place,name,country")


def test_the_season_page_sends_the_federation_form_to_the_export(signed_in):
    season = LeagueSeason.objects.create(name="Liga 2026")
    text = signed_in.get(reverse("season", args=[season.pk])).content.decode()
    assert f'action="/api/v1/seasons/{season.pk}/export/federation"' in text
    assert 'name="preset" value="bottom"' in text and 'name="tokens"' in text
    empty = signed_in.get(f"/api/v1/seasons/{season.pk}/export/federation?preset=bottom")
    assert empty.status_code == 200 and empty.content.decode().splitlines() == [
        "date,tournament,type,field,place,name,points"
    ]


def test_the_organiser_page_has_the_snippets_to_copy(signed_in):
    season = LeagueSeason.objects.create(name="Liga 2026")
    page = signed_in.get("/embed/", HTTP_ACCEPT_LANGUAGE="de")
    text = page.content.decode()
    assert "Auf Ihrer Website einbinden" in text
    assert '/embed.js" async&gt;&lt;/script&gt;' in text
    assert f'data-season="{season.pk}"' in text
    assert Client().get("/embed/").status_code in (302, 403)


def test_an_unknown_season_embed_is_a_404():
    assert Client().get("/embed/seasons/999999/").status_code == 404
