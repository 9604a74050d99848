from decimal import Decimal
from fractions import Fraction
from itertools import permutations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tournament.rules.deals import (
    DealError,
    deal_chip_chop,
    deal_icm,
    icm_equities,
    reserve_prizes,
)

D = Decimal


def brute_force_icm(stacks: list[int], prizes: list, exact: bool = True) -> list:
    """Malmuth-Harville by enumerating every finishing order (exactly, or in floats)."""
    n = len(stacks)
    number = Fraction if exact else float
    padded = [number(p) for p in prizes] + [number(0)] * (n - len(prizes))
    equity = [number(0)] * n
    for order in permutations(range(n)):
        probability = number(1)
        left = sum(stacks)
        for player in order:
            probability *= number(stacks[player]) / left
            left -= stacks[player]
        for place, player in enumerate(order):
            equity[player] += probability * padded[place]
    return equity


def test_icm_matches_the_worked_three_player_example():
    # 5000 / 3000 / 2000 chips playing for 50 / 30 / 20. Worked by hand:
    # first place 0.5 / 0.3 / 0.2; second place for the big stack
    # 0.3 * 5/7 + 0.2 * 5/8 = 0.3393; and so on.
    exact = brute_force_icm([5000, 3000, 2000], [50, 30, 20])
    assert exact == [Fraction(1075, 28), Fraction(131, 4), Fraction(202, 7)]
    result = deal_icm(stacks=[5000, 3000, 2000], prizes=[D(50), D(30), D(20)])
    assert result.amounts == (D("38.39"), D("32.75"), D("28.86"))
    assert sum(result.amounts) == D(100)


def test_icm_agrees_with_the_brute_force_for_uneven_fields():
    stacks = [12_345, 800, 45_000, 3_000, 3_000, 27_500]
    prizes = [400, 250, 150, 100]
    exact = brute_force_icm(stacks, prizes)
    fast = icm_equities(stacks, prizes)
    for e, f in zip(exact, fast, strict=True):
        assert abs(float(e) - f) < 1e-9


def test_icm_for_ten_players_shares_every_prize_and_pays_the_bigger_stack_more():
    stacks = [1_000 * i + 7 for i in range(1, 11)]
    prizes = [D(p) for p in (3000, 2000, 1500, 1000, 800, 600, 500, 400, 300, 200)]
    result = deal_icm(stacks=stacks, prizes=prizes)
    assert sum(result.amounts) == sum(prizes)
    assert list(result.amounts) == sorted(result.amounts)


def test_chip_chop_shares_the_prizes_in_proportion_to_chips():
    result = deal_chip_chop(stacks=[5000, 3000, 2000], prizes=[D(500), D(300), D(200)])
    assert result.amounts == (D("500.00"), D("300.00"), D("200.00"))
    odd = deal_chip_chop(stacks=[1, 1, 1], prizes=[D(60), D("40.01")])
    assert odd.amounts == (D("33.34"), D("33.34"), D("33.33"))


def test_the_reserve_comes_off_the_first_prize_and_is_left_to_play_for():
    result = deal_chip_chop(
        stacks=[5000, 3000, 2000], prizes=[D(500), D(300), D(200)], reserve=D(100)
    )
    assert result.prizes == (D("400.00"), D("300.00"), D("200.00"))
    assert result.amounts == (D("450.00"), D("270.00"), D("180.00"))
    assert result.reserve == D(100)
    assert sum(result.amounts) + result.reserve == D(1000)


def test_a_reserve_larger_than_the_gap_levels_the_top_prizes():
    assert reserve_prizes([D(500), D(300), D(200)], D(300)) == (
        D("250.00"),
        D("250.00"),
        D("200.00"),
    )
    assert reserve_prizes([D(100), D(100), D(50)], D("0.01")) == (
        D("100.00"),
        D("99.99"),
        D("50.00"),
    )
    assert reserve_prizes([D(100), D(50)], D(150)) == (D("0.00"), D("0.00"))


@pytest.mark.parametrize(
    ("stacks", "prizes", "reserve", "code"),
    [
        ([], [], D(0), "no_players"),
        ([100, 0], [D(10)], D(0), "stack_not_positive"),
        ([100], [D(10), D(5)], D(0), "too_many_prizes"),
        ([100, 50], [D(10), D(20)], D(0), "prizes_increasing"),
        ([100, 50], [D("10.001")], D(0), "prize_precision"),
        ([100, 50], [D(20), D(10)], D(31), "reserve_too_large"),
        ([100, 50], [D(20), D(10)], D(-1), "reserve_invalid"),
    ],
)
def test_invalid_deals_are_refused_with_a_code(stacks, prizes, reserve, code):
    for deal in (deal_icm, deal_chip_chop):
        with pytest.raises(DealError) as error:
            deal(stacks=stacks, prizes=prizes, reserve=reserve)
        assert error.value.code == code


@st.composite
def deals(draw):
    players = draw(st.integers(1, 8))
    stacks = draw(st.lists(st.integers(1, 200_000), min_size=players, max_size=players))
    prizes = sorted(
        draw(
            st.lists(
                st.decimals(min_value=0, max_value=100_000, places=2),
                min_size=0,
                max_size=players,
            )
        ),
        reverse=True,
    )
    total = sum(prizes, D(0))
    reserve = draw(st.sampled_from([D(0), (total / 3).quantize(D("0.01")), total]))
    return stacks, prizes, reserve


def assert_bigger_stack_never_gets_less(stacks, amounts):
    for i, a in enumerate(amounts):
        for j, b in enumerate(amounts):
            if stacks[i] > stacks[j]:
                assert a >= b
            if stacks[i] == stacks[j]:
                assert abs(a - b) <= D("0.01")


@settings(deadline=None)
@given(deals())
def test_icm_sums_to_the_prize_total_and_a_bigger_stack_never_gets_less(data):
    stacks, prizes, reserve = data
    result = deal_icm(stacks=stacks, prizes=prizes, reserve=reserve)
    assert sum(result.amounts) + reserve == sum(prizes, D(0))
    assert_bigger_stack_never_gets_less(stacks, result.amounts)
    if len(stacks) <= 5:
        expected = brute_force_icm(stacks, result.prizes, exact=False)
        for amount, value in zip(result.amounts, expected, strict=True):
            assert abs(float(amount) - value) < 0.0101  # rounded to the cent


@given(deals())
def test_chip_chop_sums_to_the_prize_total_and_follows_the_chips(data):
    stacks, prizes, reserve = data
    result = deal_chip_chop(stacks=stacks, prizes=prizes, reserve=reserve)
    total = sum(prizes, D(0)) - reserve
    assert sum(result.amounts) == total
    assert_bigger_stack_never_gets_less(stacks, result.amounts)
    for amount, stack in zip(result.amounts, stacks, strict=True):
        assert abs(Fraction(amount) - Fraction(total) * stack / sum(stacks)) < Fraction(1, 100)


@given(
    st.lists(st.decimals(min_value=0, max_value=10_000, places=2), min_size=1, max_size=8),
    st.data(),
)
def test_the_reserve_keeps_prizes_in_order_and_takes_exactly_its_amount(prizes, data):
    prizes = sorted(prizes, reverse=True)
    total = sum(prizes, D(0))
    cents = data.draw(st.integers(0, int(total * 100)))
    reserve = D(cents) / 100
    adjusted = reserve_prizes(prizes, reserve)
    assert sum(adjusted) == total - reserve
    assert list(adjusted) == sorted(adjusted, reverse=True)
    assert all(0 <= a <= p for a, p in zip(adjusted, prizes, strict=True))
