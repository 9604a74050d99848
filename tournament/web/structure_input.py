"""The payout structure as typed on the payouts page (README "Payouts"):
percentages, amounts in the reader's notation, or a mixed structure: the
fixed places one per line as ``place: amount`` ("1: 200 €", the place left out:
the next one), the percentages of the rest in their own field ("50 30 20" or
"50/30/20"); the places left over by the fixed ones take the percentages in order. A field
typed but not used by the structure chosen is said, never dropped silently."""

from __future__ import annotations

import re
from decimal import Decimal, InvalidOperation
from typing import Any

from django.utils.translation import gettext_lazy as _

from tournament.errors import Invalid
from tournament.rules.fixed_payouts import PlacePay
from tournament.templatetags.room_format import num
from tournament.web.local_numbers import parse_amount
from tournament.web.money_input import parse_amounts, parse_money

FIXED_UNREADABLE = _(
    "Write one fixed place per line as place: amount, for example 1: 200 (the amount in "
    "the reader's notation)."
)
FIXED_BEYOND = _(
    "Place %(place)s is fixed, but only %(paid)s places are paid: give a percentage for "
    "every place in between."
)
PLACE_LINE = re.compile(r"^\s*(?:(?:platz|place)?\s*(\d{1,4})\s*[:)=]\s*)?(.*)$", re.I)
NOISE = re.compile(r"€|\beur\b|\bchf\b|\bfest\b|\bfixed\b|\bfix\b", re.I)


def read_fixed_places(text: str) -> dict[int, Decimal]:
    """The fixed amount of each place typed; ``Invalid`` when a line is not one."""
    fixed: dict[int, Decimal] = {}
    place = 0
    for line in text.splitlines():
        if not line.strip():
            continue
        found = PLACE_LINE.match(line)
        number = found[1] if found else None
        place = int(number) if number else place + 1
        try:
            amount = parse_money(NOISE.sub("", found[2] if found else line).strip())
        except InvalidOperation as exc:
            raise Invalid(FIXED_UNREADABLE) from exc
        if place < 1 or place in fixed:
            raise Invalid(FIXED_UNREADABLE)
        fixed[place] = amount
    return fixed


def mixed_places(fixed: dict[int, Decimal], percentages: list[Decimal]) -> list[PlacePay]:
    """Every paid place best first: fixed where typed, else the next percentage."""
    paid = len(fixed) + len(percentages)
    beyond = [place for place in fixed if place > paid]
    if beyond:
        raise Invalid(FIXED_BEYOND % {"place": min(beyond), "paid": paid})
    shares = iter(percentages)
    return [
        PlacePay(amount=fixed[n]) if n in fixed else PlacePay(percentage=next(shares))
        for n in range(1, paid + 1)
    ]


PERCENTAGES_UNREADABLE = _(
    "Write one percentage per line (or separated by spaces), for example 50 30 20."
)
AMOUNTS_UNREADABLE = _(
    "Write one amount per line, best place first, for example 2.200,00 (German) or 2,200.00."
)
AMOUNTS_NOT_USED = _(
    "The amounts typed were not used: the payouts are by percentages. To pay fixed places "
    "and percentages of the rest, choose “Fixed places and percentages of the rest”."
)
PERCENTAGES_NOT_USED = _(
    "The percentages typed were not used: the payouts are fixed amounts. To pay fixed "
    "places and percentages of the rest, choose “Fixed places and percentages of the rest”."
)


def read_numbers(text: str, message: object) -> list[Decimal]:
    try:
        # "50 30 20", "50/30/20" and "50 %" read alike.
        tokens = [token.rstrip(",%") for token in re.split(r"[\s;/]+", text.strip())]
        return [parse_amount(token) for token in tokens if token]
    except InvalidOperation as exc:
        raise Invalid(message) from exc


def typed_amounts(text: str) -> list[Decimal]:
    try:
        return parse_amounts(text)
    except InvalidOperation as exc:
        raise Invalid(AMOUNTS_UNREADABLE) from exc


def pay_by(source: str) -> str:
    return {"amounts": "amounts", "mixed": "mixed"}.get(source, "percentages")


def amounts_typed(amounts: list[str | None], *, mixed: bool) -> str:
    """The amounts as the form shows them; a mixed structure's fixed places as 1: 200,00."""
    if not mixed:
        return "\n".join(num(Decimal(a), 2) for a in amounts if a is not None)
    return "\n".join(f"{n}: {num(Decimal(a), 2)}" for n, a in enumerate(amounts, 1) if a)


def structure_typed(
    data: dict[str, Any],
) -> tuple[list[Decimal] | None, list[Decimal] | None, list[PlacePay] | None, str]:
    """Percentages, amounts or mixed places as the form says, and the warning
    for a field typed but not used (a page never drops one silently)."""
    amounts_given = bool(data["amounts"].strip())
    if data["use_template"]:
        return None, None, None, str(AMOUNTS_NOT_USED) if amounts_given else ""
    if data["pay_by"] == "amounts":
        typed_percentages = bool(data["percentages"].strip())
        unused = str(PERCENTAGES_NOT_USED) if typed_percentages else ""
        return None, typed_amounts(data["amounts"]), None, unused
    percentages = read_numbers(data["percentages"], PERCENTAGES_UNREADABLE)
    if data["pay_by"] == "mixed":
        places = mixed_places(read_fixed_places(data["amounts"]), percentages)
        return None, None, places, ""
    return percentages, None, None, str(AMOUNTS_NOT_USED) if amounts_given else ""
