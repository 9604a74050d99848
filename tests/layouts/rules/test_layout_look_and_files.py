"""The room's look and the shared layout file, as plain rules
(README "Screen layouts and the room's look")."""

from __future__ import annotations

import json

import pytest

from layouts.rules.exchange import FORMAT, MAX_BYTES, layout_document, layout_file
from layouts.rules.look import MAX_IMAGE_BYTES, LookRefused, colour, font, image_type
from layouts.rules.presets import preset_tiles
from layouts.rules.tiles import TileRefused


@pytest.mark.parametrize(
    ("data", "content_type"),
    [
        (b"\x89PNG\r\n\x1a\n....", "image/png"),
        (b"\xff\xd8\xff\xe0....", "image/jpeg"),
        (b"GIF89a....", "image/gif"),
        (b"RIFF\x00\x00\x00\x00WEBPVP8 ", "image/webp"),
    ],
)
def test_an_image_is_known_by_its_first_bytes(data, content_type):
    assert image_type(data) == content_type


@pytest.mark.parametrize(
    ("data", "code"),
    [
        (b"", "empty"),
        (b"<svg xmlns='http://www.w3.org/2000/svg'/>", "type"),
        (b"<!doctype html><script>", "type"),
        (b"\x89PNG\r\n\x1a\n" + b"\x00" * MAX_IMAGE_BYTES, "too_big"),
    ],
)
def test_other_files_and_big_images_are_refused(data, code):
    with pytest.raises(LookRefused) as refused:
        image_type(data)
    assert refused.value.code == code


def test_colours_are_hex_and_fonts_are_the_shipped_ones():
    assert colour("#AABBCC") == "#aabbcc"
    for bad in ("red", "#abc", "#aabbcc; x", "url(x)"):
        with pytest.raises(LookRefused):
            colour(bad)
    assert font("dejavu-serif") == "dejavu-serif"
    with pytest.raises(LookRefused):
        font("Comic Sans")


def test_an_exported_preset_reads_back_the_same():
    document = layout_document("Clock", preset_tiles("clock"))
    shared = layout_file(json.dumps(document).encode())
    assert shared.name == "Clock"
    assert [tile.as_dict() for tile in shared.tiles] == preset_tiles("clock")


@pytest.mark.parametrize(
    ("data", "code"),
    [
        (b"{not json", "not_json"),
        (b"\xff\xfe\x00", "not_json"),
        (b"[]", "format"),
        (
            json.dumps({"format": FORMAT, "version": 2, "name": "x", "tiles": []}).encode(),
            "version",
        ),
        (json.dumps({"format": FORMAT, "version": 1, "name": " ", "tiles": []}).encode(), "name"),
        (
            json.dumps({"format": FORMAT, "version": 1, "name": "x", "tiles": "clock"}).encode(),
            "shape",
        ),
        (b" " * (MAX_BYTES + 1), "file_size"),
    ],
)
def test_a_bad_file_says_what_is_wrong(data, code):
    with pytest.raises(TileRefused) as refused:
        layout_file(data)
    assert refused.value.code == code
