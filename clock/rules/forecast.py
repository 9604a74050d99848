"""When play will end: a forecast from the live state and the room's history (README "Finish on time").

The model: while a level runs, each player still in busts at a rate that
grows as the average stack shrinks against the blinds and antes. With ``m``
the average stack over the cost of one round (small blind + big blind + the
antes of a full table), a player's hazard per minute is ``rate * m ** -power``.
The room's finished tournaments teach ``rate`` and ``power`` (maximum
likelihood over every bust they recorded, :func:`fit_room` in
:mod:`clock.rules.forecast_fit`) and at how many players play usually ends
(the last bust, or the start of a final deal). Nobody busts in a break.

From now, the forecast walks the levels ahead bust by bust: with ``k`` players
left the next bust comes when the accumulated hazard ``k * h`` reaches one,
the chips staying in play, until the room's usual number of players is left.
The interval: the forecast's remaining time scaled by the room's own relative
errors (their 10 % and 90 % quantiles), or by a fixed width while the room has
too little history.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import NamedTuple

# Without history: a player with 10 rounds of blinds busts about once in 50 minutes, and play ends at the last bust.
DEFAULT_RATE = 0.2
DEFAULT_POWER = 1.0
DEFAULT_END_PLAYERS = 1
# Without enough history the interval is the forecast's remaining time -25 % / +30 %.
FALLBACK_LOW = 0.75
FALLBACK_HIGH = 1.30
MIN_HISTORY = 4
# The interval is never narrower than this either side.
MIN_WIDTH_S = 10 * 60
SEATS_PAYING_ANTE = 9
# A walk never runs past a day of play.
HORIZON_S = 24 * 3600
STEP_LIMIT = 100_000
FLOOR_S = 60.0


class Ahead(NamedTuple):
    """One entry of the structure from now on (the first: what is left of the current one)."""

    duration_s: int
    small_blind: int
    big_blind: int
    ante: int
    is_break: bool


@dataclass(frozen=True)
class RoomModel:
    """What the room's finished tournaments teach (defaults without any)."""

    rate: float = DEFAULT_RATE
    power: float = DEFAULT_POWER
    end_players: int = DEFAULT_END_PLAYERS
    # The walk's remaining time is scaled by scale * players_left ** scale_slope: the room's
    # own actual over walked remaining time, by players left (a least-squares line in logs).
    scale: float = 1.0
    scale_slope: float = 0.0
    low: float = FALLBACK_LOW  # the 10 % quantile of actual / forecast remaining time
    high: float = FALLBACK_HIGH  # the 90 % quantile
    tournaments: int = 0
    busts: int = 0
    # The room's analogue: for a clock that has run so many seconds of the structure,
    # the (likeness-weighted) median real time its finished evenings still played.
    analog: tuple[tuple[int, int], ...] = ()


@dataclass(frozen=True)
class ForecastInputs:
    now: datetime
    ahead: tuple[Ahead, ...]
    players_left: int
    chips_in_play: int
    bust_times: tuple[datetime, ...] = ()
    started_at: datetime | None = None
    late_registration_ends: datetime | None = None
    room: RoomModel = field(default_factory=RoomModel)
    table_size: int = SEATS_PAYING_ANTE
    clock_offset_s: float | None = None  # seconds of the structure the clock has run


@dataclass(frozen=True)
class Forecast:
    predicted_end: datetime
    earliest: datetime
    latest: datetime
    players_left: int
    average_stack_bb: float | None
    basis: dict[str, object]


def round_cost(level: Ahead, players: float, table_size: int) -> float:
    """What one hand of the level costs a player on average: the blinds and the antes
    of a table shared among its seats (a short-handed table pays its blinds more often)."""
    seats = max(1.0, min(players, float(table_size)))
    return (float(level.small_blind + level.big_blind) + level.ante * seats) / seats


def hazard(room: RoomModel, level: Ahead, players: int, chips: int, table_size: int) -> float:
    """A player's chance to bust per second at this level (0 in a break)."""
    if level.is_break or players <= 0:
        return 0.0
    cost = round_cost(level, players, table_size)
    if cost <= 0:
        return 0.0
    m = max(chips / players / cost, 0.05)
    return float(room.rate * m ** (-room.power)) / 60.0


