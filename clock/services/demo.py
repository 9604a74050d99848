"""The demo tournament's structure and chip set."""

from __future__ import annotations

from typing import Any

from clock.rules.structure import to_json_data
from clock.rules.structure_edits import scale_blinds
from clock.rules.structure_templates import TEMPLATES
from clock.services.chips import chip_set_set
from clock.services.structure import structure_set

DEMO_CHIPS = [
    {"value": 25, "colour": "green", "count": 300},
    {"value": 100, "colour": "black", "count": 600},
    {"value": 500, "colour": "purple", "count": 400},
    {"value": 1000, "colour": "yellow", "count": 400},
    {"value": 5000, "colour": "red", "count": 200},
    {"value": 25000, "colour": "orange", "count": 50},
]


def load_demo_structure(*, tournament_id: int, by: Any) -> None:
    """The club template with its chip set (20-minute levels, big blind ante)."""
    chip_set_set(tournament_id=tournament_id, chips=DEMO_CHIPS, by=by)
    entries = scale_blinds(TEMPLATES["club20"].entries, 1, round_to=25)
    structure_set(tournament_id=tournament_id, data=to_json_data(entries), by=by)
