"""The public results pages in a real browser at a phone (390x844) and a laptop
(1366x768), in German and English (README "Results out"): no page is wider than
its viewport, the hidden player is "Spieler 1"/"Player 1", the others as they
chose, the league table opens to a player's results. Screenshots go to
var/screenshots/results-*.png."""

from __future__ import annotations

import json
import urllib.error
import urllib.request
from dataclasses import dataclass
from typing import Any

import pytest
from browser_support import BROWSER_TEST, VIEWPORTS, director_site, shooter

from tests.results.scenario import NEVER, PSEUDONYM, finished_night

playwright_sync = pytest.importorskip("playwright.sync_api")
expect = playwright_sync.expect

pytestmark = BROWSER_TEST
shot = shooter("results-", full_page=True)
HIDDEN = {"de": "Spieler 1", "en": "Player 1"}
WORDS = {
    "de": {"results": "Ergebnisse", "places": "Plätze", "structure": "Gespielte Struktur"},
    "en": {"results": "Results", "places": "Places", "structure": "Structure played"},
}


@dataclass
class Answer:
    status_code: int
    body: Any

    def json(self) -> Any:
        return self.body


class SiteApi:
    """The scenario's API client, against the real server."""

    def __init__(self, url: str, token: str) -> None:
        self.url, self.token = url, token

    def _call(self, method: str, path: str, body: Any = None) -> Answer:
        request = urllib.request.Request(
            f"{self.url}/api/v1{path}",
            data=None if method == "GET" else json.dumps(body or {}).encode(),
            method=method,
            headers={"Authorization": f"Bearer {self.token}", "Content-Type": "application/json"},
        )
        try:
            with urllib.request.urlopen(request, timeout=30) as response:
                raw = response.read()
                return Answer(response.status, json.loads(raw) if raw else None)
        except urllib.error.HTTPError as exc:
            raw = exc.read()
            exc.close()
            return Answer(exc.code, json.loads(raw) if raw else None)

    def get(self, path: str) -> Answer:
        return self._call("GET", path)

    def post(self, path: str, body: Any = None) -> Answer:
        return self._call("POST", path, body)

    def put(self, path: str, body: Any = None) -> Answer:
        return self._call("PUT", path, body)

    def patch(self, path: str, body: Any = None) -> Answer:
        return self._call("PATCH", path, body)


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    var = tmp_path_factory.mktemp("results-pages")
    with director_site(var, "pw-results") as site:
        api = SiteApi(site.server.url, site.token)
        api.patch("/room", {"name": "Casino am See"})
        night = finished_night(api)
        yield site.server.url, night


def no_wider_than_the_viewport(page) -> None:
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth + 1")


@pytest.mark.parametrize("lang", ["de", "en"])
@pytest.mark.parametrize("size", ["phone", "laptop"])
def test_the_public_pages_at_phone_and_laptop_size(browser, site, size, lang):
    url, night = site
    context = browser.new_context(viewport=VIEWPORTS[size], locale=lang)
    page = context.new_page()
    words = WORDS[lang]
    page.goto(f"{url}/results/?lang={lang}")
    expect(page.locator("h1")).to_have_text(words["results"])
    expect(page.locator(".r-list li").first).to_contain_text(HIDDEN[lang])
    no_wider_than_the_viewport(page)
    shot(page, f"list-{size}-{lang}")

    page.locator(".r-list li a").first.click()
    expect(page.locator("h2").first).to_have_text(words["places"])
    places = page.locator(".r-places li")
    expect(places).to_have_count(5)
    expect(places.nth(0)).to_contain_text(HIDDEN[lang])
    expect(places.nth(1)).to_contain_text(PSEUDONYM)
    expect(places.nth(2)).to_contain_text("Inge I.")
    expect(page.get_by_text(words["structure"])).to_be_visible()
    body = page.locator("body").inner_text()
    assert not any(name in body for name in NEVER)
    no_wider_than_the_viewport(page)
    shot(page, f"tournament-{size}-{lang}")

    page.goto(f"{url}/seasons/{night.season}/table/?lang={lang}")
    lines = page.locator(".r-season > li")
    expect(lines).to_have_count(5)
    lines.nth(1).locator("summary").click()
    expect(lines.nth(1).locator(".r-cells li")).to_have_count(1)
    no_wider_than_the_viewport(page)
    shot(page, f"season-{size}-{lang}")

    lines.nth(1).locator("summary a").click()
    expect(page.locator("h1")).to_have_text(PSEUDONYM)
    no_wider_than_the_viewport(page)
    shot(page, f"player-{size}-{lang}")

    page.goto(f"{url}/results/?lang={lang}&q=river")
    expect(page.locator(".r-players a")).to_have_text([PSEUDONYM])
    shot(page, f"search-{size}-{lang}")
    context.close()
