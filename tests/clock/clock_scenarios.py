"""A short structure the clock tests share: levels 1-4 of 10 minutes, a
5-minute break (40-45 min), then level 5; times in milliseconds."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from clock.services import clock_state

T0 = 1_700_000_000_000
MINUTE = 60_000
STRUCTURE = {
    "levels": [
        {"kind": "level", "small_blind": 25 * n, "big_blind": 50 * n, "seconds": 600}
        for n in range(1, 5)
    ]
    + [
        {"kind": "break", "seconds": 300},
        {"kind": "level", "small_blind": 200, "big_blind": 400, "seconds": 600},
    ]
}


class FakeClock:
    """The clock services' ``now``, set by the test: ``fake.at(T0 + MINUTE)``."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch, start: int) -> None:
        self.ms = start
        monkeypatch.setattr(clock_state, "now", lambda: self.ms)

    def at(self, ms: int) -> FakeClock:
        self.ms = ms
        return self


def _done(response) -> dict:
    assert response.status_code < 300, response.content
    return response.json()


def drawn_with_club_structure(api, tournament: dict, *, players: int = 30) -> dict:
    """``players`` registered and drawn at 9-seat tables, the club template's
    20-minute levels set, the clock running from ``clock_state.now()``."""
    tid = tournament["id"]
    _done(api.post(f"/tournaments/{tid}/tables", {"count": -(-players // 9), "seats": 9}))
    for n in range(players):
        _done(api.post(f"/tournaments/{tid}/entries", {"name": f"Player {n + 1}"}))
    _done(api.post(f"/tournaments/{tid}/draw"))
    _done(api.post(f"/tournaments/{tid}/structure/template", {"template": "club20"}))
    _done(api.post(f"/tournaments/{tid}/clock/start"))
    return tournament


def late_for_its_hard_stop(api, tournament: dict, *, minutes_short: int = 60) -> dict:
    """The hard stop set ``minutes_short`` before the forecast's latest end; the
    warning (GET .../forecast/proposals) after it."""
    tid = tournament["id"]
    far = datetime(2100, 1, 1, tzinfo=UTC)
    _done(api.patch(f"/tournaments/{tid}", {"hard_stop": far.isoformat()}))
    warning = _done(api.get(f"/tournaments/{tid}/forecast/proposals"))
    stop = datetime.fromisoformat(warning["forecast"]["latest"]) - timedelta(minutes=minutes_short)
    _done(api.patch(f"/tournaments/{tid}", {"hard_stop": stop.isoformat()}))
    return _done(api.get(f"/tournaments/{tid}/forecast/proposals"))
