"""Keyboard flow at the registration desk (README "Screens"): a new name typed
into the search and Enter registers the new player when nobody matches; with a
match, Enter goes to that player's "Register" button instead."""

from __future__ import annotations

from pathlib import Path

import pytest
from browser_support import CHROMIUM, VIEWPORTS, chromium_browser, sign_in
from conftest import ROOT, drawn_tournament_site

playwright_sync = pytest.importorskip("playwright.sync_api")

PASSWORD = "pw-dora-desk"
SHOTS = ROOT / "var" / "screenshots"
LAPTOP = VIEWPORTS["laptop"]

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(not Path(CHROMIUM).exists(), reason="needs Debian's chromium"),
]


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    with drawn_tournament_site(tmp_path_factory.mktemp("desk-browser"), PASSWORD) as site:
        yield site


@pytest.fixture(scope="module")
def page(site):
    with chromium_browser() as browser:
        page = browser.new_context(viewport=LAPTOP).new_page()
        sign_in(page, site.server.url, "dora", PASSWORD)
        yield page


def names(site) -> list[str]:
    return [
        e["name"] for e in site.server.api("GET", f"/tournaments/{site.id}/entries", site.token)
    ]


def test_enter_registers_a_new_name_when_nobody_matches(site, page):
    SHOTS.mkdir(parents=True, exist_ok=True)
    before = names(site)
    page.goto(f"{site.server.url}/tournaments/{site.id}/desk/")
    with page.expect_navigation():
        page.locator("#player-search").type("Ida Neuling")
        page.keyboard.press("Enter")
    page.screenshot(path=str(SHOTS / "desk-enter-registers-laptop.png"))
    after = names(site)
    assert len(after) == len(before) + 1 and "Ida Neuling" in after
    assert "Ida Neuling" in page.locator("main").inner_text()


def test_enter_with_a_known_match_registers_nobody_new(site, page):
    page.goto(f"{site.server.url}/tournaments/{site.id}/desk/")
    before = names(site)
    page.locator("#player-search").type("Neuling")
    page.keyboard.press("Enter")
    page.locator("ul.results[data-query='Neuling']").wait_for()
    page.wait_for_timeout(300)
    assert names(site) == before
    # Ida is playing already: nothing to register, and no new "Neuling" either.
    assert "Ida Neuling" in page.locator("#player-results").inner_text()
