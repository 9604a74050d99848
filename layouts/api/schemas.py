"""The typed bodies and answers of the layouts API (README "Screen layouts and the room's look")."""

from __future__ import annotations

from datetime import datetime
from typing import Any, Literal

from pydantic import ConfigDict, Field

from layouts.rules.exchange import FORMAT, VERSION
from layouts.rules.tiles import (
    COLUMNS,
    KINDS,
    MAX_NAME,
    MAX_TEXT,
    MAX_TILES,
    OPTIONS,
    ROOM_KINDS,
    ROWS,
)
from tables.api.schemas import Out
from tournament.api.fields import NOT_BLANK, Body

# The rules' kinds, in their order: a closed list for generated clients.
TileKind = Literal[KINDS]  # type: ignore[valid-type]
GRID = "Cells of the 12 x 12 grid covering the screen."


class TileOptionsIn(Body):
    text: str = Field(default="", max_length=MAX_TEXT, description="A text tile's words.")
    image: int = Field(
        default=1, ge=1, le=2**53, description="An image tile's uploaded image (its id)."
    )
    seconds: int = Field(default=10, ge=2, le=120, description="Seats: seconds per page (2-120).")


def _tile_rules() -> list[dict]:
    """What a tile's kind allows (README "Screen layouts and the room's look"): a
    room's kind shows no tournament of its own, and each kind takes only its
    options (text: text, image: image, seats: seconds, the rest none)."""
    no_options = {"anyOf": [{"type": "null"}, {"type": "object", "maxProperties": 0}]}
    rules: list[dict] = [
        {
            "if": {"properties": {"kind": {"enum": list(ROOM_KINDS)}}},
            "then": {"properties": {"tournament": {"type": "null"}}},
        },
        {
            "if": {"properties": {"kind": {"not": {"enum": list(OPTIONS)}}}},
            "then": {"properties": {"options": no_options}},
        },
    ]
    for kind, names in OPTIONS.items():
        others = {"propertyNames": {"enum": list(names)}}
        rules.append(
            {
                "if": {"properties": {"kind": {"const": kind}}},
                "then": {"properties": {"options": {"anyOf": [{"type": "null"}, others]}}},
            }
        )
    return rules


TILES_AT_MOST = {"maxItems": MAX_TILES}


def cells(least: int, most: int) -> dict[str, int]:
    return {"minimum": least, "maximum": most}


def tournament_id(schema: dict[str, Any]) -> None:
    for branch in schema.get("anyOf", []):
        if branch.get("type") == "integer":
            branch["minimum"] = 1


class TileIn(Body):
    model_config = ConfigDict(json_schema_extra={"allOf": _tile_rules()})

    kind: TileKind = Field(description="What the tile shows.")
    # The schema states the grid; the tile rules say in their words what is wrong.
    x: int = Field(
        description="Left column, from 0. " + GRID, json_schema_extra=cells(0, COLUMNS - 1)
    )
    y: int = Field(description="Top row, from 0. " + GRID, json_schema_extra=cells(0, ROWS - 1))
    w: int = Field(description="Width in columns.", json_schema_extra=cells(1, COLUMNS))
    h: int = Field(description="Height in rows.", json_schema_extra=cells(1, ROWS))
    tournament: int | None = Field(
        default=None,
        description="The tournament this tile shows (else the screen's own).",
        json_schema_extra=tournament_id,
    )
    options: TileOptionsIn | None = Field(default=None, description="Options of the kind.")


def _name() -> Any:
    """The name as the layout keeps it: spaces around dropped, 80 characters at most."""
    return Field(
        max_length=200,
        json_schema_extra={"maxLength": MAX_NAME, "pattern": NOT_BLANK},
        description="The layout's name (80 characters at most).",
    )


class LayoutIn(Body):
    name: str = _name()
    tiles: list[TileIn] = Field(
        max_length=200, json_schema_extra=TILES_AT_MOST, description="The tiles; none overlapping."
    )


class LayoutPatchIn(Body):
    name: str | None = Field(
        default=None,
        max_length=200,
        json_schema_extra={"maxLength": MAX_NAME, "pattern": NOT_BLANK},
        description="A new name.",
    )
    tiles: list[TileIn] | None = Field(
        default=None, max_length=200, json_schema_extra=TILES_AT_MOST, description="New tiles."
    )


class LayoutFileIn(Body):
    format: Literal[FORMAT] = Field(description='Always "tournament-director-layout".')  # type: ignore[valid-type]
    version: Literal[VERSION] = Field(description="The file's version: 1.")  # type: ignore[valid-type]
    name: str = _name()
    tiles: list[TileIn] = Field(
        max_length=200, json_schema_extra=TILES_AT_MOST, description="The tiles."
    )


class TileOptionsOut(Out):
    text: str | None = Field(default=None, description="A text tile's words.")
    image: int | None = Field(default=None, description="An image tile's image id.")
    seconds: int | None = Field(default=None, description="Seats: seconds per page.")


class TileOut(Out):
    kind: TileKind = Field(description="What the tile shows.")
    x: int = Field(description="Left column.")
    y: int = Field(description="Top row.")
    w: int = Field(description="Width in columns.")
    h: int = Field(description="Height in rows.")
    tournament: int | None = Field(default=None, description="The tournament shown, if fixed.")
    options: TileOptionsOut | None = Field(default=None, description="Options of the kind.")


class LayoutCreatedOut(Out):
    id: int = Field(description="The new layout's id.")


class LayoutOut(Out):
    id: int = Field(description="The layout's id.")
    name: str = Field(description="Its name (a preset's in the reader's language).")
    preset: Literal["clock", "payouts", "seats", "chips", "final"] | None = Field(
        description="The preset key, or null for a room's own layout."
    )
    tiles: list[TileOut] = Field(description="The tiles.")
    updated_at: datetime = Field(description="Last changed.")


class LayoutFileOut(Out):
    format: str = Field(description='Always "tournament-director-layout".')
    version: int = Field(description="The file's version.")
    name: str = Field(description="The layout's name.")
    tiles: list[TileOut] = Field(description="The tiles.")
