"""Tiles on the screen's grid (README "Screen layouts and the room's look").

A layout is a list of tiles ``{kind, x, y, w, h, tournament?, options?}`` on a
grid of ``COLUMNS`` x ``ROWS`` cells covering the whole screen. Tiles stay
inside the grid and never overlap. Plain data in, plain data (or a refusal) out.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

COLUMNS = 12
ROWS = 12
MAX_TILES = 40
MAX_TEXT = 500
MAX_NAME = 80

# Every kind a tile can be, in the editor's order. Kinds drawn from one
# tournament's public snapshot take that tournament (else the screen's own).
TOURNAMENT_KINDS = (
    "title",
    "clock",
    "blinds",
    "next_level",
    "break",
    "players",
    "average",
    "prize_pool",
    "payouts",
    "seats",
    "moves",
    "chip_leaders",
    "final_table",
    "bounties",
    "announcements",
    "qr",
    "forecast",
)
ROOM_KINDS = ("schedule", "logo", "text", "image")
KINDS = TOURNAMENT_KINDS + ROOM_KINDS

# Options a kind accepts: name -> (type, least, most); a text's bounds are its length.
OPTIONS: dict[str, dict[str, tuple[type, int, int]]] = {
    "text": {"text": (str, 0, MAX_TEXT)},
    "image": {"image": (int, 1, 2**53)},
    "seats": {"seconds": (int, 2, 120)},
}
FIELDS = {"kind", "x", "y", "w", "h", "tournament", "options"}


class TileRefused(ValueError):
    """A tile (or the layout) breaks a rule: ``code`` names which, ``index`` which tile."""

    def __init__(self, code: str, index: int | None = None, detail: str = "") -> None:
        super().__init__(code if index is None else f"{code} (tile {index + 1})")
        self.code = code
        self.index = index
        self.detail = detail


@dataclass(frozen=True)
class Tile:
    kind: str
    x: int
    y: int
    w: int
    h: int
    tournament: int | None = None
    options: Mapping[str, Any] = field(default_factory=dict)

    def cells(self) -> set[tuple[int, int]]:
        return {
            (c, r) for c in range(self.x, self.x + self.w) for r in range(self.y, self.y + self.h)
        }

    def as_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "kind": self.kind,
            "x": self.x,
            "y": self.y,
            "w": self.w,
            "h": self.h,
        }
        if self.tournament is not None:
            data["tournament"] = self.tournament
        if self.options:
            data["options"] = dict(self.options)
        return data


def _whole(value: object, code: str, index: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise TileRefused(code, index)
    return value


def _options(kind: str, raw: object, index: int) -> dict[str, Any]:
    if raw is None:
        return {}
    if not isinstance(raw, Mapping):
        raise TileRefused("options", index)
    allowed = OPTIONS.get(kind, {})
    options: dict[str, Any] = {}
    for key, value in raw.items():
        wanted = allowed.get(str(key))
        if wanted is None or isinstance(value, bool) or not isinstance(value, wanted[0]):
            raise TileRefused("options", index, str(key))
        size = len(value) if isinstance(value, str) else value
        if not wanted[1] <= size <= wanted[2]:
            raise TileRefused("options", index, str(key))
        options[str(key)] = value
    return options


def tile_from(raw: object, index: int = 0) -> Tile:
    """One tile from plain data (a parsed JSON object), checked field by field."""
    if not isinstance(raw, Mapping) or not set(raw) <= FIELDS:
        raise TileRefused("shape", index)
    kind = raw.get("kind")
    if kind not in KINDS:
        raise TileRefused("kind", index, str(kind)[:40])
    x, y = _whole(raw.get("x"), "position", index), _whole(raw.get("y"), "position", index)
    w, h = _whole(raw.get("w"), "size", index), _whole(raw.get("h"), "size", index)
    if w < 1 or h < 1:
        raise TileRefused("size", index)
    if x < 0 or y < 0 or x + w > COLUMNS or y + h > ROWS:
        raise TileRefused("bounds", index)
    tournament = raw.get("tournament")
    if tournament is not None:
        tournament = _whole(tournament, "tournament", index)
        if tournament < 1 or kind not in TOURNAMENT_KINDS:
            raise TileRefused("tournament", index)
    return Tile(str(kind), x, y, w, h, tournament, _options(str(kind), raw.get("options"), index))


def tiles_from(raw: object) -> list[Tile]:
    """A layout's tiles from plain data: each valid, inside the grid, none overlapping."""
    if not isinstance(raw, Sequence) or isinstance(raw, str | bytes):
        raise TileRefused("shape")
    if len(raw) > MAX_TILES:
        raise TileRefused("too_many")
    tiles = [tile_from(item, index) for index, item in enumerate(raw)]
    taken: set[tuple[int, int]] = set()
    for index, tile in enumerate(tiles):
        cells = tile.cells()
        if cells & taken:
            raise TileRefused("overlap", index)
        taken |= cells
    return tiles


def tournaments_of(tiles: Sequence[Tile]) -> list[int]:
    """The tournaments named by the tiles, in order of first appearance."""
    seen: list[int] = []
    for tile in tiles:
        if tile.tournament is not None and tile.tournament not in seen:
            seen.append(tile.tournament)
    return seen
