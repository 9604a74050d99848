"""Device time (README "Device time"): a write says when it was taken on the
device (header ``Device-Time``); the server keeps both times and orders the
busts of one hand and the level a bust counts in by the device's."""

from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta

import pytest
from django.test import Client
from django.utils import timezone

from clock.services import clock_state
from tests.tables.test_floor_api import start, tables_of
from tournament.models import ActionLog, Entry

pytestmark = pytest.mark.django_db

LEVELS = {
    "levels": [
        {"kind": "level", "small_blind": 100, "big_blind": 200, "ante": 0, "seconds": 600},
        {"kind": "level", "small_blind": 200, "big_blind": 400, "ante": 0, "seconds": 600},
    ]
}


def bust(api, entry: int, taken: datetime | None = None, **headers):
    if taken is not None:
        headers["HTTP_DEVICE_TIME"] = taken.isoformat()
    return api.client.post(
        f"/api/v1/entries/{entry}/bust",
        data=json.dumps({}),
        content_type="application/json",
        **api.headers,
        **headers,
    )


def two_at_one_table(api) -> tuple[dict, int, int]:
    game = start(api, players=6, tables=1)
    players = tables_of(api, game["id"])[0]["players"]
    return game, players[0]["entry"], players[1]["entry"]


def test_the_audit_line_keeps_the_device_time_and_the_time_received(api):
    game, anna, _bernd = two_at_one_table(api)
    taken = timezone.now().astimezone(UTC) - timedelta(minutes=3)
    assert bust(api, anna, taken.astimezone(timezone.get_fixed_timezone(60))).status_code == 200
    line = ActionLog.objects.get(tournament_id=game["id"], kind="bust")
    assert datetime.fromisoformat(line.data["device_time"]) == taken
    assert timezone.now() - line.at < timedelta(seconds=30), "at: when the server received it"


def test_a_bust_without_device_time_logs_none(api):
    game, anna, _bernd = two_at_one_table(api)
    assert bust(api, anna).status_code == 200
    assert "device_time" not in ActionLog.objects.get(tournament_id=game["id"], kind="bust").data


def test_the_bust_taken_first_on_the_device_is_out_first_though_reported_second(api):
    """Two out in one hand, reported one by one: the tablet that was offline
    sends the one it took first after the other tablet's."""
    _game, anna, bernd = two_at_one_table(api)
    now = timezone.now()
    assert bust(api, anna, now - timedelta(seconds=20)).json()["place"] == 6
    later = bust(api, bernd, now - timedelta(seconds=40))
    assert later.status_code == 200, later.content
    assert later.json()["place"] == 6, "taken first on the device: out first, the worse place"
    assert Entry.objects.get(pk=anna).place == 5


def test_a_bust_reported_second_without_device_time_keeps_the_order_received(api):
    _game, anna, bernd = two_at_one_table(api)
    assert bust(api, anna, timezone.now() - timedelta(seconds=20)).json()["place"] == 6
    assert bust(api, bernd).json()["place"] == 5
    assert Entry.objects.get(pk=anna).place == 6


def test_a_bust_taken_before_the_level_ended_counts_in_that_level(api, monkeypatch):
    game, anna, bernd = two_at_one_table(api)
    tid = game["id"]
    assert api.put(f"/tournaments/{tid}/structure", LEVELS).status_code == 200
    # The clock's moments set here, not read off the machine's clock: started ten
    # minutes ago, moved on to level 2 five minutes later; Anna went out between.
    started = timezone.now() - timedelta(minutes=10)
    moved_on = started + timedelta(minutes=5)
    with monkeypatch.context() as clock_set:
        clock_set.setattr(clock_state, "now", lambda: int(started.timestamp() * 1000))
        assert api.post(f"/tournaments/{tid}/clock/start").status_code == 200
        clock_set.setattr(clock_state, "now", lambda: int(moved_on.timestamp() * 1000))
        assert api.post(f"/tournaments/{tid}/clock/next").status_code == 200
    taken_in_level_one = started + timedelta(minutes=1)
    assert bust(api, anna, taken_in_level_one).status_code == 200
    assert bust(api, bernd).status_code == 200
    levels = dict(
        ActionLog.objects.filter(tournament_id=tid, kind="bust").values_list(
            "data__entry", "data__level"
        )
    )
    assert levels == {anna: 1, bernd: 2}


@pytest.mark.parametrize("sent", ["yesterday", "2026-11-28T21:04:05", ""])
def test_a_device_time_that_is_no_time_is_refused_naming_the_header(api, sent):
    _game, anna, _bernd = two_at_one_table(api)
    response = bust(api, anna, HTTP_DEVICE_TIME=sent, HTTP_ACCEPT_LANGUAGE="de")
    assert response.status_code == 422
    assert "Device-Time" in response.json()["detail"]
    assert Entry.objects.get(pk=anna).status == Entry.Status.SEATED


def test_a_device_time_older_than_the_keys_is_refused(api):
    _game, anna, _bernd = two_at_one_table(api)
    response = bust(api, anna, timezone.now() - timedelta(hours=73))
    assert response.status_code == 422
    assert Entry.objects.get(pk=anna).status == Entry.Status.SEATED


def test_a_device_time_ahead_of_the_server_counts_as_now(api):
    _game, anna, _bernd = two_at_one_table(api)
    assert bust(api, anna, timezone.now() + timedelta(hours=1)).status_code == 200
    assert Entry.objects.get(pk=anna).busted_at <= timezone.now()


def test_the_floor_snapshot_carries_the_servers_clock(director, tournament):
    """A tablet compares it with its own clock and warns past 10 s."""
    staff = Client()
    staff.force_login(director)
    before = timezone.now().timestamp() * 1000
    response = staff.get(f"/live/tournaments/{tournament['id']}/floor")
    assert response.status_code == 200, response.content
    server_time = response.json()["server_time"]
    assert before - 1 <= server_time <= timezone.now().timestamp() * 1000 + 1
