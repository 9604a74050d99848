"""The cashier on a tablet (README "Cash desk"): opens a shift, registers one
player by card with one tap and one in cash, and closes the shift with no
difference, in German. Screenshots in var/screenshots."""

from __future__ import annotations

from contextlib import contextmanager
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
    staff_token,
    submit,
)

pytest.importorskip("playwright.sync_api")

shot = shooter("cashdesk-", full_page=True)
TABLET = VIEWPORTS["tablet"]
PASSWORD = "pw-kasse-tablet"

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(not Path(CHROMIUM).exists(), reason="needs Debian's chromium"),
]


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    with director_site(tmp_path_factory.mktemp("cashdesk-browser"), "pw-dora-cash") as site:
        server, token = site.server, site.token
        staff_token(site.env, "kasse", "desk", PASSWORD)
        body = {"name": "Kassen-Cup", "buy_in": "50", "fee": "5", "max_entries": 1}
        tournament = server.api("POST", "/tournaments", token, body)
        server.api("POST", "/cash-boxes", token, {"name": "Kasse 1"})
        yield server, tournament["id"]


def _signed_in(browser, server, *, user=("kasse", PASSWORD), viewport=TABLET, locale="de"):
    """A browser page with the user signed in (the cashier on a German tablet by
    default): its context and page."""
    context = browser.new_context(viewport=viewport, locale=locale, has_touch=viewport is TABLET)
    page = context.new_page()
    sign_in(page, server.url, *user)
    return context, page


def test_a_cashier_takes_cash_and_card_and_closes_the_shift_on_a_tablet(site):
    server, tid = site
    with chromium_browser() as browser:
        context, page = _signed_in(browser, server)
        page.goto(f"{server.url}/tournaments/{tid}/cash/shift/")
        page.locator("#open-a-shift input[name=float]").fill("100")
        submit(page, page.locator("#open-a-shift button[type=submit]"))
        assert "Schicht eröffnet." in message(page).first.inner_text()

        page.goto(f"{server.url}/tournaments/{tid}/desk/")
        form = page.locator("#new-player")
        assert form.locator("input[value=cash]").is_checked()
        form.locator("input[name=name]").fill("Jörg Brückner")
        form.locator("label.choice", has_text="Karte").tap()
        shot(page, "desk-tablet-de")
        submit(page, form.locator("button[type=submit]"))
        assert "Jörg Brückner" in message(page).first.inner_text()
        assert "Karte" in page.locator("a.receipt").first.inner_text()
        form = page.locator("#new-player")
        form.locator("input[name=name]").fill("Zoë Ørsted")
        submit(page, form.locator("button[type=submit]"))
        assert "Bar" in page.locator("a.receipt").first.inner_text()
        shot(page, "desk-paid-tablet-de")

        page.goto(f"{server.url}/tournaments/{tid}/cash/shift/")
        assert "155" in page.locator(".expected").inner_text()
        shot(page, "shift-tablet-de")
        assert page.evaluate("document.documentElement.scrollWidth") <= TABLET["width"]
        page.locator("#close-shift input[name=counted]").fill("155")
        submit(page, page.locator("#close-shift button[type=submit]"))
        assert "Differenz 0" in message(page).first.inner_text()
        shot(page, "shift-closed-tablet-de")
        context.close()


@contextmanager
def _browsing(site, **who):
    """The site's server, tournament and a signed-in page (see :func:`_signed_in`)."""
    server, tid = site
    with chromium_browser() as browser:
        context, page = _signed_in(browser, server, **who)
        yield server.url, tid, page
        context.close()


def test_the_desk_unregisters_a_player_and_the_field_shrinks_on_a_tablet(site):
    with _browsing(site) as (url, tid, page):
        # Cash is taken in an open shift (the first test closed hers).
        page.goto(f"{url}/tournaments/{tid}/cash/shift/")
        page.locator("#open-a-shift input[name=float]").fill("0")
        submit(page, page.locator("#open-a-shift button[type=submit]"))
        page.goto(f"{url}/tournaments/{tid}/desk/")
        form = page.locator("#new-player")
        form.locator("input[name=name]").fill("Grete Schäfer")
        submit(page, form.locator("button[type=submit]"))
        row = page.locator("tr", has_text="Grete Schäfer")
        assert page.evaluate("document.documentElement.scrollWidth") <= TABLET["width"]
        row.locator("details.unregister summary").tap()
        row.locator("input[name=reason]").fill("krank")
        shot(page, "unregister-tablet-de")
        submit(page, row.locator("details.unregister button"))
        assert "Grete Schäfer erhält 55" in message(page).first.inner_text()
        assert page.locator("tr", has_text="Grete Schäfer").count() == 0
        assert page.evaluate("document.documentElement.scrollWidth") <= TABLET["width"]
        shot(page, "unregistered-tablet-de")


def test_the_director_sets_a_satellite_and_the_rooms_ticket_rule_on_a_laptop(site):
    director = {"user": ("dora", "pw-dora-cash"), "viewport": VIEWPORTS["laptop"], "locale": "en"}
    with _browsing(site, **director) as (url, tid, page):
        page.goto(f"{url}/tournaments/{tid}/cash/satellite/")
        form = page.locator("#satellite form").first
        form.locator("input[name=ticket_value]").fill("150")
        form.locator("input[name=cash_places]").fill("3")
        form.locator("input[name=expires]").fill("2027-03-31")
        submit(page, form.locator("button[type=submit]"))
        assert "tickets" in message(page).first.inner_text()
        settings = page.locator("#ticket-settings")
        settings.locator("input[name=ticket_change]").check()
        submit(page, settings.locator("button[type=submit]"))
        assert "leave change in cash" in message(page).first.inner_text()
        assert page.locator("input[name=cash_places]").input_value() == "3"
        shot(page, "satellite-laptop-en")
