"""Where the real TD3 save files are: ``<repository>/../shared/td3`` (never copied in).

A checkout elsewhere (a git worktree) names the folder in ``TD3_FILES``.
"""

from __future__ import annotations

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
