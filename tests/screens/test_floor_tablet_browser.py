"""The floor tablet applies the floor messages in place (README "Screen
messages"): on the demo's field, busts, a table break with its moves, moves
carried out, a next hand and hand-for-hand play, done through the API while the
tablet is open, leave the tablet showing table by table what a fresh load of
the map shows (drawn from the snapshot the page carries), and the tablet never
asks for the map again. Screenshots go to var/screenshots/."""

from __future__ import annotations

from pathlib import Path

import pytest
from browser_support import CHROMIUM, VIEWPORTS, director_site, shooter, sign_in

playwright_sync = pytest.importorskip("playwright.sync_api")
expect = playwright_sync.expect

PASSWORD = "pw-tess-tablet"
shot = shooter("floor-tablet-", full_page=True)

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(not Path(CHROMIUM).exists(), reason="needs Debian's chromium"),
]

# What the floor reads on the map: each table card, the counts, the moves.
READ_MAP = """() => {
  const text = (node) => node ? node.innerText.replace(/\\s+/g, " ").trim() : "";
  const tables = {};
  document.querySelectorAll(".floor-tables .table-card").forEach((card) => {
    tables[card.id] = {
      text: text(card),
      classes: card.className,
      seats: [...card.querySelectorAll(".seat-button")].map(
        (b) => [b.className, b.getAttribute("hx-get"), text(b)]),
      forms: [...card.querySelectorAll("form")].map((f) => f.getAttribute("action")),
    };
  });
  const moves = document.getElementById("floor-moves");
  return {
    order: Object.keys(tables),
    tables,
    counts: text(document.getElementById("floor-counts")),
    moves: text(moves),
    move_forms: [...moves.querySelectorAll("form")].map(
      (f) => [f.getAttribute("action"), f.dataset.confirm || ""]),
  };
}"""


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    var = tmp_path_factory.mktemp("floor-tablet")
    # The demo: 45 players at 5 tables of 9, the clock running.
    with director_site(var, PASSWORD, "tess", commands=(("demo",),)) as site:
        site.id = site.server.api("GET", "/tournaments", site.token)[0]["id"]
        yield site


def signed_in(browser, site, language: str):
    context = browser.new_context(viewport=VIEWPORTS["tablet"], locale=language)
    context.add_cookies([{"name": "django_language", "value": language, "url": site.server.url}])
    page = context.new_page()
    sign_in(page, site.server.url, "tess", PASSWORD)
    return page


def fresh_map(browser, site, language: str, query: str = "") -> dict:
    """The map a fresh load draws: from the snapshot the page carries, before
    any message (the socket hears nothing and the poll is refused, so only the
    first paint shows)."""
    page = signed_in(browser, site, language)
    page.route_web_socket("**/ws/**", lambda socket: None)
    page.route("**/live/**", lambda route: route.abort())
    page.goto(f"{site.server.url}/tournaments/{site.id}/floor/{query}")
    expect(page.locator("#floor-live")).not_to_have_attribute("data-version", "0")
    seen = page.evaluate(READ_MAP)
    page.context.close()
    return seen


def version(site) -> int:
    return site.server.api("GET", f"/tournaments/{site.id}", site.token)["version"]


def caught_up(page, site) -> None:
    """Wait until the tablet has applied every message up to the current version."""
    expect(page.locator("#floor-live")).to_have_attribute("data-version", str(version(site)))


