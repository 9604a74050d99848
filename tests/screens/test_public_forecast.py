"""The forecast end on the public screens and the schedule (README "Finish on
time: where it shows"): only while the room shows it (off by default), then in
the public snapshot and in every message after a bust, level or break; the room
switching it on or off tells the running tournaments' public screens at once.
Time moves by patching ``now``."""

from __future__ import annotations

import json
import re
from datetime import UTC

import pytest
from django.test import Client
from django.utils import timezone

from clock.services.finish import forecast_line, time_text
from screens import compose, live
from screens.snapshots import snapshot
from tests.clock.clock_scenarios import T0, FakeClock, drawn_with_club_structure
from tests.formats.test_schedule_ics import events
from tests.tournament.test_pages import signed_in
from tournament import changes
from tournament.models import Entry, RoomSettings, Tournament

pytestmark = pytest.mark.django_db


@pytest.fixture
def fake_now(monkeypatch) -> FakeClock:
    return FakeClock(monkeypatch, T0)


@pytest.fixture
def sent(monkeypatch) -> list[tuple[dict, dict]]:
    """Every message the screens layer builds after a commit: (floor, public)."""
    messages: list[tuple[dict, dict]] = []

    def keep(change: changes.Change) -> None:
        built = compose.messages(change)
        assert built is not None
        messages.append(built)

    monkeypatch.setattr(changes, "_composer", [keep])
    return messages


@pytest.fixture
def running(api, tournament, fake_now) -> Tournament:
    drawn_with_club_structure(api, tournament)
    return Tournament.objects.get(pk=tournament["id"])


def show_forecast(api, on: bool, capture) -> None:
    with capture(execute=True):
        answer = api.patch("/room", {"public_forecast": on})
    assert answer.status_code == 200, answer.content
    assert answer.json()["public_forecast"] is on


def bust_until_the_forecast_moves(api, t: Tournament, capture, sent) -> tuple[dict, dict]:
    """Busts one player after another until the forecast's end moves (it
    need not at every bust); the floor's and the public message of that bust."""
    before = forecast_line(t)
    assert before is not None
    for entry in Entry.objects.filter(tournament=t).order_by("pk")[:8]:
        with capture(execute=True):
            assert api.post(f"/entries/{entry.pk}/bust", {}).status_code < 300
        floor, public = sent[-1]
        assert floor["type"] == "bust"
        if floor[changes.FORECAST]["predicted_end"] != before["predicted_end"]:
            return floor, public
    raise AssertionError("eight busts never moved the forecast")


def test_off_by_default_the_public_gets_no_forecast_the_staff_do(
    api, running, sent, django_capture_on_commit_callbacks
):
    assert RoomSettings.current().public_forecast is False
    assert changes.FORECAST not in snapshot(running.pk, audience=live.DISPLAY)
    assert snapshot(running.pk, audience=live.FLOOR)[changes.FORECAST] is not None
    floor, public = bust_until_the_forecast_moves(
        api, running, django_capture_on_commit_callbacks, sent
    )
    assert floor[changes.FORECAST]["players_left"] < 30
    assert changes.FORECAST not in public
    assert "predicted_end" not in json.dumps(public, default=str)


def test_on_the_public_snapshot_and_every_bust_carry_the_forecast_as_the_staff_see_it(
    api, running, sent, django_capture_on_commit_callbacks
):
    show_forecast(api, True, django_capture_on_commit_callbacks)
    first = snapshot(running.pk, audience=live.DISPLAY)[changes.FORECAST]
    assert first == snapshot(running.pk, audience=live.FLOOR)[changes.FORECAST]
    assert set(first) == {"predicted_end", "earliest", "latest", "players_left", "clock"}
    floor, public = bust_until_the_forecast_moves(
        api, running, django_capture_on_commit_callbacks, sent
    )
    assert public[changes.FORECAST] == floor[changes.FORECAST]
    assert public[changes.FORECAST]["predicted_end"] != first["predicted_end"]
    assert public[changes.FORECAST]["players_left"] < first["players_left"]


