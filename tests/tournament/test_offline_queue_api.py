"""A tablet's offline queue in one request (README "When the network drops"):
``POST /api/v1/offline-queue`` runs each queued action as the request it was,
in the order taken, each with its own key; a refusal in the middle is kept as
a conflict and the rest go on; the whole queue sent again changes nothing."""

from __future__ import annotations

import json

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext

from tables.models import FloorConflict, Seat
from tests.api.write_walk import room_rows
from tests.screens.conftest import seated_tournament
from tournament.errors import BUSY, Busy
from tournament.models import ActionLog, Entry

pytestmark = pytest.mark.django_db

URL = "/api/v1/offline-queue"
DEVICE_TIME = "2026-11-28T21:14:05.120+01:00"


def action(path: str, key: str, body=None, **more) -> dict:
    return {
        "method": "POST",
        "path": path,
        "key": key,
        "device_time": DEVICE_TIME,
        "device": "Tablet 2",
        "body": body if body is not None else {},
        **more,
    }


def send(api, actions: list[dict], **headers):
    return api.client.post(
        URL,
        data=json.dumps({"actions": actions}),
        content_type="application/json",
        **api.headers,
        **headers,
    )


def seated(director) -> tuple[int, list[int]]:
    tournament = seated_tournament(director)
    entries = list(
        Seat.objects.filter(table__tournament=tournament, entry__isnull=False)
        .order_by("table__number", "number")
        .values_list("entry_id", flat=True)
    )
    return tournament.pk, entries


def test_a_queue_is_applied_in_order_and_a_refusal_in_the_middle_does_not_stop_it(
    director, api, floor_api
):
    tid, entries = seated(director)
    first, gone, counted, last = entries[:4]
    assert api.post(f"/entries/{gone}/bust").status_code == 200  # busted on another tablet
    queue = [
        action(f"/api/v1/entries/{first}/bust", "tablet2-q-0001"),
        action(f"/api/v1/entries/{gone}/bust", "tablet2-q-0002"),
        {
            **action(f"/api/v1/entries/{counted}/chips", "tablet2-q-0003", {"chips": 23_500}),
            "method": "PUT",
        },
        action(f"/api/v1/entries/{last}/bust", "tablet2-q-0004"),
    ]
    answer = send(floor_api, queue)
    assert answer.status_code == 200, answer.content
    results = answer.json()["results"]
    assert [r["outcome"] for r in results] == ["applied", "refused", "applied", "applied"]
    assert [r["key"] for r in results] == [a["key"] for a in queue]
    assert [r["status"] for r in results] == [200, 409, 200, 200]
    assert answer.json()["done"] == 4
    assert "already" in results[1]["detail"]
    # Busted in the order taken: the first one out took the worse place.
    places = {e.pk: e.place for e in Entry.objects.filter(pk__in=[first, last])}
    assert places[first] > places[last]
    busts = ActionLog.objects.filter(tournament_id=tid, kind="bust").order_by("pk")
    assert [line.data.get("entry") for line in busts][-2:] == [first, last]
    # The refusal waits in the director's list, with the tablet's name and time.
    [kept] = FloorConflict.objects.all()
    assert (kept.key, kept.device) == ("tablet2-q-0002", "Tablet 2")
    counts = floor_api.get(f"/tournaments/{tid}/chip-counts").json()
    assert [c["chips"] for c in counts if c["entry"] == counted] == [23_500]


def test_the_whole_queue_sent_again_with_the_same_keys_changes_nothing(director, floor_api):
    _tid, entries = seated(director)
    queue = [
        action(f"/api/v1/entries/{e}/bust", f"tablet2-again-{n:03}")
        for n, e in enumerate(entries[:3])
    ]
    first = send(floor_api, queue).json()["results"]
    rows = room_rows()
    again = send(floor_api, queue)
    assert again.status_code == 200
    assert room_rows() == rows
    second = again.json()["results"]
    assert [r["outcome"] for r in second] == ["replayed"] * 3
    assert [r["answer"] for r in second] == [r["answer"] for r in first]


def test_a_queue_with_its_own_key_sent_twice_gets_the_same_answer(director, floor_api):
    _tid, entries = seated(director)
    queue = [action(f"/api/v1/entries/{entries[0]}/bust", "tablet2-own-0001")]
    one = send(floor_api, queue, HTTP_IDEMPOTENCY_KEY="queue-key-0001")
    rows = room_rows()
    two = send(floor_api, queue, HTTP_IDEMPOTENCY_KEY="queue-key-0001")
    assert (two.status_code, two.content) == (one.status_code, one.content)
    assert two["Idempotent-Replayed"] == "true"
    assert room_rows() == rows


def test_a_busy_tournament_stops_the_queue_there_and_keeps_nothing(
    director, floor_api, monkeypatch
):
    _tid, entries = seated(director)
    queue = [
        action(f"/api/v1/entries/{e}/bust", f"tablet2-busy-{n:03}")
        for n, e in enumerate(entries[:3])
    ]
    from tournament.writes import unit

    take = unit.take
    calls = []

    def busy_on_the_second(*args, **kwargs):
        calls.append(1)
        if len(calls) == 2:
            raise Busy(BUSY)
        return take(*args, **kwargs)

    with monkeypatch.context() as held:
        held.setattr("tournament.writes.unit.take", busy_on_the_second)
        answer = send(floor_api, queue, HTTP_IDEMPOTENCY_KEY="queue-busy-001")
    results = answer.json()["results"]
    assert [r["outcome"] for r in results] == ["applied", "busy", "not_sent"]
    assert results[1]["retry_after"] == 1 and results[2]["status"] is None
    assert answer.json()["done"] == 1
    assert FloorConflict.objects.count() == 0
    # Sent again (same key): not answered from the key, the rest is done now.
    again = send(floor_api, queue, HTTP_IDEMPOTENCY_KEY="queue-busy-001").json()["results"]
    assert [r["outcome"] for r in again] == ["replayed", "applied", "applied"]


