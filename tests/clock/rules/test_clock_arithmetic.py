"""The clock as data: levels and remaining time computed to the millisecond.

The worked examples run on the structure in worked_clock.py.
"""

from dataclasses import asdict
from datetime import UTC, datetime, timedelta

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from clock.rules.clock import (
    ClockActionError,
    ClockState,
    adjust,
    clock_at,
    datetime_from_ms,
    go_to,
    ms_from_instant,
    next_level,
    normalise,
    pause,
    previous_level,
    resume,
    set_remaining,
    start,
    time_to_next_break,
)
from clock.rules.errors import RuleError
from clock.rules.late_registration import late_registration_open, registration_remaining_ms
from clock.rules.structure import Break, Level
from tests.clock.rules.worked_clock import STRUCTURE, T0, started

MIN = 60_000


def restart(state):
    """What a fresh process gets: the state rebuilt from its stored fields."""
    return ClockState(**asdict(state))


def test_a_new_clock_is_stopped_on_the_first_level_at_full_length():
    view = clock_at(ClockState.initial(STRUCTURE), STRUCTURE, T0 + 5 * MIN)
    assert (view.status, view.level_index, view.remaining_ms, view.ends_at_ms) == (
        "stopped",
        0,
        600_000,
        None,
    )
    assert view.level == STRUCTURE[0]
    assert view.level_number == 1


def test_running_clock_counts_down_to_the_millisecond():
    view = clock_at(started(), STRUCTURE, T0 + 123_457)
    assert (view.level_index, view.remaining_ms, view.elapsed_ms) == (0, 476_543, 123_457)
    assert view.ends_at_ms == T0 + 600_000


def test_level_rolls_over_on_time_with_nobody_watching():
    state = started()
    assert clock_at(state, STRUCTURE, T0 + 599_999).level_index == 0
    at_zero = clock_at(state, STRUCTURE, T0 + 600_000)
    assert (at_zero.level_index, at_zero.remaining_ms) == (1, 600_000)
    assert at_zero.rolled_over == 1
    assert at_zero.state.running_since_ms == T0 + 600_000


def test_the_clock_runs_into_a_break_and_out_of_it():
    state = started()
    in_break = clock_at(state, STRUCTURE, T0 + 1_200_001)
    assert in_break.is_break and in_break.level is None and in_break.level_number is None
    assert in_break.remaining_ms == 299_999
    assert in_break.next_level == STRUCTURE[3]
    after = clock_at(state, STRUCTURE, T0 + 1_500_000)
    assert (after.level_index, after.level_number, after.remaining_ms) == (3, 3, 600_000)


def test_a_restart_days_later_finds_the_clock_finished_on_the_last_level():
    view = clock_at(restart(started()), STRUCTURE, T0 + 3 * 24 * 3600 * 1000)
    assert (view.status, view.level_index, view.remaining_ms, view.ends_at_ms) == (
        "finished",
        4,
        0,
        None,
    )
    assert view.level == STRUCTURE[4]  # play goes on at the last blinds


def test_the_clock_finishes_exactly_at_the_end_of_the_last_level():
    state = started()
    assert clock_at(state, STRUCTURE, T0 + 2_999_999).status == "running"
    assert clock_at(state, STRUCTURE, T0 + 3_000_000).status == "finished"


def test_pause_after_an_unnoticed_rollover_pauses_the_new_level():
    # Stored state still says level 0; 13 min 20.5 s later the director pauses.
    paused = pause(started(), STRUCTURE, T0 + 800_500)
    assert paused == ClockState("paused", 1, 399_500)


def test_a_paused_clock_does_not_move():
    paused = pause(started(), STRUCTURE, T0 + 100_000)
    for later in (T0 + 100_000, T0 + 10**9):
        view = clock_at(paused, STRUCTURE, later)
        assert (view.level_index, view.remaining_ms, view.ends_at_ms) == (0, 500_000, None)


def test_resume_continues_with_the_time_left_at_the_pause():
    paused = pause(started(), STRUCTURE, T0 + 100_000)
    running = resume(paused, STRUCTURE, T0 + 1_000_000)  # a 15-minute pause
    view = clock_at(running, STRUCTURE, T0 + 1_000_000 + 500_000)
    assert (view.level_index, view.remaining_ms) == (1, 600_000)


def test_adding_time_extends_the_level():
    state = adjust(started(), STRUCTURE, T0 + 60_000, delta_seconds=120)
    view = clock_at(state, STRUCTURE, T0 + 60_000)
    assert view.remaining_ms == 540_000 + 120_000
    assert view.elapsed_ms == 0  # more time left than the level is long
    assert clock_at(state, STRUCTURE, T0 + 720_000).level_index == 1


