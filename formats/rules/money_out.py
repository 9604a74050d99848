"""Amounts and columns of the files other sites read (README "Results out: formats")."""

from __future__ import annotations

from decimal import ROUND_HALF_UP, Decimal

# The Hendon Mob results file: the columns the issue names for its upload, in order.
HENDON_MOB_COLUMNS = ("place", "name", "country", "prize", "currency", "event", "date")
CENT = Decimal("0.01")


def plain_amount(value: Decimal) -> str:
    """A dot and two decimals, no thousands separator: 1234.5 -> "1234.50"."""
    return f"{value.quantize(CENT, rounding=ROUND_HALF_UP):f}"
