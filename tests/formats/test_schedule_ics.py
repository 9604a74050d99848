"""The public schedule as an iCal feed (README "Pre-registration and the schedule",
"Results out: formats"): one event per listed tournament to come, as a calendar
program reads it; off with the room's public schedule."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
from django.http import Http404
from django.test import Client
from django.utils import timezone

from formats.selectors import finished_tournament
from tests.prereg.conftest import listed_tournament
from tournament.models import RoomSettings

pytestmark = pytest.mark.django_db


def events(text: str) -> list[dict[str, str]]:
    """The VEVENTs as a calendar program reads them: unfolded, name -> value."""
    found, current = [], None
    for line in text.replace("\r\n ", "").split("\r\n"):
        if line == "BEGIN:VEVENT":
            current = {}
        elif line == "END:VEVENT":
            found.append(current)
            current = None
        elif current is not None and ":" in line:
            name, value = line.split(":", 1)
            current[name] = value
    return found


def test_the_feed_lists_the_listed_tournaments_to_come(api):
    made = listed_tournament(api, hours=26, name="Freitag; Deepstack, Köln")
    api.post("/tournaments", {"name": "Not listed", "starts_at": timezone.now().isoformat()})
    response = Client().get("/schedule.ics")
    assert response.status_code == 200
    assert response["Content-Type"] == "text/calendar; charset=utf-8"
    text = response.content.decode("utf-8")
    assert "\r\n" in text and "\n" not in text.replace("\r\n", "")
    (event,) = events(text)
    assert event["SUMMARY"] == "Freitag\\; Deepstack\\, Köln"
    assert event["UID"].startswith(f"tournament-{made['id']}@")
    starts = datetime.strptime(event["DTSTART"], "%Y%m%dT%H%M%SZ").replace(tzinfo=UTC)
    assert abs(starts - (timezone.now() + timedelta(hours=26))) < timedelta(minutes=5)
    assert event["DTSTAMP"].endswith("Z")
    assert event["URL"].endswith(f"/schedule/{made['id']}/")


def test_the_feed_is_gone_while_the_room_keeps_its_schedule_off(api):
    listed_tournament(api)
    RoomSettings.objects.update_or_create(pk=1, defaults={"public_schedule": False})
    assert Client().get("/schedule.ics").status_code == 404


def test_a_tournament_not_finished_has_no_share_image(api):
    made = listed_tournament(api)
    assert Client().get(f"/api/public/v1/tournaments/{made['id']}/image.png").status_code == 404
    with pytest.raises(Http404):
        finished_tournament(made["id"])
