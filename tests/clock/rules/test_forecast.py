"""The forecast's rules (README "Finish on time"): its interval, breaks, and what a
room's finished evenings teach it."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from hypothesis import given
from hypothesis import strategies as st

from clock.rules.forecast import Ahead, ForecastInputs, forecast
from clock.rules.forecast_fit import ClockMark, Record, fit_room, inputs_at

NOW = datetime(2026, 3, 6, 20, 0, tzinfo=UTC)
LEVELS = tuple(Ahead(1200, 25 * 2**n, 50 * 2**n, 0, False) for n in range(12))

levels = st.lists(
    st.builds(
        Ahead,
        st.integers(60, 3600),
        st.integers(0, 5000),
        st.integers(1, 10000),
        st.integers(0, 1000),
        st.booleans(),
    ),
    min_size=1,
    max_size=20,
)


@given(ahead=levels, players=st.integers(0, 60), chips=st.integers(0, 10**7))
def test_the_end_lies_ahead_inside_its_interval(ahead, players, chips):
    result = forecast(ForecastInputs(NOW, tuple(ahead), players, chips))
    assert NOW <= result.earliest <= result.predicted_end <= result.latest


def test_with_the_last_player_left_play_has_ended():
    result = forecast(ForecastInputs(NOW, LEVELS, 1, 200_000))
    assert result.predicted_end == NOW


def test_a_break_ahead_puts_the_end_later_by_its_length():
    plain = forecast(ForecastInputs(NOW, LEVELS, 10, 200_000))
    ahead = (LEVELS[0], Ahead(900, 0, 0, 0, True), *LEVELS[1:])
    with_break = forecast(ForecastInputs(NOW, ahead, 10, 200_000))
    assert with_break.predicted_end - plain.predicted_end == timedelta(seconds=900)


def evening(start: datetime, busts: list[int], *, deal_at: int) -> Record:
    """An evening of 10 players (bust minutes given), the last ``deal_at`` out at once."""
    times = [start + timedelta(minutes=m) for m in busts]
    last = times[-1]
    times += [last + timedelta(seconds=20 * n) for n in range(1, deal_at)]
    return Record(
        structure=LEVELS,
        marks=(ClockMark(start, 0, 1200.0, True),),
        buys=tuple((start, 20_000, 1) for _ in range(10)),
        busts=tuple(times),
        started_at=start,
        late_registration_ends=start + timedelta(minutes=60),
        ended_at=times[-1],
    )


def test_a_room_that_always_deals_at_three_is_forecast_to_end_at_three():
    minutes = [40, 70, 95, 120, 140, 160, 175]
    records = [
        evening(NOW - timedelta(days=7 * week), [m + week for m in minutes], deal_at=3)
        for week in range(1, 7)
    ]
    room = fit_room(records, LEVELS)
    assert room.end_players == 3
    assert room.tournaments == 6
    fresh = evening(NOW, minutes, deal_at=3)
    at = NOW + timedelta(minutes=100)
    result = forecast(inputs_at(fresh, at, room))
    assert result.players_left == 7
    assert result.earliest <= fresh.ended_at <= result.latest
    assert abs(result.predicted_end - fresh.ended_at) < timedelta(minutes=20)
