"""The level a ruling is made in, from the clock app."""

from __future__ import annotations

from typing import Any


def current_level_index(tournament: Any) -> int | None:
    """The running level's index, or None while the tournament has no clock."""
    return None
