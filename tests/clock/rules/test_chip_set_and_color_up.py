import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from clock.rules.chips import (
    Chip,
    ChipSet,
    apply_color_ups,
    average_stack,
    chips_in_play,
    stacks_available,
    suggest_color_ups,
)
from clock.rules.errors import RuleError
from clock.rules.structure import Break, Level, validate_structure
from clock.rules.structure_templates import TEMPLATES

CHIPS = ChipSet(
    (
        Chip(100, "black", 300),
        Chip(25, "green", 500),
        Chip(500, "purple", 200),
        Chip(1000, "yellow", 200),
    )
)


def test_a_chip_set_lists_its_denominations_ascending_and_values_its_inventory():
    assert CHIPS.denominations == (25, 100, 500, 1000)
    # 500*25 + 300*100 + 200*500 + 200*1000
    assert CHIPS.inventory_value == 12_500 + 30_000 + 100_000 + 200_000
    assert CHIPS.colour_of(500) == "purple"


@pytest.mark.parametrize(
    ("build", "code"),
    [
        (lambda: ChipSet(()), "empty_chip_set"),
        (lambda: ChipSet((Chip(25, "a", 1), Chip(25, "b", 1))), "duplicate_denomination"),
        (lambda: Chip(0, "a", 1), "bad_denomination"),
        (lambda: Chip(25, "a", -1), "negative_count"),
        (lambda: CHIPS.colour_of(5), "unknown_denomination"),
    ],
)
def test_a_bad_chip_set_is_refused_with_a_code(build, code):
    with pytest.raises(RuleError) as caught:
        build()
    assert caught.value.code == code


def test_stacks_available_is_limited_by_the_scarcest_chip():
    # A 10,000 stack: 8x25 + 8x100 + 6x500 + 6x1000 = 200 + 800 + 3000 + 6000.
    stack = {25: 8, 100: 8, 500: 6, 1000: 6}
    # 500/8 = 62, 300/8 = 37, 200/6 = 33, 200/6 = 33
    assert stacks_available(CHIPS, stack) == 33
    with pytest.raises(RuleError):
        stacks_available(CHIPS, {5: 1})


def test_chips_in_play_adds_entries_rebuys_and_addons_and_subtracts_removed_chips():
    total = chips_in_play(
        entries=50,
        starting_stack=10_000,
        rebuys=10,
        rebuy_stack=5_000,
        addons=20,
        addon_stack=3_000,
        removed=4_000,
        added=150,
    )
    assert total == 500_000 + 50_000 + 60_000 - 4_000 + 150
    with pytest.raises(RuleError):
        chips_in_play(entries=-1, starting_stack=10_000)


def test_average_stack_rounds_half_up_and_is_zero_without_players():
    assert average_stack(100_000, 3) == 33_333
    assert average_stack(5, 2) == 3
    assert average_stack(100_000, 0) == 0


def test_the_smallest_chip_leaves_at_the_first_break_after_which_it_is_not_needed():
    entries = [
        Level(25, 50),
        Level(50, 100),
        Break(600),  # index 2: 75/150 still needs the 25s
        Level(75, 150),
        Level(100, 200),
        Break(600),  # index 5: from here on all amounts are multiples of 100
        Level(200, 400),
        Level(300, 600, ante=100),
        Break(600),  # index 8: 1000/2000 ante 500 -> the 100s can go too
        Level(1000, 2000, ante=500),
    ]
    assert suggest_color_ups(entries, [25, 100, 500, 1000]) == {
        25: 5,
        100: 8,
        500: None,  # 1000/2000 ante 500 needs them
        1000: None,
    }


def test_several_chips_may_leave_at_the_same_break():
    entries = [Level(25, 50), Break(600), Level(1000, 2000)]
    assert suggest_color_ups(entries, [25, 100, 500, 1000, 5000]) == {
        25: 1,
        100: 1,
        500: 1,
        1000: None,  # 5000 does not divide 1000/2000
        5000: None,
    }


def test_applying_the_suggestion_gives_a_valid_structure():
    template = TEMPLATES["turbo"]
    stripped = apply_color_ups(template.entries, {})
    assert all(e.color_up == () for e in stripped if isinstance(e, Break))
    plan = suggest_color_ups(stripped, template.denominations)
    planned = apply_color_ups(stripped, plan)
    assert validate_structure(planned, denominations=template.denominations) == ()
    assert [e.color_up for e in planned if isinstance(e, Break)] == [(50,), (100, 500)]


def test_a_plan_must_point_at_breaks():
    with pytest.raises(RuleError) as caught:
        apply_color_ups([Level(25, 50)], {25: 0})
    assert caught.value.code == "not_a_break"


@settings(max_examples=150, deadline=None)
@given(
    st.lists(
        st.one_of(
            st.tuples(
                st.sampled_from([25, 50, 100, 200, 500, 1000, 2000, 5000]), st.integers(0, 3)
            ).map(
                lambda t: Level(
                    t[0], t[0] * 2, ante=[0, t[0] // 2 if t[0] >= 50 else 0, t[0], 2 * t[0]][t[1]]
                )
            ),
            st.just(Break(600)),
        ),
        min_size=1,
        max_size=15,
    )
)
def test_a_suggested_colour_up_never_makes_a_blind_unpayable(entries):
    denominations = (25, 100, 500, 1000, 5000)
    planned = apply_color_ups(entries, suggest_color_ups(entries, denominations))
    problems = validate_structure(planned, denominations=denominations)
    assert not [p for p in problems if p.code in ("not_payable", "color_up_not_in_play")]
