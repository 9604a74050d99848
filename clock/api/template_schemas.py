"""The shapes of the structure templates' API (README "Blind structure templates"):
the built-in templates and those the room saved, listed with their kind."""

from __future__ import annotations

from ninja import Schema
from pydantic import ConfigDict, Field

from clock.api.schemas import LEVEL_EXAMPLE, StructureEntry
from clock.services.templates import NAME_MAX, TemplateKind
from tournament.api.fields import Body

TEMPLATE_EXAMPLE = {
    "key": "saved-3",
    "kind": "saved",
    "id": 3,
    "title": "Freitagsturnier",
    "starting_stack": 20000,
    "levels": [LEVEL_EXAMPLE, {**LEVEL_EXAMPLE, "small_blind": 200, "big_blind": 400}],
}


class TemplateOut(Schema):
    """A structure template: built in, or saved by the room from a tournament."""

    model_config = ConfigDict(json_schema_extra={"examples": [TEMPLATE_EXAMPLE]})

    key: str = Field(
        description="What to send as `template` to POST .../structure/template "
        '(a built-in key such as "club20", or "saved-<id>").'
    )
    kind: TemplateKind = Field(
        description='"builtin": comes with the app; "saved": the room saved it.'
    )
    id: int | None = Field(
        description="The saved template's id (for DELETE /structure-templates/{id}); "
        "null for a built-in one."
    )
    title: str = Field(description="Its name (a built-in one's in the reader's language).")
    starting_stack: int | None = Field(
        description="The starting stack it was made for, in chips (null: not known)."
    )
    levels: list[StructureEntry] = Field(description="Levels and breaks, first played first.")


class TemplateSaveIn(Body):
    """Save the tournament's structure as a template."""

    name: str | None = Field(
        None,
        max_length=NAME_MAX,
        description="The template's name; default: the tournament's name. "
        "Names are unique ignoring case.",
    )
    replace: bool = Field(
        False,
        description="Replace a saved template of the same name (without it such a name is a 409).",
    )
