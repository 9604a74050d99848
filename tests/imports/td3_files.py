"""Where the real TD3 save files are: ``<repository>/../shared/td3`` (never copied in).

A checkout elsewhere (a git worktree) names the folder in ``TD3_FILES``.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

REPOSITORY = Path(__file__).resolve().parents[2]
TD3_FILES = Path(os.environ.get("TD3_FILES") or REPOSITORY.parent / "shared" / "td3")
MISSING = f"the TD3 save files are not here: {TD3_FILES} (a checkout without ../shared/td3)"


def td3_folder(name: str) -> Path:
    return TD3_FILES / name


def td3_files(folder: str = "") -> list[Path]:
    """The .tdt files of a folder (all of them without one), sorted; [] when absent."""
    root = TD3_FILES / folder if folder else TD3_FILES
    if not root.is_dir():
        return []
    return sorted(root.rglob("*.tdt"))


def needed_td3_files(folder: str = "", *, at_least: int = 1) -> list[Path]:
    """The .tdt files of a folder; the test is skipped (naming the folder looked in)
    when fewer are there, as in a checkout without ../shared/td3."""
    files = td3_files(folder)
    if len(files) < at_least:
        pytest.skip(MISSING)
    return files


def td3_params(folder: str = "") -> list:
    """Parameters for pytest, one per file; one skipped parameter when the files are absent."""
    files = td3_files(folder)
    if not files:
        return [pytest.param(None, id="no-td3-files", marks=pytest.mark.skip(reason=MISSING))]
    return [pytest.param(path, id=path.stem.replace(" ", "_")) for path in files]


def sample_text(fallback: str) -> str:
    """The text of the first ORF 2025 evening, for mutation tests; ``fallback`` without files."""
    from imports.rules.td3_syntax import decode_td3_bytes

    files = td3_files("ORF 2025")
    return decode_td3_bytes(files[0].read_bytes()) if files else fallback


def apply_edits(text: str, edits: list[tuple[int, int, str]]) -> str:
    """``text`` with each (position, length, replacement) applied in turn."""
    for at, length, replacement in edits:
        text = text[:at] + replacement + text[at + length :]
    return text


# --- a real file with fields TD3 may leave out dropped (README "Switching from TD3") ----------

# The fields the reader takes as optional, by the constructor TD3 writes them in.
OPTIONAL_FIELDS: dict[str, tuple[str, ...]] = {
    "Tournament": ("Title", "LeagueName", "SeasonName", "StartTime", "EndTime", "Tables"),
    "GamePlayer": ("Info", "AddOns", "CashAdjustment", "PointsAdjustment", "HitsAdjustment"),
    "GameBuyin": ("Round", "Rake", "Chips", "ProfileName", "Seat"),
    "GameAddOn": ("Round", "Rake", "ProfileName"),
    "GameBustOut": ("Round", "HitmanUUID", "Seat"),
    "GameSeat": ("TableName", "SeatIndex", "TableUUID"),
    "GamePrize": (
        "Recipient",
        "Description",
        "AmountType",
        "CalculatedAmount",
        "AwardedToPlayers",
        "Type",
    ),
    "GameTable": ("UUID", "NumberOfSeats"),
    "GameRound": ("Ante",),
    "BuyConfig": ("Allow", "LastRound", "MaxPerPlayer"),
    "FeeProfile": ("Name", "Rake", "Chips"),
    "FinancialConfig": ("PointsForPlaying", "GuaranteedPot", "HouseContribution", "Rebuys"),
    "GameHistoryItem": ("Time", "Text"),
}


def optional_places(value: object) -> list[tuple[str, int]]:
    """Every (constructor, number of its object in the file) that holds an optional field."""
    from imports.rules.td3_syntax import New

    found: list[tuple[str, int]] = []
    counter: dict[str, int] = {}

    def walk(item: object) -> None:
        if isinstance(item, New):
            if item.name in OPTIONAL_FIELDS:
                number = counter.get(item.name, 0)
                counter[item.name] = number + 1
                found.append((item.name, number))
            for arg in item.args:
                walk(arg)
        elif isinstance(item, dict):
            for child in item.values():
                walk(child)
        elif isinstance(item, list):
            for child in item:
                walk(child)

    walk(value)
    return found


def without_fields(value: object, drops: dict[tuple[str, int], tuple[str, ...]]) -> str:
    """The file's text again (as TD3 writes it) with ``drops`` left out: for the
    ``number``-th object of a constructor, the named fields."""
    from imports.rules.td3_syntax import New

    counter: dict[str, int] = {}

    def text(item: object) -> str:
        if isinstance(item, New):
            number = counter.get(item.name, 0)
            counter[item.name] = number + 1
            dropped = drops.get((item.name, number), ())
            args = [
                obj({k: v for k, v in arg.items() if k not in dropped})
                if index == 0 and isinstance(arg, dict)
                else text(arg)
                for index, arg in enumerate(item.args)
            ]
            return f"new {item.name}({', '.join(args)})"
        if isinstance(item, dict):
            return obj(item)
        if isinstance(item, list):
            return "[" + ", ".join(text(child) for child in item) + "]"
        if item is None:
            return "null"
        if isinstance(item, bool):
            return "true" if item else "false"
        if isinstance(item, str):
            return json.dumps(item)
        return repr(item)

    def obj(fields: dict) -> str:
        return "{" + ", ".join(f"{json.dumps(str(k))}: {text(v)}" for k, v in fields.items()) + "}"

    return text(value)