@pytest.mark.parametrize("language", ["de"])
def test_the_tablet_shows_what_a_fresh_load_shows_without_asking_for_the_map(
    site, browser, language
):
    page = signed_in(browser, site, language)
    floor_url = f"{site.server.url}/tournaments/{site.id}/floor/"
    page.goto(floor_url)
    asked: list[str] = []
    page.on("request", lambda request: asked.append(request.url))
    caught_up(page, site)
    api, token, tid = site.server.api, site.token, site.id

    def settle(step: str) -> None:
        caught_up(page, site)
        assert page.evaluate(READ_MAP) == fresh_map(browser, site, language), step

    tables = api("GET", f"/tournaments/{tid}/tables", token)
    # Nine busts at four tables: 36 players fit four tables, so table 5 breaks
    # (this room keeps no seat free for late entries: README "Breaking during
    # registration").
    api("PATCH", f"/tournaments/{tid}", token, {"options": {"late_entry_seats": 0}})
    for index, count in ((0, 3), (1, 2), (2, 2), (3, 2)):
        for player in tables[index]["players"][:count]:
            api("POST", f"/entries/{player['entry']}/bust", token, {})
    settle("busts and the break")
    moves = api("GET", f"/tournaments/{tid}/moves?status=pending", token)
    assert moves, "the break plans its moves"
    expect(page.locator(".moves-alert")).to_be_visible()
    shot(page, f"break-{language}")
    api("POST", f"/moves/{moves[0]['id']}/done", token, {})
    api("POST", f"/moves/{moves[1]['id']}/done", token, {})
    settle("two moves done")
    api("POST", f"/tables/{tables[0]['id']}/hands", token, {})
    api("PUT", f"/tournaments/{tid}/hand-for-hand", token, {"on": True})
    api("POST", f"/tables/{tables[1]['id']}/hand-finished", token, {})
    settle("a next hand and hand for hand")
    for move in api("GET", f"/tournaments/{tid}/moves?status=pending", token):
        api("POST", f"/moves/{move['id']}/done", token, {})
    settle("every move done")
    expect(page.locator("#table-5")).to_have_count(0)
    shot(page, f"after-{language}")
    # The map came with the first load; after it only the socket spoke.
    assert [url for url in asked if "/floor/" in url] == []
    # A tap on a seat still opens its panel.
    page.locator("#table-1 .seat-button").nth(2).click()
    expect(page.locator("#seat-dialog[open]")).to_be_visible()
    shot(page, f"seat-{language}")
    page.context.close()


def test_a_large_floor_shows_one_area_remembered_and_ignores_the_others(site, browser):
    api, token = site.server.api, site.token
    tid = api("POST", "/tournaments", token, {"name": "Large floor"})["id"]
    # Full tables of six: a bust or two breaks none of them.
    api("POST", f"/tournaments/{tid}/tables", token, {"count": 45, "seats": 6})
    for n in range(45 * 6):
        api("POST", f"/tournaments/{tid}/entries", token, {"name": f"Gast {n:03}"})
    api("POST", f"/tournaments/{tid}/draw", token)
    tables = {t["number"]: t for t in api("GET", f"/tournaments/{tid}/tables", token)}
    page = signed_in(browser, site, "en")
    floor_url = f"{site.server.url}/tournaments/{tid}/floor/"
    page.goto(floor_url)
    expect(page.locator(".floor-tables .table-card")).to_have_count(40)
    shot(page, "large-first-area")
    page.locator('.floor-areas a[data-area="41-80"]').click()
    expect(page.locator(".floor-tables .table-card")).to_have_count(5)
    # The tablet remembers its area: the plain floor address opens it again.
    page.goto(floor_url)
    expect(page).to_have_url(f"{floor_url}?tables=41-80")
    site_large = type("Site", (), {"server": site.server, "token": token, "id": tid})
    caught_up(page, site_large)
    asked: list[str] = []
    page.on("request", lambda request: asked.append(request.url))
    before = page.evaluate(READ_MAP)
    api("POST", f"/entries/{tables[3]['players'][0]['entry']}/bust", token, {})
    caught_up(page, site_large)
    # A table of another area changed: this area's map did not.
    assert page.evaluate(READ_MAP)["tables"] == before["tables"]
    api("POST", f"/entries/{tables[42]['players'][0]['entry']}/bust", token, {})
    caught_up(page, site_large)
    assert page.evaluate(READ_MAP) == fresh_map(browser, site_large, "en", "?tables=41-80")
    assert [url for url in asked if "/floor/" in url] == []
    # The search jumps to a seated player's area and marks the seat.
    name = tables[7]["players"][1]["name"]
    page.locator(".floor-find input").fill(name)
    page.locator(".floor-find button").click()
    expect(page.locator("#table-7 .seat-button.found")).to_have_count(1)
    shot(page, "large-found")
    page.context.close()
