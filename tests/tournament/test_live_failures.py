"""A broken way out to the screens never breaks a floor action."""

from __future__ import annotations

from unittest import mock

import pytest
from django.test import Client

pytestmark = pytest.mark.django_db


def test_a_dead_channel_layer_is_logged_and_the_registration_still_succeeds(
    api, tournament, django_capture_on_commit_callbacks, caplog
):
    broken = mock.Mock(side_effect=ConnectionError("redis is gone"))
    with (
        mock.patch("screens.fanout.publish", broken),
        mock.patch("screens.live.get_channel_layer", side_effect=ConnectionError("gone")),
        django_capture_on_commit_callbacks(execute=True),
    ):
        response = api.post(f"/tournaments/{tournament['id']}/entries", {"name": "Paul Meier"})
    assert response.status_code == 201
    assert api.get(f"/tournaments/{tournament['id']}").json()["entries"] == 1
    assert "could not send" in caplog.text


def test_with_redis_configured_a_message_is_one_publish_serialised_once(settings):
    from screens import live

    settings.REDIS_URL = "redis://127.0.0.1:6379/0"
    with mock.patch("screens.fanout.publish") as publish:
        live.send_now(7, live.DISPLAY, {"type": "bust", "version": 3, "amount": "1.50"})
    publish.assert_called_once()
    group, text = publish.call_args.args
    assert group == "tournament-7-display"
    assert text == '{"type": "bust", "version": 3, "amount": "1.50"}'


def test_health_reports_live_ok_on_the_embedded_default(db, settings):
    settings.REDIS_URL = None
    assert Client().get("/healthz").json() == {"ok": True, "live": "ok"}
