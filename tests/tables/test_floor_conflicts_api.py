"""The floor's conflicts through the API (README "When the network drops"): a
queued action of an offline tablet that the server refuses is kept once, with
what was tried, by whom, when and why not; the director resolves it."""

from __future__ import annotations

import json

import pytest
from django.test import Client

from tables.models import FloorConflict, Seat
from tests.screens.conftest import seated_tournament
from tournament.errors import BUSY, Busy
from tournament.models import ActionLog

pytestmark = pytest.mark.django_db

DEVICE_TIME = "2026-11-28T21:14:05.120+01:00"


def queued(api, path: str, key: str, body=None, *, language: str = "en", queue: bool = True):
    """An action sent as the offline queue sends it: the key, the device's time
    and name, and the mark of a replayed action."""
    headers = {"Idempotency-Key": key, "Accept-Language": language}
    if queue:
        headers.update(
            {"Offline-Queue": "1", "Device-Time": DEVICE_TIME, "Device-Name": "Tablet 2"}
        )
    return api.client.post(
        f"/api/v1{path}",
        data=json.dumps(body or {}),
        content_type="application/json",
        headers={**headers, **{k[5:].title(): v for k, v in api.headers.items()}},
    )


def conflicts(api, tournament_id: int, status: str = "open", language: str = "en") -> list:
    response = api.client.get(
        f"/api/v1/tournaments/{tournament_id}/conflicts?status={status}",
        headers={"Accept-Language": language, "Authorization": api.headers["HTTP_AUTHORIZATION"]},
    )
    assert response.status_code == 200, response.content
    return response.json()


@pytest.fixture
def busted_eva(director, api):
    """Eva Hoffmann busted from the director's tablet; where she sat."""
    tournament = seated_tournament(director)
    seat = Seat.objects.select_related("table").get(
        table__tournament=tournament, entry__player__name="Eva Hoffmann"
    )
    eva, table, number = seat.entry_id, seat.table.number, seat.number
    assert api.post(f"/entries/{eva}/bust").status_code == 200
    return tournament, eva, table, number


def test_a_queued_bust_of_a_player_already_out_is_refused_and_kept_once(busted_eva, floor_api):
    tournament, eva, table, seat = busted_eva

    refused = queued(floor_api, f"/entries/{eva}/bust", "tablet2-action-0007")
    assert refused.status_code == 409
    [kept] = conflicts(floor_api, tournament.pk)
    assert kept["key"] == "tablet2-action-0007"
    assert kept["action"] == "bust"
    assert kept["what"] == f"Bust of Eva Hoffmann (table {table}, seat {seat})"
    assert (kept["method"], kept["path"]) == ("POST", f"/api/v1/entries/{eva}/bust")
    assert kept["by"] == "fritz" and kept["device"] == "Tablet 2"
    assert kept["device_time"].startswith("2026-11-28T20:14:05.120")
    assert kept["refusal"] == {"status": 409, "message": refused.json()["detail"]}
    assert kept["status"] == "open" and kept["resolution"] is None

    # The tablet sends it again (its answer was lost): still one conflict.
    assert queued(floor_api, f"/entries/{eva}/bust", "tablet2-action-0007").status_code == 409
    assert len(conflicts(floor_api, tournament.pk)) == 1
    assert FloorConflict.objects.count() == 1


def test_a_german_reader_reads_what_was_tried_and_why_not_in_german(busted_eva, floor_api):
    tournament, eva, table, seat = busted_eva
    queued(floor_api, f"/entries/{eva}/bust", "tablet2-action-0008")
    [kept] = conflicts(floor_api, tournament.pk, language="de")
    assert kept["what"] == f"Bust von Eva Hoffmann (Tisch {table}, Sitz {seat})"
    assert kept["refusal"]["message"] == "Dieser Spieler ist bereits aus dem Turnier ausgeschieden."


