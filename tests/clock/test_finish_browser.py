"""The hard stop's warning in a real browser at the desk laptop (1366x768), in
German (README "Finish on time: hard stop"): the proposals show with the
forecast each gives, one applied by its button puts the end before the stop,
and the box follows the state without a reload. Screenshots go to
var/screenshots/finish-*.png."""

from __future__ import annotations

import re
from datetime import datetime, timedelta
from pathlib import Path

import pytest
from browser_support import CHROMIUM, VIEWPORTS, director_site, message, shooter, sign_in, submit

playwright_sync = pytest.importorskip("playwright.sync_api")
expect = playwright_sync.expect

PASSWORD = "pw-dora-finish"
PLAYERS = 30
shot = shooter("finish-", full_page=True)

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(not Path(CHROMIUM).exists(), reason="needs Debian's chromium"),
]


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    with director_site(tmp_path_factory.mktemp("finish"), PASSWORD) as site:
        yield site


def running_tournament(server, token) -> int:
    """30 players drawn, the club template's levels, the clock running."""
    body = {"name": "Freitagsturnier", "starting_stack": 15000, "buy_in": "30", "fee": "5"}
    tid = server.api("POST", "/tournaments", token, body)["id"]
    server.api("POST", f"/tournaments/{tid}/tables", token, {"count": 4, "seats": 9})
    for n in range(PLAYERS):
        server.api("POST", f"/tournaments/{tid}/entries", token, {"name": f"Spieler {n + 1}"})
    server.api("POST", f"/tournaments/{tid}/draw", token)
    server.api("POST", f"/tournaments/{tid}/structure/template", token, {"template": "club20"})
    server.api("POST", f"/tournaments/{tid}/clock/start", token)
    return tid


def hard_stop_short_of_the_forecast(server, token, tid: int, minutes: int) -> dict:
    """The hard stop ``minutes`` before the forecast's latest end; the warning then."""
    far = {"hard_stop": "2100-01-01T00:00:00+00:00"}
    server.api("PATCH", f"/tournaments/{tid}", token, far)
    warning = server.api("GET", f"/tournaments/{tid}/forecast/proposals", token)
    latest = datetime.fromisoformat(warning["forecast"]["latest"])
    stop = {"hard_stop": (latest - timedelta(minutes=minutes)).isoformat()}
    server.api("PATCH", f"/tournaments/{tid}", token, stop)
    return server.api("GET", f"/tournaments/{tid}/forecast/proposals", token)


def test_the_director_sees_the_proposals_and_applies_one(site, browser):
    server, token = site.server, site.token
    tid = running_tournament(server, token)
    warning = hard_stop_short_of_the_forecast(server, token, tid, minutes=60)
    assert warning["late"] and warning["proposals"]

    context = browser.new_context(viewport=VIEWPORTS["laptop"], locale="de-DE")
    context.add_cookies([{"name": "django_language", "value": "de", "url": server.url}])
    page = context.new_page()
    sign_in(page, server.url, "dora", PASSWORD)
    page.goto(f"{server.url}/tournaments/{tid}/clock/")
    box = page.locator("#finish-warning")
    expect(box.locator("h2")).to_have_text(f"Spätestens Schluss {warning['hard_stop_text']}")
    expect(box.locator("p.error")).to_contain_text("liegt nach dem spätesten Schluss")
    first = warning["proposals"][0]
    row = box.locator(f"li[data-proposal='{first['id']}']")
    expect(row).to_contain_text("Ende ca. ")
    # The proposal's end as the API gave it a moment before, to the minute.
    shown_end = re.search(r"Ende ca\. (\d{1,2}:\d\d)", row.inner_text())
    assert shown_end, row.inner_text()
    api_end = minute_of_day(first["forecast"]["predicted_end_text"])
    apart = abs(minute_of_day(shown_end.group(1)) - api_end)
    assert min(apart, 24 * 60 - apart) <= 1
    expect(row.get_by_role("button", name="Übernehmen")).to_be_visible()
    shot(page, "warning-de-laptop")

    submit(page, row.get_by_role("button", name="Übernehmen"))
    expect(message(page)).to_have_text("Vorschlag übernommen: Die Struktur ist geändert.")
    expect(box.locator("p.error")).to_have_count(0)
    expect(box.locator("[data-role=forecast]")).to_contain_text("Prognose: Ende ca.")
    after = server.api("GET", f"/tournaments/{tid}/forecast/proposals", token)
    assert after["late"] is False
    assert datetime.fromisoformat(after["forecast"]["predicted_end"]) < datetime.fromisoformat(
        after["hard_stop"]
    )
    shot(page, "applied-de-laptop")

    # The box follows without a reload: a stop set earlier brings the warning back.
    page.evaluate("() => { window.__same_page = true; }")
    again = hard_stop_short_of_the_forecast(server, token, tid, minutes=30)
    expect(box.locator("h2")).to_have_text(f"Spätestens Schluss {again['hard_stop_text']}")
    expect(box.locator("p.error")).to_be_visible()
    assert page.evaluate("() => window.__same_page === true")
    shot(page, "live-again-de-laptop")
    context.close()