def test_the_floor_page_s_forms_go_in_a_queue_too(director, floor_user):
    _tid, entries = seated(director)
    client = Client(enforce_csrf_checks=True)
    client.force_login(floor_user)
    client.get("/")  # the CSRF cookie, as the tablet has it
    token = client.cookies["csrftoken"].value
    queue = [
        {
            **action(
                f"/floor/entries/{e}/bust/",
                f"tablet2-form-{n:03}",
                None,
                fields=[["starting_stack", "12000"]],
                accept="application/json",
            ),
            "body": None,
        }
        for n, e in enumerate(entries[:2])
    ]
    answer = client.post(
        URL,
        json.dumps({"actions": queue}),
        content_type="application/json",
        headers={"X-CSRFToken": token},
    )
    assert answer.status_code == 200, answer.content
    assert [r["outcome"] for r in answer.json()["results"]] == ["applied", "applied"]
    assert Entry.objects.filter(pk__in=entries[:2], place__isnull=False).count() == 2


@pytest.mark.parametrize(
    ("body", "status"),
    [
        ("{", 400),
        ({}, 422),
        ({"actions": []}, 422),
        ({"actions": [action("/nowhere/at/all/", "tablet2-bad-001")]}, 404),
        ({"actions": [action("https://elsewhere.example/x", "tablet2-bad-002")]}, 422),
        ({"actions": [action("/api/v1/offline-queue", "tablet2-bad-003")]}, 422),
        ({"actions": [action("/api/v1/tournaments", "short")]}, 422),
        ({"actions": [{**action("/api/v1/tournaments", "tablet2-bad-004"), "method": "GET"}]}, 422),
        ({"actions": [action("/api/v1/tournaments", "tablet2-bad-005", fields=[["a", "b"]])]}, 422),
        ({"actions": [action("/api/v1/tournaments", "tablet2-bad-006", fields=[["a"]])]}, 422),
    ],
)
def test_bad_input_is_refused_with_a_4xx_and_nothing_done(director, floor_api, body, status):
    seated(director)
    rows = room_rows()
    raw = body if isinstance(body, str) else json.dumps(body)
    answer = floor_api.client.post(
        URL, data=raw, content_type="application/json", **floor_api.headers
    )
    assert answer.status_code == status, answer.content
    assert "detail" in answer.json()
    assert room_rows() == rows


def test_a_queue_refused_for_an_unknown_path_says_so_in_german(director, floor_api):
    seated(director)
    answer = floor_api.client.post(
        URL,
        data=json.dumps({"actions": [action("/nowhere/at/all/", "tablet2-de-0001")]}),
        content_type="application/json",
        HTTP_ACCEPT_LANGUAGE="de",
        **floor_api.headers,
    )
    assert answer.status_code == 404
    assert answer.json()["detail"] == (
        "actions: Aktion 1: «/nowhere/at/all/» ist keine Adresse dieses Servers."
    )


def test_one_action_twice_in_a_queue_is_done_once(director, floor_api):
    tid, _entries = seated(director)
    table = floor_api.get(f"/tournaments/{tid}/tables").json()[0]
    hand = action(f"/api/v1/tables/{table['id']}/hands", "tablet2-twice-001")
    results = send(floor_api, [hand, hand]).json()["results"]
    assert [r["outcome"] for r in results] == ["applied", "replayed"]
    assert results[0]["answer"] == results[1]["answer"]
    after = floor_api.get(f"/tournaments/{tid}/tables").json()[0]
    assert after["hand"] == table["hand"] + 1


def test_a_tablet_signed_in_by_session_is_looked_up_once_for_its_whole_queue(director, floor_user):
    """The queue's request finds the session and its user; each action runs
    as that user without reading them again (README "When the network drops")."""
    _tid, entries = seated(director)
    client = Client(enforce_csrf_checks=True)
    client.force_login(floor_user)
    client.get("/")
    token = client.cookies["csrftoken"].value
    queue = [
        action(f"/api/v1/entries/{e}/bust", f"tablet2-session-{n:03}")
        for n, e in enumerate(entries[:3])
    ]
    with CaptureQueriesContext(connection) as captured:
        answer = client.post(
            URL,
            json.dumps({"actions": queue}),
            content_type="application/json",
            headers={"X-CSRFToken": token},
        )
    assert [r["outcome"] for r in answer.json()["results"]] == ["applied"] * 3, answer.content
    reads = [q["sql"] for q in captured.captured_queries if q["sql"].startswith("SELECT")]
    assert sum('FROM "django_session"' in sql for sql in reads) == 1
    assert sum('FROM "auth_user"' in sql for sql in reads) == 1
    assert set(ActionLog.objects.filter(kind="bust").values_list("by_id", flat=True)) == {
        floor_user.pk
    }