def remaining_seconds(inputs: ForecastInputs, end_players: int | None = None) -> float:
    """Seconds from ``now`` until ``end_players`` are left, walking the levels ahead."""
    target = max(1, inputs.room.end_players if end_players is None else end_players)
    players = inputs.players_left
    if players <= target or not inputs.ahead:
        return 0.0
    entries = list(inputs.ahead)
    last = entries[-1]
    if last.is_break:  # past the structure the clock stays on the last level
        last = next((e for e in reversed(entries) if not e.is_break), last)
    index, left = 0, float(entries[0].duration_s)
    elapsed, need = 0.0, 1.0
    for _ in range(STEP_LIMIT):
        level = entries[index] if index < len(entries) else last
        h = players * hazard(inputs.room, level, players, inputs.chips_in_play, inputs.table_size)
        beyond = index >= len(entries)
        if h > 0 and (need / h <= left or beyond):
            elapsed += need / h
            left -= need / h
            players -= 1
            need = 1.0
            if players <= target:
                return elapsed
            continue
        if beyond and h <= 0:
            break
        need -= h * left
        elapsed += left
        index += 1
        left = float(entries[index].duration_s) if index < len(entries) else float("inf")
        if elapsed > HORIZON_S:
            break
    return min(elapsed, float(HORIZON_S))


def walked_seconds(inputs: ForecastInputs) -> float:
    """The walk's remaining time, scaled by the room's own errors by players left."""
    room = inputs.room
    factor: float = room.scale * math.pow(max(inputs.players_left, 1), room.scale_slope)
    return factor * remaining_seconds(inputs)


def analog_seconds(room: RoomModel, offset_s: float) -> float | None:
    """What the room's evenings still played from this point of the structure on."""
    curve = room.analog
    if not curve:
        return None
    if offset_s <= curve[0][0]:
        return float(curve[0][1])
    for (x0, y0), (x1, y1) in zip(curve, curve[1:], strict=False):
        if offset_s <= x1:
            return y0 + (y1 - y0) * (offset_s - x0) / (x1 - x0)
    return float(curve[-1][1])


def combined_seconds(inputs: ForecastInputs) -> float:
    """The walk and the room's analogue, equally weighted (geometric mean)."""
    walked = walked_seconds(inputs)
    if walked <= 0 or inputs.clock_offset_s is None:
        return walked
    analog = analog_seconds(inputs.room, inputs.clock_offset_s)
    if analog is None:
        return walked
    return math.sqrt(max(walked, FLOOR_S) * max(analog, FLOOR_S))


def average_stack_bb(inputs: ForecastInputs) -> float | None:
    level = next((e for e in inputs.ahead if not e.is_break), None)
    if level is None or level.big_blind <= 0 or inputs.players_left <= 0:
        return None
    return round(inputs.chips_in_play / inputs.players_left / level.big_blind, 1)


def forecast(inputs: ForecastInputs) -> Forecast:
    """The predicted end of play with an interval that holds it about 80 % of the time."""
    room = inputs.room
    seconds = combined_seconds(inputs)
    low = min(room.low, 1.0) * seconds
    high = max(room.high, 1.0) * seconds
    if seconds > 0:
        low = min(low, seconds - MIN_WIDTH_S)
        high = max(high, seconds + MIN_WIDTH_S)
    low = max(low, 0.0)
    now = inputs.now
    return Forecast(
        predicted_end=now + timedelta(seconds=round(seconds)),
        earliest=now + timedelta(seconds=round(low)),
        latest=now + timedelta(seconds=round(high)),
        players_left=inputs.players_left,
        average_stack_bb=average_stack_bb(inputs),
        basis={
            "model": "bust hazard walk and the room's analogue",
            "rate_per_minute": round(room.rate, 5),
            "power": round(room.power, 3),
            "scale": round(room.scale, 3),
            "scale_slope": round(room.scale_slope, 3),
            "end_players": room.end_players,
            "history_tournaments": room.tournaments,
            "history_busts": room.busts,
            "interval": [round(room.low, 3), round(room.high, 3)],
            "remaining_minutes": round(seconds / 60, 1),
            "walked_minutes": round(walked_seconds(inputs) / 60, 1),
            "analog_minutes": _minutes(inputs),
            "busts_so_far": len(inputs.bust_times),
        },
    )


def _minutes(inputs: ForecastInputs) -> float | None:
    if inputs.clock_offset_s is None:
        return None
    analog = analog_seconds(inputs.room, inputs.clock_offset_s)
    return None if analog is None else round(analog / 60, 1)


def quantile(values: Sequence[float], q: float) -> float:
    """The ``q`` quantile of ``values`` (linear between the order statistics)."""
    ordered = sorted(values)
    if not ordered:
        raise ValueError("no values")
    position = q * (len(ordered) - 1)
    below = int(position)
    above = min(below + 1, len(ordered) - 1)
    return ordered[below] + (ordered[above] - ordered[below]) * (position - below)
