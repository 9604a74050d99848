"""Numbers, money and percentages as the reader's locale writes them
(README "Screens"): German 20.000 · 1.250 € · 9,5 %, English 20,000 ·
€1,250.00 · 9.5%.

Django groups thousands only with USE_THOUSAND_SEPARATOR, which would also
group ids in form values and data attributes; these filters group what is
shown to people and nothing else.
"""

from __future__ import annotations

from decimal import Decimal, InvalidOperation
from typing import Any

from django import template
from django.utils.formats import number_format
from django.utils.translation import get_language

from tournament import presenters

register = template.Library()

SYMBOLS = {"EUR": "€", "CHF": "CHF", "USD": "$", "GBP": "£"}


def _decimal(value: Any) -> Decimal | None:
    if value is None or value == "":
        return None
    try:
        return Decimal(str(value))
    except (InvalidOperation, ValueError):
        return None


def _german() -> bool:
    return (get_language() or "en").startswith("de")


@register.filter
def num(value: Any, decimals: int | None = None) -> str:
    """A count or amount grouped by thousands: 20.000 (de), 20,000 (en)."""
    number = _decimal(value)
    if number is None:
        return "" if value is None else str(value)
    if decimals is None:
        decimals = 0 if number == number.to_integral_value() else None
    return number_format(number, decimal_pos=decimals, use_l10n=True, force_grouping=True)


@register.filter
def money(value: Any, currency: str = "EUR") -> str:
    """An amount with its currency: 1.250 € or 1.250,50 € (de), €1,250.00 (en)."""
    return _money(value, currency, cents_when_whole=not _german())


@register.filter
def public_money(value: Any, currency: str = "EUR") -> str:
    """Money as the public screens write it (board_words.js does the same): whole
    amounts without cents in every language, 2.600 € (de), €2,600 (en)."""
    return _money(value, currency, cents_when_whole=False)


def _money(value: Any, currency: str, *, cents_when_whole: bool) -> str:
    number = _decimal(value)
    if number is None:
        return ""
    symbol = SYMBOLS.get(currency or "EUR", currency or "")
    whole = number == number.to_integral_value() and not cents_when_whole
    shown = number_format(number, decimal_pos=0 if whole else 2, use_l10n=True, force_grouping=True)
    if _german():
        return f"{shown}\u00a0{symbol}"
    return f"{symbol}\u00a0{shown}" if len(symbol) > 1 else f"{symbol}{shown}"


@register.filter
def percent(value: Any) -> str:
    """A percentage: 9,5 % (de, with a space as German writes it), 9.5% (en)."""
    number = _decimal(value)
    if number is None:
        return ""
    text = format(number, "f")
    if "." in text:
        text = text.rstrip("0").rstrip(".")
    shown = num(Decimal(text))
    return f"{shown}\u00a0%" if _german() else f"{shown}%"


@register.filter
def status_word(tournament: Any) -> str:
    """One status, one word on the list, the lobby and the overview."""
    return presenters.status_word(tournament)
