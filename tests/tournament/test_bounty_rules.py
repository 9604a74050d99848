"""The bounty arithmetic (tournament/rules/bounties.py): nothing lost or made
by rounding, split pots shared equally with the odd cents to the first
eliminator left of the button, progressive shares, mystery draws."""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tournament.rules import bounties as rules

CENTS = st.integers(min_value=0, max_value=10**9)
ELIMINATORS = st.integers(min_value=1, max_value=9)


@given(CENTS, ELIMINATORS)
def test_a_split_bounty_adds_up_and_differs_by_a_cent_at_most(cents, n):
    parts = rules.split_equally(cents, n)
    assert sum(parts) == cents and len(parts) == n
    assert max(parts) - min(parts) <= 1
    # The odd cents go to the first eliminators (left of the button first).
    assert parts == sorted(parts, reverse=True)


def test_three_eliminators_share_ten_euros():
    assert rules.split_equally(1000, 3) == [334, 333, 333]
    assert [a.cash for a in rules.knockout(1000, 3)] == [334, 333, 333]


@given(CENTS, ELIMINATORS, st.integers(min_value=0, max_value=100))
def test_a_progressive_bounty_is_paid_in_cash_and_onto_heads_to_the_cent(cents, n, share):
    awards = rules.progressive(cents, n, cash_share=share)
    cash = sum(a.cash for a in awards)
    added = sum(a.added for a in awards)
    assert cash + added == cents
    assert cash == cents * share // 100
    final = rules.progressive(cents, n, cash_share=share, final=True)
    assert sum(a.cash for a in final) == cents and not any(a.added for a in final)


def test_half_of_a_progressive_bounty_goes_onto_the_eliminators_head():
    (award,) = rules.progressive(5000, 1, cash_share=50)
    assert (award.cash, award.added) == (2500, 2500)


@given(st.lists(st.integers(1, 9), min_size=1, max_size=9, unique=True), st.integers(1, 9))
def test_eliminators_are_ordered_clockwise_from_the_button(seats, button):
    ordered = rules.clockwise_from_button(seats, button, 9)
    assert sorted(ordered) == sorted(seats)
    distances = [(seat - button - 1) % 9 for seat in ordered]
    assert distances == sorted(distances)


def test_the_seat_left_of_the_button_comes_first():
    assert rules.clockwise_from_button([2, 5, 8], 5, 9) == [8, 2, 5]


def test_mystery_draws_only_what_is_left_and_starts_when_set():
    rng = random.Random(7)
    left = [100, 200, 5000]
    drawn = []
    while left:
        drawn.append(left.pop(rules.mystery_draw(left, rng)))
    assert sorted(drawn) == [100, 200, 5000]
    with pytest.raises(rules.BountyError):
        rules.mystery_draw([], rng)
    started = {"start_level": 5, "in_the_money_start": False, "in_the_money": False}
    assert not rules.mystery_started(level=4, **started)
    assert rules.mystery_started(level=5, **started)
    money = {"start_level": None, "in_the_money_start": True, "level": 9}
    assert not rules.mystery_started(in_the_money=False, **money)
    assert rules.mystery_started(in_the_money=True, **money)


def test_bad_splits_are_refused():
    with pytest.raises(rules.BountyError):
        rules.split_equally(100, 0)
    with pytest.raises(rules.BountyError):
        rules.progressive(100, 1, cash_share=101)
    assert rules.cents("12.34") == 1234 and str(rules.money(1234)) == "12.34"
