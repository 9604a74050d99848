"""A short structure the clock tests share: levels 1-4 of 10 minutes, a
5-minute break (40-45 min), then level 5; times in milliseconds."""

from __future__ import annotations

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
