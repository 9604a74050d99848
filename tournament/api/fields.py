"""What every API request body shares: strict JSON types, no unknown fields, and
the number ranges the database can store."""

from __future__ import annotations

from decimal import Decimal
from typing import Annotated, Any

from ninja import Schema
from pydantic import ConfigDict, GetJsonSchemaHandler, Strict

from tournament.api.decimal_schema import describe_decimal

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


class DecimalText:
    """A decimal field in the schema says which numbers and which strings the
    server takes, from the field's own bounds, digits and decimals."""

    @classmethod
    def __get_pydantic_json_schema__(cls, core: Any, handler: GetJsonSchemaHandler) -> Any:
        return describe_decimal(handler(core), core)


# Money and percentages come as JSON numbers or as strings ("12.50"); a strict
# Decimal would take neither from the parsed body.
Amount = Annotated[Decimal, Strict(False), DecimalText]

# Text the server reads after stripping spaces must hold one character that is
# not a space (a name, a reason): the schema says so with this pattern.
NOT_BLANK = r"[^\s\x1c-\x1f\x85]"
# An e-mail address as the server checks it (Django's validator), written a
# little narrower: a dotted local part, host names, a top-level domain of
# letters; or nothing, which clears it.
EMAIL = (
    r"^$|^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*"
    r"@[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?(\.[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*"
    r"\.[A-Za-z]{2,63}$"
)


def when(field: str, values: tuple[object, ...], then: dict[str, Any]) -> dict[str, Any]:
    """A JSON Schema ``if``/``then``: where ``field`` is one of ``values``, the
    body must also be ``then`` (a voucher names its number)."""
    condition = {"const": values[0]} if len(values) == 1 else {"enum": list(values)}
    return {"if": {"properties": {field: condition}, "required": [field]}, "then": then}


def contact_needs_consent(field: str, consent: dict[str, Any]) -> dict[str, Any]:
    """Where ``field`` (an e-mail, a phone) holds more than spaces, ``consent``
    must be given too (README "Player data")."""
    return {
        "if": {
            "properties": {field: {"type": "string", "pattern": NOT_BLANK}},
            "required": [field],
        },
        "then": {"properties": {"consent": consent}, "required": ["consent"]},
    }
