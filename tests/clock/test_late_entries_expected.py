"""The planner's one clock question (README "Breaking during registration"):
late entries are expected while play runs and registration is open. Its single
read answers what the two answers it replaces give together."""

from __future__ import annotations

import pytest

from clock.services import clock_state
from tests.clock.clock_scenarios import MINUTE, STRUCTURE, T0
from tests.clock.test_registration_through_break import clock  # noqa: F401
from tournament.models import Tournament

pytestmark = pytest.mark.django_db


def both_answers(tid: int) -> tuple[bool, bool]:
    tournament = Tournament.objects.get(pk=tid)
    together = clock_state.play_started_now(
        tournament=tournament
    ) and clock_state.registration_open_now(tournament=tournament)
    return clock_state.late_entries_expected_now(tournament=tournament), together


def test_one_read_answers_as_play_started_and_registration_open_together(api, clock):  # noqa: F811
    tid = api.post("/tournaments", {"name": "Club night", "late_registration_levels": 2}).json()[
        "id"
    ]
    api.post(f"/tournaments/{tid}/tables", {"count": 1})
    api.post(f"/tournaments/{tid}/entries", {"name": "Anna Berg"})
    assert both_answers(tid) == (False, False)  # planned, no clock: nobody plays yet
    api.post(f"/tournaments/{tid}/draw")
    assert both_answers(tid) == (True, True)  # no clock: play begins with the draw
    assert api.put(f"/tournaments/{tid}/structure", STRUCTURE).status_code == 200
    assert both_answers(tid) == (False, False)  # a clock not started yet
    assert api.post(f"/tournaments/{tid}/clock/start").status_code == 200
    assert both_answers(tid) == (True, True)
    clock.ms = T0 + 200 * MINUTE  # long past the two late levels
    assert both_answers(tid) == (False, False)
