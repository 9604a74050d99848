"""The screens in a real browser (Debian's chromium via Playwright) against a
real daphne server with a file SQLite database.

Screenshots of the display board, the table view and the lobby in English and
German go to var/screenshots/.
"""

from __future__ import annotations

import re
import time
from pathlib import Path

import pytest
from browser_support import CHROMIUM
from conftest import ROOT, assert_private_data_absent, drawn_tournament_site

playwright_sync = pytest.importorskip("playwright.sync_api")
expect = playwright_sync.expect

PASSWORD = "pw-dora-browser"
SHOTS = ROOT / "var" / "screenshots"
TV = {"width": 1920, "height": 1080}
PHONE = {"width": 390, "height": 844}

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(not Path(CHROMIUM).exists(), reason="needs Debian's chromium"),
]


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    with drawn_tournament_site(tmp_path_factory.mktemp("screens-browser"), PASSWORD) as site:
        yield site


@pytest.fixture
def tv(browser):
    context = browser.new_context(viewport=TV)
    yield context
    context.close()


def online(page) -> None:
    page.wait_for_function("() => window.Screen && Screen.connection.online", timeout=10_000)


def entries(site) -> list[dict]:
    return site.server.api("GET", f"/tournaments/{site.id}/entries", site.token)


def seated(site) -> list[dict]:
    return [e for e in entries(site) if e["status"] == "seated"]


def test_display_board_shows_a_bust_within_a_second(site, tv):
    page = tv.new_page()
    requests: list[str] = []
    page.on("request", lambda request: requests.append(request.url))
    page.goto(f"{site.server.url}/display/{site.id}/?layout=payouts&lang=en")
    online(page)
    players = page.locator(".tile-players .t-players")
    before = len(seated(site))
    expect(players).to_have_text(f"{before} of 8")
    victim = seated(site)[-1]

    started = time.monotonic()
    site.server.api("POST", f"/entries/{victim['id']}/bust", site.token, {})
    expect(players).to_have_text(f"{before - 1} of 8", timeout=1000)
    assert time.monotonic() - started < 1.0

    site.server.api(
        "POST",
        f"/tournaments/{site.id}/announcements",
        site.token,
        {"text": "Dinner break after level 4"},
    )
    expect(page.locator(".tile-announcements .t-announcement")).to_have_text(
        "Dinner break after level 4"
    )
    assert all(url.startswith(site.server.url) for url in requests), requests
    assert_private_data_absent(page.content())


def test_display_board_weighs_under_300_kb_in_the_browser(site, tv):
    page = tv.new_page()
    sizes: dict[str, int] = {}

    def count(response) -> None:
        body = response.body() if response.request.resource_type != "websocket" else b""
        sizes[response.url] = len(body)

    page.on("response", count)
    page.goto(f"{site.server.url}/display/{site.id}/?layout=seats&lang=de")
    online(page)
    total = sum(sizes.values())
    print(f"display board page weight: {total} bytes over {len(sizes)} responses")
    assert total < 300 * 1024
    assert all(url.startswith(site.server.url) for url in sizes)


def test_two_display_boards_count_down_the_same_second(site, browser):
    left = browser.new_context(viewport=TV).new_page()
    right = browser.new_context(viewport=TV).new_page()
    left.goto(f"{site.server.url}/display/{site.id}/?layout=clock&lang=en")
    right.goto(f"{site.server.url}/display/{site.id}/?layout=payouts&lang=de")
    online(left)
    online(right)
    clock = re.compile(r"^\d{1,2}:\d\d$")
    expect(left.locator(".tile-clock .t-time")).to_have_text(clock)

    def seconds(text: str) -> int:
        minutes, secs = text.split(":")
        return int(minutes) * 60 + int(secs)

    # Each board redraws its clock every 200 ms: read at a second's turn, one
    # may still show the second before. They never differ by more, and most
    # readings agree exactly.
    agreed = 0
    for _ in range(5):
        first = left.locator(".tile-clock .t-time").inner_text()
        other = right.locator(".tile-clock .t-time").inner_text()
        then = left.locator(".tile-clock .t-time").inner_text()
        assert min(abs(seconds(other) - seconds(t)) for t in (first, then)) <= 1, (
            first,
            other,
            then,
        )
        agreed += other in (first, then)
        left.wait_for_timeout(330)
    assert agreed >= 3, agreed
    expect(left.locator(".tile-clock .t-time")).not_to_have_text(first, timeout=3000)  # it counts
    expect(right.locator(".tile-blinds .t-blinds")).to_have_text("100 / 200")
    left.context.close()
    right.context.close()