def test_an_action_refused_outside_the_queue_is_not_kept(busted_eva, floor_api):
    tournament, eva, _table, _seat = busted_eva
    refused = queued(floor_api, f"/entries/{eva}/bust", "tablet2-action-0009", queue=False)
    assert refused.status_code == 409
    assert conflicts(floor_api, tournament.pk) == []


def test_a_queued_action_refused_as_invalid_is_kept_too(busted_eva, floor_api):
    tournament, eva, _table, _seat = busted_eva
    refused = queued(
        floor_api, f"/entries/{eva}/bust", "tablet2-action-0010", {"starting_stack": 0}
    )
    assert refused.status_code == 422
    [kept] = conflicts(floor_api, tournament.pk)
    assert kept["refusal"]["status"] == 422 and kept["body"] == {"starting_stack": 0}


def test_the_director_resolves_a_conflict_and_the_trail_says_so(busted_eva, api, floor_api):
    tournament, eva, _table, _seat = busted_eva
    queued(floor_api, f"/entries/{eva}/bust", "tablet2-action-0011")
    [kept] = conflicts(api, tournament.pk)
    resolve = f"/conflicts/{kept['id']}/resolve"

    no_reason = api.post(resolve, {"how": "discarded", "reason": " "})
    assert no_reason.status_code == 422
    assert no_reason.json()["field"] == "reason"
    assert (
        floor_api.post(resolve, {"how": "discarded", "reason": "busted twice"}).status_code == 403
    )
    assert len(conflicts(api, tournament.pk)) == 1

    done = api.post(resolve, {"how": "discarded", "reason": "Busted on tablet 1 already"})
    assert done.status_code == 200, done.content
    resolution = done.json()["resolution"]
    assert done.json()["status"] == "resolved"
    assert (resolution["how"], resolution["reason"], resolution["by"]) == (
        "discarded",
        "Busted on tablet 1 already",
        "dora",
    )
    assert conflicts(api, tournament.pk) == []
    assert [c["id"] for c in conflicts(api, tournament.pk, status="resolved")] == [kept["id"]]
    line = ActionLog.objects.get(tournament=tournament, kind="floor_conflict_resolved")
    assert line.data["reason"] == "Busted on tablet 1 already"
    assert line.data["conflict"] == kept["id"]

    again = api.post(resolve, {"how": "applied_differently"})
    assert again.status_code == 409


def test_a_queued_bust_from_the_floor_page_is_kept_with_its_form(busted_eva, floor_user, floor_api):
    tournament, eva, table, seat = busted_eva
    client = Client()
    client.force_login(floor_user)
    refused = client.post(
        f"/floor/entries/{eva}/bust/",
        {"starting_stack": "12000"},
        headers={
            "Accept": "application/json",
            "Idempotency-Key": "tablet2-action-0012",
            "Offline-Queue": "1",
            "Device-Time": DEVICE_TIME,
        },
    )
    assert refused.status_code == 409
    [kept] = conflicts(floor_api, tournament.pk)
    assert kept["action"] == "bust" and kept["body"] == {"starting_stack": "12000"}
    assert kept["what"] == f"Bust of Eva Hoffmann (table {table}, seat {seat})"
    assert kept["refusal"]["message"] == refused.json()["detail"]


def test_a_queued_action_refused_only_for_the_moment_is_not_kept(
    busted_eva, floor_api, monkeypatch
):
    """The tournament busy with another action: 409 with Retry-After, the tablet
    sends it again, and nothing waits in the director's list."""
    tournament, _eva, _table, _seat = busted_eva
    other = Seat.objects.filter(table__tournament=tournament, entry__isnull=False).first()

    def held_elsewhere(*args, **kwargs):
        raise Busy(BUSY)

    with monkeypatch.context() as held:
        held.setattr("tournament.writes.unit.take", held_elsewhere)
        refused = queued(floor_api, f"/entries/{other.entry_id}/bust", "busy-key-001")
    assert refused.status_code == 409
    assert refused["Retry-After"] == "1"
    assert conflicts(floor_api, tournament.pk) == []
    again = queued(floor_api, f"/entries/{other.entry_id}/bust", "busy-key-001")
    assert again.status_code == 200
