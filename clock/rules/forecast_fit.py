"""What a room's finished tournaments teach the forecast (README "Finish on time").

A :class:`Record` is a tournament as it was played: its structure, where its
clock was (marks of the clock's state), the chips and players that came in,
the busts. From it the forecast's inputs at any moment follow
(:func:`inputs_at`), and from the finished ones the room's model
(:func:`fit_room`): the bust hazard's ``rate`` and ``power`` by maximum
likelihood, the usual number of players at which play ends, and the 10 % /
90 % quantiles of the model's own relative errors on them.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, replace
from datetime import datetime, timedelta
from functools import lru_cache

from clock.rules.forecast import (
    FALLBACK_HIGH,
    FALLBACK_LOW,
    MIN_HISTORY,
    Ahead,
    ForecastInputs,
    RoomModel,
    quantile,
    remaining_seconds,
    round_cost,
)

SAMPLE_S = 60  # the exposure is summed minute by minute
# Busts within this time of the last one ended play together (a deal, recorded as busts).
DEAL_GAP_S = 90
# A record with a longer gap between busts was finished later by hand: not learnt from.
LONGEST_GAP_S = 4 * 3600
POWERS = tuple(round(0.2 + 0.1 * step, 1) for step in range(29))  # 0.2 .. 3.0
# In-sample errors are a little too kind: the interval is widened by this factor (in log).
WIDEN = 1.25


@dataclass(frozen=True)
class ClockMark:
    """The clock's state from ``at`` on: on entry ``index`` with ``remaining_s`` left."""

    at: datetime
    index: int
    remaining_s: float
    running: bool


@dataclass(frozen=True)
class Record:
    structure: tuple[Ahead, ...]  # every entry at its full length
    marks: tuple[ClockMark, ...]  # oldest first
    buys: tuple[tuple[datetime, int, int], ...]  # (when, chips, players it added)
    busts: tuple[datetime, ...]  # oldest first
    started_at: datetime | None = None
    late_registration_ends: datetime | None = None
    ended_at: datetime | None = None  # finished: the last bust
    table_size: int = 9


def position_at(record: Record, at: datetime) -> tuple[int, float]:
    """The clock's entry and the seconds left in it at ``at``."""
    if not record.structure:
        return 0, 0.0
    mark = next((m for m in reversed(record.marks) if m.at <= at), None)
    if mark is None:
        return 0, float(record.structure[0].duration_s)
    index, remaining = min(mark.index, len(record.structure) - 1), mark.remaining_s
    if not mark.running:
        return index, remaining
    elapsed = (at - mark.at).total_seconds()
    while elapsed >= remaining:
        elapsed -= remaining
        index += 1
        if index >= len(record.structure):
            return len(record.structure) - 1, 0.0
        remaining = float(record.structure[index].duration_s)
    return index, remaining - elapsed


def inputs_at(record: Record, at: datetime, room: RoomModel) -> ForecastInputs:
    """The forecast's inputs as they were at ``at``."""
    index, remaining = position_at(record, at)
    current = record.structure[index] if record.structure else None
    ahead: tuple[Ahead, ...] = ()
    if current is not None:
        ahead = (current._replace(duration_s=round(remaining)), *record.structure[index + 1 :])
    busts = tuple(b for b in record.busts if b <= at)
    return ForecastInputs(
        now=at,
        ahead=ahead,
        players_left=sum(p for when, _c, p in record.buys if when <= at) - len(busts),
        chips_in_play=sum(c for when, c, _p in record.buys if when <= at),
        bust_times=busts,
        started_at=record.started_at,
        late_registration_ends=record.late_registration_ends,
        room=room,
        table_size=record.table_size,
    )


def players_at_end(record: Record) -> int:
    """How many were left when play ended: 1, or more when the last busts came together (a deal)."""
    if not record.busts or record.ended_at is None:
        return 1
    last = record.busts[-1]
    together = sum(1 for b in record.busts[:-1] if (last - b).total_seconds() <= DEAL_GAP_S)
    return 1 + together


def learnable(record: Record) -> bool:
    """Finished, started, with busts, and never a gap of hours between two of them."""
    if record.ended_at is None or record.started_at is None or len(record.busts) < 2:
        return False
    times = (record.started_at, *record.busts)
    return all(
        (b - a).total_seconds() <= LONGEST_GAP_S for a, b in zip(times, times[1:], strict=False)
    )


