"""The floor tablet's page as a test reads it without a browser (README "Screen
messages"): the page carries the floor snapshot of its area, which floor.js
draws as its first paint, and the tablet's words and links. The drawing itself
is the browser tests' (tests/screens/test_floor_tablet_browser.py)."""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from typing import Any


def _script(html: str, name: str) -> Any:
    found = re.search(rf'<script id="{name}" type="application/json">(.*?)</script>', html, re.S)
    return json.loads(found.group(1)) if found else None


@dataclass
class FloorPage:
    status: int
    html: str
    snapshot: dict[str, Any]
    tablet: dict[str, Any]

    @property
    def cards(self) -> list[int]:
        """The tables the map draws: open ones, and broken ones still seated."""
        return [
            table["number"]
            for table in self.snapshot["tables"]
            if table["status"] == "open" or table["players"]
        ]

    def table(self, number: int) -> dict[str, Any]:
        return next(t for t in self.snapshot["tables"] if t["number"] == number)

    def alert(self, kind: str) -> dict[str, Any] | None:
        return next((a for a in self.snapshot["floor_alerts"] if a["kind"] == kind), None)


def floor_page(client: Any, tournament_id: int, query: str = "") -> FloorPage:
    response = client.get(f"/tournaments/{tournament_id}/floor/{query}")
    html = response.content.decode()
    return FloorPage(
        status=response.status_code,
        html=html,
        snapshot=_script(html, "floor-snapshot") or {},
        tablet=_script(html, "floor-tablet") or {},
    )


def filled(label: Any, **values: Any) -> str:
    """A label as static/js/live.js ``Live.fill`` words it: ``{one, other}`` by
    the count, then each ``{name}`` filled in."""
    if isinstance(label, dict):
        label = label["one"] if str(values.get("count")) == "1" else label["other"]
    return re.sub(r"\{(\w+)\}", lambda m: str(values.get(m.group(1), "")), label)