def test_switching_it_tells_the_running_tournaments_public_screens_at_once(
    api, running, sent, django_capture_on_commit_callbacks
):
    show_forecast(api, True, django_capture_on_commit_callbacks)
    floor, public = sent[-1]
    assert public["type"] == "public_forecast"
    assert public[changes.FORECAST] == forecast_line(running)
    assert public["version"] == floor["version"] == running.version + 1
    # Off again: the screens drop the line they show (null, never the forecast).
    show_forecast(api, False, django_capture_on_commit_callbacks)
    _floor, public = sent[-1]
    assert public[changes.FORECAST] is None
    assert changes.FORECAST not in snapshot(running.pk, audience=live.DISPLAY)
    # Saved unchanged: nothing to tell.
    count = len(sent)
    show_forecast(api, False, django_capture_on_commit_callbacks)
    assert len(sent) == count


def forecast_on_page(html: str) -> str | None:
    found = re.search(r'<span class="t-forecast">([^<]*)</span>', html)
    return found.group(1) if found else None


def test_the_schedule_shows_a_running_tournaments_end_only_while_the_room_shows_it(
    api, running, django_capture_on_commit_callbacks
):
    Tournament.objects.filter(pk=running.pk).update(listed=True)
    public = Client()
    for path in ("/schedule/", f"/schedule/{running.pk}/"):
        html = public.get(path, {"lang": "de"}).content.decode()
        assert forecast_on_page(html) is None, path
        assert "screen-config" not in html
    show_forecast(api, True, django_capture_on_commit_callbacks)
    words = forecast_line(running)["clock"]  # type: ignore[index]
    german = "Ende ca. {}, zwischen {} und {}".format(
        *(time_text(words[k], "{hour}:{minute}") for k in ("predicted", "earliest", "latest"))
    )
    english = "Ends about {}, between {} and {}".format(
        *(
            time_text(words[k], "{hour12}:{minute} {ampm}")
            for k in ("predicted", "earliest", "latest")
        )
    )
    for path in ("/schedule/", f"/schedule/{running.pk}/"):
        html = public.get(path, {"lang": "de"}).content.decode()
        assert forecast_on_page(html) == german, path
        # The page follows the tournament's public socket, worded in its language.
        config = re.search(r'id="screen-config" type="application/json">(.*?)</script>', html)
        assert config and json.loads(config.group(1))["tournaments"] == [running.pk]
        assert '"forecast": "Ende ca. {predicted}, zwischen {earliest} und {latest}"' in html
        html = public.get(path, {"lang": "en"}).content.decode()
        assert forecast_on_page(html) == english, path


def test_the_room_settings_page_switches_it_in_german(director):
    page = signed_in(director, "de")
    html = page.get("/room/").content.decode()
    assert "Prognose des Endes auf den öffentlichen Bildschirmen" in html
    assert 'name="public_forecast"' in html
    form = {
        "name": "Casino",
        "retention_months": "24",
        "public_schedule": "on",
        "cash_shifts": "on",
        "public_forecast": "on",
    }
    assert page.post("/room/", form).status_code == 302
    assert RoomSettings.current().public_forecast is True


def test_the_calendar_ends_a_running_tournament_at_its_forecast_only_while_shown(
    api, running, django_capture_on_commit_callbacks
):
    Tournament.objects.filter(pk=running.pk).update(listed=True, starts_at=timezone.now())
    (event,) = events(Client().get("/schedule.ics").content.decode())
    assert "DTEND" not in event
    show_forecast(api, True, django_capture_on_commit_callbacks)
    (event,) = events(Client().get("/schedule.ics").content.decode())
    predicted = forecast_line(running)["predicted_end"]  # type: ignore[index]
    assert event["DTEND"] == predicted.astimezone(UTC).strftime("%Y%m%dT%H%M%SZ")


def test_a_layout_places_the_forecast_in_a_tile_of_its_own(api, running):
    tile = {"kind": "forecast", "x": 0, "y": 0, "w": 12, "h": 2}
    created = api.post("/layouts", {"name": "Ende", "tiles": [tile]})
    assert created.status_code == 201, created.content
    html = Client().get(f"/display/{running.pk}/", {"layout": created.json()["id"]})
    assert '<section class="tile tile-forecast" data-kind="forecast"' in html.content.decode()
    assert '<div class="t-forecast" hidden></div>' in html.content.decode()
