"""The forecast line on the director's pages and its staff part ``forecast``
(README "Finish on time: where it shows"). Time moves by patching ``now``."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from clock.services.finish import clock_words, forecast_line, time_text
from screens.live_data import parts_data
from tests.clock.clock_scenarios import T0, FakeClock, drawn_with_club_structure
from tests.tournament.test_pages import signed_in
from tournament import changes
from tournament.models import Entry, Tournament

ENGLISH = "{hour12}:{minute} {ampm}"
GERMAN = "{hour}:{minute}"


@pytest.fixture
def fake_now(monkeypatch) -> FakeClock:
    return FakeClock(monkeypatch, T0)


def test_times_read_as_the_room_clock_in_each_language(settings):
    settings.TIME_ZONE = "Europe/Berlin"
    after_midnight = clock_words(datetime(2026, 11, 27, 23, 20, tzinfo=UTC))  # 0:20 in Berlin
    evening = clock_words(datetime(2026, 11, 27, 22, 40, tzinfo=UTC))
    assert time_text(after_midnight, GERMAN) == "0:20"
    assert time_text(after_midnight, ENGLISH) == "12:20 am"
    assert time_text(evening, GERMAN) == "23:40"
    assert time_text(evening, ENGLISH) == "11:40 pm"


def test_no_line_before_the_clock_starts(api, tournament, director, fake_now):
    assert forecast_line(Tournament.objects.get(pk=tournament["id"])) is None
    page = signed_in(director, "de").get(f"/tournaments/{tournament['id']}/clock/")
    assert 'id="forecast-line" aria-live="polite" hidden></p>' in page.content.decode()


def test_the_line_is_drawn_on_first_paint_in_the_readers_language(
    api, tournament, director, fake_now
):
    drawn_with_club_structure(api, tournament)
    tid = tournament["id"]
    line = forecast_line(Tournament.objects.get(pk=tid))
    assert line is not None
    german = signed_in(director, "de").get(f"/tournaments/{tid}/").content.decode()
    words = line["clock"]
    expected = "Ende ca. {}, zwischen {} und {}".format(
        *(time_text(words[k], GERMAN) for k in ("predicted", "earliest", "latest"))
    )
    assert expected in german
    english = signed_in(director, "en").get(f"/tournaments/{tid}/clock/").content.decode()
    assert "Ends about {}, between".format(time_text(words["predicted"], ENGLISH)) in english


def test_the_part_moves_with_the_busts_and_is_staff_only(api, tournament, fake_now):
    drawn_with_club_structure(api, tournament)
    t = Tournament.objects.get(pk=tournament["id"])
    floor, public = parts_data(t, {changes.FORECAST})
    assert changes.FORECAST not in public
    before = floor[changes.FORECAST]
    players = Entry.objects.filter(tournament=t).order_by("pk")[:8]
    for player in players:
        assert api.post(f"/entries/{player.pk}/bust", {}).status_code < 300
        after = parts_data(t, {changes.FORECAST})[0][changes.FORECAST]
        if after["predicted_end"] != before["predicted_end"]:
            break
    assert after["players_left"] < before["players_left"]
    assert after["predicted_end"] < before["predicted_end"]
