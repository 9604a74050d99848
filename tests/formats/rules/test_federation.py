"""Federation points (README "Results out: formats"): never negative, and a better
place never earns fewer than a worse one, in either preset."""

from __future__ import annotations

from decimal import Decimal

import pytest
from hypothesis import given
from hypothesis import strategies as st

from formats.rules import federation

factors = st.decimals(min_value=0, max_value=100, places=2, allow_nan=False)
tokens_tables = st.lists(st.integers(min_value=0, max_value=1000), min_size=1, max_size=30).map(
    lambda t: sorted(t, reverse=True)
)


@given(st.integers(min_value=1, max_value=500), factors, st.data())
def test_bottom_points_never_negative_and_better_never_fewer(field, factor, data):
    better = data.draw(st.integers(min_value=1, max_value=field))
    worse = data.draw(st.integers(min_value=better, max_value=field + 3))
    high = federation.bottom_points(better, field, factor)
    low = federation.bottom_points(worse, field, factor)
    assert low >= 0 and high >= low


def test_bottom_points_count_from_the_last_place():
    assert federation.bottom_points(10, 10, Decimal(1)) == Decimal("1.00")
    assert federation.bottom_points(1, 10, Decimal("1.5")) == Decimal("15.00")


@given(tokens_tables, st.data())
def test_tokens_never_negative_and_better_never_fewer(table, data):
    tokens = federation.checked_tokens(table)
    better = data.draw(st.integers(min_value=1, max_value=len(tokens) + 2))
    worse = data.draw(st.integers(min_value=better, max_value=len(tokens) + 5))
    assert federation.cup_tokens(worse, tokens) >= 0
    assert federation.cup_tokens(better, tokens) >= federation.cup_tokens(worse, tokens)


@pytest.mark.parametrize("table", [[], [1, 2], [3, -1], list(range(300, 0, -1))])
def test_a_table_that_would_break_the_order_is_refused(table):
    with pytest.raises(federation.FederationError):
        federation.checked_tokens(table)


def test_a_negative_factor_or_unknown_type_is_refused():
    with pytest.raises(federation.FederationError):
        federation.checked_factors({federation.FREEZEOUT: Decimal(-1)})
    with pytest.raises(federation.FederationError):
        federation.checked_factors({"bounty": Decimal(1)})
    assert federation.checked_factors({})[federation.RE_ENTRY] == 1


def test_the_type_follows_the_tournament():
    assert federation.tournament_type(max_entries=1, event_day=False) == federation.FREEZEOUT
    assert federation.tournament_type(max_entries=3, event_day=False) == federation.RE_ENTRY
    assert federation.tournament_type(max_entries=1, event_day=True) == federation.EVENT_DAY