def test_taking_more_time_than_is_left_ends_the_level_without_carrying_over():
    state = adjust(started(), STRUCTURE, T0 + 500_000, delta_seconds=-300)
    view = clock_at(state, STRUCTURE, T0 + 500_000)
    assert (view.status, view.level_index, view.remaining_ms) == ("running", 1, 600_000)


def test_taking_time_from_a_paused_clock_keeps_it_paused():
    paused = pause(started(), STRUCTURE, T0 + 500_000)
    assert adjust(paused, STRUCTURE, T0 + 600_000, delta_seconds=-30) == ClockState(
        "paused", 0, 70_000
    )
    assert adjust(paused, STRUCTURE, T0 + 600_000, delta_seconds=-100) == ClockState(
        "paused", 1, 600_000
    )


def test_set_remaining_sets_the_time_left_to_the_millisecond():
    state = set_remaining(started(), STRUCTURE, T0 + 1000, remaining_ms=12_345)
    assert clock_at(state, STRUCTURE, T0 + 1000 + 12_344).remaining_ms == 1
    assert clock_at(state, STRUCTURE, T0 + 1000 + 12_345).level_index == 1


def test_set_remaining_refuses_negative_time():
    with pytest.raises(ClockActionError) as caught:
        set_remaining(started(), STRUCTURE, T0, remaining_ms=-1)
    assert caught.value.code == "negative_remaining"


def test_next_and_previous_move_one_entry_at_full_length_keeping_status():
    running = next_level(started(), STRUCTURE, T0 + 10_000)
    assert running == ClockState("running", 1, 600_000, T0 + 10_000)
    into_break = next_level(running, STRUCTURE, T0 + 20_000)
    assert into_break == ClockState("running", 2, 300_000, T0 + 20_000)
    back = previous_level(into_break, STRUCTURE, T0 + 30_000)
    assert back == ClockState("running", 1, 600_000, T0 + 30_000)
    paused = pause(back, STRUCTURE, T0 + 40_000)
    assert previous_level(paused, STRUCTURE, T0 + 50_000) == ClockState("paused", 0, 600_000)


def test_a_stopped_clock_can_be_set_up_before_the_start():
    prepared = go_to(ClockState.initial(STRUCTURE), STRUCTURE, T0, level_index=3)
    assert prepared == ClockState("stopped", 3, 600_000)
    running = start(prepared, STRUCTURE, T0 + 5)
    assert clock_at(running, STRUCTURE, T0 + 5).level_index == 3


@pytest.mark.parametrize(
    ("action", "state", "code"),
    [
        (pause, ClockState("paused", 0, 1000), "not_running"),
        (resume, ClockState("running", 0, 1000, T0), "not_paused"),
        (start, ClockState("paused", 0, 1000), "already_started"),
        (next_level, ClockState("paused", 4, 1000), "no_next_level"),
        (next_level, ClockState("finished", 4, 0), "no_next_level"),
        (previous_level, ClockState("paused", 0, 1000), "no_previous_level"),
        (pause, ClockState("running", 4, 1000, T0), "not_running"),  # finished by now
    ],
)
def test_actions_that_make_no_sense_raise_a_code(action, state, code):
    with pytest.raises(ClockActionError) as caught:
        action(state, STRUCTURE, T0 + 5000)
    assert caught.value.code == code


def test_a_finished_clock_reopens_the_last_level_paused():
    finished = ClockState("finished", 4, 0)
    assert previous_level(finished, STRUCTURE, T0) == ClockState("paused", 4, 900_000)
    assert adjust(finished, STRUCTURE, T0, delta_seconds=300) == ClockState("paused", 4, 300_000)
    assert adjust(finished, STRUCTURE, T0, delta_seconds=-300) == finished


def test_a_structure_shortened_under_the_clock_reads_as_finished():
    state = ClockState("paused", 7, 1000)
    assert normalise(state, STRUCTURE, T0) == ClockState("finished", 4, 0)


def test_time_before_running_since_counts_as_no_time():
    state = started()
    assert clock_at(state, STRUCTURE, T0 - 5000).remaining_ms == 600_000


def test_the_state_refuses_inconsistent_fields():
    with pytest.raises(RuleError):
        ClockState("running", 0, 1000)
    with pytest.raises(RuleError):
        ClockState("paused", 0, 1000, T0)
    with pytest.raises(RuleError):
        ClockState("paused", 0, -1)
    with pytest.raises(RuleError):
        ClockState("sleeping", 0, 1)  # type: ignore[arg-type]


