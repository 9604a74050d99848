from decimal import Decimal

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tournament.rules.payouts import (
    GENERATOR_FROM,
    PAYOUT_TEMPLATES,
    ROUNDING_UNITS,
    PayoutError,
    Prize,
    Purchase,
    SharedGroup,
    compute_payouts,
    compute_prize_pool,
    generate_payout_percentages,
    payout_template,
    plain_unit,
    prizes_for_places,
    split_shared_places,
    validate_percentages,
)
from tournament.rules.places import Place

D = Decimal


def pcts(*values: str) -> list[Decimal]:
    return [D(v) for v in values]


def test_prize_pool_adds_every_purchase_share_and_keeps_fees_apart():
    pool = compute_prize_pool(
        purchases=[
            Purchase("entry", 40, D("100"), D("10")),
            Purchase("re_entry", 12, D("100"), D("10")),
            Purchase("rebuy", 5, D("50"), D("0")),
            Purchase("add_on", 30, D("25"), D("5")),
        ],
        additions=[D("150.50")],
    )
    assert pool.collected == D("6200")
    assert pool.additions == D("150.50")
    assert pool.overlay == 0
    assert pool.total == D("6350.50")
    assert pool.fees == D("670")


def test_the_house_adds_the_overlay_when_the_pool_is_below_the_guarantee():
    pool = compute_prize_pool(
        purchases=[Purchase("entry", 30, D("100"), D("20"))], guarantee=D("5000")
    )
    assert pool.overlay == D("2000")
    assert pool.total == D("5000")
    above = compute_prize_pool(
        purchases=[Purchase("entry", 60, D("100"), D("20"))], guarantee=D("5000")
    )
    assert above.overlay == 0
    assert above.total == D("6000")


def test_prize_pool_refuses_negative_amounts_and_fractions_of_a_cent():
    with pytest.raises(PayoutError) as error:
        compute_prize_pool(purchases=[Purchase("entry", 1, D("-1"))])
    assert error.value.code == "amount_negative"
    with pytest.raises(PayoutError) as error:
        compute_prize_pool(purchases=[Purchase("entry", 1, D("1.001"))])
    assert error.value.code == "amount_precision"


def test_payouts_round_down_to_the_unit_and_give_the_remainder_to_the_winner():
    assert compute_payouts(D("1000"), pcts("50", "30", "20"), D("1")) == pcts(
        "500.00", "300.00", "200.00"
    )
    assert compute_payouts(D("1037.35"), pcts("50", "30", "20"), D("10")) == pcts(
        "527.35", "310.00", "200.00"
    )
    assert compute_payouts(D("1037.35"), pcts("50", "30", "20"), D("0.01")) == pcts(
        "518.68", "311.20", "207.47"
    )


def test_rounding_to_nearest_keeps_the_winner_above_second_place():
    # 16 paid on 50/50 rounded to 10 would give second 10 and the winner 6.
    assert compute_payouts(D("16"), pcts("50", "50"), D("10"), mode="nearest") == pcts(
        "16.00", "0.00"
    )
    assert compute_payouts(D("1037.35"), pcts("50", "30", "20"), D("10"), mode="nearest") == pcts(
        "517.35", "310.00", "210.00"
    )


@pytest.mark.parametrize(
    ("percentages", "code"),
    [
        ([], "percentages_empty"),
        (pcts("60", "30"), "percentages_sum"),
        (pcts("50", "30", "20.01"), "percentages_sum"),
        (pcts("110", "-10"), "percentage_negative"),
        (pcts("30", "50", "20"), "percentages_increasing"),
    ],
)
def test_invalid_percentages_are_refused_with_a_code(percentages, code):
    with pytest.raises(PayoutError) as error:
        validate_percentages(percentages)
    assert error.value.code == code
    assert isinstance(error.value, ValueError)


def test_an_unknown_rounding_unit_is_refused():
    with pytest.raises(PayoutError) as error:
        compute_payouts(D("100"), pcts("100"), D("3"))
    assert error.value.code == "rounding_unknown"


FIELDS = [*range(2, 301), *range(301, 1201, 7), 2000, 5000, 10_000]


def test_every_template_adds_up_to_exactly_100_and_never_increases():
    for field in FIELDS:
        template = payout_template(field)
        validate_percentages(template)
        assert len(template) <= field


def test_small_fields_use_the_hand_made_table():
    assert payout_template(2) == pcts("100")
    assert payout_template(9) == pcts("50", "30", "20")
    assert payout_template(GENERATOR_FROM) == generate_payout_percentages(GENERATOR_FROM)
    covered = [n for low, high, _ in PAYOUT_TEMPLATES for n in range(low, high + 1)]
    assert covered == list(range(2, GENERATOR_FROM))


@pytest.mark.parametrize("field", [41, 60, 100, 150, 300, 500, 1000, 3000])
def test_generated_templates_pay_about_15_percent_with_a_min_cash_near_two_buy_ins(field):
    template = generate_payout_percentages(field)
    assert 0.10 <= len(template) / field <= 0.20
    min_cash_in_buy_ins = template[-1] * field / 100
    assert D("1.5") <= min_cash_in_buy_ins <= D("2.6")
    assert D("25") <= template[0] <= D("35")


def test_generated_templates_pay_places_beyond_the_final_table_in_bands():
    template = generate_payout_percentages(100)
    assert len(template) == 15
    assert template[9] == template[10] == template[11]
    assert template[12] == template[13] == template[14]
    assert len(set(template[:9])) == 9


