"""The editor's preview of a layout not yet saved (README "Screen layouts and the
room's look"): drawn from the posted tiles, checked by the rules of a save, and
nothing stored."""

from __future__ import annotations

import json

import pytest
from django.test import Client

from layouts.models import Layout

pytestmark = pytest.mark.django_db

CLOCK = {"kind": "clock", "x": 0, "y": 0, "w": 6, "h": 6}


@pytest.fixture
def layout(api) -> Layout:
    created = api.post("/layouts", {"name": "Bar", "tiles": [CLOCK]})
    return Layout.objects.get(pk=created.json()["id"])


def preview(client: Client, layout: Layout, tournament: dict, tiles: object):
    body = {"tiles": json.dumps(tiles), "tournament": tournament["id"]}
    return client.post(f"/layouts/{layout.pk}/preview?lang=en", body)


def test_the_preview_draws_the_tiles_as_posted_and_stores_nothing(desk, layout, tournament):
    moved = [
        {**CLOCK, "x": 6},
        {"kind": "text", "x": 0, "y": 0, "w": 2, "h": 1, "options": {"text": "Bar offen"}},
    ]
    before = Layout.objects.get(pk=layout.pk).updated_at
    response = preview(desk, layout, tournament, moved)
    assert response.status_code == 200
    text = response.content.decode()
    assert "grid-area: 1 / 7 / span 6 / span 6" in text
    assert "Bar offen" in text
    saved = Layout.objects.get(pk=layout.pk)
    assert saved.tiles == [CLOCK] and saved.updated_at == before
    assert Layout.objects.count() == 6


@pytest.mark.parametrize(
    ("tiles", "words"),
    [
        ([CLOCK, {**CLOCK, "x": 3}], "Tile 2: Two tiles cover the same cell."),
        ([{**CLOCK, "x": 10}], "Tile 1: A tile must stay inside the screen's grid."),
        ([{**CLOCK, "kind": "roulette"}], "Tile 1: This kind of tile does not exist."),
        ("[[[[", "The JSON cannot be read."),
    ],
)
def test_a_bad_layout_shows_the_rules_words_and_stores_nothing(
    desk, layout, tournament, tiles, words
):
    body = {"tiles": tiles if isinstance(tiles, str) else json.dumps(tiles)}
    response = desk.post(
        f"/layouts/{layout.pk}/preview?lang=en", {**body, "tournament": tournament["id"]}
    )
    assert 400 <= response.status_code < 500
    assert response.json()["detail"] == words
    assert Layout.objects.get(pk=layout.pk).tiles == [CLOCK]


def test_the_preview_is_for_directors_only(floor_user, layout, tournament):
    floor = Client()
    floor.force_login(floor_user)
    assert preview(floor, layout, tournament, [CLOCK]).status_code == 403
    assert preview(Client(), layout, tournament, [CLOCK]).status_code == 302


def test_an_unknown_tournament_is_a_404(desk, layout):
    assert preview(desk, layout, {"id": 999999}, [CLOCK]).status_code == 404


def test_a_director_reading_german_gets_the_rules_words_in_german(desk, layout, tournament):
    desk.cookies["django_language"] = "de"
    response = preview(desk, layout, tournament, [CLOCK, {**CLOCK, "x": 3}])
    assert response.status_code == 422
    assert response.json()["detail"] == "Kachel 2: Zwei Kacheln belegen dieselbe Zelle."
