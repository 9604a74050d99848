"""One CSV writer for the whole app (tournament/rules/spreadsheet.py): no cell a
spreadsheet program would run as a formula."""

from __future__ import annotations

import csv
import io
from decimal import Decimal
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tournament.rules.spreadsheet import spreadsheet_decimal, spreadsheet_plain, spreadsheet_writer

ROOT = Path(__file__).resolve().parents[3]
STARTS = ["=", "+", "-", "@", "\t", "\r"]


def written(rows: list[list[object]]) -> list[list[str]]:
    out = io.StringIO()
    spreadsheet_writer(out, delimiter=";").writerows(rows)
    text = out.getvalue()
    assert text.startswith("\ufeff")
    return list(csv.reader(io.StringIO(text[1:]), delimiter=";"))


@pytest.mark.parametrize("start", STARTS, ids=["equals", "plus", "minus", "at", "tab", "cr"])
def test_a_cell_starting_like_a_formula_is_written_as_text(start):
    cell = start + 'HYPERLINK("http://evil";"win")'
    [row] = written([[cell, "Anna " + cell]])
    assert row == ["'" + cell, "Anna " + cell]  # only the start of a cell is read as a formula
    assert spreadsheet_plain(row[0]) == cell


def test_numbers_and_ordinary_text_are_written_as_they_are():
    assert written([[1, -5, "Clara Wolf", "130,00", ""]]) == [
        ["1", "-5", "Clara Wolf", "130,00", ""]
    ]
    assert spreadsheet_plain("'quoted") == "'quoted"
    assert spreadsheet_plain("'") == "'"


def test_every_csv_the_app_writes_goes_through_the_one_helper():
    apps = [p for p in ROOT.iterdir() if p.is_dir() and p.name[0] not in "._" and p.name != "tests"]
    writers = [
        path.relative_to(ROOT).as_posix()
        for app in apps
        for path in app.rglob("*.py")
        if "csv.writer(" in path.read_text(encoding="utf-8")
    ]
    assert writers == ["tournament/rules/spreadsheet.py"]


@given(st.decimals(min_value=-(10**9), max_value=10**9, places=2))
def test_a_decimal_reads_back_in_either_notation(value):
    german = spreadsheet_decimal(value, decimal_comma=True)
    english = spreadsheet_decimal(value, decimal_comma=False)
    assert "." not in german and "E" not in english.upper()
    assert Decimal(german.replace(",", ".")) == Decimal(english) == value


def test_money_strings_get_a_decimal_comma_for_a_german_reader():
    assert spreadsheet_decimal("130.00", decimal_comma=True) == "130,00"
    assert spreadsheet_decimal(Decimal("4.50"), decimal_comma=False) == "4.50"


def test_a_negative_amount_is_a_number_cell_not_guarded_text():
    german = spreadsheet_decimal(Decimal("-865.00"), decimal_comma=True)
    english = spreadsheet_decimal(Decimal("-865.00"), decimal_comma=False)
    assert written([[german, english, "-865,00"]]) == [["-865,00", "-865.00", "'-865,00"]]


def test_only_a_number_passes_as_a_number_cell():
    with pytest.raises(ValueError):
        spreadsheet_decimal('-1+HYPERLINK("http://evil")', decimal_comma=True)