def test_the_number_of_paid_places_never_falls_as_the_field_grows():
    counts = [len(payout_template(n)) for n in FIELDS]
    assert counts == sorted(counts)


def test_field_sizes_outside_the_generator_range_are_refused():
    with pytest.raises(PayoutError) as error:
        generate_payout_percentages(10_001)
    assert error.value.code == "field_size_out_of_range"


money = st.decimals(min_value=0, max_value=10**7, places=2, allow_nan=False, allow_infinity=False)


@st.composite
def structures(draw):
    """Valid percentage lists: non-increasing, two decimals, adding up to 100."""
    size = draw(st.integers(1, 40))
    weights = sorted(draw(st.lists(st.integers(1, 10_000), min_size=size, max_size=size)))[::-1]
    total = sum(weights)
    result = [D(w * 10_000 // total) / 100 for w in weights]
    result[0] += D(100) - sum(result)
    return result


@given(money, structures(), st.sampled_from(ROUNDING_UNITS), st.sampled_from(["down", "nearest"]))
def test_payouts_always_sum_to_the_pool_to_the_cent(pool, percentages, unit, mode):
    amounts = compute_payouts(pool, percentages, unit, mode=mode)
    assert sum(amounts) == pool
    assert len(amounts) == len(percentages)
    assert all(a == a.quantize(D("0.01")) for a in amounts)


@given(money, structures(), st.sampled_from(ROUNDING_UNITS), st.sampled_from(["down", "nearest"]))
def test_payouts_never_increase_with_a_worse_place(pool, percentages, unit, mode):
    amounts = compute_payouts(pool, percentages, unit, mode=mode)
    assert all(better >= worse for better, worse in zip(amounts, amounts[1:], strict=False))
    assert all(a >= 0 for a in amounts)
    # Every place but the winner is a whole number of units.
    assert all(a % unit == 0 for a in amounts[1:])


@given(money, structures(), st.sampled_from(ROUNDING_UNITS))
def test_rounded_places_stay_within_one_unit_of_their_exact_share(pool, percentages, unit):
    amounts = compute_payouts(pool, percentages, unit)
    for amount, pct in zip(amounts[1:], percentages[1:], strict=True):
        exact = pool * pct / 100
        assert exact - unit < amount <= exact


def test_players_sharing_places_split_their_prizes_equally():
    payouts = pcts("500", "300", "200", "100")
    result = split_shared_places(payouts=payouts, groups=[SharedGroup(2, (7, 8))])
    assert result == {7: D("250.00"), 8: D("250.00")}


def test_the_odd_unit_of_a_shared_split_goes_to_the_first_player_given():
    payouts = pcts("500", "300", "205", "100")
    result = split_shared_places(payouts=payouts, groups=[SharedGroup(2, (8, 7))], rounding=D("5"))
    assert result == {8: D("255.00"), 7: D("250.00")}
    cents = split_shared_places(
        payouts=pcts("100.01", "50", "30"), groups=[SharedGroup(1, (1, 2, 3))]
    )
    assert cents == {1: D("60.01"), 2: D("60.00"), 3: D("60.00")}


def test_a_share_beyond_the_paid_places_splits_what_is_paid():
    # Two players share place 3 of three paid places: 200 + 0 between them.
    result = split_shared_places(payouts=pcts("500", "300", "200"), groups=[SharedGroup(3, (1, 2))])
    assert result == {1: D("100.00"), 2: D("100.00")}


def test_overlapping_shared_groups_are_refused():
    with pytest.raises(PayoutError) as error:
        split_shared_places(
            payouts=pcts("500", "300", "200"),
            groups=[SharedGroup(1, (1, 2)), SharedGroup(2, (3, 4))],
        )
    assert error.value.code == "groups_overlap"


def test_prizes_for_places_pays_everyone_and_splits_shared_places():
    payouts = compute_payouts(D("1000"), pcts("50", "30", "20"), D("1"))
    places = [Place(11, 1), Place(12, 2, True), Place(13, 2, True), Place(14, 4)]
    assert prizes_for_places(payouts=payouts, places=places) == [
        Prize(11, 1, D("500.00")),
        Prize(12, 2, D("250.00")),
        Prize(13, 2, D("250.00")),
        Prize(14, 4, D("0.00")),
    ]


@st.composite
def shares(draw):
    payouts = sorted(draw(st.lists(money, min_size=1, max_size=12)), reverse=True)
    size = draw(st.integers(2, 6))
    place = draw(st.integers(1, len(payouts) + 1))
    unit = draw(st.sampled_from(ROUNDING_UNITS))
    return payouts, place, size, unit


@given(shares())
def test_ties_split_exactly_and_differ_by_at_most_one_unit(data):
    payouts, place, size, unit = data
    entries = tuple(range(100, 100 + size))
    result = split_shared_places(
        payouts=payouts, groups=[SharedGroup(place, entries)], rounding=unit
    )
    occupied = payouts[place - 1 : place - 1 + size]
    assert sum(result.values()) == sum(occupied, D(0))
    amounts = [result[e] for e in entries]
    assert max(amounts) - min(amounts) <= unit
    assert amounts == sorted(amounts, reverse=True)


@pytest.mark.parametrize("unit", ROUNDING_UNITS)
def test_every_rounding_unit_reads_back_in_plain_digits_as_stored(unit):
    stored = unit.quantize(D("0.01"))  # the database keeps two decimals
    assert plain_unit(stored) == unit
    assert "E" not in str(plain_unit(stored))
