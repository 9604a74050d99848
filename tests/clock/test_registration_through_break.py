"""Registration through the break after the last late level, and reopened by one
field (README "Places, re-entries and moves"; README "Registration window")."""

from __future__ import annotations

import pytest

from clock.models import ClockState
from clock.services import clock_state
from clock.services.boundaries import boundary_fire
from screens import live
from screens.snapshots import snapshot
from tests.clock.clock_scenarios import MINUTE, STRUCTURE, T0
from tournament.models import Tournament

pytestmark = pytest.mark.django_db


class Clock:
    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.ms = T0
        monkeypatch.setattr(clock_state, "now", lambda: self.ms)


@pytest.fixture
def clock(monkeypatch) -> Clock:
    return Clock(monkeypatch)


def evening(api, clock: Clock, **settings) -> int:
    response = api.post(
        "/tournaments", {"name": "Club night", "late_registration_levels": 4, **settings}
    )
    assert response.status_code == 201, response.content
    tid = response.json()["id"]
    assert api.put(f"/tournaments/{tid}/structure", STRUCTURE).status_code == 200
    assert api.post(f"/tournaments/{tid}/clock/start").status_code == 200
    return tid


def register(api, tid: int, name: str) -> int:
    return api.post(f"/tournaments/{tid}/entries", {"name": name}).status_code


def test_through_the_break_a_player_buys_in_during_the_break_and_the_countdown_ends_with_it(
    api, clock
):
    tid = evening(api, clock, late_registration_through_break=True)
    assert api.get(f"/tournaments/{tid}").json()["late_registration_through_break"] is True
    clock.ms = T0 + 42 * MINUTE
    shown = api.get(f"/tournaments/{tid}/clock").json()
    assert shown["is_break"] is True
    assert shown["registration_open"] is True
    assert shown["registration_remaining_ms"] == 3 * MINUTE
    assert register(api, tid, "Jürgen Groß") == 201

    clock.ms = T0 + 46 * MINUTE
    assert api.get(f"/tournaments/{tid}/clock").json()["registration_open"] is False
    assert register(api, tid, "Łukasz Żółć") == 409


def test_without_the_option_registration_closes_when_the_last_late_level_ends(api, clock):
    tid = evening(api, clock)
    clock.ms = T0 + 39 * MINUTE
    assert api.get(f"/tournaments/{tid}/clock").json()["registration_remaining_ms"] == MINUTE
    clock.ms = T0 + 42 * MINUTE
    assert api.get(f"/tournaments/{tid}/clock").json()["registration_open"] is False
    assert register(api, tid, "Jürgen Groß") == 409


def test_the_clock_hands_the_closing_to_the_boundary_task_at_the_end_of_the_break(api, clock):
    tid = evening(api, clock, late_registration_through_break=True)
    tournament = Tournament.objects.get(pk=tid)
    structure = clock_state.structure_entries(tournament)
    state = clock_state.rule_state(ClockState.objects.get(tournament=tournament), structure)
    passed = clock_state.passed_boundaries(tournament, state, structure, T0 + 46 * MINUTE)
    closing = [b.key for b in passed if b.kind == "registration_closed"]
    assert closing == [f"registration_closed:4:{T0 + 45 * MINUTE}"]
    assert boundary_fire(tournament_id=tid, key=closing[0], now_ms=T0 + 46 * MINUTE) is True
    assert Tournament.objects.get(pk=tid).registration_closed is True


def test_switched_on_during_the_break_and_reopened_it_closes_at_the_end_of_the_break(api, clock):
    tid = evening(api, clock)
    clock.ms = T0 + 42 * MINUTE
    key = f"registration_closed:3:{T0 + 40 * MINUTE}"
    assert boundary_fire(tournament_id=tid, key=key, now_ms=clock.ms) is True
    assert register(api, tid, "Jürgen Groß") == 409
    response = api.patch(
        f"/tournaments/{tid}",
        {"late_registration_through_break": True, "registration_closed": False},
    )
    assert response.status_code == 200, response.content
    assert api.get(f"/tournaments/{tid}/clock").json()["registration_remaining_ms"] == 3 * MINUTE
    assert register(api, tid, "Jürgen Groß") == 201
    clock.ms = T0 + 46 * MINUTE
    assert register(api, tid, "Björn Ødegård") == 409


@pytest.mark.parametrize("boundary_fired", [False, True])
def test_one_field_reopens_registration_after_the_window_and_keeps_the_levels(
    api, clock, boundary_fired
):
    tid = evening(api, clock)
    clock.ms = T0 + 50 * MINUTE
    if boundary_fired:
        key = f"registration_closed:3:{T0 + 40 * MINUTE}"
        assert boundary_fire(tournament_id=tid, key=key, now_ms=clock.ms) is True
    assert register(api, tid, "Dragan Đorđević") == 409

    response = api.patch(f"/tournaments/{tid}", {"registration_closed": False})
    assert response.status_code == 200, response.content
    assert response.json()["late_registration_levels"] == 4
    assert response.json()["registration_closed"] is False
    shown = api.get(f"/tournaments/{tid}/clock").json()
    assert shown["registration_open"] is True
    assert shown["registration_remaining_ms"] is None
    assert register(api, tid, "Dragan Đorđević") == 201
    clock.ms = T0 + 55 * MINUTE
    assert register(api, tid, "Björn Ødegård") == 201

    assert api.patch(f"/tournaments/{tid}", {"registration_closed": True}).status_code == 200
    assert register(api, tid, "Yusuf Yılmaz") == 409


def test_reopened_while_the_window_runs_it_still_closes_with_the_window(api, clock):
    tid = evening(api, clock)
    clock.ms = T0 + 10 * MINUTE
    assert api.patch(f"/tournaments/{tid}", {"registration_closed": True}).status_code == 200
    assert register(api, tid, "Jürgen Groß") == 409
    assert api.patch(f"/tournaments/{tid}", {"registration_closed": False}).status_code == 200
    assert register(api, tid, "Jürgen Groß") == 201
    clock.ms = T0 + 41 * MINUTE
    assert register(api, tid, "Björn Ødegård") == 409


def test_a_bad_value_for_the_option_is_a_422(api, clock):
    tid = evening(api, clock)
    response = api.patch(f"/tournaments/{tid}", {"late_registration_through_break": "soon"})
    assert response.status_code == 422


def test_the_board_counts_down_to_the_end_of_the_break(api, clock):
    tid = evening(api, clock, late_registration_through_break=True)
    clock.ms = T0 + 41 * MINUTE
    shown = snapshot(tid, audience=live.DISPLAY)["clock"]
    assert shown["registration_open"] is True
    assert shown["registration_remaining_ms"] == 4 * MINUTE
