import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from clock.rules.errors import RuleError
from clock.rules.player_clock import (
    CLOCK_CALL_PROFILES,
    ClockCallRules,
    ShotClockOptions,
    TimeBank,
    call_clock,
    clock_call_outcome,
    clock_call_status,
    start_turn,
    time_bank_for_day,
    turn_deadline_ms,
    turn_expired,
    turn_remaining_ms,
    use_extension,
)

T0 = 1_700_000_000_000


@pytest.mark.parametrize(
    ("profile", "think", "countdown"),
    [
        ("tda2019", 60, 10),
        ("ifp", 60, 10),
        ("bdpv", 60, 10),
        ("room003", 50, 10),
        ("tda2024", 25, 5),
    ],
)
def test_each_rulebook_gives_its_own_time_and_countdown(profile, think, countdown):
    rules = CLOCK_CALL_PROFILES[profile]
    assert (rules.think_seconds, rules.countdown_seconds) == (think, countdown)


def test_under_tda_a_hand_facing_action_is_dead_otherwise_checked():
    rules = CLOCK_CALL_PROFILES["tda2019"]
    assert clock_call_outcome(rules, facing_action=True) == "dead"
    assert clock_call_outcome(rules, facing_action=False) == "check"


def test_under_ifp_the_hand_counts_as_folded_and_under_bdpv_it_is_out():
    assert clock_call_outcome(CLOCK_CALL_PROFILES["ifp"], facing_action=False) == "fold"
    assert clock_call_outcome(CLOCK_CALL_PROFILES["bdpv"], facing_action=False) == "dead"


def test_a_tda_clock_call_runs_sixty_seconds_then_ten_counted_down():
    call = call_clock(CLOCK_CALL_PROFILES["tda2019"], T0)
    assert clock_call_status(call, T0 + 59_999).phase == "thinking"
    counting = clock_call_status(call, T0 + 60_000)
    assert (counting.phase, counting.remaining_ms) == ("countdown", 10_000)
    assert clock_call_status(call, T0 + 69_999).remaining_ms == 1
    expired = clock_call_status(call, T0 + 70_000)
    assert (expired.phase, expired.remaining_ms, expired.expires_at_ms) == (
        "expired",
        0,
        T0 + 70_000,
    )


def test_the_card_room_honours_a_call_only_after_two_minutes_of_thinking():
    rules = CLOCK_CALL_PROFILES["room003"]
    with pytest.raises(RuleError) as caught:
        call_clock(rules, T0 + 119_999, thinking_since_ms=T0)
    assert caught.value.code == "too_early"
    assert caught.value.details["available_at_ms"] == T0 + 120_000
    call = call_clock(rules, T0 + 120_000, thinking_since_ms=T0)
    assert call.countdown_at_ms == T0 + 170_000 and call.expires_at_ms == T0 + 180_000


def test_the_floor_may_shorten_the_time_to_act():
    call = call_clock(CLOCK_CALL_PROFILES["tda2019"], T0, think_seconds=20)
    assert call.expires_at_ms == T0 + 30_000


def test_clock_call_rules_can_be_overridden_per_tournament():
    rules = ClockCallRules(45, 15, outcome_facing_action="dead", outcome_not_facing_action="check")
    assert rules.total_seconds == 60
    with pytest.raises(RuleError):
        ClockCallRules(-1, 10, outcome_facing_action="dead", outcome_not_facing_action="check")


def test_a_shot_clock_gives_each_decision_its_seconds():
    options = ShotClockOptions(action_seconds=30, extension_seconds=30, extensions_per_day=2)
    turn = start_turn(T0)
    assert turn_remaining_ms(turn, options, T0 + 12_345) == 17_655
    assert not turn_expired(turn, options, T0 + 29_999)
    assert turn_expired(turn, options, T0 + 30_000)


def test_a_time_bank_chip_adds_its_seconds_and_is_spent():
    options = ShotClockOptions(action_seconds=30, extension_seconds=30, extensions_per_day=2)
    bank = time_bank_for_day(None, options, day=1)
    turn, bank = use_extension(start_turn(T0), bank, options, T0 + 25_000)
    assert turn_deadline_ms(turn, options) == T0 + 60_000
    assert bank == TimeBank(day=1, extensions_left=1)
    turn, bank = use_extension(turn, bank, options, T0 + 59_000)
    assert turn_remaining_ms(turn, options, T0 + 59_000) == 31_000
    with pytest.raises(RuleError) as caught:
        use_extension(turn, bank, options, T0 + 60_000)
    assert caught.value.code == "no_extensions_left"


def test_a_chip_cannot_save_a_decision_whose_time_ran_out():
    options = ShotClockOptions()
    bank = time_bank_for_day(None, options, day=1)
    with pytest.raises(RuleError) as caught:
        use_extension(start_turn(T0), bank, options, T0 + 30_000)
    assert caught.value.code == "time_expired"


def test_time_bank_chips_are_per_day_and_do_not_carry_over():
    options = ShotClockOptions(extensions_per_day=3)
    spent = TimeBank(day=1, extensions_left=0)
    assert time_bank_for_day(spent, options, day=1) is spent
    assert time_bank_for_day(spent, options, day=2) == TimeBank(day=2, extensions_left=3)


@settings(max_examples=200, deadline=None)
@given(
    st.sampled_from(sorted(CLOCK_CALL_PROFILES)),
    st.integers(-10_000, 200_000),
)
def test_a_clock_call_counts_down_monotonically_to_zero(profile, offset):
    call = call_clock(CLOCK_CALL_PROFILES[profile], T0)
    status = clock_call_status(call, T0 + offset)
    later = clock_call_status(call, T0 + offset + 1)
    assert 0 <= later.remaining_ms <= status.remaining_ms <= call.expires_at_ms - T0
    assert (status.phase == "expired") == (status.remaining_ms == 0)
