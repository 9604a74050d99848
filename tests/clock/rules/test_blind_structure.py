from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from clock.rules.structure import (
    Break,
    Level,
    StructureDataError,
    denominations_in_play,
    from_json_data,
    has_errors,
    level_numbers,
    to_json_data,
    validate_structure,
)
from clock.rules.structure_edits import scale_blinds, shift_blinds
from clock.rules.structure_templates import TEMPLATES


def codes(problems):
    return [(p.code, p.index) for p in problems]


def test_an_empty_structure_is_one_error():
    assert codes(validate_structure([])) == [("empty_structure", None)]


def test_a_clean_structure_has_no_problems():
    entries = [Level(25, 50, seconds=1200), Break(600), Level(50, 100, seconds=1200)]
    assert validate_structure(entries, denominations=[25, 100, 500]) == ()


def test_big_blind_must_be_above_small_blind():
    problems = validate_structure([Level(100, 100, seconds=600)])
    assert codes(problems) == [("big_blind_not_above_small_blind", 0)]
    assert has_errors(problems)


def test_negative_amounts_and_zero_seconds_are_errors_with_their_field():
    problems = validate_structure([Level(25, 50, ante=-5, seconds=600), Level(50, 100, seconds=0)])
    assert [(p.code, p.index, p.field) for p in problems] == [
        ("negative_amount", 0, "ante"),
        ("non_positive_seconds", 1, "seconds"),
    ]


def test_breaks_at_the_edges_and_in_a_row_are_warnings_not_errors():
    problems = validate_structure([Break(300), Level(25, 50, seconds=600), Break(300), Break(300)])
    assert codes(problems) == [
        ("break_first", 0),
        ("consecutive_breaks", 3),
        ("break_last", 3),
    ]
    assert not has_errors(problems)


def test_a_structure_of_breaks_only_has_no_levels():
    assert ("no_levels", None) in codes(validate_structure([Break(300)]))


def test_falling_blinds_and_an_empty_big_blind_ante_are_warnings():
    problems = validate_structure(
        [Level(100, 200, seconds=600), Level(50, 100, big_blind_ante=True, seconds=600)]
    )
    assert sorted(codes(problems)) == [("big_blind_ante_without_amount", 1), ("blinds_decrease", 1)]
    assert not has_errors(problems)


def test_a_blind_smaller_than_the_smallest_chip_in_play_is_not_payable():
    entries = [
        Level(25, 50, seconds=600),
        Break(600, color_up=(25,)),
        Level(150, 300, ante=25, seconds=600),
    ]
    problems = validate_structure(entries, denominations=[25, 100, 500])
    assert [(p.code, p.index, p.field, p.value) for p in problems] == [
        ("not_payable", 2, "small_blind", 150),
        ("not_payable", 2, "ante", 25),
    ]


def test_without_a_chip_set_payability_is_not_checked():
    entries = [Level(25, 50, seconds=600), Break(600, color_up=(25,)), Level(150, 300, seconds=600)]
    assert validate_structure(entries) == ()


def test_a_colour_up_must_remove_a_chip_still_in_play_and_leave_one():
    entries = [
        Level(100, 200, seconds=600),
        Break(600, color_up=(5,)),
        Level(100, 200, seconds=600),
        Break(600, color_up=(100, 500)),
        Level(1000, 2000, seconds=600),
    ]
    problems = validate_structure(entries, denominations=[100, 500])
    assert codes(problems) == [("color_up_not_in_play", 1), ("all_denominations_removed", 3)]


def test_a_colour_up_listing_a_chip_twice_is_an_error():
    entries = [
        Level(100, 200, seconds=600),
        Break(600, color_up=(25, 25)),
        Level(100, 200, seconds=60),
    ]
    assert ("duplicate_color_up", 1) in codes(validate_structure(entries))


def test_chips_removed_at_a_break_are_still_in_play_during_the_break():
    entries = [Level(25, 50), Break(600, color_up=(25,)), Level(100, 200)]
    assert denominations_in_play(entries, [100, 25, 500]) == (
        (25, 100, 500),
        (25, 100, 500),
        (100, 500),
    )


def test_levels_are_numbered_without_counting_breaks():
    entries = [Level(25, 50), Break(600), Level(50, 100), Level(75, 150)]
    assert level_numbers(entries) == (1, None, 2, 3)


@pytest.mark.parametrize("key", sorted(TEMPLATES))
def test_every_template_is_valid_for_its_own_chip_set(key):
    template = TEMPLATES[key]
    assert validate_structure(template.entries, denominations=template.denominations) == ()
    assert template.entries[0].kind == "level"


def test_templates_have_the_promised_level_lengths():
    assert {e.seconds for e in TEMPLATES["club20"].entries if isinstance(e, Level)} == {1200}
    assert {e.seconds for e in TEMPLATES["turbo"].entries if isinstance(e, Level)} == {600}
    assert {e.seconds for e in TEMPLATES["deepstack"].entries if isinstance(e, Level)} == {2400}


def test_the_club_template_plays_big_blind_ante_from_level_seven():
    levels = [e for e in TEMPLATES["club20"].entries if isinstance(e, Level)]
    assert not any(level.big_blind_ante for level in levels[:6])
    assert all(level.big_blind_ante and level.ante == level.big_blind for level in levels[6:])


