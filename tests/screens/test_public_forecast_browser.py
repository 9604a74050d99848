"""The forecast end on the public screens in a real browser (README "Finish on
time: where it shows"): the board and the lobby at the TV (1920x1080), the
schedule and the tournament's schedule page at the phone (390x844), in German
and English. Off (the room's default) no screen shows it; switched on, each
shows it without a reload, and it moves after a bust without one. The forecast
runs from the wall clock and is not monotone in it: each time shown is compared
with GET .../forecast to the minute, one minute either way. Screenshots go to
var/screenshots/forecast-public-*.png."""

from __future__ import annotations

import json
import re
import urllib.request
from datetime import datetime
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest
from browser_support import CHROMIUM, VIEWPORTS, director_site, shooter

from tests.clock.test_finish_browser import running_tournament

playwright_sync = pytest.importorskip("playwright.sync_api")
expect = playwright_sync.expect

PASSWORD = "pw-dora-forecast"
ROOM = ZoneInfo("Europe/Berlin")
shot = shooter("forecast-public-")

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(not Path(CHROMIUM).exists(), reason="needs Debian's chromium"),
]

LINE = {
    "de": re.compile(r"^Ende ca\. (\d+:\d\d), zwischen (\d+:\d\d) und (\d+:\d\d)$"),
    "en": re.compile(
        r"^Ends about (\d+:\d\d [ap]m), between (\d+:\d\d [ap]m) and (\d+:\d\d [ap]m)$"
    ),
}


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    with director_site(tmp_path_factory.mktemp("forecast-public"), PASSWORD) as site:
        yield site


def listed_running_tournament(server, token) -> int:
    """The finish test's running tournament, listed on the public schedule."""
    tid = running_tournament(server, token)
    server.api("PATCH", f"/tournaments/{tid}", token, {"listed": True})
    return tid


def minute_of_day(text: str) -> int:
    """``23:40`` or ``11:40 pm`` as minutes after midnight."""
    clock, _space, half = text.partition(" ")
    hour, minute = (int(part) for part in clock.split(":"))
    if half:
        hour = hour % 12 + (12 if half == "pm" else 0)
    return hour * 60 + minute


def api_minutes(server, token, tid: int) -> list[int]:
    """The API's predicted end, earliest and latest as the room's clock shows them."""
    found = server.api("GET", f"/tournaments/{tid}/forecast", token)
    minutes = []
    for key in ("predicted_end", "earliest", "latest"):
        at = datetime.fromisoformat(found[key]).astimezone(ROOM)
        minutes.append(at.hour * 60 + at.minute)
    return minutes


def assert_as_the_api(text: str, language: str, server, token, tid: int) -> None:
    """The line in the reader's words, each time within a minute of the API's."""
    matched = LINE[language].match(text)
    assert matched, text
    shown = [minute_of_day(part) for part in matched.groups()]
    for seen, wanted in zip(shown, api_minutes(server, token, tid), strict=True):
        apart = abs(seen - wanted) % 1440
        assert min(apart, 1440 - apart) <= 1, (text, wanted)


def public_version(server, tid: int) -> int:
    """The version of the public screens' snapshot now (what a board polls)."""
    with urllib.request.urlopen(f"{server.url}/live/tournaments/{tid}/display") as answer:
        return json.loads(answer.read())["version"]


def drawn_at_the_last_version(line, server, tid: int) -> None:
    """The screen has drawn the latest message (its tile notes the version it drew)."""
    drawn = line.locator("xpath=ancestor-or-self::*[@data-kind][1]")
    expect(drawn).to_have_attribute("data-version", str(public_version(server, tid)))


def switch(server, token, on: bool) -> None:
    assert server.api("PATCH", "/room", token, {"public_forecast": on})["public_forecast"] is on


@pytest.mark.parametrize("language", ["de", "en"])
def test_the_board_lobby_and_schedule_show_the_end_and_follow_a_bust(site, browser, language):
    server, token = site.server, site.token
    switch(server, token, False)
    tid = listed_running_tournament(server, token)
    locale = "de-DE" if language == "de" else "en-GB"
    tv = browser.new_context(viewport=VIEWPORTS["tv"], locale=locale)
    phone = browser.new_context(viewport=VIEWPORTS["phone"], locale=locale, has_touch=True)
    board = tv.new_page()
    board.goto(f"{server.url}/display/{tid}/?lang={language}")
    lobby = tv.new_page()
    lobby.goto(f"{server.url}/lobby/{tid}/?lang={language}")
    schedule = phone.new_page()
    schedule.goto(f"{server.url}/schedule/?lang={language}")
    lines = {
        "board": board.locator(".tile-clock .t-forecast"),
        "lobby": lobby.locator("#d-forecast"),
    }
    pages = {"board": board, "lobby": lobby, "schedule": schedule}

    # Off, the room's default: the screens' clocks run, no forecast anywhere.
    expect(board.locator(".tile-clock .t-time")).not_to_have_text("–:––")
    for line in lines.values():
        expect(line).to_be_hidden()
    expect(schedule.locator(f"a[href^='/schedule/{tid}/']")).to_be_visible()
    assert schedule.locator(".t-forecast").count() == 0

    # Switched on: the board and the lobby show it without a reload.
    for page in (board, lobby):
        page.evaluate("() => { window.__same_page = true; }")
    switch(server, token, True)
    for line in lines.values():
        expect(line).to_have_text(LINE[language])
        assert_as_the_api(line.inner_text(), language, server, token, tid)
    # The schedule shows it from the next load, and follows it from then on.
    schedule.reload()
    lines["schedule"] = schedule.locator(f"[data-tournament='{tid}'] .t-forecast")
    expect(lines["schedule"]).to_have_text(LINE[language])
    assert_as_the_api(lines["schedule"].inner_text(), language, server, token, tid)
    schedule.evaluate("() => { window.__same_page = true; }")
    for name, page in pages.items():
        shot(page, f"{name}-{language}-{'phone' if name == 'schedule' else 'tv'}")

    # Busts until the board's line moves (not every bust moves it by a minute):
    # every screen follows without a reload, each as the API says then.
    shown = {name: line.inner_text() for name, line in lines.items()}
    players = server.api("GET", f"/tournaments/{tid}/entries", token)
    for player in players[:20]:
        server.api("POST", f"/entries/{player['id']}/bust", token, {})
        drawn_at_the_last_version(lines["board"], server, tid)
        if lines["board"].inner_text() != shown["board"]:
            break
    assert lines["board"].inner_text() != shown["board"], "20 busts never moved the forecast"
    expect(lines["lobby"]).not_to_have_text(shown["lobby"])  # drawn from the same messages
    for name, line in lines.items():
        drawn_at_the_last_version(line, server, tid)
        assert_as_the_api(line.inner_text(), language, server, token, tid)
        assert pages[name].evaluate("() => window.__same_page === true"), name
    for name, page in pages.items():
        shot(page, f"{name}-after-bust-{language}-{'phone' if name == 'schedule' else 'tv'}")

    # Off again: the board and the lobby drop it, still without a reload.
    switch(server, token, False)
    for name in ("board", "lobby"):
        expect(lines[name]).to_be_hidden()
    tv.close()
    phone.close()
