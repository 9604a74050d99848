"""A layout as a file rooms share (README "Screen layouts and the room's look").

The file is JSON: ``{"format": FORMAT, "version": 1, "name": ..., "tiles": [...]}``.
It is parsed as data and checked like a layout sent to the API; nothing in it
is ever run.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from layouts.rules.tiles import MAX_NAME, Tile, TileRefused, tiles_from

FORMAT = "tournament-director-layout"
VERSION = 1
MAX_BYTES = 64 * 1024


@dataclass(frozen=True)
class LayoutFile:
    name: str
    tiles: list[Tile]


def layout_document(name: str, tiles: Sequence[Mapping[str, Any]]) -> dict[str, Any]:
    """What the export writes."""
    return {"format": FORMAT, "version": VERSION, "name": name, "tiles": [dict(t) for t in tiles]}


def layout_name(raw: object) -> str:
    if not isinstance(raw, str) or not raw.strip() or len(raw.strip()) > MAX_NAME:
        raise TileRefused("name")
    return raw.strip()


def layout_file(data: bytes) -> LayoutFile:
    """A shared layout file read back, or ``TileRefused`` saying what is wrong."""
    if len(data) > MAX_BYTES:
        raise TileRefused("file_size")
    try:
        document = json.loads(data.decode("utf-8"))
    except (UnicodeDecodeError, ValueError) as error:
        raise TileRefused("not_json") from error
    return layout_from_document(document)


def layout_from_document(document: object) -> LayoutFile:
    """A shared layout from its parsed JSON document."""
    if not isinstance(document, Mapping) or document.get("format") != FORMAT:
        raise TileRefused("format")
    if document.get("version") != VERSION:
        raise TileRefused("version")
    return LayoutFile(layout_name(document.get("name")), tiles_from(document.get("tiles")))
