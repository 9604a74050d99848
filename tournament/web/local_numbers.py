"""Amounts typed into forms, written and read as the reader writes numbers.

German staff type 2.500,00 or 2500,00 and see 2.500,00 in the field; English
staff type and see 2,500.00. One field for every form that takes money (the
tournament form's buy-in and fee, the payouts page, the deal page, bounties):
a text input with a decimal keyboard, since a browser's number input shows and
sends the dot whatever the page's language.
"""

from __future__ import annotations

import re
from decimal import Decimal, InvalidOperation
from typing import Any

from django import forms
from django.db import models
from django.utils.formats import number_format
from django.utils.translation import get_language

SPACES = re.compile(r"[\s\u00a0\u202f'€$£]|CHF", re.IGNORECASE)
GROUPED = re.compile(r"\d{1,3}(X\d{3})+")


def _separators() -> tuple[str, str]:
    """(decimal mark, thousands mark) of the active language."""
    return (",", ".") if (get_language() or "en").startswith("de") else (".", ",")


def _whole(text: str, group: str) -> str:
    """The whole part without its thousands marks; they must stand every three digits."""
    if group not in text:
        return text
    if not GROUPED.fullmatch(text.replace(group, "X")):
        raise InvalidOperation(text)
    return text.replace(group, "")


def parse_amount(text: str) -> Decimal:
    """An amount as the reader typed it: 2.500,00 · 2500,00 · 2.500 (German),
    2,500.00 · 2500.00 (English). A single other mark followed by one or two
    digits is read as the decimal mark too (2500.00 typed on a German page).
    Raises InvalidOperation for anything else."""
    mark, group = _separators()
    cleaned = SPACES.sub("", text)
    sign = ""
    if cleaned[:1] in "+-" and cleaned:
        sign, cleaned = cleaned[0], cleaned[1:]
    if mark not in cleaned and cleaned.count(group) == 1 and re.fullmatch(r"\d+.\d{1,2}", cleaned):
        whole, fraction = cleaned.split(group)
    elif mark in cleaned:
        whole, fraction = cleaned.rsplit(mark, 1)
    else:
        whole, fraction = cleaned, ""
    whole = _whole(whole, group)
    if (
        not re.fullmatch(r"\d*", whole)
        or not re.fullmatch(r"\d*", fraction)
        or not (whole + fraction)
    ):
        raise InvalidOperation(text)
    return Decimal(f"{sign}{whole or 0}.{fraction or 0}")


def amount_for_input(value: Any, decimal_places: int | None = 2) -> str:
    """A number as the reader writes it, for an input's value: 2.500,00 (de), 2,500.00 (en)."""
    if value is None or value == "":
        return ""
    number = Decimal(str(value))
    if decimal_places is None:
        decimal_places = 0 if number == number.to_integral_value() else None
    return number_format(number, decimal_pos=decimal_places, use_l10n=True, force_grouping=True)


class LocalNumberInput(forms.TextInput):
    """A text input for an amount: the phone's decimal keyboard, the reader's notation."""

    def __init__(self, decimal_places: int | None = 2, attrs: dict | None = None) -> None:
        super().__init__({"inputmode": "decimal", "autocomplete": "off", **(attrs or {})})
        self.decimal_places = decimal_places

    def format_value(self, value: Any) -> str | None:
        if isinstance(value, (Decimal, int, float)) and not isinstance(value, bool):
            return amount_for_input(value, self.decimal_places)
        return super().format_value(value)


class LocalDecimalField(forms.DecimalField):
    """A DecimalField that shows and reads the reader's notation (see parse_amount)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("widget", LocalNumberInput(kwargs.get("decimal_places", 2)))
        super().__init__(*args, **kwargs)

    def widget_attrs(self, widget: forms.Widget) -> dict[str, Any]:
        # No min/max/step: those belong to number inputs, which this is not.
        return {}

    def to_python(self, value: Any) -> Decimal | None:
        if value in self.empty_values:
            return None
        if isinstance(value, Decimal):
            return value
        try:
            number = parse_amount(str(value))
        except (InvalidOperation, ValueError) as exc:
            raise forms.ValidationError(self.error_messages["invalid"], code="invalid") from exc
        if not number.is_finite():
            raise forms.ValidationError(self.error_messages["invalid"], code="invalid")
        return number


class LocalIntegerField(forms.IntegerField):
    """A count of chips as the reader writes it: 20.000 (de), 20,000 (en); both read back."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("widget", LocalNumberInput(0, attrs={"inputmode": "numeric"}))
        super().__init__(*args, **kwargs)

    def widget_attrs(self, widget: forms.Widget) -> dict[str, Any]:
        return {}

    def to_python(self, value: Any) -> int | None:
        if value in self.empty_values:
            return None
        if isinstance(value, int):
            return value
        try:
            number = parse_amount(str(value))
        except (InvalidOperation, ValueError) as exc:
            raise forms.ValidationError(self.error_messages["invalid"], code="invalid") from exc
        if number != number.to_integral_value():
            raise forms.ValidationError(self.error_messages["invalid"], code="invalid")
        return int(number)


def money_field(label: Any, *, required: bool = False, **kwargs: Any) -> LocalDecimalField:
    """An amount of money: not negative, two decimals."""
    kwargs.setdefault("min_value", Decimal(0))
    return LocalDecimalField(
        label=label, required=required, max_digits=12, decimal_places=2, **kwargs
    )


def local_formfield(db_field: models.Field, **kwargs: Any) -> forms.Field | None:
    """A ModelForm's ``formfield_callback``: every decimal column in the reader's notation."""
    if isinstance(db_field, models.DecimalField):
        return db_field.formfield(form_class=LocalDecimalField, **kwargs)
    return db_field.formfield(**kwargs)
