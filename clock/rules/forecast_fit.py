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
from bisect import bisect_left
from collections.abc import Sequence
from dataclasses import dataclass, replace
from datetime import datetime, timedelta
from functools import lru_cache

from clock.rules.forecast import (
    FALLBACK_HIGH,
    FALLBACK_LOW,
    HORIZON_S,
    MIN_HISTORY,
    Ahead,
    ForecastInputs,
    RoomModel,
    combined_seconds,
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
# Only the first levels are compared: a longer or shorter tail is the same structure.
COMPARED = 12
OTHER_STRUCTURE = 0.2
ANALOG_STEP_S = 5 * 60


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
    offset = float(sum(e.duration_s for e in record.structure[:index]))
    if current is not None:
        offset += current.duration_s - remaining
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
        clock_offset_s=offset,
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


def _fit_hazard(
    records: Sequence[Record], weights: Sequence[float]
) -> tuple[float, float, int] | None:
    """(rate per minute, power, busts) by maximum likelihood, each record weighted."""
    minutes: list[tuple[float, float, float]] = []
    at_busts: list[tuple[float, float]] = []
    for record, weight in zip(records, weights, strict=True):
        record_minutes, record_busts = _samples(record)
        minutes.extend((weight * n, n, log_m) for n, log_m in record_minutes)
        at_busts.extend((weight, log_m) for log_m in record_busts)
    busts = sum(weight for weight, _log_m in at_busts)
    if busts <= 0 or not minutes:
        return None
    bust_log_m = sum(weight * log_m for weight, log_m in at_busts)
    best: tuple[float, float, float] | None = None
    for power in POWERS:
        exposure = sum(weighted * math.exp(-power * log_m) for weighted, _n, log_m in minutes)
        rate = busts / exposure
        likelihood = busts * math.log(rate) - power * bust_log_m - busts
        if best is None or likelihood > best[0]:
            best = (likelihood, rate, power)
    assert best is not None
    return best[1], best[2], len(at_busts)


def likeness(record: Record, structure: Sequence[Ahead] | None) -> float:
    """How much a finished tournament counts: fully when it played the same structure
    (its first levels, blinds, antes and lengths), less when another one."""
    if structure is None:
        return 1.0
    same = tuple(record.structure[:COMPARED]) == tuple(structure[:COMPARED])
    return 1.0 if same else OTHER_STRUCTURE


CHECKPOINTS = (10, 6, 3)  # players left at which a finished evening is forecast again


def moments(record: Record) -> list[datetime]:
    """The moments a finished tournament is forecast at to learn the model's errors:
    the end of late registration, then when 10, 6 and 3 players were left."""
    assert record.started_at is not None and record.ended_at is not None
    start = record.late_registration_ends or record.started_at
    found = [start] if start < record.ended_at else []
    entries = 0
    for number, bust in enumerate(record.busts, start=1):
        if not start < bust < record.ended_at:
            continue
        entries = sum(p for when, _c, p in record.buys if when <= bust)
        if entries - number in CHECKPOINTS:
            found.append(bust)
    return found


def _ratios(record: Record, room: RoomModel) -> list[tuple[float, float]]:
    """(log players left, log of actual over walked remaining time) at each of the
    record's moments."""
    assert record.ended_at is not None
    ratios: list[tuple[float, float]] = []
    for at in moments(record):
        inputs = inputs_at(record, at, room)
        predicted = remaining_seconds(inputs)
        actual = (record.ended_at - at).total_seconds()
        if predicted >= 600 and actual > 0 and inputs.players_left > 0:
            ratios.append((math.log(inputs.players_left), math.log(actual / predicted)))
    return ratios


@lru_cache(maxsize=512)
def _offsets(record: Record) -> tuple[tuple[float, ...], tuple[datetime, ...]]:
    """The structure's seconds the clock had run, minute by minute of the evening."""
    assert record.started_at is not None and record.ended_at is not None
    offsets: list[float] = []
    times: list[datetime] = []
    at, most = record.started_at, 0.0
    while at <= record.ended_at:
        most = max(most, inputs_at(record, at, RoomModel()).clock_offset_s or 0.0)
        offsets.append(most)
        times.append(at)
        at += timedelta(seconds=SAMPLE_S)
    return tuple(offsets), tuple(times)


def still_played(record: Record, offset_s: float) -> float:
    """Real seconds the evening played on after its clock had run ``offset_s`` (0: ended before)."""
    assert record.ended_at is not None
    offsets, times = _offsets(record)
    found = bisect_left(offsets, offset_s)
    if found >= len(offsets):
        return 0.0
    return (record.ended_at - times[found]).total_seconds()


def analog_curve(
    records: Sequence[Record], weights: Sequence[float]
) -> tuple[tuple[int, int], ...]:
    """The weighted median of what the evenings still played, every ANALOG_STEP_S of the
    structure, until all of them had ended."""
    curve: list[tuple[int, int]] = []
    offset = 0
    while True:
        pairs = [
            (still_played(record, offset), weight)
            for record, weight in zip(records, weights, strict=True)
        ]
        curve.append((offset, round(weighted_quantile(pairs, 0.5))))
        if all(value <= 0 for value, _w in pairs) or offset > HORIZON_S:
            return tuple(curve)
        offset += ANALOG_STEP_S


def _line(points: Sequence[tuple[float, float, float]]) -> tuple[float, float]:
    """(intercept, slope) of the weighted least-squares line through (x, y, weight)."""
    total = sum(w for _x, _y, w in points)
    mean_x = sum(w * x for x, _y, w in points) / total
    mean_y = sum(w * y for _x, y, w in points) / total
    spread = sum(w * (x - mean_x) ** 2 for x, _y, w in points)
    slope = sum(w * (x - mean_x) * (y - mean_y) for x, y, w in points) / spread if spread else 0.0
    return mean_y - slope * mean_x, slope


def fit_room(records: Sequence[Record], structure: Sequence[Ahead] | None = None) -> RoomModel:
    """The room's model from its finished tournaments (the defaults without enough);
    those that played ``structure`` count most."""
    usable = [record for record in records if learnable(record)]
    weights = [likeness(record, structure) for record in usable]
    fitted = _fit_hazard(usable, weights)
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
    points = [
        (x, y, weight)
        for record, weight in zip(usable, weights, strict=True)
        for x, y in _ratios(record, room)
    ]
    if len(points) < 2 * MIN_HISTORY:
        return room
    intercept, slope = _line(points)
    room = replace(
        room,
        scale=math.exp(intercept),
        scale_slope=slope,
        analog=analog_curve(usable, weights),
    )
    errors = [
        (error, weight)
        for record, weight in zip(usable, weights, strict=True)
        for error in _errors(record, room)
    ]
    low = math.exp(WIDEN * weighted_quantile(errors, 0.1))
    high = math.exp(WIDEN * weighted_quantile(errors, 0.9))
    return replace(room, low=min(low, FALLBACK_LOW + 0.15), high=max(high, FALLBACK_HIGH - 0.15))


def _errors(record: Record, room: RoomModel) -> list[float]:
    """The log of actual over forecast remaining time at each of the record's moments."""
    assert record.ended_at is not None
    errors: list[float] = []
    for at in moments(record):
        predicted = combined_seconds(inputs_at(record, at, room))
        actual = (record.ended_at - at).total_seconds()
        if predicted >= 600 and actual > 0:
            errors.append(math.log(actual / predicted))
    return errors


def weighted_quantile(values: Sequence[tuple[float, float]], q: float) -> float:
    """The ``q`` quantile of (value, weight) pairs: the first value whose weight so far
    reaches ``q`` of the whole."""
    ordered = sorted(values)
    total = sum(weight for _value, weight in ordered)
    if not ordered or total <= 0:
        raise ValueError("no values")
    reached = 0.0
    for value, weight in ordered:
        reached += weight
        if reached >= q * total:
            return value
    return ordered[-1][0]
