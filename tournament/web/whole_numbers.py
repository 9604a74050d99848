"""Whole numbers typed into a page's form or sent in its query, read once.

A number is refused with the reader's message, never turned into a 500: text
that is not a whole number, more digits than any column holds (Python refuses
to read more than 4,300), or a value outside the range the database stores.
A field the API also takes has the API's range (:func:`api_range`), so a page
never accepts what the API would refuse.
"""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext_lazy as _
from pydantic import BaseModel

from tournament.api.fields import DB_INT_MAX

DB_INT_MIN = -DB_INT_MAX - 1
# More digits than the largest column (bigint, 19 digits) can mean nothing.
MAX_DIGITS = 20

NOT_WHOLE = _("Enter whole numbers.")
OUT_OF_RANGE = _("Enter a whole number from %(low)s to %(high)s.")


class NumberRefused(ValueError):
    """A typed number the page will not take; ``str()`` is the reader's message."""


def api_range(schema: type[BaseModel], field: str) -> tuple[int, int]:
    """The (lowest, highest) value the API accepts in ``schema.field``."""
    low, high = DB_INT_MIN, DB_INT_MAX
    for limit in schema.model_fields[field].metadata:
        low = getattr(limit, "ge", low)
        high = getattr(limit, "le", high)
    return low, high


def api_limits(schema: type[BaseModel], field: str) -> dict[str, int]:
    """:func:`api_range` as the ``low`` and ``high`` of :func:`whole_number`."""
    low, high = api_range(schema, field)
    return {"low": low, "high": high}


def whole_number(
    value: Any,
    *,
    low: int = DB_INT_MIN,
    high: int = DB_INT_MAX,
    default: int | None = None,
) -> int:
    """``value`` (a form or query value) as an int from ``low`` to ``high``.

    An empty value is ``default`` when one is given. Raises :class:`NumberRefused`.
    """
    text = "" if value is None else str(value).strip()
    if not text and default is not None:
        return default
    if len(text) > MAX_DIGITS:
        raise NumberRefused(OUT_OF_RANGE % {"low": low, "high": high})
    try:
        number = int(text)
    except ValueError:
        raise NumberRefused(NOT_WHOLE) from None
    if not low <= number <= high:
        raise NumberRefused(OUT_OF_RANGE % {"low": low, "high": high})
    return number
