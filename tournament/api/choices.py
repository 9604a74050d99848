"""The API's enums: the models' choices written out as ``Literal`` types, so the
OpenAPI schema lists every allowed value and a generated client gets an enum
(README "API"). A test holds each one equal to the model's choices."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BeforeValidator, Field

from tournament.rules.payouts import money

TournamentStatus = Literal["planned", "running", "finished"]
Rulebook = Literal["tda2019", "tda2024", "bdpv", "ifp", "house"]
TieRule = Literal["share", "button"]
Currency = Literal["EUR", "CHF", "USD", "GBP"]
Places = Literal["by_player", "by_entry"]
EntryStatus = Literal["registered", "seated", "waiting", "busted", "disqualified", "withdrawn"]
BountyKind = Literal["none", "knockout", "progressive", "mystery"]
StackRule = Literal["first", "best", "cumulative"]
RoundingMode = Literal["down", "nearest"]
SeasonFormula = Literal["linear", "sqrt", "table", "td3"]
DealMethod = Literal["icm", "chip_chop"]
PayoutSource = Literal["custom", "frozen", "template", "amounts", "mixed", "satellite"]

MONEY_PATTERN = r"^-?\d+\.\d{2}$"


def _as_money(value: Any) -> Any:
    return value if isinstance(value, str) or value is None else money(value)


# Money as the API writes it: a decimal string with two decimals ("1250.00").
Money = Annotated[
    str,
    BeforeValidator(_as_money),
    Field(pattern=MONEY_PATTERN, examples=["1250.00"], description="Money, two decimals."),
]
