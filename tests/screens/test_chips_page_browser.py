"""The chips page on an organiser's laptop (README "Screens"): the chip set
table fits its card in English and German, a row can be added for another
denomination, and the help text is said once."""

from __future__ import annotations

from pathlib import Path

import pytest
from browser_support import CHROMIUM, VIEWPORTS, sign_in
from conftest import ROOT, drawn_tournament_site

playwright_sync = pytest.importorskip("playwright.sync_api")

PASSWORD = "pw-dora-chips"
SHOTS = ROOT / "var" / "screenshots"
LAPTOP = VIEWPORTS["laptop"]

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(not Path(CHROMIUM).exists(), reason="needs Debian's chromium"),
]


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    with drawn_tournament_site(tmp_path_factory.mktemp("chips-browser"), PASSWORD) as site:
        site.server.api(
            "PUT",
            f"/tournaments/{site.id}/chips",
            site.token,
            {
                "chips": [
                    {"value": 25, "colour": "green", "count": 300},
                    {"value": 100, "colour": "black", "count": 300},
                    {"value": 500, "colour": "purple", "count": 200},
                    {"value": 1000, "colour": "yellow", "count": 200},
                ]
            },
        )
        yield site


def signed_in(browser, site, language: str):
    context = browser.new_context(viewport=LAPTOP, locale=language)
    page = context.new_page()
    sign_in(page, site.server.url, "dora", PASSWORD)
    context.add_cookies([{"name": "django_language", "value": language, "url": site.server.url}])
    return page


def overflowing(page) -> list[str]:
    """Elements inside a card that stick out of it (a clipped column)."""
    return page.evaluate(
        """() => [...document.querySelectorAll('.card')].flatMap(card => {
            const edge = card.getBoundingClientRect().right;
            return [...card.querySelectorAll('input, th, td, button')]
              .filter(e => e.getBoundingClientRect().right > edge + 1)
              .map(e => e.outerHTML.slice(0, 80));
        })"""
    )


@pytest.mark.parametrize("language", ["en", "de"])
def test_the_chip_set_fits_its_card_and_the_help_is_said_once(site, browser, language):
    SHOTS.mkdir(parents=True, exist_ok=True)
    page = signed_in(browser, site, language)
    page.goto(f"{site.server.url}/tournaments/{site.id}/chips/")
    page.screenshot(path=str(SHOTS / f"chips-laptop-{language}.png"), full_page=True)
    assert overflowing(page) == []
    assert page.evaluate("document.documentElement.scrollWidth") <= LAPTOP["width"]
    sentences = [
        sentence.strip()
        for text in page.locator("main p").all_inner_texts()
        for sentence in text.replace("!", ".").split(".")
        if len(sentence.strip()) > 20
    ]
    assert {s for s in sentences if sentences.count(s) > 1} == set()
    page.context.close()


def test_a_row_is_added_for_another_denomination(site, browser):
    page = signed_in(browser, site, "en")
    page.goto(f"{site.server.url}/tournaments/{site.id}/chips/")
    rows = page.locator("form [name^=value-]").count()
    page.locator("[data-add-row]").click()
    assert page.locator("form [name^=value-]").count() == rows + 1
    last = rows  # the new row's index
    page.locator(f"[name=value-{last}]").fill("5000")
    page.locator(f"[name=colour-{last}]").fill("orange")
    page.locator(f"[name=count-{last}]").fill("100")
    page.locator("button.primary[type=submit]").click()
    page.wait_for_load_state()
    chips = site.server.api("GET", f"/tournaments/{site.id}/chips", site.token)
    assert {"value": 5000, "colour": "orange", "count": 100} in [
        {k: c[k] for k in ("value", "colour", "count")} for c in chips["chips"]
    ]
    page.context.close()
