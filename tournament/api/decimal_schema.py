"""What the schema says of a decimal field (money, percentages, points): the
number and the string it takes, read from the field's own constraints, so a
request the schema calls valid is one the server takes (README "API").

A decimal field takes a JSON number or a decimal string. Pydantic writes only
the bounds, and only on the number: a number of more decimals than the field
keeps (``5e-324``), more digits than its column holds, or a string ``"0"``
where the amount must be above zero all passed the schema and were refused.
Here the number gets ``multipleOf`` (its decimals) and the bounds its digits
allow, and the string a pattern of as many digits and decimals, without a
sign where the field takes no negative amount, and never all zeros where it
must be above zero. The pattern is a little narrower than what the server
reads (no leading zeros, no exponent), never wider; it uses no look-ahead, so
every client's regular expressions can run it.
"""

from __future__ import annotations

from decimal import Decimal
from typing import Any


def _number(value: Any) -> Decimal | None:
    return None if value is None else Decimal(str(value))


def _whole_digits(core: dict[str, Any], largest: Decimal | None) -> int | None:
    """At most this many digits before the point: those the column keeps, and
    as many as the largest magnitude the bounds allow."""
    limits = []
    if core.get("max_digits") is not None:
        limits.append(int(core["max_digits"]) - int(core.get("decimal_places") or 0))
    if largest is not None:
        # 10**w - one step must stay within the bound: 1000000 allows 6 digits.
        whole = len(str(int(largest))) if largest >= 1 else 1
        limits.append(whole if Decimal(10) ** whole <= largest else whole - 1)
    return min(limits) if limits else None


def _digits(count: int | None) -> str:
    return "[0-9]+" if count is None else f"[0-9]{{1,{count}}}" if count > 1 else "[0-9]"


def _nonzero_fraction(places: int | None) -> str:
    """Decimals of which at least one is not zero: ``0[1-9]|[1-9][0-9]?`` for two."""
    if places is None:
        return "[0-9]*[1-9][0-9]*"
    branches = []
    for zeros in range(places):
        rest = places - zeros - 1
        tail = f"[0-9]{{0,{rest}}}" if rest > 1 else "[0-9]?" if rest == 1 else ""
        branches.append("0" * zeros + "[1-9]" + tail)
    return "|".join(branches)


def _above_zero(core: dict[str, Any], low: Decimal | None, places: Any) -> bool:
    """Whether the least value is the first step above zero (``gt=0``, or
    ``ge=0.01`` with two decimals): then the string is never all zeros. Other
    positive bounds are refused here, so no field's pattern promises too much."""
    if low is None or low < 0 or (low == 0 and core.get("gt") is None):
        return False
    if low == 0 or (places is not None and low == Decimal(1).scaleb(-int(places))):
        return True
    raise ValueError(f"no pattern for a decimal of at least {low}")


def decimal_pattern(core: dict[str, Any]) -> str:
    """The strings a decimal field with these constraints takes."""
    low = _number(core.get("ge", core.get("gt")))
    high = _number(core.get("le", core.get("lt")))
    largest = None if high is None or low is None or low < 0 else high
    if low is not None and low < 0 and high is not None:
        largest = max(-low, high)
    places = core.get("decimal_places")
    whole = _whole_digits(core, largest)
    fraction = "" if places == 0 else rf"(\.{_digits(places)})?"
    sign = r"\+?" if low is not None and low >= 0 else "[+-]?"
    if _above_zero(core, low, places):
        more = "[0-9]*" if whole is None else f"[0-9]{{0,{whole - 1}}}" if whole > 1 else ""
        above_zero = f"[1-9]{more}{fraction}"
        if places != 0:
            above_zero += rf"|0\.({_nonzero_fraction(places)})"
        return f"^{sign}({above_zero})$"
    if whole is not None and whole < 2:
        first = "[0-9]" if whole == 1 else "0"
    else:
        first = "0|[1-9]" + ("[0-9]*" if whole is None else f"[0-9]{{0,{whole - 1}}}")
    return f"^{sign}({first}){fraction}$"


def decimal_number(core: dict[str, Any]) -> dict[str, Any]:
    """What the number branch adds to pydantic's bounds: its step and the
    largest magnitude its digits allow."""
    places = core.get("decimal_places")
    extra: dict[str, Any] = {}
    if places is not None:
        extra["multipleOf"] = float(Decimal(1).scaleb(-int(places)))
    if core.get("max_digits") is not None and places is not None:
        whole = int(core["max_digits"]) - int(places)
        largest = Decimal(10) ** whole - Decimal(1).scaleb(-int(places))
        high = _number(core.get("le", core.get("lt")))
        if high is None or largest < high:
            extra["maximum"] = float(largest)
            extra.pop("exclusiveMaximum", None)
        low = _number(core.get("ge", core.get("gt")))
        if low is None or -largest > low:
            extra["minimum"] = float(-largest)
    return extra


def describe_decimal(schema: dict[str, Any], core: dict[str, Any]) -> dict[str, Any]:
    """``schema`` (pydantic's number-or-string) with the number and the string
    narrowed to what the server takes."""
    for branch in schema.get("anyOf", []):
        if branch.get("type") == "string":
            branch["pattern"] = decimal_pattern(core)
        elif branch.get("type") == "number":
            for key, value in decimal_number(core).items():
                branch[key] = value
                if key == "maximum":
                    branch.pop("exclusiveMaximum", None)
                if key == "minimum":
                    branch.pop("exclusiveMinimum", None)
    return schema
