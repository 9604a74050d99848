"""Payouts as clubs set them (README "Payouts"): fixed amounts for some places,
percentages of what is left for the others, in one structure."""

from decimal import Decimal

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tournament.rules.fixed_payouts import PlacePay, fixed_payouts, mixed_payouts
from tournament.rules.payouts import ROUNDING_UNITS, PayoutError, compute_payouts

D = Decimal

money = st.decimals(min_value=0, max_value=10**6, places=2, allow_nan=False, allow_infinity=False)


def test_the_winner_gets_200_fixed_and_the_rest_is_shared_50_30_20():
    places = [PlacePay(amount=D("200")), *(PlacePay(percentage=D(p)) for p in ("50", "30", "20"))]
    result = mixed_payouts(D("1000.00"), places, D("1"))
    assert result.amounts == (D("200.00"), D("400.00"), D("240.00"), D("160.00"))
    assert result.kept_back == D("0.00")


def test_the_rounding_remainder_goes_to_the_best_place_paid_by_percentage():
    places = [PlacePay(amount=D("100")), *(PlacePay(percentage=D(p)) for p in ("50", "30", "20"))]
    result = mixed_payouts(D("1033.00"), places, D("5"))
    assert result.amounts == (D("100.00"), D("473.00"), D("275.00"), D("185.00"))


def test_the_bubble_gets_his_buy_in_back_and_the_others_share_the_rest():
    places = [*(PlacePay(percentage=D(p)) for p in ("60", "40")), PlacePay(amount=D("55"))]
    assert mixed_payouts(D("555.00"), places, D("1")).amounts == (
        D("300.00"),
        D("200.00"),
        D("55.00"),
    )


def test_fixed_amounts_above_the_pool_are_refused():
    with pytest.raises(PayoutError) as error:
        mixed_payouts(
            D("150.00"), [PlacePay(amount=D("200")), PlacePay(percentage=D("100"))], D("1")
        )
    assert error.value.code == "amounts_above_pool"


@pytest.mark.parametrize(
    ("places", "code"),
    [
        ([], "percentages_empty"),
        ([PlacePay()], "place_amount_or_percentage"),
        ([PlacePay(amount=D("1"), percentage=D("100"))], "place_amount_or_percentage"),
        ([PlacePay(amount=D("200")), PlacePay(percentage=D("60"))], "percentages_sum"),
        ([PlacePay(percentage=D("40")), PlacePay(percentage=D("60"))], "percentages_increasing"),
        ([PlacePay(amount=D("-1")), PlacePay(percentage=D("100"))], "amount_invalid"),
    ],
)
def test_a_mixed_structure_that_cannot_be_paid_is_refused(places, code):
    with pytest.raises(PayoutError) as error:
        mixed_payouts(D("1000.00"), places, D("1"))
    assert error.value.code == code


@st.composite
def mixed_structures(draw):
    """A pool and places, each fixed (fitting in the pool) or a percentage."""
    pool = draw(money)
    kinds = draw(st.lists(st.booleans(), min_size=1, max_size=12))  # True: fixed
    fixed_count = sum(kinds)
    cents = int(pool * 100)
    cuts = sorted(draw(st.lists(st.integers(0, cents), min_size=fixed_count, max_size=fixed_count)))
    amounts = iter(
        sorted((D(b - a) / 100 for a, b in zip([0, *cuts], cuts, strict=False)), reverse=True)
    )
    shares = kinds.count(False)
    weights = sorted(
        draw(st.lists(st.integers(0, 100), min_size=shares, max_size=shares)), reverse=True
    )
    total = sum(weights) or 1  # all zero: the first place takes the 100
    pcts = [(D(w * 100) / total).quantize(D("0.01"), rounding="ROUND_FLOOR") for w in weights]
    if pcts:
        pcts[0] += D(100) - sum(pcts)
    percentages = iter(pcts)
    places = [
        PlacePay(amount=next(amounts)) if fixed else PlacePay(percentage=next(percentages))
        for fixed in kinds
    ]
    return pool, places, draw(st.sampled_from(ROUNDING_UNITS))


@given(mixed_structures())
def test_fixed_places_get_exactly_their_amount_and_the_prizes_never_exceed_the_pool(case):
    pool, places, unit = case
    result = mixed_payouts(pool, places, unit)
    assert sum(result.amounts) + result.kept_back == pool
    assert sum(result.amounts) <= pool and result.kept_back >= 0
    for pay, amount in zip(places, result.amounts, strict=True):
        if pay.amount is not None:
            assert amount == pay.amount
    fixed = sum((p.amount for p in places if p.amount is not None), D(0))
    shares = [p.percentage for p in places if p.percentage is not None]
    shared = [a for p, a in zip(places, result.amounts, strict=True) if p.percentage is not None]
    if shares:  # the percentages share what is left, to the cent, as the rules round
        assert result.kept_back == 0
        assert shared == compute_payouts(pool - fixed, shares, unit)


@given(money, st.sampled_from(ROUNDING_UNITS))
def test_percentages_alone_and_amounts_alone_pay_as_before(pool, unit):
    pcts = [D("50"), D("30"), D("20")]
    alone = mixed_payouts(pool, [PlacePay(percentage=p) for p in pcts], unit)
    assert list(alone.amounts) == compute_payouts(pool, pcts, unit)
    amounts = [(pool / 2).quantize(D("0.01"), rounding="ROUND_FLOOR")]
    assert mixed_payouts(pool, [PlacePay(amount=amounts[0])], unit) == fixed_payouts(pool, amounts)