def test_a_display_that_sees_a_version_gap_fetches_a_fresh_snapshot(site, tv):
    page = tv.new_page()
    page.goto(f"{site.server.url}/display/{site.id}/")
    online(page)
    players = page.locator(".tile-players .t-players")
    truth = players.inner_text()
    page.evaluate(
        """() => Screen.connection.receive({type: "bust", version: Screen.connection.version + 3,
                 summary: {...Screen.state().summary, remaining: 99}})"""
    )
    expect(players).to_have_text(truth, timeout=3000)


def test_lobby_seat_finder_finds_a_player_on_a_phone(site, browser):
    context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
    page = context.new_page()
    page.goto(f"{site.server.url}/lobby/{site.id}/?lang=en")
    online(page)
    fritz = next(e for e in entries(site) if e["name"] == "Fritz Müller")
    page.locator("#seat-query").fill("fri")
    result = page.locator("#seat-results li").first
    expect(result).to_contain_text("Fritz M.")
    expect(result).to_contain_text(f"Table {fritz['table']} · Seat {fritz['seat']}")
    page.locator("#seat-query").fill("nobody here")
    expect(page.locator("#seat-results li").first).to_have_text("No player found.")
    assert_private_data_absent(page.content())
    context.close()


def test_screenshots_of_display_table_view_and_lobby_in_english_and_german(site, browser):
    SHOTS.mkdir(parents=True, exist_ok=True)
    table_id = site.server.api("GET", f"/tournaments/{site.id}/tables", site.token)[0]["id"]
    for lang, locale in (("en", "en-GB"), ("de", "de-DE")):
        context = browser.new_context(viewport=TV, locale=locale)
        page = context.new_page()
        page.goto(f"{site.server.url}/display/{site.id}/?layout=payouts&lang={lang}")
        online(page)
        page.screenshot(path=str(SHOTS / f"display-{lang}.png"))
        page.goto(f"{site.server.url}/display/{site.id}/?layout=seats&lang={lang}")
        online(page)
        page.screenshot(path=str(SHOTS / f"display-seats-{lang}.png"))

        page.goto(f"{site.server.url}/login/?next=/tables/{table_id}/view/")
        page.locator("input[name=username]").fill("dora")
        page.locator("input[name=password]").fill(PASSWORD)
        page.locator("main button.primary").click()
        page.wait_for_url(f"**/tables/{table_id}/view/")
        page.set_viewport_size({"width": 1180, "height": 820})  # a tablet lying at the table
        page.wait_for_function(
            "() => !document.querySelector('[data-live-status]') || "
            "document.querySelector('[data-live-status]').hidden"
        )
        page.locator("[data-action=floor-call]").click()
        called = "The floor has been called." if lang == "en" else "Der Floor wurde gerufen."
        expect(page.locator("#tv-feedback")).to_have_text(called)
        page.screenshot(path=str(SHOTS / f"table-view-{lang}.png"), full_page=True)
        context.close()

        phone = browser.new_context(viewport=PHONE, is_mobile=True, locale=locale)
        lobby = phone.new_page()
        lobby.goto(f"{site.server.url}/lobby/{site.id}/?lang={lang}")
        online(lobby)
        lobby.locator("#seat-query").fill("an")
        expect(lobby.locator("#seat-results li").first).to_be_visible()
        lobby.screenshot(path=str(SHOTS / f"lobby-{lang}.png"), full_page=True)
        phone.close()
    assert len(list(SHOTS.glob("*.png"))) >= 8


def test_a_display_shows_it_is_offline_keeps_counting_and_resynchronises(site, tv):
    page = tv.new_page()
    page.goto(f"{site.server.url}/display/{site.id}/?lang=en")
    online(page)
    status = page.locator("[data-live-status]")
    expect(status).to_be_hidden()
    site.server.stop()
    try:
        expect(status).to_be_visible(timeout=5000)
        counting = page.locator(".tile-clock .t-time").inner_text()
        expect(page.locator(".tile-clock .t-time")).not_to_have_text(counting, timeout=3000)
    finally:
        site.server.start()  # same port: the page finds it again by itself
    expect(status).to_be_hidden(timeout=30_000)
    before = page.locator(".tile-players .t-players").inner_text()
    remaining = int(before.split()[0])
    victim = seated(site)[-1]
    site.server.api("POST", f"/entries/{victim['id']}/bust", site.token, {})
    expect(page.locator(".tile-players .t-players")).to_have_text(
        f"{remaining - 1} of 8", timeout=2000
    )