def test_an_empty_structure_has_no_clock():
    with pytest.raises(ClockActionError) as caught:
        ClockState.initial(())
    assert caught.value.code == "empty_structure"


def test_aware_datetimes_and_epoch_ms_give_the_same_view():
    now = datetime_from_ms(T0) + timedelta(minutes=12, milliseconds=7)
    assert ms_from_instant(now) == T0 + 720_007
    assert clock_at(started(), STRUCTURE, now) == clock_at(started(), STRUCTURE, T0 + 720_007)
    with pytest.raises(RuleError):
        ms_from_instant(datetime(2024, 1, 1))
    assert datetime_from_ms(0) == datetime(1970, 1, 1, tzinfo=UTC)


def test_time_to_next_break_is_clock_time():
    state = started()
    assert time_to_next_break(state, STRUCTURE, T0 + 100_000) == 1_100_000
    paused = pause(state, STRUCTURE, T0 + 100_000)
    assert time_to_next_break(paused, STRUCTURE, T0 + 10**8) == 1_100_000
    assert time_to_next_break(state, STRUCTURE, T0 + 1_300_000) is None  # no break after this one


def test_late_registration_closes_at_the_end_of_the_counted_level():
    # Two levels of late registration: open through index 1, closed in the break after it.
    state = started()
    assert late_registration_open(ClockState.initial(STRUCTURE), STRUCTURE, 2, T0)
    assert late_registration_open(state, STRUCTURE, 2, T0 + 1_199_999)
    assert not late_registration_open(state, STRUCTURE, 2, T0 + 1_200_000)
    assert registration_remaining_ms(state, STRUCTURE, 2, T0 + 200_000) == 1_000_000
    assert registration_remaining_ms(state, STRUCTURE, 2, T0 + 1_200_000) is None


def test_late_registration_levels_count_levels_not_breaks():
    # Level number 3 is entry index 3 (the break is not counted).
    state = started()
    assert late_registration_open(state, STRUCTURE, 3, T0 + 2_099_999)
    assert not late_registration_open(state, STRUCTURE, 3, T0 + 2_100_000)


def test_without_late_levels_registration_is_open_only_before_the_start():
    assert late_registration_open(ClockState.initial(STRUCTURE), STRUCTURE, 0, T0)
    assert not late_registration_open(started(), STRUCTURE, 0, T0)


def test_more_late_levels_than_the_structure_has_keeps_registration_open_until_the_end():
    state = started()
    assert late_registration_open(state, STRUCTURE, 99, T0 + 2_999_999)
    assert registration_remaining_ms(state, STRUCTURE, 99, T0) is None
    assert not late_registration_open(state, STRUCTURE, 99, T0 + 3_000_000)


# -- hypothesis: the stored clock agrees with a step-by-step simulation -------------


class Simulation:
    """A naive model: status, entry and remaining, advanced one wait at a time."""

    def __init__(self, structure):
        self.structure = structure
        self.status = "stopped"
        self.index = 0
        self.remaining = structure[0].duration_ms

    def wait(self, ms):
        while self.status == "running" and ms > 0:
            step = min(ms, self.remaining)
            self.remaining -= step
            ms -= step
            if self.remaining == 0:
                self.enter(self.index + 1)

    def enter(self, index):
        if index >= len(self.structure):
            self.status, self.index, self.remaining = "finished", len(self.structure) - 1, 0
        else:
            self.index, self.remaining = index, self.structure[index].duration_ms

    def apply(self, op, arg):
        """Carry out an action; False if the clock must refuse it."""
        finished = self.status == "finished"
        if op == "start":
            return self.status == "stopped" and self.set_status("running")
        if op == "pause":
            return self.status == "running" and self.set_status("paused")
        if op == "resume":
            return self.status == "paused" and self.set_status("running")
        if op == "next":
            if finished or self.index + 1 >= len(self.structure):
                return False
            self.enter(self.index + 1)
        elif op == "previous":
            if finished:
                self.status, self.remaining = "paused", self.structure[self.index].duration_ms
            elif self.index == 0:
                return False
            else:
                self.enter(self.index - 1)
        else:  # adjust (seconds) or set (ms)
            new = self.remaining + arg * 1000 if op == "adjust" else arg
            if new > 0:
                self.remaining = new
                if finished:
                    self.status = "paused"
            elif not finished:
                self.enter(self.index + 1)
        return True

    def set_status(self, status):
        self.status = status
        return True


