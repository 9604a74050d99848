"""The director runs the cash desk from its pages on a German tablet (README
"Cash desk"): adds a cash box, opens a shift on it, takes a buy-in in cash,
closes the shift with the cash counted and sees the difference. Screenshots
in var/screenshots."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.browser_support import (
    CHROMIUM,
    VIEWPORTS,
    chromium_browser,
    director_site,
    message,
    shooter,
    sign_in,
    submit,
)

pytest.importorskip("playwright.sync_api")

shot = shooter("cashboxes-", full_page=True)
TABLET = VIEWPORTS["tablet"]
PASSWORD = "pw-dora-boxes"

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(not Path(CHROMIUM).exists(), reason="needs Debian's chromium"),
]


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    var = tmp_path_factory.mktemp("cash-boxes-browser")
    with director_site(var, PASSWORD, shift=False) as site:
        body = {"name": "Kassen-Cup", "buy_in": "50", "fee": "5", "max_entries": 1}
        tournament = site.server.api("POST", "/tournaments", site.token, body)
        yield site.server, tournament["id"]


def test_the_director_adds_a_cash_box_and_closes_a_shift_with_a_difference(site):
    server, tid = site
    shift_page = f"{server.url}/tournaments/{tid}/cash/shift/"
    with chromium_browser() as browser:
        context = browser.new_context(viewport=TABLET, locale="de", has_touch=True)
        page = context.new_page()
        sign_in(page, server.url, "dora", PASSWORD)
        page.goto(shift_page)
        assert "Noch keine Kassenlade" in page.locator("#open-a-shift").inner_text()
        page.locator("#add-cash-box input[name=name]").fill("Kasse Eingang")
        submit(page, page.locator("#add-cash-box button[type=submit]"))
        assert "Kassenlade Kasse Eingang angelegt." in message(page).first.inner_text()

        page.locator("#open-a-shift select[name=box]").select_option(label="Kasse Eingang")
        page.locator("#open-a-shift input[name=float]").fill("100")
        submit(page, page.locator("#open-a-shift button[type=submit]"))
        assert "Schicht eröffnet." in message(page).first.inner_text()

        page.goto(f"{server.url}/tournaments/{tid}/desk/")
        form = page.locator("#new-player")
        form.locator("input[name=name]").fill("Jörg Brückner")
        submit(page, form.locator("button[type=submit]"))
        assert "Bar" in page.locator("a.receipt").first.inner_text()
        form = page.locator("#new-player")
        form.locator("input[name=name]").fill("Vera Gutschein")
        voucher_number = form.locator("input[name=payment_reference]")
        assert not voucher_number.is_visible()
        form.locator("label.choice", has_text="Gutschein").tap()
        voucher_number.fill("G-123")
        shot(page, "voucher-tablet-de")
        submit(page, form.locator("button[type=submit]"))
        assert "Gutschein" in page.locator("a.receipt").first.inner_text()

        page.goto(shift_page)
        assert "155" in page.locator(".expected").inner_text()
        assert "55" in page.locator("#shift-apart").inner_text()
        assert "G-123" in page.locator("main").inner_text()
        shot(page, "shift-open-tablet-de")
        assert page.evaluate("document.documentElement.scrollWidth") <= TABLET["width"]
        page.locator("#close-shift input[name=counted]").fill("150")
        submit(page, page.locator("#close-shift button[type=submit]"))
        said = message(page).first.inner_text()
        assert "Soll 155" in said and "gezählt 150" in said and "Differenz -5" in said
        assert "-5" in page.locator("td.difference").first.inner_text()
        assert page.evaluate("document.documentElement.scrollWidth") <= TABLET["width"]
        shot(page, "shift-closed-tablet-de")
        context.close()
