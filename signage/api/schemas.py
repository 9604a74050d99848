"""The typed bodies and answers of the screens API (README "Named screens")."""

from __future__ import annotations

from datetime import datetime
from typing import Annotated, Literal

from pydantic import Field, StringConstraints

from layouts.rules.look import FONTS
from signage.rules.settings import EVENTS
from tables.api.schemas import Out
from tournament.api.fields import NOT_BLANK, Body

# A layout by its preset key or name ("clock", "today") or by its id (7).
LayoutRef = (
    Annotated[str, StringConstraints(min_length=1, max_length=40)] | Annotated[int, Field(ge=1)]
)
EventName = Literal[EVENTS]  # type: ignore[valid-type]
LAYOUT = (
    "The layout: a preset's key (clock, payouts, seats, chips, final), a layout's id,"
    " or today (every running tournament)."
)


class RotationStep(Body):
    layout: LayoutRef = Field(description=LAYOUT)
    seconds: int = Field(ge=5, le=3600, description="How long this view shows.")


class SoundIn(Body):
    events: list[EventName] = Field(
        default_factory=list, max_length=20, description="The events the screen sounds and speaks."
    )
    volume: int = Field(default=80, ge=0, le=100, description="Volume, 0 to 100.")
    voice: Literal["de", "en"] | None = Field(
        default=None, description="The voice's language (default: the screen's language)."
    )
    chime: bool = Field(default=True, description="A chime before the words.")
    speaker: bool = Field(
        default=False,
        description="This screen speaks for the room; the room's other screens stay quiet.",
    )


COLOUR = "A colour #rrggbb; empty or null: the room's."
# What the look's rules take: a colour #rrggbb, a shipped font's key, or
# nothing (the room's); spaces around are dropped.
COLOUR_TEXT = r"^\s*(#[0-9a-fA-F]{6})?\s*$"
FONT_KEY = r"^\s*(" + "|".join(FONTS) + r")?\s*$"


class ScreenLookIn(Body):
    """The screen's own look; a field left out, null or empty is the room's."""

    background_colour: str | None = Field(
        default=None, max_length=40, json_schema_extra={"pattern": COLOUR_TEXT}, description=COLOUR
    )
    text_colour: str | None = Field(
        default=None, max_length=40, json_schema_extra={"pattern": COLOUR_TEXT}, description=COLOUR
    )
    accent_colour: str | None = Field(
        default=None, max_length=40, json_schema_extra={"pattern": COLOUR_TEXT}, description=COLOUR
    )
    tile_colour: str | None = Field(
        default=None, max_length=40, json_schema_extra={"pattern": COLOUR_TEXT}, description=COLOUR
    )
    font: str | None = Field(
        default=None,
        max_length=40,
        json_schema_extra={"pattern": FONT_KEY},
        description="A shipped font: system, dejavu-sans, dejavu-condensed, dejavu-serif.",
    )
    message: str | None = Field(
        default=None, max_length=300, description="The scrolling message line of this screen."
    )


class ScreenLookOut(Out):
    background_colour: str = Field(description="Its background colour; empty: the room's.")
    text_colour: str = Field(description="Its text colour; empty: the room's.")
    accent_colour: str = Field(description="Its accent colour; empty: the room's.")
    tile_colour: str = Field(description="Its tiles' colour; empty: the room's.")
    font: str = Field(description="Its font; empty: the room's.")
    message: str = Field(description="Its message line; empty: the room's.")


LOOK = "The screen's own look on a tile board (one of the room's own layouts)."


class ScreenIn(Body):
    name: str = Field(
        min_length=1,
        max_length=80,
        json_schema_extra={"pattern": NOT_BLANK},
        description="What the room calls the screen.",
    )
    layout: LayoutRef = Field(default="clock", description=LAYOUT)
    tournaments: list[int] = Field(
        default_factory=list, max_length=20, description="The tournaments it shows (ids)."
    )
    language: Literal["de", "en"] = Field(default="de", description="The screen's language.")
    rotation: list[RotationStep] | None = Field(
        default=None, max_length=12, description="Views to turn through: [{layout, seconds}]."
    )
    sound: SoundIn | None = Field(default=None, description="Sound and speech.")
    look: ScreenLookIn | None = Field(default=None, description=LOOK)


class ScreenPatch(Body):
    name: str | None = Field(
        default=None,
        min_length=1,
        max_length=80,
        json_schema_extra={"pattern": NOT_BLANK},
        description="New name.",
    )
    layout: LayoutRef | None = Field(default=None, description=LAYOUT)
    tournaments: list[int] | None = Field(
        default=None, max_length=20, description="The tournaments it shows (ids)."
    )
    language: Literal["de", "en"] | None = Field(default=None, description="The language.")
    rotation: list[RotationStep] | None = Field(
        default=None, max_length=12, description="Views to turn through; [] for none."
    )
    sound: SoundIn | None = Field(default=None, description="Sound and speech.")
    look: ScreenLookIn | None = Field(default=None, description=LOOK + " The whole of it.")


class ScreenCreated(Out):
    id: int = Field(description="The screen's id.")
    code: str = Field(description="Its short code: the TV opens /s/<code>.")
    url: str = Field(description="The TV's address.")


class SoundOut(Out):
    events: list[str] = Field(description="The events the screen sounds and speaks.")
    volume: int = Field(description="Volume, 0 to 100.")
    voice: str = Field(description="The voice's language.")
    chime: bool = Field(description="A chime before the words.")
    speaker: bool = Field(description="This screen speaks for the room.")


class ScreenRow(Out):
    id: int = Field(description="The screen's id.")
    name: str = Field(description="Its name.")
    code: str = Field(description="Its code.")
    last_seen: datetime | None = Field(description="When its TV last reported.")
    showing: str = Field(description="What its TV said it shows.")
    reporting: bool = Field(description="Its TV reported within the last 90 seconds.")


class ScreenOut(ScreenRow):
    url: str = Field(description="The TV's address.")
    layout: str = Field(description=LAYOUT)
    tournaments: list[int] = Field(description="The tournaments it shows (ids).")
    language: str = Field(description="Its language.")
    rotation: list[RotationStep] = Field(description="Views it turns through.")
    sound: SoundOut = Field(description="Sound and speech.")
    look: ScreenLookOut = Field(description=LOOK)
