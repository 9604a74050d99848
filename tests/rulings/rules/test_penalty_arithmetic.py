import pytest
from hypothesis import given
from hypothesis import strategies as st

from rulings.rules import catalog
from rulings.rules.penalties import (
    DEFAULT_LIMITS,
    ErrorCode,
    Escalation,
    InvalidPenalty,
    PenaltyKind,
    PenaltyLimits,
    compute_penalty,
    hands_left,
    missed_round_hands,
    repeat_offence,
    validate_penalty,
)


def codes(problems):
    return [p.code for p in problems]


def test_missed_rounds_are_players_at_the_table_times_rounds():
    penalty = compute_penalty(kind="missed_rounds", count=2, players_at_table=9)
    assert penalty.hands == 18
    assert penalty.kind is PenaltyKind.MISSED_ROUNDS
    assert penalty.players_at_table == 9


@given(
    players=st.integers(DEFAULT_LIMITS.min_players, DEFAULT_LIMITS.max_players),
    rounds=st.integers(1, DEFAULT_LIMITS.max_rounds),
)
def test_missed_rounds_always_equal_players_times_rounds(players, rounds):
    penalty = compute_penalty(kind="missed_rounds", count=rounds, players_at_table=players)
    assert (
        penalty.hands
        == players * rounds
        == missed_round_hands(players_at_table=players, rounds=rounds)
    )


def test_missed_hands_count_the_hands_given():
    penalty = compute_penalty(kind="missed_hands", count=3)
    assert penalty.hands == 3
    assert penalty.leaves_table and penalty.blinds_and_antes_posted
    assert not penalty.chips_out_of_play


def test_a_warning_costs_no_hands():
    penalty = compute_penalty(kind="warning")
    assert penalty.hands == 0 and penalty.count is None
    assert not penalty.leaves_table


def test_disqualification_takes_the_chips_out_of_play():
    penalty = compute_penalty(kind="disqualification")
    assert penalty.chips_out_of_play and penalty.leaves_table
    assert penalty.hands == 0 and not penalty.blinds_and_antes_posted


@pytest.mark.parametrize("kind", ["missed_hands", "missed_rounds"])
def test_hands_and_rounds_require_a_count(kind):
    problems = validate_penalty(kind=kind, players_at_table=9)
    assert codes(problems) == [ErrorCode.COUNT_REQUIRED]


@pytest.mark.parametrize("count", [0, -1])
@pytest.mark.parametrize("kind", ["missed_hands", "missed_rounds"])
def test_the_count_must_be_positive(kind, count):
    problems = validate_penalty(kind=kind, count=count, players_at_table=9)
    assert codes(problems) == [ErrorCode.COUNT_NOT_POSITIVE]


@pytest.mark.parametrize("count", [1.5, "2", True])
def test_the_count_must_be_a_whole_number(count):
    problems = validate_penalty(kind="missed_hands", count=count)
    assert codes(problems) == [ErrorCode.COUNT_NOT_INTEGER]


@pytest.mark.parametrize("kind", ["warning", "disqualification"])
def test_a_count_is_forbidden_for_warnings_and_disqualifications(kind):
    assert codes(validate_penalty(kind=kind, count=1)) == [ErrorCode.COUNT_NOT_ALLOWED]


def test_more_than_four_rounds_is_rejected_by_default():
    problems = validate_penalty(kind="missed_rounds", count=5, players_at_table=9)
    assert codes(problems) == [ErrorCode.COUNT_TOO_LARGE]
    assert validate_penalty(kind="missed_rounds", count=4, players_at_table=9) == []


def test_the_ceilings_are_house_options():
    limits = PenaltyLimits(max_rounds=6, max_hands=60)
    assert (
        compute_penalty(kind="missed_rounds", count=6, players_at_table=10, limits=limits).hands
        == 60
    )
    problems = validate_penalty(kind="missed_hands", count=41)
    assert codes(problems) == [ErrorCode.COUNT_TOO_LARGE]


def test_missed_rounds_need_a_plausible_number_of_players():
    assert codes(validate_penalty(kind="missed_rounds", count=1)) == [ErrorCode.PLAYERS_REQUIRED]
    assert codes(validate_penalty(kind="missed_rounds", count=1, players_at_table=11)) == [
        ErrorCode.PLAYERS_OUT_OF_RANGE
    ]
    assert codes(validate_penalty(kind="missed_rounds", count=1, players_at_table=1)) == [
        ErrorCode.PLAYERS_OUT_OF_RANGE
    ]


def test_an_unknown_kind_is_rejected():
    assert codes(validate_penalty(kind="fine")) == [ErrorCode.UNKNOWN_KIND]


def test_an_invalid_penalty_raises_with_machine_readable_codes():
    with pytest.raises(InvalidPenalty) as error:
        compute_penalty(kind="missed_rounds", count=0)
    assert error.value.codes == ("count_not_positive", "players_required")


def test_penalty_rules_cite_existing_catalog_entries():
    penalty = compute_penalty(kind="warning")
    assert catalog.unknown_ids(penalty.rules) == []
    assert catalog.unknown_ids(repeat_offence(prior_warnings=0, prior_penalties=0).rules) == []


def test_hands_left_counts_down_to_zero():
    assert hands_left(18, 0) == 18
    assert hands_left(18, 17) == 1
    assert hands_left(18, 18) == 0
    assert hands_left(18, 25) == 0


@given(penalty_hands=st.integers(0, 400), played=st.integers(0, 400))
def test_hands_left_is_never_negative_and_never_more_than_the_penalty(penalty_hands, played):
    left = hands_left(penalty_hands, played)
    assert 0 <= left <= penalty_hands
    assert left == 0 or left + played == penalty_hands


def test_hands_left_rejects_negative_counts():
    with pytest.raises(ValueError):
        hands_left(-1, 0)


@pytest.mark.parametrize(
    ("warnings", "penalties", "expected", "minimum"),
    [
        (0, 0, Escalation.FIRST_OFFENCE, PenaltyKind.WARNING),
        (2, 0, Escalation.ESCALATE, PenaltyKind.MISSED_HANDS),
        (1, 1, Escalation.ESCALATE_FURTHER, PenaltyKind.MISSED_ROUNDS),
        (0, 3, Escalation.CONSIDER_DISQUALIFICATION, PenaltyKind.MISSED_ROUNDS),
    ],
)
def test_repeat_offences_hint_at_escalation(warnings, penalties, expected, minimum):
    hint = repeat_offence(prior_warnings=warnings, prior_penalties=penalties)
    assert hint.escalation is expected
    assert hint.minimum_kind is minimum


@given(warnings=st.integers(0, 20), penalties=st.integers(0, 20))
def test_more_prior_penalties_never_soften_the_hint(warnings, penalties):
    order = list(Escalation)
    now = repeat_offence(prior_warnings=warnings, prior_penalties=penalties).escalation
    later = repeat_offence(prior_warnings=warnings, prior_penalties=penalties + 1).escalation
    assert order.index(later) >= order.index(now)
