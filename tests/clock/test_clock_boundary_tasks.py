"""Boundaries fire once, on time, from the loop or from a clock action."""

from __future__ import annotations

import pytest

from clock import loop
from clock.models import BoundaryFired
from clock.services import clock_state
from clock.services.boundaries import boundary_fire
from clock.tasks import fire_boundary
from tests.clock.clock_scenarios import MINUTE, STRUCTURE, T0
from tournament.models import ActionLog, Tournament

REG_CLOSES = T0 + 4 * 10 * MINUTE  # end of level 4


@pytest.fixture
def running(api, tournament, monkeypatch):
    monkeypatch.setattr(clock_state, "now", lambda: T0)
    assert api.put(f"/tournaments/{tournament['id']}/structure", STRUCTURE).status_code == 200
    assert api.post(f"/tournaments/{tournament['id']}/clock/start").status_code == 200
    return tournament


def registration_key(tournament_id: int) -> str:
    return f"registration_closed:3:{REG_CLOSES}"


def test_a_boundary_task_run_twice_fires_once_and_closes_registration_once(running):
    key = registration_key(running["id"])
    assert fire_boundary.delay(running["id"], key).get() is True
    assert fire_boundary.delay(running["id"], key).get() is False
    assert Tournament.objects.get(pk=running["id"]).registration_closed is True
    assert BoundaryFired.objects.filter(key=key).count() == 1
    assert ActionLog.objects.filter(kind="registration_closed").count() == 1


def test_a_late_task_still_closes_registration(running):
    key = registration_key(running["id"])
    assert boundary_fire(tournament_id=running["id"], key=key, now_ms=REG_CLOSES + 3_600_000)
    assert Tournament.objects.get(pk=running["id"]).registration_closed is True


def test_an_unknown_key_or_tournament_changes_nothing(running):
    assert boundary_fire(tournament_id=running["id"], key="nonsense") is False
    assert boundary_fire(tournament_id=999_999, key=f"level_up:1:{T0}") is False
    assert not BoundaryFired.objects.exists()


def test_the_loop_dispatches_a_due_boundary_and_sleeps_until_the_next(running):
    sent: list[tuple[int, str]] = []
    one_minute_left = T0 + 9 * MINUTE
    sleep = loop.run_once(now_ms=one_minute_left - 500, dispatch=lambda t, k: sent.append((t, k)))
    assert sent == []
    assert sleep == pytest.approx(0.5)

    loop.run_once(now_ms=one_minute_left, dispatch=lambda t, k: sent.append((t, k)))
    assert sent == [(running["id"], f"one_minute_left:0:{one_minute_left}")]


def test_the_loop_catches_up_after_a_restart_and_fires_each_boundary_once(running):
    later = REG_CLOSES + 1_000
    loop.run_once(now_ms=later)  # eager tasks in the embedded default
    kinds = list(BoundaryFired.objects.values_list("kind", flat=True))
    assert kinds.count("level_up") == 3
    assert kinds.count("one_minute_left") == 4
    assert kinds.count("registration_closed") == 1
    assert "break_start" in kinds
    assert Tournament.objects.get(pk=running["id"]).registration_closed is True

    sent: list[str] = []
    loop.run_once(now_ms=later, dispatch=lambda t, k: sent.append(k))
    assert sent == []


def test_pausing_after_an_unnoticed_boundary_hands_it_on(
    api, running, monkeypatch, django_capture_on_commit_callbacks
):
    monkeypatch.setattr(clock_state, "now", lambda: REG_CLOSES + 5_000)
    with django_capture_on_commit_callbacks(execute=True):
        response = api.post(f"/tournaments/{running['id']}/clock/pause")
    assert response.status_code == 200
    assert response.json()["level_index"] == 4  # the break
    assert Tournament.objects.get(pk=running["id"]).registration_closed is True
    assert BoundaryFired.objects.filter(kind="break_start").count() == 1


def test_a_paused_clock_has_no_boundaries(api, running, monkeypatch):
    monkeypatch.setattr(clock_state, "now", lambda: T0 + 1_000)
    assert api.post(f"/tournaments/{running['id']}/clock/pause").status_code == 200
    sent: list[str] = []
    assert loop.run_once(now_ms=REG_CLOSES + 1, dispatch=lambda t, k: sent.append(k)) == 2.0
    assert sent == []


def test_registration_closes_on_time_even_when_no_boundary_task_ran(api, running, monkeypatch):
    # The clock loop could not hand the boundary on (Redis down): nothing ran.
    monkeypatch.setattr(clock_state, "now", lambda: REG_CLOSES + 10_000)
    assert api.get(f"/tournaments/{running['id']}/clock").json()["registration_open"] is False
    assert Tournament.objects.get(pk=running["id"]).registration_closed is False
    late = api.post(f"/tournaments/{running['id']}/entries", {"name": "Too Late Tom"})
    assert late.status_code == 409
    assert (
        not Tournament.objects.get(pk=running["id"])
        .entries.filter(player__name="Too Late Tom")
        .exists()
    )


def test_registration_stays_open_until_the_end_of_the_last_late_level(api, running, monkeypatch):
    monkeypatch.setattr(clock_state, "now", lambda: REG_CLOSES - 10_000)
    late = api.post(f"/tournaments/{running['id']}/entries", {"name": "Just In Time"})
    assert late.status_code == 201, late.content
