"""The typed bodies and answers of the rulings API (README "API", "Rulings").

Categories and penalty kinds come from the models' choices (one source). A
ruling's `table` is a table NUMBER, as the floor says it; `table_number` says
the same under a clear name and `table_id` carries the id (README "API",
"Table ids and table numbers").
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal

from pydantic import ConfigDict, Field

from rulings.models import Category, PenaltyKindChoice
from tables.api.schemas import TABLE_ID, TABLE_NUMBER, Out
from tournament.api.fields import DB_SMALLINT_MAX, Body

if TYPE_CHECKING:
    CategoryName = str
    PenaltyKindName = str
else:
    CategoryName = Literal[tuple(Category.values)]
    PenaltyKindName = Literal[tuple(PenaltyKindChoice.values)]

# Bodies take these as strings checked by the service, so a wrong one is refused
# in the reader's language; the schema lists the values a client may send.
CATEGORIES = {"enum": list(Category.values)}
PENALTY_KINDS = {"enum": list(PenaltyKindChoice.values)}


class PenaltyIn(Body):
    entry: int = Field(ge=1, description="The entry penalised.")
    kind: str = Field(max_length=40, json_schema_extra=PENALTY_KINDS, description="The penalty.")
    count: int | None = Field(
        None,
        ge=0,
        le=DB_SMALLINT_MAX,
        description="missed_hands: hands; missed_rounds: rounds. None for the other kinds.",
    )
    chips: int | None = Field(
        None,
        ge=0,
        le=10**13,
        description="A disqualification: the chips taken off the table (default: his "
        "latest count, else the average stack).",
    )


class RulingIn(Body):
    table: int | None = Field(
        None, ge=1, description="The table's NUMBER (not its id) where it happened."
    )
    table_number: int | None = Field(
        None, ge=1, description="The same as `table`, by its clear name; send one of them."
    )
    entries: list[int] = Field(
        default_factory=list, max_length=20, description="Entry ids of the players involved."
    )
    category: str = Field(max_length=40, json_schema_extra=CATEGORIES, description="What kind.")
    situation: str = Field(min_length=1, max_length=4000, description="What happened.")
    decision: str = Field(min_length=1, max_length=4000, description="What the floor decided.")
    rules: list[str] = Field(
        default_factory=list, max_length=30, description="Rule ids applied (GET /rules)."
    )
    penalty: PenaltyIn | None = Field(None, description="A penalty given with the ruling.")

    model_config = ConfigDict(
        json_schema_extra={
            "examples": [
                {
                    "table_number": 3,
                    "entries": [12],
                    "category": "etiquette",
                    "situation": "Seat 4 swore at the dealer.",
                    "decision": "One round penalty.",
                    "rules": ["TDA2019-71"],
                    "penalty": {"entry": 12, "kind": "missed_rounds", "count": 1},
                }
            ]
        }
    )


class AmendmentIn(Body):
    text: str = Field(min_length=1, max_length=4000, description="The addition to the ruling.")


class PenaltyOut(Out):
    entry: int = Field(description="The entry penalised.")
    name: str = Field(description="The player's name.")
    kind: PenaltyKindName = Field(description="The penalty.")
    count: int | None = Field(description="Hands or rounds given (missed_hands, missed_rounds).")
    players_at_table: int | None = Field(description="Players at his table when given.")
    hands: int = Field(description="Hands he sits out in all (0: no sit-out).")
    hands_left: int | None = Field(description="Hands still to sit out.")
    table: int | None = Field(description=TABLE_NUMBER)
    table_number: int | None = Field(None, description=TABLE_NUMBER)
    table_id: int | None = Field(None, description=TABLE_ID)
    hand_at_start: int | None = Field(description="The table's hand count when it began.")


class RulingSeatOut(Out):
    entry: int = Field(description="An entry involved.")
    name: str = Field(description="The player's name.")
    table: int | None = Field(description=TABLE_NUMBER)
    seat: int | None = Field(description="His seat then.")


class AmendmentOut(Out):
    id: int = Field(description="The amendment's id.")
    text: str = Field(description="What was added.")
    created_at: str = Field(description="When (ISO 8601).")
    by: str | None = Field(description="Who added it.")


class RulingOut(Out):
    id: int = Field(description="The ruling's id.")
    tournament: int = Field(description="The tournament's id.")
    created_at: str = Field(description="When it was logged (ISO 8601, server clock).")
    level_index: int | None = Field(description="The clock's level index then.")
    decided_by: str | None = Field(description="The signed-in user who logged it.")
    table: int | None = Field(description=TABLE_NUMBER)
    table_number: int | None = Field(None, description=TABLE_NUMBER)
    table_id: int | None = Field(None, description=TABLE_ID)
    entries: list[int] = Field(description="Entry ids involved.")
    seats: list[RulingSeatOut] = Field(description="Where each involved player sat.")
    category: CategoryName = Field(description="What kind.")
    situation: str = Field(description="What happened.")
    decision: str = Field(description="What the floor decided.")
    rules: list[str] = Field(description="Rule ids applied.")
    penalty: PenaltyOut | None = Field(description="The penalty given, if any.")
    amendments: list[AmendmentOut] = Field(description="Additions, oldest first.")

    model_config = ConfigDict(
        extra="allow",
        json_schema_extra={
            "examples": [
                {
                    "id": 5,
                    "tournament": 1,
                    "created_at": "2026-11-25T21:04:00+00:00",
                    "level_index": 6,
                    "decided_by": "floor1",
                    "table": 3,
                    "table_number": 3,
                    "table_id": 57,
                    "entries": [12],
                    "seats": [{"entry": 12, "name": "Eva Hoffmann", "table": 3, "seat": 4}],
                    "category": "etiquette",
                    "situation": "Seat 4 swore at the dealer.",
                    "decision": "One round penalty.",
                    "rules": ["TDA2019-71"],
                    "penalty": {
                        "entry": 12,
                        "name": "Eva Hoffmann",
                        "kind": "missed_rounds",
                        "count": 1,
                        "players_at_table": 8,
                        "hands": 8,
                        "hands_left": 8,
                        "table": 3,
                        "table_number": 3,
                        "table_id": 57,
                        "hand_at_start": 112,
                    },
                    "amendments": [],
                }
            ]
        },
    )


class RuleOut(Out):
    id: str = Field(description="The rule's id (e.g. TDA2019-10).")
    document: str = Field(description="The rulebook (e.g. TDA2019, HOUSE).")
    number: str = Field(description="The rule's number in its rulebook.")
    title: str = Field(description="The title in the reader's language.")
    summary: str = Field(description="The summary in the reader's language.")
    title_de: str
    title_en: str
    summary_de: str
    summary_en: str
    keywords_de: list[str]
    keywords_en: list[str]
    related: list[str] = Field(description="Ids of related rules.")
    aliases: list[str] = Field(description="Other ids it is known by.")
    section_de: str = Field(description="The rulebook's section (German).")
    house: bool = Field(description="A house rule of this room.")
