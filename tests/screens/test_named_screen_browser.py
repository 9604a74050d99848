"""A named screen in a real browser (README "Named screens"): created through
the API, opened once at 1920x1080, it follows its settings in place, reports
to the screens page, and sounds a level change once, not again after a reload.
Screenshots go to var/screenshots/."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from browser_support import CHROMIUM, VIEWPORTS, shooter, sign_in
from conftest import drawn_tournament_site

playwright_sync = pytest.importorskip("playwright.sync_api")
expect = playwright_sync.expect

shot = shooter()
TV = VIEWPORTS["tv"]
LAPTOP = VIEWPORTS["laptop"]
PASSWORD = "pw-dora-signage"
FOLLOWS_WITHIN_MS = 2000

# Speech captured instead of spoken: what the room would have heard.
CAPTURE_SPEECH = """
window.__spoken = [];
const synth = {
  speak(utterance) {
    window.__spoken.push(utterance.text);
    setTimeout(() => utterance.onend && utterance.onend(), 10);
  },
  cancel() {},
  getVoices() { return []; },
};
Object.defineProperty(window, "speechSynthesis", { value: synth, configurable: true });
window.SpeechSynthesisUtterance = function (text) { this.text = text; };
"""

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(not Path(CHROMIUM).exists(), reason="needs Debian's chromium"),
]


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    with drawn_tournament_site(tmp_path_factory.mktemp("named-screens"), PASSWORD) as site:
        yield site


def test_a_screen_follows_its_settings_in_place_and_reports(site, browser):
    server, token = site.server, site.token
    side = server.api("POST", "/tournaments", token, {"name": "Side Event", "starting_stack": 5000})
    created = server.api(
        "POST",
        "/screens",
        token,
        {"name": "Bar links", "layout": "clock", "tournaments": [site.id], "language": "en"},
    )
    assert created["url"].endswith(f"/s/{created['code']}")
    context = browser.new_context(viewport=TV, locale="en-GB")
    tv = context.new_page()
    navigations = []
    tv.on("framenavigated", lambda frame: frame == tv.main_frame and navigations.append(frame.url))
    tv.goto(created["url"])
    expect(tv.locator(".tile-title .t-name")).to_have_text("Screens Cup")
    expect(tv.locator(".tile-clock .t-time")).to_have_text(re.compile(r"^\d+:\d\d$"))
    expect(tv.locator("body")).to_have_class(re.compile("layout-clock"))
    shot(tv, "named-screen-clock-tv-en")
    tv.evaluate("window.__sameDocument = true")

    server.api(
        "PATCH",
        f"/screens/{created['id']}",
        token,
        {"layout": "payouts", "tournaments": [side["id"]], "language": "de"},
    )
    expect(tv.locator(".tile-title .t-name")).to_have_text("Side Event", timeout=FOLLOWS_WITHIN_MS)
    expect(tv.locator("body")).to_have_class(re.compile("layout-payouts"))
    expect(tv.locator(".tile-payouts h2")).to_have_text("Auszahlung")
    assert tv.evaluate("window.__sameDocument") is True
    assert navigations == [created["url"]], "the page was navigated or reloaded"
    shot(tv, "named-screen-payouts-tv-de")

    desk = browser.new_context(viewport=LAPTOP, locale="en-GB").new_page()
    sign_in(desk, server.url, "dora", PASSWORD)
    desk.goto(f"{server.url}/screens/")
    row = desk.locator(f"tr[data-screen='{created['id']}']")
    expect(row.locator(".s-state")).to_contain_text("reporting")
    expect(row).to_contain_text("payouts · Side Event")
    shot(desk, "named-screens-page-laptop-en")
    desk.context.close()
    context.close()


def test_a_level_change_is_spoken_once_and_not_again_after_a_reload(site, browser):
    server, token = site.server, site.token
    created = server.api(
        "POST",
        "/screens",
        token,
        {
            "name": "Eingang",
            "layout": "clock",
            "tournaments": [site.id],
            "language": "de",
            "sound": {"events": ["level_up", "break_start"], "volume": 70, "speaker": True},
        },
    )
    context = browser.new_context(viewport=TV, locale="de-DE")
    context.add_init_script(CAPTURE_SPEECH)
    tv = context.new_page()
    tv.goto(created["url"])
    expect(tv.locator(".tile-title .t-name")).to_have_text("Screens Cup")
    clock = server.api("GET", f"/tournaments/{site.id}/clock", token)
    # The level ends in a few seconds: the room's clock moves on by itself.
    cut = clock["remaining_ms"] // 1000 - 3
    server.api("POST", f"/tournaments/{site.id}/clock/adjust", token, {"delta_seconds": -cut})
    said = "Level 2. Blinds 200 und 400. Ante 400."
    tv.wait_for_function("(said) => window.__spoken.includes(said)", arg=said, timeout=20000)
    assert tv.evaluate("window.__spoken") == [said]

    tv.reload()
    expect(tv.locator(".tile-title .t-name")).to_have_text("Screens Cup")
    # The screen hears the level change again on connecting (it is recent) ...
    tv.wait_for_function("() => window.Signage.received() >= 1")
    # ... and knows it has sounded it already.
    assert tv.evaluate("window.__spoken") == []
    context.close()


def test_a_rotation_turns_between_the_board_and_todays_overview(site, browser):
    server, token = site.server, site.token
    created = server.api(
        "POST",
        "/screens",
        token,
        {
            "name": "Wand",
            "tournaments": [site.id],
            "language": "de",
            "rotation": [{"layout": "clock", "seconds": 5}, {"layout": "today", "seconds": 5}],
        },
    )
    context = browser.new_context(viewport=TV, locale="de-DE")
    tv = context.new_page()
    tv.goto(created["url"])
    expect(tv.locator(".tile-title .t-name")).to_have_text("Screens Cup")
    row = tv.locator(f".t-row[data-tournament='{site.id}']")
    expect(row).to_be_visible(timeout=10000)
    expect(row.locator("[data-clock-time]")).to_have_text(re.compile(r"^\d+:\d\d$"))
    expect(row.locator(".t-players")).to_have_text("8 von 8 Spielern")
    shot(tv, "named-screen-today-tv-de")
    expect(tv.locator(".tile-title .t-name")).to_have_text("Screens Cup", timeout=10000)
    context.close()

    phone = browser.new_context(viewport=VIEWPORTS["phone"], is_mobile=True, locale="de-DE")
    lobby = phone.new_page()
    lobby.goto(f"{server.url}/lobby/?lang=de")
    lobby.get_by_role("link", name="Heute: alle laufenden Turniere").click()
    expect(lobby.locator(f".t-row[data-tournament='{site.id}'] [data-clock-break]")).to_have_text(
        re.compile(r"^\d+:\d\d$")
    )
    shot(lobby, "today-phone-de")
    phone.close()


def test_a_screen_without_its_server_keeps_counting_and_says_it_reconnects(site, browser):
    server, token = site.server, site.token
    created = server.api(
        "POST", "/screens", token, {"name": "Kasse", "tournaments": [site.id], "language": "en"}
    )
    context = browser.new_context(viewport=TV, locale="en-GB")
    tv = context.new_page()
    tv.goto(created["url"])
    expect(tv.locator(".tile-title .t-name")).to_have_text("Screens Cup")
    status = tv.locator("#s-status")
    expect(status).to_be_hidden()
    server.stop()
    try:
        expect(status).to_be_visible(timeout=5000)
        expect(status).to_have_text("Offline – reconnecting…")
        counting = tv.locator(".tile-clock .t-time").inner_text()
        expect(tv.locator(".tile-clock .t-time")).not_to_have_text(counting, timeout=3000)
    finally:
        server.start()  # same port: the page finds it again by itself
    expect(status).to_be_hidden(timeout=30_000)
    server.api("PATCH", f"/screens/{created['id']}", token, {"layout": "chips"})
    expect(tv.locator("body")).to_have_class(re.compile("layout-chips"), timeout=FOLLOWS_WITHIN_MS)
    context.close()


def test_two_screens_of_one_layout_show_their_own_colours_and_message(site, browser):
    server, token = site.server, site.token
    tiles = [
        {"kind": "title", "x": 0, "y": 0, "w": 12, "h": 2},
        {"kind": "clock", "x": 0, "y": 2, "w": 12, "h": 10},
    ]
    layout = server.api("POST", "/layouts", token, {"name": "Uhr", "tiles": tiles})["id"]
    looks = {
        "Lounge": {"background_colour": "#7f1d1d", "message": "Happy hour at the bar"},
        "Terrasse": {"background_colour": "#14532d", "tile_colour": "#166534"},
    }
    colours = {"#7f1d1d": "rgb(127, 29, 29)", "#14532d": "rgb(20, 83, 45)"}
    pages = {}
    for name, look in looks.items():
        body = {"name": name, "layout": str(layout), "tournaments": [site.id], "look": look}
        screen = server.api("POST", "/screens", token, {**body, "language": "en"})
        tv = browser.new_context(viewport=TV, locale="en-GB").new_page()
        tv.goto(screen["url"])
        expect(tv.locator(".tile-clock .t-time")).to_have_text(re.compile(r"^\d+:\d\d$"))
        root = tv.locator(".tiles-root")
        expect(root).to_have_css("background-color", colours[look["background_colour"]])
        shot(tv, f"named-screen-own-look-{name.lower()}")
        pages[name] = (screen, tv)

    lounge, terrace = pages["Lounge"][1], pages["Terrasse"][1]
    expect(lounge.locator(".t-message")).to_contain_text("Happy hour at the bar")
    expect(terrace.locator(".t-message")).to_have_count(0)  # the room has no message
    expect(terrace.locator(".tile-clock")).to_have_css("--d-card", "#166534")
    expect(lounge.locator(".tile-clock")).to_have_css("--d-card", "#14213a")  # the room's

    # A new look reaches the open TV in place.
    server.api(
        "PATCH",
        f"/screens/{pages['Lounge'][0]['id']}",
        token,
        {"look": {"background_colour": "#1e3a8a"}},
    )
    expect(lounge.locator(".tiles-root")).to_have_css("background-color", "rgb(30, 58, 138)")
    expect(lounge.locator(".t-message")).to_have_count(0)
    for _screen, tv in pages.values():
        tv.context.close()


# Counts the named screen's own socket attempts: the outage lasts until its
# reconnect delays have grown (they double up to 30 s).
COUNT_SCREEN_SOCKETS = """
window.__screenSockets = 0;
const Native = window.WebSocket;
window.WebSocket = function (url, protocols) {
  if (String(url).indexOf("/ws/screens/") >= 0) window.__screenSockets += 1;
  return new Native(url, protocols);
};
window.WebSocket.prototype = Native.prototype;
Object.assign(window.WebSocket, { CONNECTING: 0, OPEN: 1, CLOSING: 2, CLOSED: 3 });
"""
CLEAN_WITHIN_MS = 5000


def test_a_screen_back_with_its_server_drops_the_offline_frame_within_seconds(site, browser):
    server, token = site.server, site.token
    created = server.api(
        "POST", "/screens", token, {"name": "Bar", "tournaments": [site.id], "language": "en"}
    )
    context = browser.new_context(viewport=TV, locale="en-GB")
    context.add_init_script(COUNT_SCREEN_SOCKETS)
    tv = context.new_page()
    tv.goto(created["url"])
    expect(tv.locator(".tile-title .t-name")).to_have_text("Screens Cup")
    status = tv.locator("#s-status")
    expect(status).to_be_hidden()
    page = tv.locator("html")
    server.stop()
    try:
        expect(page).to_have_class(re.compile("screen-offline"), timeout=5000)
        tv.wait_for_function("() => window.__screenSockets >= 7", timeout=120_000)
    finally:
        server.start()  # returns once the server accepts connections again
    expect(page).not_to_have_class(re.compile("screen-offline"), timeout=CLEAN_WITHIN_MS)
    expect(status).to_be_hidden()
    shot(tv, "named-screen-back-after-restart-tv-en")
    context.close()
