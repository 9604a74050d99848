"""The league seasons' API shapes (README "Switching from TD3", "The points
formula"): a season, its formula tried on a field, its standings."""

from __future__ import annotations

from decimal import Decimal
from typing import Annotated

from ninja import Schema
from pydantic import ConfigDict, Field

from tournament.api.choices import SeasonFormula
from tournament.api.fields import NOT_BLANK, Amount, Body, when

FORMULA_TEXT_DESCRIPTION = (
    "The season's own formula in TD3's formula language when formula is td3 "
    '(README "Switching from TD3", "The points formula"), e.g. n - r + 1; '
    "unknown names and functions are a 422 that names them."
)


# Points per place in a season's own table: zero or more.
TablePoints = Annotated[Amount, Field(ge=0)]
# The season's own formula is written when formula is td3 (README "The points formula").
TD3_NEEDS_TEXT = when(
    "formula",
    ("td3",),
    {"properties": {"formula_text": {"pattern": NOT_BLANK}}, "required": ["formula_text"]},
)


class SeasonIn(Body):
    model_config = ConfigDict(json_schema_extra=TD3_NEEDS_TEXT)

    name: str = Field(..., min_length=1, max_length=120, json_schema_extra={"pattern": NOT_BLANK})
    formula: SeasonFormula = Field(
        "linear", description="linear, sqrt, table, or td3: the own formula in formula_text."
    )
    formula_text: str = Field("", max_length=10_000, description=FORMULA_TEXT_DESCRIPTION)
    scale: Amount = Field(Decimal(10), gt=0, max_digits=8, decimal_places=2)
    table: list[TablePoints] | None = Field(None, max_length=1000)
    participation: Amount = Field(Decimal(0), ge=0, max_digits=8, decimal_places=2)
    best_of: int | None = Field(None, ge=1, le=1000)


class FormulaPreviewIn(Body):
    """A formula to try on a field of ``field`` players, nothing stored."""

    model_config = ConfigDict(
        json_schema_extra={
            "examples": [
                {"formula": "td3", "formula_text": "n - r + 1 + numberOfHits * 2", "field": 10}
            ],
            **TD3_NEEDS_TEXT,
        }
    )

    formula: SeasonFormula = Field(..., description="linear, sqrt, table or td3.")
    formula_text: str = Field("", max_length=10_000, description=FORMULA_TEXT_DESCRIPTION)
    field: int = Field(..., ge=1, le=1000, description="Players in the field to preview.")
    scale: Amount = Field(Decimal(10), gt=0, max_digits=8, decimal_places=2)
    table: list[TablePoints] | None = Field(None, max_length=1000)
    participation: Amount = Field(Decimal(0), ge=0, max_digits=8, decimal_places=2)
    buy_in: Amount = Field(
        Decimal(10),
        ge=0,
        max_digits=10,
        decimal_places=2,
        description="What each player paid (one buy-in each), for formulas that read amounts.",
    )


class FormulaPreviewRowOut(Schema):
    place: int
    points: str = Field(description="Points without a hit, as a decimal string.")
    points_with_hit: str = Field(description="Points with one player eliminated.")


class FormulaPreviewOut(Schema):
    rows: list[FormulaPreviewRowOut] = Field(description="Places 1 to field.")


class SeasonOut(Schema):
    id: int
    name: str
    formula: SeasonFormula
    formula_text: str = Field(description=FORMULA_TEXT_DESCRIPTION)
    scale: str
    table: list[str] | None
    participation: str
    best_of: int | None


class StandingOut(Schema):
    rank: int
    player: int
    name: str
    points: str = Field(description="Points as a decimal string.")
    wins: int
    best_place: int | None
    played: int


class StandingsOut(SeasonOut):
    tournaments: list[int]
    standings: list[StandingOut]
