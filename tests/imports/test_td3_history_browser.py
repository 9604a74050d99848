"""An imported TD3 evening on the screens and pages, in German (README
"Importing TD3 files"): the board shows no add-on window, the clock says the
tournament is over, the standings show prizes paid by the file. Screenshots:
var/screenshots/td3-history-*.png."""

from __future__ import annotations

from pathlib import Path

import pytest
from browser_support import CHROMIUM, VIEWPORTS, director_site, shooter, sign_in

from tests.imports.td3_files import td3_files

playwright_sync = pytest.importorskip("playwright.sync_api")
expect = playwright_sync.expect

PASSWORD = "pw-dora-history"
shot = shooter("td3-history-", full_page=True)
# An evening of ORF 2025 that sold add-ons.
EVENING = next((p for p in td3_files("ORF 2025") if p.stem == "ORF_Poker_20250313"), None)

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(not Path(CHROMIUM).exists(), reason="needs Debian's chromium"),
    pytest.mark.skipif(EVENING is None, reason="the TD3 save files are not here"),
]


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    commands = (("import_td3", str(EVENING)),)
    with director_site(tmp_path_factory.mktemp("td3-history"), PASSWORD, commands=commands) as site:
        yield site.server


def test_an_imported_evening_reads_as_history(site, browser):
    page = browser.new_page(viewport=VIEWPORTS["laptop"], locale="de-DE")
    page.context.add_cookies([{"name": "django_language", "value": "de", "url": site.url}])
    sign_in(page, site.url, "dora", PASSWORD)
    page.goto(f"{site.url}/display/1/")
    expect(page.locator(".tile-title .t-purchase")).to_be_hidden()
    expect(page.get_by_text("Add-on möglich")).to_have_count(0)
    shot(page, "board")

    page.goto(f"{site.url}/tournaments/1/clock/")
    expect(page.locator("[data-role=state]")).to_have_text("Turnier beendet")
    expect(page.locator(".clock-controls")).to_have_count(0)
    shot(page, "clock")

    page.goto(f"{site.url}/tournaments/1/floor/")
    expect(page.locator("#floor-history")).to_contain_text("Aus TD3 importiert")
    expect(page.get_by_role("link", name="Tische eröffnen und Sitze auslosen")).to_have_count(0)

    page.goto(f"{site.url}/tournaments/1/standings/")
    expect(page.locator(".prize-paid").first).to_have_text("Ausgezahlt (laut importierter Datei)")
    expect(page.get_by_role("button", name="Auszahlen")).to_have_count(0)
    shot(page, "standings")
    page.close()
