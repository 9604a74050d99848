"""Money typed by staff, in the reader's notation (README "Payouts").

Under German a director writes 2.200,00 (or 2200, or 2.200); under English
2,200.00: the one reading of the reader's notation, ``local_numbers.parse_amount``,
with lists of amounts and the buy-in options' lines on top.
"""

from __future__ import annotations

import re
from decimal import Decimal, InvalidOperation
from typing import Any

from django.core.exceptions import ValidationError
from django.utils.formats import number_format
from django.utils.translation import gettext_lazy as _

from tournament.web.local_numbers import parse_amount

CENT = Decimal("0.01")
PRICE_LIMIT = Decimal(10) ** 8

TOKENS = re.compile(r"[\s;]+")


def parse_money(text: str) -> Decimal:
    """One amount of money in the reader's notation (see ``parse_amount``), never
    below zero; ``InvalidOperation`` when it is none."""
    value = parse_amount(text)
    if value < 0:
        raise InvalidOperation(text)
    return value


def parse_amounts(text: str) -> list[Decimal]:
    """Amounts one per line (or separated by spaces or semicolons)."""
    return [parse_money(token) for token in TOKENS.split(text.strip()) if token]


BUY_IN_LINE = _(
    "Line %(line)s: write name; price; fee; chips, for example Early bird; 40; 5; 25000."
)


def _price(text: str) -> Decimal:
    """A price or fee of a buy-in: whole cents, below 100,000,000 (the column's size)."""
    value = parse_money(text)
    if not value < PRICE_LIMIT or value != value.quantize(CENT):
        raise InvalidOperation(text)
    return value


def _buy_in_line(line: str) -> dict[str, Any]:
    name, price, fee, chips = (part.strip() for part in line.split(";"))
    stack = parse_money(chips)
    if not name or len(name) > 40 or stack != stack.to_integral_value():
        raise ValueError(line)
    if not 1 <= stack < 2**31:
        raise ValueError(line)
    return {"name": name, "price": _price(price), "fee": _price(fee or "0"), "chips": int(stack)}


def read_buy_in_lines(text: str) -> list[dict[str, Any]]:
    """Buy-in options typed one per line as ``name; price; fee; chips`` (the
    tournament form), money and chips in the reader's notation."""
    options = []
    for number, line in enumerate(text.splitlines(), start=1):
        if not line.strip():
            continue
        try:
            options.append(_buy_in_line(line))
        except (ValueError, InvalidOperation) as exc:
            raise ValidationError(BUY_IN_LINE % {"line": number}) from exc
    return options


def buy_in_lines(options: list[dict[str, Any]]) -> str:
    """The options as the form shows them, in the reader's notation."""
    return "\n".join(
        "; ".join(
            (
                o["name"],
                number_format(Decimal(o["price"]), 2, use_l10n=True, force_grouping=True),
                number_format(Decimal(o["fee"]), 2, use_l10n=True, force_grouping=True),
                str(o["chips"]),
            )
        )
        for o in options
    )
