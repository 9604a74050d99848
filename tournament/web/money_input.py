"""Money typed by staff, in the reader's notation (README "Payouts").

Under German a director writes 2.200,00 (or 2200, or 2.200); under English
2,200.00. A separator that cannot be a thousands separator (not followed by
groups of three digits) is read as the decimal point, so "2200.50" under
German and "12,5" under English are not misread as thousands.
"""

from __future__ import annotations

import re
from decimal import Decimal, InvalidOperation

from django.utils.translation import get_language

CURRENCY_MARKS = re.compile(r"[€$£\u00a0\u202f']|CHF|EUR|Fr\.", re.IGNORECASE)
TOKENS = re.compile(r"[\s;]+")


def _separators() -> tuple[str, str]:
    """(decimal point, thousands separator) of the reader's language."""
    return (",", ".") if (get_language() or "en").startswith("de") else (".", ",")


def parse_money(text: str) -> Decimal:
    """One amount in the reader's notation; ``InvalidOperation`` when it is none."""
    point, group = _separators()
    token = CURRENCY_MARKS.sub("", text).strip()
    if point in token:
        whole, _, fraction = token.rpartition(point)
        token = f"{whole.replace(group, '')}.{fraction}"
    elif group in token:
        head, *groups = token.split(group)
        if head and all(len(g) == 3 and g.isdigit() for g in groups):
            token = head + "".join(groups)
        elif len(groups) == 1:
            token = f"{head}.{groups[0]}"
    if not re.fullmatch(r"\d+(\.\d*)?", token):
        raise InvalidOperation(text)
    return Decimal(token)


def parse_amounts(text: str) -> list[Decimal]:
    """Amounts one per line (or separated by spaces or semicolons)."""
    return [parse_money(token) for token in TOKENS.split(text.strip()) if token]
