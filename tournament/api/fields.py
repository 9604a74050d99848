"""What every API request body shares: strict JSON types, no unknown fields, and
the number ranges the database can store."""

from __future__ import annotations

from decimal import Decimal
from typing import Annotated, Any

from ninja import Schema
from pydantic import ConfigDict, GetJsonSchemaHandler, Strict

# PostgreSQL's `integer` (Django's IntegerField and PositiveIntegerField).
DB_INT_MAX = 2**31 - 1
# PostgreSQL's `smallint` (Django's PositiveSmallIntegerField).
DB_SMALLINT_MAX = 2**15 - 1
# PostgreSQL's `bigint` (the tournament's version).
DB_BIGINT_MAX = 2**63 - 1


class Body(Schema):
    """A request body as documented: `false` is not 0, `"5"` is not 5, and a field
    the operation does not know (a typo, or a field of another operation) is
    refused with 422 instead of being ignored."""

    model_config = ConfigDict(strict=True, extra="forbid")


# A decimal written as a string: what the server reads as a number ("12.50",
# "-3", "0.5"), so the schema promises no string the server refuses.
DECIMAL_TEXT = r"^[+-]?[0-9]+(\.[0-9]+)?$"


class DecimalText:
    """The string form of a decimal field in the schema carries its pattern."""

    @classmethod
    def __get_pydantic_json_schema__(cls, core: Any, handler: GetJsonSchemaHandler) -> Any:
        schema = handler(core)
        for branch in schema.get("anyOf", []):
            if branch.get("type") == "string":
                branch.setdefault("pattern", DECIMAL_TEXT)
        return schema


# Money and percentages come as JSON numbers or as strings ("12.50"); a strict
# Decimal would take neither from the parsed body.
Amount = Annotated[Decimal, Strict(False), DecimalText]
