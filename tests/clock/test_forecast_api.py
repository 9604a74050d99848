"""GET /tournaments/{id}/forecast (README "Finish on time"): the live state, a past
moment (``as_of``), who may read it, and what a bust changes."""

from __future__ import annotations

from datetime import datetime, timedelta
from urllib.parse import urlencode

import pytest
from django.utils import timezone

from tests.clock.clock_scenarios import STRUCTURE
from tests.tables.test_floor_api import seated_entry
from tests.tables.test_full_floor_api import bust, club_night

pytestmark = pytest.mark.django_db


def running_night(api) -> dict:
    game = club_night(api, players=12, tables=2)
    assert api.put(f"/tournaments/{game['id']}/structure", STRUCTURE).status_code == 200
    assert api.post(f"/tournaments/{game['id']}/clock/start").status_code == 200
    return game


def forecast(api, tournament_id: int, **query) -> dict:
    response = api.get(f"/tournaments/{tournament_id}/forecast?{urlencode(query)}")
    assert response.status_code == 200, response.content
    return response.json()


def when(value: str) -> datetime:
    return datetime.fromisoformat(value.replace("Z", "+00:00"))


def test_the_forecast_of_a_running_tournament_lies_ahead_inside_its_interval(api):
    game = running_night(api)
    found = forecast(api, game["id"])
    assert found["players_left"] == 12
    assert when(found["earliest"]) <= when(found["predicted_end"]) <= when(found["latest"])
    assert when(found["predicted_end"]) > timezone.now()
    # 12 stacks of 20 000 against the first level's big blind of 50.
    assert found["average_stack_bb"] == 400.0
    assert found["basis"]["end_players"] >= 1


def test_a_bust_moves_the_forecast_and_as_of_still_gives_the_moment_before(api):
    game = running_night(api)
    before = forecast(api, game["id"])
    moment = timezone.now()
    bust(api, seated_entry(api, game["id"]))
    after = forecast(api, game["id"])
    assert after["players_left"] == 11
    assert after["predicted_end"] != before["predicted_end"]
    then = forecast(api, game["id"], as_of=moment.isoformat())
    assert then["players_left"] == 12
    assert abs(when(then["as_of"]) - moment) < timedelta(milliseconds=1)


def test_only_staff_read_the_forecast_and_a_bad_moment_is_refused(api, anonymous_api):
    game = running_night(api)
    assert anonymous_api.get(f"/tournaments/{game['id']}/forecast").status_code in (401, 403)
    refused = api.get(f"/tournaments/{game['id']}/forecast?as_of=yesterday-ish")
    assert refused.status_code == 422
    assert api.get("/tournaments/999999/forecast").status_code == 404
    far = api.get(f"/tournaments/{game['id']}/forecast?as_of=9999-12-31T23:59:59Z")
    assert far.status_code == 422
    assert "as_of" in far.json()["detail"]
    later = (timezone.now() + timedelta(hours=1)).isoformat()
    assert forecast(api, game["id"], as_of=later)["players_left"] == 12
