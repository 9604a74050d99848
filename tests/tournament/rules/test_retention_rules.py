"""The retention period's date arithmetic (README "Player data"): contact data is due for
removal exactly from the day its period has run, never before."""

from __future__ import annotations

from datetime import date, timedelta

from hypothesis import given
from hypothesis import strategies as st

from tournament.rules.retention import is_due, months_later, removal_day

days = st.dates(min_value=date(2000, 1, 1), max_value=date(2090, 12, 31))
periods = st.integers(min_value=1, max_value=120)


def test_month_ends_are_kept_in_shorter_months():
    assert months_later(date(2025, 1, 31), 1) == date(2025, 2, 28)
    assert months_later(date(2024, 1, 31), 1) == date(2024, 2, 29)
    assert months_later(date(2024, 2, 29), 12) == date(2025, 2, 28)
    assert months_later(date(2024, 11, 15), 24) == date(2026, 11, 15)
    assert months_later(date(2024, 12, 1), 1) == date(2025, 1, 1)


def test_twenty_four_months_after_the_last_entry():
    last = date(2024, 11, 25)
    assert not is_due(last, 24, date(2026, 11, 24))
    assert is_due(last, 24, date(2026, 11, 25))


@given(days, periods)
def test_the_removal_day_is_the_period_on_to_within_a_few_days(last, months):
    removal = removal_day(last, months)
    assert removal > last
    # Calendar months are 28 to 31 days long.
    assert timedelta(days=28 * months) <= removal - last <= timedelta(days=31 * months)


@given(days, periods, st.integers(min_value=-400, max_value=400))
def test_due_exactly_from_the_removal_day(last, months, offset):
    today = removal_day(last, months) + timedelta(days=offset)
    assert is_due(last, months, today) == (offset >= 0)


@given(days, periods, periods)
def test_a_longer_period_is_never_due_sooner(last, months, more):
    longer = months + more
    assert removal_day(last, longer) >= removal_day(last, months)
    assert months_later(months_later(last, months), more) >= removal_day(last, longer) or (
        last.day > 28
    )
