"""Side effects at level boundaries: when they are due and their idempotency keys.

The worked examples run on the structure in worked_clock.py.
"""

from hypothesis import given, settings
from hypothesis import strategies as st

from clock.rules.boundaries import boundaries_between, next_boundaries
from clock.rules.clock import (
    ClockState,
    adjust,
    clock_at,
    normalise,
    pause,
    resume,
)
from tests.clock.rules.worked_clock import STRUCTURE, T0, started

DAY = 24 * 3600 * 1000


def listing(boundaries):
    return [(b.kind, b.level_index, b.at_ms - T0) for b in boundaries]


def test_the_whole_evening_of_boundaries_in_order():
    found = next_boundaries(started(), STRUCTURE, T0, horizon_ms=DAY, late_registration_levels=2)
    assert listing(found) == [
        ("one_minute_left", 0, 540_000),
        ("level_up", 1, 600_000),
        ("last_late_reg_level", 1, 600_000),
        ("one_minute_left", 1, 1_140_000),
        ("registration_closed", 1, 1_200_000),
        ("break_start", 2, 1_200_000),
        ("one_minute_left", 2, 1_440_000),
        ("break_end", 2, 1_500_000),
        ("level_up", 3, 1_500_000),
        ("one_minute_left", 3, 2_040_000),
        ("level_up", 4, 2_100_000),
        ("one_minute_left", 4, 2_940_000),
        ("finished", 4, 3_000_000),
    ]


def test_keys_name_the_kind_the_entry_and_the_instant():
    first = next_boundaries(started(), STRUCTURE, T0, horizon_ms=600_000)
    assert [b.key for b in first] == [
        f"one_minute_left:0:{T0 + 540_000}",
        f"level_up:1:{T0 + 600_000}",
    ]


def test_the_horizon_and_now_bound_the_listing():
    state = started()
    assert listing(next_boundaries(state, STRUCTURE, T0 + 540_000, horizon_ms=60_000)) == [
        ("level_up", 1, 600_000)
    ]
    assert next_boundaries(state, STRUCTURE, T0 + 540_000, horizon_ms=59_999) == ()


def test_a_paused_or_stopped_clock_has_no_boundaries():
    assert next_boundaries(ClockState.initial(STRUCTURE), STRUCTURE, T0, horizon_ms=DAY) == ()
    paused = pause(started(), STRUCTURE, T0 + 1000)
    assert next_boundaries(paused, STRUCTURE, T0 + 1000, horizon_ms=DAY) == ()


def test_a_pause_moves_later_boundaries_by_its_length_and_gives_them_new_keys():
    paused = pause(started(), STRUCTURE, T0 + 100_000)
    resumed = resume(paused, STRUCTURE, T0 + 400_000)  # five minutes paused
    found = next_boundaries(resumed, STRUCTURE, T0 + 400_000, horizon_ms=600_000)
    assert listing(found) == [("one_minute_left", 0, 840_000), ("level_up", 1, 900_000)]


def test_one_minute_left_is_skipped_when_less_than_a_minute_remains_at_resume():
    paused = pause(started(), STRUCTURE, T0 + 570_000)  # 30 s left
    resumed = resume(paused, STRUCTURE, T0 + 600_000)
    assert listing(next_boundaries(resumed, STRUCTURE, T0 + 600_000, horizon_ms=30_000)) == [
        ("level_up", 1, 630_000)
    ]


def test_adding_time_moves_the_next_boundary():
    state = adjust(started(), STRUCTURE, T0 + 100_000, delta_seconds=60)
    assert listing(next_boundaries(state, STRUCTURE, T0 + 100_000, horizon_ms=660_000)) == [
        ("one_minute_left", 0, 600_000),
        ("level_up", 1, 660_000),
    ]


def test_a_late_loop_finds_every_boundary_it_missed_exactly_once():
    state = started()
    missed = boundaries_between(state, STRUCTURE, after_ms=T0 + 500_000, until_ms=T0 + 1_600_000)
    assert [b.kind for b in missed] == [
        "one_minute_left",
        "level_up",
        "one_minute_left",
        "break_start",
        "one_minute_left",
        "break_end",
        "level_up",
    ]


def test_the_boundary_at_the_rollover_still_comes_from_the_stored_state():
    # The service rolls the state over before an action and first hands on what was due
    # under the old state; the normalised state starts after that boundary.
    state = started()
    due = boundaries_between(state, STRUCTURE, after_ms=T0, until_ms=T0 + 600_005)
    assert [b.key for b in due][-1] == f"level_up:1:{T0 + 600_000}"
    rolled = normalise(state, STRUCTURE, T0 + 600_005)
    assert boundaries_between(rolled, STRUCTURE, after_ms=T0, until_ms=T0 + 600_005) == ()


@settings(max_examples=200, deadline=None)
@given(st.lists(st.integers(1, 400_000), max_size=25))
def test_a_loop_waking_at_any_instants_hands_on_each_boundary_once(gaps):
    state = started()
    handled: list[str] = []
    last = T0
    for gap in [*gaps, DAY]:
        now = last + gap
        handled.extend(
            b.key for b in boundaries_between(state, STRUCTURE, after_ms=last, until_ms=now)
        )
        last = now
    everything = [b.key for b in next_boundaries(state, STRUCTURE, T0, horizon_ms=2 * DAY)]
    assert handled == everything


@settings(max_examples=200, deadline=None)
@given(st.integers(0, 3_000_000))
def test_normalising_keeps_the_keys_of_boundaries_still_to_come(at):
    state = started()
    rolled = normalise(state, STRUCTURE, T0 + at)
    ahead = next_boundaries(state, STRUCTURE, T0 + at, horizon_ms=DAY, late_registration_levels=3)
    same = next_boundaries(rolled, STRUCTURE, T0 + at, horizon_ms=DAY, late_registration_levels=3)
    assert [b.key for b in ahead] == [b.key for b in same]


def test_level_changes_happen_exactly_at_the_level_up_instants():
    state = started()
    for boundary in next_boundaries(state, STRUCTURE, T0, horizon_ms=DAY):
        if boundary.kind in ("level_up", "break_start"):
            assert (
                clock_at(state, STRUCTURE, boundary.at_ms - 1).level_index
                == boundary.level_index - 1
            )
            assert clock_at(state, STRUCTURE, boundary.at_ms).level_index == boundary.level_index
        if boundary.kind == "one_minute_left":
            assert clock_at(state, STRUCTURE, boundary.at_ms).remaining_ms == 60_000


def test_through_the_break_registration_closes_when_the_break_after_the_last_late_level_ends():
    found = next_boundaries(
        started(),
        STRUCTURE,
        T0,
        horizon_ms=DAY,
        late_registration_levels=2,
        through_break=True,
    )
    kinds = listing(found)
    # Still announced as the last late level when level 2 starts.
    assert ("last_late_reg_level", 1, 600_000) in kinds
    closing = [k for k in kinds if k[0] == "registration_closed"]
    assert closing == [("registration_closed", 2, 1_500_000)]
    assert kinds.index(closing[0]) < kinds.index(("level_up", 3, 1_500_000))


def test_through_the_break_changes_nothing_when_no_break_follows_the_last_late_level():
    found = next_boundaries(
        started(), STRUCTURE, T0, horizon_ms=DAY, late_registration_levels=3, through_break=True
    )
    assert [k for k in listing(found) if k[0] == "registration_closed"] == [
        ("registration_closed", 3, 2_100_000)
    ]
