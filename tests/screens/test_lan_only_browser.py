"""The browser tests fail on any request that would leave the room's network
(README "Screens": every asset is served by the app itself)."""

from __future__ import annotations

from pathlib import Path

import pytest
from browser_support import CHROMIUM, LanOnlyBrowser, chromium_browser

pytest.importorskip("playwright.sync_api")

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(not Path(CHROMIUM).exists(), reason="needs Debian's chromium"),
]


def test_a_page_asking_for_an_outside_font_fails_its_tests():
    watched: list[LanOnlyBrowser] = []
    with pytest.raises(AssertionError, match="fonts.example.com"):
        with chromium_browser() as browser:
            watched.append(browser)
            page = browser.new_page()
            page.set_content(
                '<link rel="stylesheet" href="https://fonts.example.com/css?family=Roboto">'
                '<img src="http://127.0.0.1:9/local.png">'
            )
    assert watched[0].outside == ["https://fonts.example.com/css?family=Roboto"]