@lru_cache(maxsize=512)
def _samples(record: Record) -> tuple[tuple[tuple[float, float], ...], tuple[float, ...]]:
    """(players, log m) for every minute of play, and log m at each bust before the end."""
    assert record.started_at is not None and record.ended_at is not None
    end_players = players_at_end(record)
    stop = record.busts[-end_players] if end_players <= len(record.busts) else record.ended_at
    minutes: list[tuple[float, float]] = []
    at = record.started_at
    while at < stop:
        point = _log_m(record, at)
        if point is not None:
            minutes.append(point)
        at += timedelta(seconds=SAMPLE_S)
    at_busts: list[float] = []
    for bust in record.busts:
        if bust > stop:
            break
        point = _log_m(record, bust - timedelta(seconds=1))
        if point is not None:
            at_busts.append(point[1])
    return tuple(minutes), tuple(at_busts)


def _log_m(record: Record, at: datetime) -> tuple[float, float] | None:
    inputs = inputs_at(record, at, RoomModel())
    if not inputs.ahead or inputs.ahead[0].is_break or inputs.players_left <= 0:
        return None
    cost = round_cost(inputs.ahead[0], inputs.players_left, record.table_size)
    if cost <= 0 or inputs.chips_in_play <= 0:
        return None
    m = max(inputs.chips_in_play / inputs.players_left / cost, 0.05)
    return float(inputs.players_left), math.log(m)


def _fit_hazard(records: Sequence[Record]) -> tuple[float, float, int] | None:
    """(rate per minute, power, busts) by maximum likelihood, None without busts."""
    minutes: list[tuple[float, float]] = []
    at_busts: list[float] = []
    for record in records:
        record_minutes, record_busts = _samples(record)
        minutes.extend(record_minutes)
        at_busts.extend(record_busts)
    busts = len(at_busts)
    if busts == 0 or not minutes:
        return None
    best: tuple[float, float, float] | None = None
    for power in POWERS:
        exposure = sum(n * math.exp(-power * log_m) for n, log_m in minutes)
        rate = busts / exposure
        likelihood = busts * math.log(rate) - power * sum(at_busts) - busts
        if best is None or likelihood > best[0]:
            best = (likelihood, rate, power)
    assert best is not None
    return best[1], best[2], busts


def moments(record: Record) -> list[datetime]:
    """The moments a finished tournament is forecast at to learn the model's errors:
    the end of late registration and every bust after it."""
    assert record.started_at is not None and record.ended_at is not None
    start = record.late_registration_ends or record.started_at
    found = [start] if start < record.ended_at else []
    found.extend(b for b in record.busts if start < b < record.ended_at)
    return found


def _ratios(record: Record, room: RoomModel) -> list[float]:
    """Actual over forecast remaining time at each of the record's moments (in log)."""
    assert record.ended_at is not None
    ratios: list[float] = []
    for at in moments(record):
        predicted = remaining_seconds(inputs_at(record, at, room))
        actual = (record.ended_at - at).total_seconds()
        if predicted >= 600 and actual > 0:
            ratios.append(math.log(actual / predicted))
    return ratios


def fit_room(records: Sequence[Record]) -> RoomModel:
    """The room's model from its finished tournaments (the defaults without enough)."""
    usable = [record for record in records if learnable(record)]
    fitted = _fit_hazard(usable)
    if fitted is None:
        return RoomModel()
    rate, power, busts = fitted
    ends = sorted(players_at_end(record) for record in usable)
    room = RoomModel(
        rate=rate,
        power=power,
        end_players=ends[(len(ends) - 1) // 2],
        tournaments=len(usable),
        busts=busts,
    )
    if len(usable) < MIN_HISTORY:
        return room
    ratios = [ratio for record in usable for ratio in _ratios(record, room)]
    if len(ratios) < 2 * MIN_HISTORY:
        return room
    middle = quantile(ratios, 0.5)
    low = min(math.exp(WIDEN * (quantile(ratios, 0.1) - middle)), FALLBACK_LOW + 0.15)
    high = max(math.exp(WIDEN * (quantile(ratios, 0.9) - middle)), FALLBACK_HIGH - 0.15)
    return replace(room, scale=math.exp(middle), low=low, high=high)
