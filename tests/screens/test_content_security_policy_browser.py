"""No page needs inline script: every page runs under `script-src 'self'` with no
policy violation, and the buttons that used inline handlers still act (README "How a floor action flows"). Debian's chromium via Playwright against a real daphne server."""

from __future__ import annotations

from pathlib import Path

import pytest
from browser_support import CHROMIUM, COLLECT_VIOLATIONS, chromium_browser
from conftest import ROOT, drawn_tournament_site

playwright_sync = pytest.importorskip("playwright.sync_api")

PASSWORD = "pw-dora-csp"
SHOTS = ROOT / "var" / "screenshots"
TABLET = {"width": 1024, "height": 768}

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(not Path(CHROMIUM).exists(), reason="needs Debian's chromium"),
]


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    with drawn_tournament_site(tmp_path_factory.mktemp("csp-browser"), PASSWORD) as site:
        yield site.server, site.token, site.id


@pytest.fixture(scope="module")
def page(site):
    server, _token, _tid = site
    with chromium_browser() as browser:
        context = browser.new_context(viewport=TABLET)
        context.add_init_script(COLLECT_VIOLATIONS)
        page = context.new_page()
        console: list[str] = []
        page.on("console", lambda message: console.append(message.text))
        page.console_messages = console
        page.goto(f"{server.url}/login/")
        page.locator("input[name=username]").fill("dora")
        page.locator("input[name=password]").fill(PASSWORD)
        page.locator("button.primary[type=submit]").click()
        page.wait_for_load_state()
        yield page


def violations(page) -> list[str]:
    reported = page.evaluate("window.__cspViolations || []")
    logged = [m for m in page.console_messages if "Content Security Policy" in m]
    return reported + logged


def test_every_page_runs_without_a_policy_violation(site, page):
    server, token, tid = site
    entry = server.api("GET", f"/tournaments/{tid}/entries", token)[0]["id"]
    table = server.api("GET", f"/tournaments/{tid}/tables", token)[0]["id"]
    paths = [
        "/",
        f"/tournaments/{tid}/",
        f"/tournaments/{tid}/entries/",
        f"/tournaments/{tid}/desk/",
        "/players/import/",
        "/imports/td3/",
        f"/entries/{entry}/card/",
        f"/tournaments/{tid}/floor/",
        f"/tournaments/{tid}/floor/moves/?announce=1",
        f"/tournaments/{tid}/clock/",
        f"/tournaments/{tid}/shot-clock/",
        f"/tournaments/{tid}/rulings/new/",
        f"/tournaments/{tid}/rulings/assistant/",
        f"/tournaments/{tid}/rulings/print/",
        f"/tournaments/{tid}/payouts/",
        f"/tournaments/{tid}/standings/",
        f"/tables/{table}/view/",
        f"/display/{tid}/?layout=clock&lang=de",
        f"/lobby/{tid}/",
        "/api/v1/docs",
        f"/tournaments/{tid}/print/seating/",
        f"/tournaments/{tid}/print/tables/",
        f"/tournaments/{tid}/print/slips/",
        f"/tournaments/{tid}/print/results/",
    ]
    seen = {}
    for path in paths:
        page.console_messages.clear()
        response = page.goto(f"{server.url}{path}")
        assert response.status < 400, path
        page.wait_for_timeout(300)
        seen[path] = violations(page)
    assert {path: found for path, found in seen.items() if found} == {}


def test_the_buttons_that_had_inline_handlers_still_act(site, page):
    server, _token, tid = site
    SHOTS.mkdir(parents=True, exist_ok=True)
    # The status filter submits itself on change.
    page.goto(f"{server.url}/tournaments/{tid}/entries/")
    with page.expect_navigation():
        page.locator("select[name=status]").select_option("seated")
    assert "status=seated" in page.url
    # Breaking a table asks first; declining leaves the table in play.
    page.goto(f"{server.url}/tournaments/{tid}/floor/")
    page.locator(".seat-button").first.click()
    page.locator("#seat-dialog[open]").wait_for()
    page.screenshot(path=str(SHOTS / "csp-floor-seat-panel-tablet.png"))
    asked: list[str] = []

    def decline(dialog) -> None:
        asked.append(dialog.message)
        dialog.dismiss()

    page.once("dialog", decline)
    page.locator("form[data-confirm] button[type=submit]").click()
    page.wait_for_timeout(300)
    assert asked and "Break this table" in asked[0]
    tables = server.api("GET", f"/tournaments/{tid}/tables", _token)
    assert all(t["status"] == "open" for t in tables)
    # The ruling form's rule buttons add to the rules field.
    page.goto(f"{server.url}/tournaments/{tid}/rulings/new/")
    page.locator("input[type=search], #rule-query").first.fill("clock")
    add = page.locator("[data-add-rule]").first
    add.wait_for()
    rule = add.get_attribute("data-add-rule")
    add.click()
    assert rule in page.locator("#id_rules").input_value()
    assert violations(page) == []


def test_the_api_docs_render_with_nothing_from_outside(site, page):
    server, _token, _tid = site
    SHOTS.mkdir(parents=True, exist_ok=True)
    outside: list[str] = []

    def only_ours(route) -> None:
        if route.request.url.startswith(server.url):
            route.continue_()
        else:
            outside.append(route.request.url)
            route.abort()

    page.route("**/*", only_ours)
    try:
        page.goto(f"{server.url}/api/v1/docs")
        page.locator(".swagger-ui .info .title").wait_for()
        page.locator(".opblock").first.wait_for()
        page.screenshot(path=str(SHOTS / "api-docs-laptop.png"))
    finally:
        page.unroute("**/*")
    assert outside == []
    assert violations(page) == []


def test_the_printable_lists_fit_a4_and_print_without_their_buttons(site, page):
    server, _token, tid = site
    SHOTS.mkdir(parents=True, exist_ok=True)
    for kind in ("seating", "tables", "slips"):
        page.goto(f"{server.url}/tournaments/{tid}/print/{kind}/")
        page.screenshot(path=str(SHOTS / f"print-{kind}-screen.png"), full_page=True)
        # On paper the print and PDF buttons are gone and nothing is wider than the page.
        page.emulate_media(media="print")
        assert not page.locator(".actions").is_visible()
        sheet = page.locator(".sheet").bounding_box()
        assert sheet is not None and sheet["width"] <= 186 / 25.4 * 96 + 1
        page.emulate_media(media="screen")
