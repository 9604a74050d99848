"""The typed bodies and answers of the layouts API (README "Screen layouts and the room's look")."""

from __future__ import annotations

from datetime import datetime
from typing import Literal

from pydantic import Field

from layouts.rules.tiles import KINDS
from tables.api_schemas import Out
from tournament.api.fields import Body

# The rules' kinds, in their order: a closed list for generated clients.
TileKind = Literal[KINDS]  # type: ignore[valid-type]
GRID = "Cells of the 12 x 12 grid covering the screen."


class TileOptionsIn(Body):
    text: str | None = Field(default=None, max_length=500, description="A text tile's words.")
    image: int | None = Field(default=None, description="An image tile's uploaded image (its id).")
    seconds: int | None = Field(default=None, description="Seats: seconds per page (2-120).")


class TileIn(Body):
    kind: TileKind = Field(description="What the tile shows.")
    x: int = Field(description="Left column, from 0. " + GRID)
    y: int = Field(description="Top row, from 0. " + GRID)
    w: int = Field(description="Width in columns.")
    h: int = Field(description="Height in rows.")
    tournament: int | None = Field(
        default=None, description="The tournament this tile shows (else the screen's own)."
    )
    options: TileOptionsIn | None = Field(default=None, description="Options of the kind.")


class LayoutIn(Body):
    name: str = Field(max_length=200, description="The layout's name (80 characters at most).")
    tiles: list[TileIn] = Field(max_length=200, description="The tiles; none overlapping.")


class LayoutPatchIn(Body):
    name: str | None = Field(default=None, max_length=200, description="A new name.")
    tiles: list[TileIn] | None = Field(default=None, max_length=200, description="New tiles.")


class LayoutFileIn(Body):
    format: str = Field(description='Always "tournament-director-layout".')
    version: int = Field(description="The file's version: 1.")
    name: str = Field(max_length=200, description="The layout's name.")
    tiles: list[TileIn] = Field(max_length=200, description="The tiles.")


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
