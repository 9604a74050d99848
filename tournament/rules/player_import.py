"""Reading a player list from a CSV file (README "Screens"). Plain data in and out.

Rooms keep their players in spreadsheets: German Excel writes ``;`` and a
byte-order mark, English tools ``,``; headers come in either language. Each
row is checked on its own (a name, an e-mail that looks like one) and against
the rows above it (the same name and e-mail twice is one person).
"""

from __future__ import annotations

import csv
import io
import re
from dataclasses import dataclass, replace

from tournament.rules.spreadsheet import spreadsheet_plain, spreadsheet_writer

# Header words, lower case, as rooms write them, per field.
HEADERS: dict[str, tuple[str, ...]] = {
    "name": ("name", "spieler", "spielername", "player", "vollständiger name", "full name"),
    "nickname": ("nickname", "spitzname", "nick"),
    "email": ("email", "e-mail", "mail", "e-mail-adresse"),
    "phone": ("phone", "telefon", "handy", "mobil", "telephone", "mobile"),
}
FIELDS = tuple(HEADERS)
LIMITS = {"name": 120, "nickname": 40, "email": 254, "phone": 40}
MAX_ROWS = 5000
EMAIL = re.compile(r"^[^@\s]+@[^@\s]+\.[^@\s]+$")

# Problems a row can have, as codes (the page words them).
NAME_MISSING = "name_missing"
TOO_LONG = "too_long"
EMAIL_INVALID = "email_invalid"
TWICE_IN_FILE = "twice_in_file"


class UnreadableFile(ValueError):
    """The file as a whole cannot be read (empty, no name column, too many rows)."""

    def __init__(self, code: str) -> None:
        super().__init__(code)
        self.code = code


NO_NAME_COLUMN = "no_name_column"
TOO_MANY_ROWS = "too_many_rows"
EMPTY = "empty"


@dataclass(frozen=True)
class ImportRow:
    line: int  # the line in the file, the header being line 1
    name: str
    nickname: str = ""
    email: str = ""
    phone: str = ""
    problem: str | None = None
    problem_field: str | None = None
    same_as_line: int | None = None  # the earlier row with the same name and e-mail

    @property
    def key(self) -> tuple[str, str] | None:
        """Who this is, for finding the same person again: name and e-mail."""
        if not self.email:
            return None
        return (" ".join(self.name.split()).casefold(), self.email.casefold())


def _field_of(header: str) -> str | None:
    word = " ".join(header.replace("\ufeff", "").strip().lower().split())
    for field, words in HEADERS.items():
        if word in words:
            return field
    return None


def read_players(text: str) -> list[ImportRow]:
    """The rows of a player CSV, each with its problem if it has one."""
    text = text.lstrip("\ufeff")
    if not text.strip():
        raise UnreadableFile(EMPTY)
    first_line = text.splitlines()[0]
    delimiter = max(";,\t", key=first_line.count)
    reader = csv.reader(io.StringIO(text), delimiter=delimiter)
    header = next(reader)
    columns = {index: _field_of(title) for index, title in enumerate(header)}
    if "name" not in columns.values():
        raise UnreadableFile(NO_NAME_COLUMN)
    rows: list[ImportRow] = []
    seen: dict[tuple[str, str], int] = {}
    for line, cells in enumerate(reader, start=2):
        if not any(cell.strip() for cell in cells):
            continue
        if len(rows) >= MAX_ROWS:
            raise UnreadableFile(TOO_MANY_ROWS)
        values = dict.fromkeys(FIELDS, "")
        for index, cell in enumerate(cells):
            field = columns.get(index)
            if field:
                values[field] = spreadsheet_plain(" ".join(cell.split()))
        row = ImportRow(
            line=line,
            name=values["name"],
            nickname=values["nickname"],
            email=values["email"],
            phone=values["phone"],
        )
        rows.append(_checked(row, seen))
    return rows


def _checked(row: ImportRow, seen: dict[tuple[str, str], int]) -> ImportRow:
    if not row.name:
        return _with(row, NAME_MISSING, "name")
    for field, limit in LIMITS.items():
        if len(getattr(row, field)) > limit:
            return _with(row, TOO_LONG, field)
    if row.email and not EMAIL.match(row.email):
        return _with(row, EMAIL_INVALID, "email")
    key = row.key
    if key is not None:
        if key in seen:
            return replace(row, problem=TWICE_IN_FILE, same_as_line=seen[key])
        seen[key] = row.line
    return row


def _with(row: ImportRow, problem: str, field: str) -> ImportRow:
    return replace(row, problem=problem, problem_field=field)


def write_players(
    rows: list[tuple[str, str, str, str]], headers: tuple[str, ...], *, delimiter: str
) -> str:
    """A CSV of players, safe to open in a spreadsheet program."""
    out = io.StringIO()
    writer = spreadsheet_writer(out, delimiter=delimiter)
    writer.writerow(headers)
    writer.writerows(rows)
    return out.getvalue()