ACTIONS = {
    "start": lambda s, st_, now, arg: start(s, st_, now),
    "pause": lambda s, st_, now, arg: pause(s, st_, now),
    "resume": lambda s, st_, now, arg: resume(s, st_, now),
    "next": lambda s, st_, now, arg: next_level(s, st_, now),
    "previous": lambda s, st_, now, arg: previous_level(s, st_, now),
    "adjust": lambda s, st_, now, arg: adjust(s, st_, now, delta_seconds=arg),
    "set": lambda s, st_, now, arg: set_remaining(s, st_, now, remaining_ms=arg),
}

structures = st.lists(
    st.one_of(
        st.builds(Level, st.just(100), st.just(200), seconds=st.integers(1, 1800)),
        st.builds(Break, seconds=st.integers(1, 900)),
    ),
    min_size=1,
    max_size=8,
).map(tuple)

steps = st.lists(
    st.one_of(
        st.tuples(st.just("wait"), st.integers(0, 2_000_000)),
        st.tuples(st.sampled_from(["start", "pause", "resume", "next", "previous"]), st.just(0)),
        st.tuples(st.just("adjust"), st.integers(-1200, 1200)),
        st.tuples(st.just("set"), st.integers(0, 2_000_000)),
        st.tuples(st.just("restart"), st.just(0)),
    ),
    max_size=30,
)


@settings(max_examples=300, deadline=None)
@given(structures, steps)
def test_stored_clock_matches_a_step_by_step_simulation(structure, ops):
    state = ClockState.initial(structure)
    model = Simulation(structure)
    now = T0
    for op, arg in [("start", 0), *ops]:
        if op == "wait":
            now += arg
            model.wait(arg)
        elif op == "restart":
            state = restart(state)
        else:
            try:
                state = ACTIONS[op](state, structure, now, arg)
                allowed = True
            except ClockActionError:
                allowed = False
            assert model.apply(op, arg) == allowed, (op, arg)
        view = clock_at(state, structure, now)
        assert (view.status, view.level_index, view.remaining_ms) == (
            model.status,
            model.index,
            model.remaining,
        ), (op, arg)


@settings(max_examples=200, deadline=None)
@given(structures, st.integers(0, 5_000_000), st.integers(0, 5_000_000))
def test_normalising_never_changes_what_the_clock_shows_later(structure, first, second):
    state = start(ClockState.initial(structure), structure, T0)
    earlier, later = T0 + min(first, second), T0 + max(first, second)
    normalised = normalise(state, structure, earlier)
    assert normalise(normalised, structure, earlier) == normalised
    original, renewed = clock_at(state, structure, later), clock_at(normalised, structure, later)
    assert (original.status, original.level_index, original.remaining_ms, original.ends_at_ms) == (
        renewed.status,
        renewed.level_index,
        renewed.remaining_ms,
        renewed.ends_at_ms,
    )


@settings(max_examples=200, deadline=None)
@given(structures, st.integers(0, 3_000_000), st.integers(0, 3_000_000), st.integers(0, 10**7))
def test_a_pause_shifts_everything_after_it_by_exactly_its_length(
    structure, pause_at, length, later
):
    state = start(ClockState.initial(structure), structure, T0)
    paused = (
        pause(state, structure, T0 + pause_at)
        if clock_at(state, structure, T0 + pause_at).status == "running"
        else None
    )
    if paused is None:
        return
    resumed = resume(paused, structure, T0 + pause_at + length)
    with_pause = clock_at(resumed, structure, T0 + pause_at + length + later)
    without = clock_at(state, structure, T0 + pause_at + later)
    assert (with_pause.status, with_pause.level_index, with_pause.remaining_ms) == (
        without.status,
        without.level_index,
        without.remaining_ms,
    )


@settings(max_examples=200, deadline=None)
@given(structures, st.integers(0, 3_000_000), st.integers(1, 600))
def test_adding_and_taking_back_the_same_time_changes_nothing(structure, at, seconds):
    state = start(ClockState.initial(structure), structure, T0)
    now = T0 + at
    if clock_at(state, structure, now).status != "running":
        return
    there_and_back = adjust(
        adjust(state, structure, now, delta_seconds=seconds), structure, now, delta_seconds=-seconds
    )
    for probe in (now, now + 1, now + 2_000_000):
        a, b = clock_at(state, structure, probe), clock_at(there_and_back, structure, probe)
        assert (a.status, a.level_index, a.remaining_ms) == (
            b.status,
            b.level_index,
            b.remaining_ms,
        )
