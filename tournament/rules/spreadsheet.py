"""Every CSV the app writes goes through here: safe to open in a spreadsheet program.

A cell that begins with ``=``, ``+``, ``-`` or ``@`` (or a tab or carriage
return, which some programs skip before reading one of those) is run as a
formula by Excel, LibreOffice and Google Sheets: a player named
``=HYPERLINK(...)`` would run in the director's spreadsheet. Such text cells
get a leading apostrophe, which the programs read as "text follows"; the
player import takes it off again, so an export reads back as it was.
Numbers (not text) are written as they are, negative ones too: a decimal
written by :func:`spreadsheet_decimal` is a :class:`SpreadsheetNumber`, a cell
the guard lets through, so ``-865,00`` stays a number the reader can add up.
"""

from __future__ import annotations

import csv
from collections.abc import Iterable
from decimal import Decimal, InvalidOperation
from typing import Any, Protocol

FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
MARK = "'"


class SpreadsheetNumber(str):
    """A cell that is a number written in the reader's notation: never guarded."""


def spreadsheet_decimal(value: Decimal | int | str, *, decimal_comma: bool) -> SpreadsheetNumber:
    """A decimal number as the reader's spreadsheet reads a number: ``130,00`` in a
    German one (it takes ``130.00`` for text), ``130.00`` in an English one.

    Only a number passes: text that is not one raises ``ValueError``, so no
    formula can slip through the guard dressed as an amount."""
    try:
        number = Decimal(value)
    except (InvalidOperation, TypeError) as exc:
        raise ValueError(f"not a number: {value!r}") from exc
    if not number.is_finite():
        raise ValueError(f"not a number: {value!r}")
    text = format(number, "f")
    return SpreadsheetNumber(text.replace(".", ",") if decimal_comma else text)


class Writable(Protocol):
    def write(self, text: str, /) -> Any: ...


def spreadsheet_safe(value: Any) -> Any:
    """The cell as a spreadsheet program will show it, never run it."""
    if isinstance(value, SpreadsheetNumber):
        return str(value)
    if isinstance(value, str) and value[:1] in FORMULA_STARTS:
        return MARK + value
    return value


def spreadsheet_plain(text: str) -> str:
    """The text a cell written by :func:`spreadsheet_safe` came from."""
    if text[:1] == MARK and text[1:2] and text[1:2] in FORMULA_STARTS:
        return text[1:]
    return text


class SpreadsheetWriter:
    """A ``csv.writer`` that writes every text cell through :func:`spreadsheet_safe`."""

    def __init__(self, out: Writable, *, delimiter: str = ",") -> None:
        self._writer = csv.writer(out, delimiter=delimiter, lineterminator="\r\n")

    def writerow(self, row: Iterable[Any]) -> None:
        self._writer.writerow([spreadsheet_safe(value) for value in row])

    def writerows(self, rows: Iterable[Iterable[Any]]) -> None:
        for row in rows:
            self.writerow(row)


def spreadsheet_writer(out: Writable, *, delimiter: str = ",") -> SpreadsheetWriter:
    """Start a CSV on ``out`` (a file or an HTTP response) with a byte-order mark,
    so spreadsheet programs read the umlauts right, and return its safe writer."""
    out.write("\ufeff")
    return SpreadsheetWriter(out, delimiter=delimiter)
