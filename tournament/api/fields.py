"""What every API request body shares: strict JSON types, no unknown fields, and
the number ranges the database can store."""

from __future__ import annotations

from decimal import Decimal
from typing import Annotated

from ninja import Schema
from pydantic import ConfigDict, Strict

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


# Money and percentages come as JSON numbers or as strings ("12.50"); a strict
# Decimal would take neither from the parsed body.
Amount = Annotated[Decimal, Strict(False)]
