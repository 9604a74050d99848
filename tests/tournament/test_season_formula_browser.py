"""The season form's formula preview in a real browser, in German at the laptop
size (README "Switching from TD3", "The points formula"): the table follows the
formula as the director types, an unknown name is named, and the season saves.
Screenshots go to var/screenshots/season-formula-*.png."""

from __future__ import annotations

from pathlib import Path

import pytest
from browser_support import (
    CHROMIUM,
    VIEWPORTS,
    chromium_browser,
    director_site,
    shooter,
    sign_in,
    submit,
)

from tests.tournament.rules.test_points_formula import ORF_2025

playwright_sync = pytest.importorskip("playwright.sync_api")
expect = playwright_sync.expect

PASSWORD = "pw-dora-formula"
shot = shooter("season-formula-", full_page=True)

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(not Path(CHROMIUM).exists(), reason="needs Debian's chromium"),
]


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    with director_site(tmp_path_factory.mktemp("season-formula"), PASSWORD) as site:
        yield site.server


def cells(page, place: int) -> list[str]:
    row = page.locator("[data-preview-table] tbody tr").nth(place - 1)
    return row.locator("td").all_inner_texts()


def test_the_preview_follows_the_formula_as_the_director_types(site):
    with chromium_browser() as browser:
        context = browser.new_context(viewport=VIEWPORTS["laptop"], locale="de-DE")
        page = context.new_page()
        sign_in(page, site.url, "dora", PASSWORD)
        page.goto(f"{site.url}/seasons/")
        # The named formula first: linear, ten players.
        expect(page.locator("[data-preview-table] tbody tr")).to_have_count(10)
        assert cells(page, 1) == ["1", "10,00", "10,00"]

        page.locator("select[name=formula]").select_option("td3")
        page.locator("textarea[name=formula_text]").fill("n - platz + 1")
        problem = page.locator("[data-preview-problem]")
        expect(problem).to_have_text("Unbekannter Name in der Formel: platz.")

        page.locator("textarea[name=formula_text]").fill(ORF_2025)
        page.locator("[data-preview-field]").fill("15")
        page.locator("[data-preview-buy-in]").fill("200")
        expect(page.locator("[data-preview-table] tbody tr")).to_have_count(15)
        expect(page.locator("[data-preview-table] tbody tr").nth(9)).to_contain_text("24,00")
        assert cells(page, 1) == ["1", "244,00", "254,00"]
        assert cells(page, 3) == ["3", "141,00", "151,00"]
        assert cells(page, 10) == ["10", "12,00", "24,00"]
        expect(problem).to_have_text("")
        shot(page, "preview")

        page.locator("input[name=name]").fill("ORF 2025")
        submit(page, page.locator("button.primary[type=submit]"))
        expect(page.locator("ul.messages li")).to_contain_text("Saison angelegt")
        page.get_by_role("link", name="ORF 2025").click()
        expect(page.locator("pre.formula")).to_contain_text("numberofHits")
        expect(page.locator("textarea[name=formula_text]")).to_have_value(ORF_2025)
        shot(page, "season")
        context.close()
