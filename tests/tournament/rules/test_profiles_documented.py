"""The README's profile table says what each profile really sets (README "How a floor action flows")."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tournament.rules.profiles import PROFILES

README = Path(__file__).resolve().parents[3] / "README.md"


def profile_table() -> tuple[list[str], dict[str, list[str]]]:
    text = README.read_text(encoding="utf-8")
    section = text.split("## Rulebook profiles", 1)[1].split("\n## ", 1)[0]
    rows = [line for line in section.splitlines() if line.startswith("| ")]
    header = [cell.strip().split(" ")[0] for cell in rows[0].strip("|").split("|")]
    cells = {}
    for row in rows[1:]:
        parts = [cell.strip() for cell in row.strip("|").split("|")]
        cells[parts[0]] = parts[1:]
    return header[1:], cells


def first_code(cell: str) -> str:
    return re.search(r"`([^`]+)`", cell).group(1)


@pytest.mark.parametrize(
    "option", ["balancing", "halt_rule", "tie_rule", "dead_button", "chip_race", "starting_button"]
)
def test_each_documented_choice_is_the_one_the_profile_sets(option):
    profiles, rows = profile_table()
    row = next(cells for name, cells in rows.items() if name.startswith(f"`{option}`"))
    assert set(profiles) == set(PROFILES)
    for profile, cell in zip(profiles, row, strict=True):
        assert first_code(cell) == PROFILES[profile][option], (profile, option)


def test_the_documented_clock_call_times_are_the_profiles():
    profiles, rows = profile_table()
    row = next(cells for name, cells in rows.items() if name.startswith("`clock_call_seconds`"))
    for profile, cell in zip(profiles, row, strict=True):
        seconds, countdown = re.match(r"(\d+) \+ (\d+)", cell).groups()
        assert int(seconds) == PROFILES[profile]["clock_call_seconds"], profile
        assert int(countdown) == PROFILES[profile]["clock_call_countdown_seconds"], profile