def forecast_ends(server, token, tid: int) -> tuple[datetime, ...]:
    """The API forecast's predicted, earliest and latest end, in the room's time zone."""
    from zoneinfo import ZoneInfo

    found = server.api("GET", f"/tournaments/{tid}/forecast", token)
    room = ZoneInfo("Europe/Berlin")
    keys = ("predicted_end", "earliest", "latest")
    return tuple(datetime.fromisoformat(found[key]).astimezone(room) for key in keys)


TOLERANCE_MINUTES = 3
# A bust must move the forecast further than the tolerance either way, so the
# moved line cannot be the old one.
MOVED_MINUTES = 2 * TOLERANCE_MINUTES + 1


def clock_text(at: datetime, english: bool) -> str:
    if english:
        return f"{at.hour % 12 or 12}:{at.minute:02d} {'am' if at.hour < 12 else 'pm'}"
    return f"{at.hour}:{at.minute:02d}"


def minute_of_day(shown: str) -> int:
    """23:40 as minutes after midnight."""
    hours, minutes = shown.split(":")
    return int(hours) * 60 + int(minutes[:2])


def line_near_the_api(readings: list[tuple[datetime, ...]], english: bool) -> re.Pattern[str]:
    """The line with each of its three times the API's (read around the page's own
    reading) within TOLERANCE_MINUTES: the forecast runs from the wall clock, so a
    minute may turn between two readings, and on a machine loaded by both CI
    suites the page's reading was seen two minutes from the API's. Playwright
    waits until the page draws such a line (after a bust: the last message)."""
    times = []
    for position in range(3):
        moments = [reading[position] for reading in readings]
        low = (min(moments) - timedelta(minutes=TOLERANCE_MINUTES)).replace(second=0, microsecond=0)
        high = max(moments) + timedelta(minutes=TOLERANCE_MINUTES)
        shown = []
        while low <= high:
            shown.append(re.escape(clock_text(low, english)))
            low += timedelta(minutes=1)
        times.append("(?:" + "|".join(shown) + ")")
    if english:
        return re.compile("^Ends about {}, between {} and {}$".format(*times))
    return re.compile("^Ende ca\\. {}, zwischen {} und {}$".format(*times))


@pytest.mark.parametrize("language", ["de", "en"])
def test_the_forecast_line_shows_and_moves_after_a_bust(site, browser, language):
    server, token = site.server, site.token
    tid = running_tournament(server, token)
    english = language == "en"
    context = browser.new_context(
        viewport=VIEWPORTS["laptop"], locale="en-GB" if english else "de-DE"
    )
    context.add_cookies([{"name": "django_language", "value": language, "url": server.url}])
    page = context.new_page()
    sign_in(page, server.url, "dora", PASSWORD)
    clock_page = context.new_page()
    # The forecast runs from the wall clock: read it either side of the pages'
    # first paint.
    around = [forecast_ends(server, token, tid)]
    clock_page.goto(f"{server.url}/tournaments/{tid}/clock/")
    page.goto(f"{server.url}/tournaments/{tid}/")
    around.append(forecast_ends(server, token, tid))
    for screen in (page, clock_page):
        expect(screen.locator("#forecast-line")).to_have_text(line_near_the_api(around, english))
        # No hard stop: the line alone, no warning.
        expect(screen.locator("#finish-warning")).to_be_hidden()
    shot(page, f"line-overview-{language}-laptop")
    shot(clock_page, f"line-clock-{language}-laptop")

    # Busts through the API until the forecast moves: both pages follow without
    # a reload.
    page.evaluate("() => { window.__same_page = true; }")
    shown = page.locator("#forecast-line").inner_text()
    players = server.api("GET", f"/tournaments/{tid}/entries", token)
    at_load = around[-1][0]
    for player in players[:20]:
        server.api("POST", f"/entries/{player['id']}/bust", token, {})
        after = forecast_ends(server, token, tid)
        if abs(after[0] - at_load) >= timedelta(minutes=MOVED_MINUTES):
            break
    else:
        pytest.fail(f"twenty busts did not move the forecast by {MOVED_MINUTES} minutes: {after}")
    near_the_last = line_near_the_api([after, forecast_ends(server, token, tid)], english)
    for screen in (page, clock_page):
        # The last bust's message drawn (the tolerance keeps the line at load out).
        expect(screen.locator("#forecast-line")).to_have_text(near_the_last)
        assert screen.locator("#forecast-line").inner_text() != shown
    assert page.evaluate("() => window.__same_page === true")
    shot(page, f"line-after-bust-overview-{language}-laptop")
    shot(clock_page, f"line-after-bust-clock-{language}-laptop")
    context.close()
