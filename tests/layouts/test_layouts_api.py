"""The layouts API (README "Screen layouts and the room's look")."""

from __future__ import annotations

import json

import pytest

from layouts.models import Layout

pytestmark = pytest.mark.django_db

TILES = [
    {"kind": "clock", "x": 0, "y": 0, "w": 8, "h": 6},
    {"kind": "text", "x": 8, "y": 0, "w": 4, "h": 2, "options": {"text": "Willkommen"}},
]


def bare(tiles):
    """Tiles as sent: the answer also lists the fields left empty (null)."""

    def clean(value):
        if isinstance(value, dict):
            return {key: clean(item) for key, item in value.items() if item is not None}
        return value

    return [clean(tile) for tile in tiles]


def test_the_presets_are_listed_first(api):
    response = api.get("/layouts")
    assert response.status_code == 200
    presets = [row["preset"] for row in response.json()[:5]]
    assert presets == ["clock", "payouts", "seats", "chips", "final"]


def test_a_director_creates_changes_and_deletes_a_layout(api):
    created = api.post("/layouts", {"name": "Bar links", "tiles": TILES})
    assert created.status_code == 201, created.content
    layout_id = created.json()["id"]
    shown = api.get(f"/layouts/{layout_id}").json()
    assert shown["name"] == "Bar links" and bare(shown["tiles"]) == TILES
    moved = [{**TILES[0], "x": 4}, {**TILES[1], "x": 0}]
    changed = api.put(f"/layouts/{layout_id}", {"tiles": moved})
    assert changed.status_code == 200, changed.content
    assert changed.json()["tiles"][0]["x"] == 4 and changed.json()["name"] == "Bar links"
    assert api.delete(f"/layouts/{layout_id}").status_code == 204
    assert api.get(f"/layouts/{layout_id}").status_code == 404


def test_overlapping_tiles_are_refused_and_nothing_is_stored(api):
    before = Layout.objects.count()
    response = api.post("/layouts", {"name": "Bad", "tiles": [TILES[0], {**TILES[1], "x": 6}]})
    assert response.status_code == 422
    assert response.json()["field"] == "tiles" and "2" in response.json()["detail"]
    assert Layout.objects.count() == before


def test_a_tile_outside_the_grid_or_of_unknown_kind_is_refused(api):
    outside = api.post("/layouts", {"name": "Bad", "tiles": [{**TILES[0], "x": 10}]})
    assert outside.status_code == 422
    unknown = api.post("/layouts", {"name": "Bad", "tiles": [{**TILES[0], "kind": "video"}]})
    assert unknown.status_code == 422


def test_a_tile_of_an_unknown_tournament_is_refused(api):
    """What exists is the room's state: 404 naming the field (README "API", Errors)."""
    response = api.post("/layouts", {"name": "Bad", "tiles": [{**TILES[0], "tournament": 999}]})
    assert response.status_code == 404
    assert response.json()["field"] == "tiles"


def test_a_preset_is_kept_but_can_be_copied(api):
    clock = Layout.objects.get(preset="clock")
    assert api.put(f"/layouts/{clock.pk}", {"name": "Mine"}).status_code == 409
    assert api.delete(f"/layouts/{clock.pk}").status_code == 409
    copy = api.post(f"/layouts/{clock.pk}/copy")
    assert copy.status_code == 201
    copied = api.get(f"/layouts/{copy.json()['id']}").json()
    assert copied["preset"] is None and bare(copied["tiles"]) == clock.tiles


def test_export_then_import_gives_the_same_tiles(api):
    layout_id = api.post("/layouts", {"name": "Shared", "tiles": TILES}).json()["id"]
    exported = api.get(f"/layouts/{layout_id}/export")
    assert exported.status_code == 200
    document = {**exported.json(), "tiles": bare(exported.json()["tiles"])}
    assert document["format"] == "tournament-director-layout" and document["name"] == "Shared"
    imported = api.post("/layouts/import", document)
    assert imported.status_code == 201, imported.content
    assert bare(api.get(f"/layouts/{imported.json()['id']}").json()["tiles"]) == TILES


def test_a_bad_file_is_refused_with_422_and_nothing_changes(api):
    before = Layout.objects.count()
    good = {"format": "tournament-director-layout", "version": 1, "name": "X", "tiles": TILES}
    for bad in (
        {**good, "format": "other"},
        {**good, "version": 9},
        {**good, "tiles": [TILES[0], TILES[0]]},
        {**good, "name": ""},
        {**good, "tiles": [{**TILES[0], "kind": "<script>"}]},
    ):
        assert api.post("/layouts/import", bad).status_code == 422, bad
    assert api.post("/layouts/import", raw="{not json").status_code in (400, 422)
    assert api.post("/layouts/import", raw=json.dumps([1, 2])).status_code == 422
    assert Layout.objects.count() == before


def test_floor_staff_read_layouts_but_do_not_change_them(floor_api, anonymous_api):
    assert floor_api.get("/layouts").status_code == 200
    assert floor_api.post("/layouts", {"name": "Mine", "tiles": TILES}).status_code == 403
    assert anonymous_api.get("/layouts").status_code == 401
