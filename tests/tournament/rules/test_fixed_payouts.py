from decimal import Decimal

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tournament.rules.fixed_payouts import fixed_payouts, share_of_pool, validate_amounts
from tournament.rules.payouts import PayoutError, SharedGroup, split_shared_places

D = Decimal
CENT = D("0.01")

money = st.decimals(min_value=0, max_value=10**6, places=2, allow_nan=False, allow_infinity=False)


@st.composite
def pool_and_amounts(draw):
    """A pool and fixed amounts (best first, two decimals) that fit in it."""
    pool = draw(money)
    cents = int(pool * 100)
    size = draw(st.integers(1, 30))
    cuts = sorted(draw(st.lists(st.integers(0, cents), min_size=size, max_size=size)))
    parts = sorted((b - a for a, b in zip([0, *cuts], cuts, strict=False)), reverse=True)
    return pool, [D(p) / 100 for p in parts]


def test_a_club_pays_fixed_amounts_and_keeps_the_rest_for_the_season_final():
    result = fixed_payouts(D("4700.00"), [D("2200"), D("1400"), D("1000")])
    assert result.amounts == (D("2200.00"), D("1400.00"), D("1000.00"))
    assert result.kept_back == D("100.00")


def test_amounts_above_the_pool_are_refused():
    with pytest.raises(PayoutError) as error:
        fixed_payouts(D("4500.00"), [D("2200"), D("1400"), D("1000")])
    assert error.value.code == "amounts_above_pool"


@pytest.mark.parametrize(
    ("amounts", "code"),
    [
        ([], "percentages_empty"),
        ([D("100"), D("200")], "percentages_increasing"),
        ([D("-1")], "amount_invalid"),
        ([D("10.005")], "amount_precision"),
        ([D("NaN")], "amount_invalid"),
        ([D("1e30")], "amount_invalid"),
        ([D("10000000000")], "amount_invalid"),
    ],
)
def test_invalid_amounts_say_why(amounts, code):
    with pytest.raises(PayoutError) as error:
        validate_amounts(amounts)
    assert error.value.code == code


def test_an_amount_is_shown_as_its_share_of_the_pool():
    assert share_of_pool(D("2200"), D("4700")) == D("46.81")
    assert share_of_pool(D("2200"), D("0")) == 0


@given(pool_and_amounts())
def test_what_is_paid_and_what_is_kept_back_add_up_to_the_pool(case):
    pool, amounts = case
    result = fixed_payouts(pool, amounts)
    assert result.paid + result.kept_back == pool
    assert result.kept_back >= 0
    assert list(result.amounts) == amounts


@given(pool_and_amounts(), st.data())
def test_players_sharing_places_split_the_fixed_amounts_exactly(case, data):
    pool, amounts = case
    result = fixed_payouts(pool, amounts)
    size = data.draw(st.integers(2, 5))
    place = data.draw(st.integers(1, len(amounts) + 2))
    group = SharedGroup(place, tuple(range(1, size + 1)))
    unit = data.draw(st.sampled_from([CENT, D("1"), D("5")]))
    split = split_shared_places(payouts=result.amounts, groups=[group], rounding=unit)
    occupied = range(place, place + size)
    expected = sum((amounts[p - 1] for p in occupied if p <= len(amounts)), D(0))
    assert sum(split.values()) == expected
    assert max(split.values()) - min(split.values()) <= unit
