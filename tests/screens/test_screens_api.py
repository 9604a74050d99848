"""Director's announcements and floor calls through the API."""

from __future__ import annotations

import json

import pytest
from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from django.conf import settings

from screens import fanout, live
from tournament.models import ActionLog

pytestmark = pytest.mark.django_db


@pytest.fixture
def listen():
    """Listen to a tournament group where the app sends it; returns a receive function.

    With REDIS_URL (CI's production run) messages leave through Redis pub/sub
    (screens.fanout), else through the in-memory channel layer.
    """
    if fanout.enabled():
        import redis

        client = redis.Redis.from_url(settings.REDIS_URL)

        def subscribe_redis(tournament_id: int, audience: str):
            pubsub = client.pubsub()
            pubsub.subscribe(live.group_name(tournament_id, audience))
            assert pubsub.get_message(timeout=5)["type"] == "subscribe"

            def receive() -> dict:
                message = pubsub.get_message(timeout=5)
                assert message is not None, "no message within 5 s"
                return json.loads(message["data"])

            return receive

        yield subscribe_redis
        client.close()
        return

    layer = get_channel_layer()

    def subscribe(tournament_id: int, audience: str):
        channel = async_to_sync(layer.new_channel)()
        async_to_sync(layer.group_add)(live.group_name(tournament_id, audience), channel)

        def receive() -> dict:
            return async_to_sync(layer.receive)(channel)["message"]

        return receive

    yield subscribe


def test_a_director_announces_to_every_screen(
    api, tournament, listen, django_capture_on_commit_callbacks
):
    display = listen(tournament["id"], live.DISPLAY)
    floor = listen(tournament["id"], live.FLOOR)
    with django_capture_on_commit_callbacks(execute=True):
        response = api.post(
            f"/tournaments/{tournament['id']}/announcements", {"text": "Last hand before dinner"}
        )
    assert response.status_code == 201, response.content
    assert response.json()["text"] == "Last hand before dinner"
    for message in (display(), floor()):
        assert message["type"] == "announcement"
        assert message["kind"] == "director"
        assert message["announcements"][0]["text"] == "Last hand before dinner"
    assert ActionLog.objects.filter(kind="announcement").count() == 1


def test_announcements_need_a_director_and_some_text(api, floor_api, anonymous_api, tournament):
    path = f"/tournaments/{tournament['id']}/announcements"
    assert floor_api.post(path, {"text": "hi"}).status_code == 403
    assert anonymous_api.post(path, {"text": "hi"}).status_code == 401
    empty = api.post(path, {"text": "   "})
    assert empty.status_code == 422 and empty.json()["detail"]  # status: field error
    assert api.post(path, {"text": "x" * 281}).status_code == 422  # status: field error
    assert api.post(path, {}).status_code == 422
    assert api.post("/tournaments/987654/announcements", {"text": "hi"}).status_code == 404


def test_a_director_clears_the_announcement(api, tournament):
    path = f"/tournaments/{tournament['id']}/announcements"
    api.post(path, {"text": "Chip race at the break"})
    assert api.delete(path).status_code == 204
    assert ActionLog.objects.filter(kind="announcement_cleared").count() == 1


def test_a_floor_call_from_a_table_reaches_the_floor_group_only(
    api, floor_api, tournament, listen, django_capture_on_commit_callbacks
):
    table = api.post(f"/tournaments/{tournament['id']}/tables", {"count": 1, "seats": 9}).json()[0]
    display = listen(tournament["id"], live.DISPLAY)
    floor = listen(tournament["id"], live.FLOOR)
    with django_capture_on_commit_callbacks(execute=True):
        response = floor_api.post(f"/tables/{table['id']}/floor-call", {"reason": "misdeal"})
    assert response.status_code == 201, response.content
    staff = floor()
    assert staff["type"] == "floor_call"
    assert (staff["table"], staff["reason"], staff["by"]) == (table["number"], "misdeal", "fritz")
    assert display() == {"type": "version", "version": staff["version"]}


def test_a_floor_call_needs_staff_and_a_table(floor_api, desk_api, anonymous_api, api, tournament):
    table = api.post(f"/tournaments/{tournament['id']}/tables", {"count": 1, "seats": 9}).json()[0]
    assert anonymous_api.post(f"/tables/{table['id']}/floor-call").status_code == 401
    assert desk_api.post(f"/tables/{table['id']}/floor-call").status_code == 201
    assert floor_api.post("/tables/987654/floor-call").status_code == 404
