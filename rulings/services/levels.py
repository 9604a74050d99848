"""The level a ruling is made in, from the clock app."""

from __future__ import annotations

from typing import Any

from clock.services.clock_state import clock_get


def current_level_index(tournament: Any) -> int | None:
    """The clock's level index now (breaks count as entries), or None without a structure."""
    clock = clock_get(tournament=tournament)
    if not clock.get("structure_length"):
        return None
    return clock["level_index"]