def test_shifting_blinds_moves_amounts_but_keeps_times_and_breaks():
    entries = [
        Level(25, 50, seconds=600),
        Break(300),
        Level(50, 100, seconds=900),
        Level(100, 200, ante=25, seconds=1200),
    ]
    assert shift_blinds(entries, 1) == (
        Level(50, 100, seconds=600),
        Break(300),
        Level(100, 200, ante=25, seconds=900),
        Level(100, 200, ante=25, seconds=1200),  # past the end: the last amounts repeat
    )
    assert shift_blinds(entries, -1) == (
        Level(25, 50, seconds=600),
        Break(300),
        Level(25, 50, seconds=900),
        Level(50, 100, seconds=1200),
    )
    assert shift_blinds(entries, 0) == tuple(entries)


def test_scaling_blinds_rounds_half_up_to_the_unit_and_never_to_zero():
    entries = [Level(25, 50, ante=5, seconds=600), Break(300)]
    assert scale_blinds(entries, 2, round_to=25) == (
        Level(50, 100, ante=25, seconds=600),
        Break(300),
    )
    assert scale_blinds(entries, Fraction(3, 2), round_to=25) == (
        Level(50, 75, ante=25, seconds=600),  # 37.5 -> 50, 75, 7.5 -> 25
        Break(300),
    )


def test_scaling_needs_a_positive_factor_and_unit():
    with pytest.raises(ValueError):
        scale_blinds([Level(25, 50)], 0, round_to=25)
    with pytest.raises(ValueError):
        scale_blinds([Level(25, 50)], 2, round_to=0)


def test_json_export_matches_the_api_body():
    entries = [Level(25, 50, seconds=1200), Break(600, color_up=(25,))]
    assert to_json_data(entries) == {
        "levels": [
            {
                "kind": "level",
                "small_blind": 25,
                "big_blind": 50,
                "ante": 0,
                "big_blind_ante": False,
                "seconds": 1200,
            },
            {"kind": "break", "seconds": 600, "color_up": [25]},
        ]
    }


def test_json_import_fills_defaults_and_ignores_unknown_fields():
    data = {
        "levels": [
            {"kind": "level", "small_blind": 25, "big_blind": 50, "seconds": 1200, "note": "x"},
            {"kind": "break", "seconds": 600},
        ]
    }
    assert from_json_data(data) == (Level(25, 50, 0, False, 1200), Break(600, ()))


@pytest.mark.parametrize(
    ("data", "code", "index"),
    [
        ([], "not_an_object", None),
        ({}, "levels_missing", None),
        ({"levels": {}}, "levels_not_a_list", None),
        ({"levels": [3]}, "not_an_object", 0),
        ({"levels": [{"kind": "pause", "seconds": 60}]}, "unknown_kind", 0),
        ({"levels": [{"kind": "level", "small_blind": 1, "seconds": 60}]}, "missing_field", 0),
        (
            {"levels": [{"kind": "level", "small_blind": 1, "big_blind": "2", "seconds": 60}]},
            "not_an_integer",
            0,
        ),
        (
            {"levels": [{"kind": "level", "small_blind": True, "big_blind": 2, "seconds": 60}]},
            "not_an_integer",
            0,
        ),
        (
            {
                "levels": [
                    {"kind": "level", "small_blind": 1, "big_blind": 2, "seconds": 60},
                    {
                        "kind": "level",
                        "small_blind": 1,
                        "big_blind": 2,
                        "seconds": 60,
                        "big_blind_ante": "yes",
                    },
                ]
            },
            "not_a_boolean",
            1,
        ),
        ({"levels": [{"kind": "break", "seconds": 60, "color_up": 25}]}, "not_a_list", 0),
        ({"levels": [{"kind": "break", "seconds": 60, "color_up": [2.5]}]}, "not_an_integer", 0),
    ],
)
def test_malformed_json_is_refused_with_a_code(data, code, index):
    with pytest.raises(StructureDataError) as caught:
        from_json_data(data)
    assert caught.value.code == code
    assert caught.value.details.get("index") == index
    assert isinstance(caught.value, ValueError)


amounts = st.integers(min_value=0, max_value=10**7)
entries_strategy = st.lists(
    st.one_of(
        st.builds(
            Level,
            small_blind=amounts,
            big_blind=amounts,
            ante=amounts,
            big_blind_ante=st.booleans(),
            seconds=st.integers(1, 7200),
        ),
        st.builds(
            Break,
            seconds=st.integers(1, 7200),
            color_up=st.lists(st.integers(1, 10**5), max_size=3).map(tuple),
        ),
    ),
    max_size=12,
)


@settings(max_examples=150, deadline=None)
@given(entries_strategy)
def test_json_round_trip_gives_back_the_same_structure(entries):
    assert from_json_data(to_json_data(entries)) == tuple(entries)


@settings(max_examples=150, deadline=None)
@given(entries_strategy, st.integers(-5, 5))
def test_shifting_keeps_the_number_of_entries_and_every_duration(entries, steps):
    shifted = shift_blinds(entries, steps)
    assert [(e.kind, e.seconds) for e in shifted] == [(e.kind, e.seconds) for e in entries]
