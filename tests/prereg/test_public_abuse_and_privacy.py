"""The public forms are throttled and no public answer carries contact data (README
"Pre-registration and the schedule")."""

from __future__ import annotations

import json

from django.test import Client

from prereg.models import PreRegistration
from tests.prereg.conftest import listed_tournament
from tournament.models import ActionLog


def test_fifty_from_one_address_within_a_minute_are_throttled_and_change_nothing(
    api, anonymous_api, settings
):
    tid = listed_tournament(api, capacity=100)["id"]
    url = f"/tournaments/{tid}/pre-registrations"
    answers = [anonymous_api.post(url, {"name": f"Bot {n:02d}"}) for n in range(50)]
    allowed = settings.PREREG_PER_ADDRESS
    assert [a.status_code for a in answers] == [201] * allowed + [429] * (50 - allowed)
    assert PreRegistration.objects.filter(tournament_id=tid).count() == allowed
    assert ActionLog.objects.filter(tournament_id=tid, kind="pre_registered").count() == allowed
    refused = anonymous_api.client.post(
        f"/api/v1{url}",
        data=json.dumps({"name": "Bot 99"}),
        content_type="application/json",
        HTTP_ACCEPT_LANGUAGE="de",
    )
    assert refused.status_code == 429
    assert "Zu viele Anfragen" in refused.json()["detail"]
    # Another address is still welcome.
    other = Client(REMOTE_ADDR="10.0.0.7").post(
        f"/api/v1{url}", data=json.dumps({"name": "Real Player"}), content_type="application/json"
    )
    assert other.status_code == 201


def test_the_tournament_count_stops_a_flood_from_many_addresses(api, settings):
    settings.PREREG_PER_TOURNAMENT = 5
    tid = listed_tournament(api, capacity=100)["id"]
    codes = [
        Client(REMOTE_ADDR=f"10.0.1.{n}")
        .post(
            f"/api/v1/tournaments/{tid}/pre-registrations",
            data=json.dumps({"name": f"Player {n:02d}"}),
            content_type="application/json",
        )
        .status_code
        for n in range(8)
    ]
    assert codes == [201] * 5 + [429] * 3


def _keys(value) -> set[str]:
    if isinstance(value, dict):
        return set(value) | {k for v in value.values() for k in _keys(v)}
    if isinstance(value, list):
        return {k for v in value for k in _keys(v)}
    return set()


SECRETS = ("+49 170 9998887", "anna@example.org", "1709998887")


def test_no_public_answer_carries_phone_email_or_notes(api, anonymous_api, settings):
    settings.PREREG_PER_ADDRESS = 100
    tid = listed_tournament(api, capacity=1)["id"]
    url = f"/tournaments/{tid}/pre-registrations"
    contact = {"phone": SECRETS[0], "email": SECRETS[1], "consent": True}
    mine = anonymous_api.post(url, {"name": "Anna Berg", **contact})
    other = anonymous_api.post(url, {"name": "Ben Cohn", **contact})
    token, other_token = mine.json()["token"], other.json()["token"]
    answers = [
        mine,
        other,
        anonymous_api.get("/schedule"),
        anonymous_api.get(f"/pre-registrations/{token}"),
        anonymous_api.get(f"/pre-registrations/{other_token}"),
        anonymous_api.delete(f"/pre-registrations/{token}"),
        anonymous_api.get(f"/pre-registrations/{other_token}"),
        anonymous_api.post(url, {"name": "x"}),
    ]
    client = Client()
    pages = [
        client.get("/schedule/"),
        client.get("/schedule/?lang=de"),
        client.get("/schedule/print/"),
        client.get(f"/schedule/{tid}/"),
        client.get(f"/schedule/{tid}/?lang=de"),
        client.get(f"/pre-registration/{other_token}/"),
        client.get(f"/pre-registration/{token}/"),
        client.post(
            f"/schedule/{tid}/", {"name": "Cara Dorn", "phone": SECRETS[0], "consent": "on"}
        ),
        client.post(f"/schedule/{tid}/", {"name": "x"}),
    ]
    for answer in answers + pages:
        assert answer.status_code < 500
        body = answer.content.decode()
        for secret in SECRETS:
            assert secret not in body, (answer, secret)
        if answer["Content-Type"].startswith("application/json"):
            assert not _keys(answer.json()) & {"email", "phone", "notes", "consent"}
    assert any(p.status_code == 200 and "Ben Cohn" in p.content.decode() for p in pages)
