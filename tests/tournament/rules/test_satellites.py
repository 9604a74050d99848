"""The satellite split: tickets while the pool buys them, the rest in cash."""

from __future__ import annotations

from decimal import Decimal

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tournament.rules.satellites import (
    SatelliteError,
    satellite_split,
    ticket_change,
    ticket_count,
)

D = Decimal


def test_two_tickets_and_the_rest_to_third_place():
    places = satellite_split(D("1150.00"), D("250.00"), "next_place", tickets=2)
    assert [(p.place, p.ticket, p.cash) for p in places] == [
        (1, True, D(0)),
        (2, True, D(0)),
        (3, False, D("650.00")),
    ]


def test_the_pool_buys_as_many_tickets_as_it_can():
    places = satellite_split(D("1150.00"), D("250.00"))
    assert ticket_count(places) == 4
    assert places[-1].place == 5 and places[-1].cash == D("150.00")


def test_split_shares_the_rest_over_the_ticket_places_odd_cents_to_the_better():
    places = satellite_split(D("1000.01"), D("333.00"), "split")
    assert [p.cash for p in places] == [D("0.34"), D("0.34"), D("0.33")]
    places = satellite_split(D("1150.00"), D("250.00"), "split", tickets=2)
    assert [(p.ticket, p.cash) for p in places] == [(True, D("325.00")), (True, D("325.00"))]


def test_a_place_may_take_cash_instead_of_the_ticket():
    places = satellite_split(D("750.00"), D("250.00"), cash_places={2})
    assert [(p.ticket, p.cash) for p in places] == [
        (True, D(0)),
        (False, D("250.00")),
        (True, D(0)),
    ]


def test_a_pool_buys_at_most_a_thousand_tickets_the_rest_is_cash():
    places = satellite_split(D("100000.00"), D("0.01"))
    assert ticket_count(places) == 1000
    assert places[-1].place == 1001 and places[-1].cash == D("99990.00")


def test_a_pool_below_one_ticket_goes_to_the_winner_in_cash():
    for remainder in ("next_place", "split"):
        places = satellite_split(D("100.00"), D("250.00"), remainder)
        assert [(p.place, p.ticket, p.cash) for p in places] == [(1, False, D("100.00"))]


@pytest.mark.parametrize(
    ("pool", "value", "remainder"),
    [
        (D("-1"), D("250"), "split"),
        (D("10.001"), D("250"), "split"),
        (D("10"), D("0"), "split"),
        (D("10"), D("250"), "winner"),
    ],
)
def test_bad_settings_are_refused(pool, value, remainder):
    with pytest.raises(SatelliteError):
        satellite_split(pool, value, remainder)


cents = st.integers(min_value=0, max_value=10**9).map(lambda c: D(c) / 100)


@given(
    pool=cents,
    value=st.integers(min_value=1, max_value=10**7).map(lambda c: D(c) / 100),
    remainder=st.sampled_from(["next_place", "split"]),
    tickets=st.none() | st.integers(min_value=0, max_value=50),
    cash_places=st.sets(st.integers(min_value=1, max_value=20), max_size=5),
)
def test_tickets_and_cash_add_up_to_the_pool_to_the_cent(
    pool, value, remainder, tickets, cash_places
):
    places = satellite_split(pool, value, remainder, tickets=tickets, cash_places=cash_places)
    total = sum((p.value(value) for p in places), D(0))
    assert total == pool
    assert [p.place for p in places] == list(range(1, len(places) + 1))
    assert all(p.cash >= 0 and p.cash == p.cash.quantize(D("0.01")) for p in places)
    assert tickets is None or ticket_count(places) <= tickets


def test_a_ticket_pays_a_cheaper_buy_in_with_change_only_where_allowed():
    assert ticket_change(D("250"), D("220"), change_allowed=True) == D("30")
    assert ticket_change(D("250"), D("220"), change_allowed=False) == D(0)
    with pytest.raises(SatelliteError):
        ticket_change(D("200"), D("220"), change_allowed=True)
