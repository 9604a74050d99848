"""The player's two pages on a phone, the desk's phone link for a walk-in, the
registration desk asking before a walk-in passes the waiting list, and today's
pre-registrations, in the browser (README "Pre-registration and the schedule",
"The player's page"). Screenshots go to var/screenshots/phone2-*.png."""

from __future__ import annotations

from datetime import datetime, time, timedelta
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest
from browser_support import CHROMIUM, VIEWPORTS, director_site, shooter, sign_in

playwright_sync = pytest.importorskip("playwright.sync_api")
expect = playwright_sync.expect

PASSWORD = "pw-dora-phone2"
shot = shooter("phone2-", full_page=True)

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(not Path(CHROMIUM).exists(), reason="needs Debian's chromium"),
]


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    # Late tonight in the room's time: pre-registration open all day, "today".
    berlin = ZoneInfo("Europe/Berlin")
    starts = datetime.combine(datetime.now(berlin).date(), time(23, 59), tzinfo=berlin)
    body = {
        "name": "Tonight's Deepstack",
        "buy_in": "50",
        "starts_at": starts.isoformat(),
        "listed": True,
        "pre_registration": {"open": True, "capacity": 1, "check_in_deadline_minutes": 0},
    }
    with director_site(tmp_path_factory.mktemp("phone2"), PASSWORD) as site:
        site.id = site.server.api("POST", "/tournaments", site.token, body)["id"]
        assert starts - datetime.now(berlin) > timedelta(0)
        yield site


def _pre_register(browser, url: str, tid: int, name: str, lang: str):
    phone = browser.new_context(viewport=VIEWPORTS["phone"], locale=lang, has_touch=True)
    page = phone.new_page()
    page.goto(f"{url}/schedule/{tid}/?lang={lang}")
    page.locator("input[name=name]").fill(name)
    page.locator("form button[type=submit]").first.click()
    page.wait_for_url("**/pre-registration/**")
    return phone, page


def test_the_player_goes_between_his_two_pages_and_the_desk_follows_the_list(site, browser):
    url, tid = site.server.url, site.id
    _ctx, anna = _pre_register(browser, url, tid, "Anna Berg", "de")
    ctx, ben = _pre_register(browser, url, tid, "Ben Cohn", "en")
    ben.get_by_role("link", name="My page").click()
    expect(ben.locator("#me-prereg-link")).to_be_visible()
    shot(ben, "me-waiting-phone-en")
    assert ben.evaluate("document.documentElement.scrollWidth") <= VIEWPORTS["phone"]["width"]
    ben.locator("#me-prereg-link").click()
    expect(ben.locator(".s-code-text")).to_be_visible()
    ctx.close()

    desk_context = browser.new_context(viewport=VIEWPORTS["laptop"], locale="en")
    desk = desk_context.new_page()
    sign_in(desk, url, "dora", PASSWORD)
    desk.goto(f"{url}/tournaments/{tid}/desk/")
    expect(desk.locator("#next-in-line")).to_contain_text("Ben Cohn")
    desk.locator("input[name=name]").fill("Walter Walk")
    desk.locator("#new-player button[type=submit]").click()
    expect(desk.locator(".confirm-ahead")).to_be_visible()
    shot(desk, "desk-confirm-laptop-en")
    desk.get_by_role("button", name="Register ahead of the waiting list").click()
    expect(desk.locator("table.grid").first).to_contain_text("Walter Walk")

    with desk.expect_popup() as opened:
        desk.locator("table.grid").first.get_by_role("link", name="Phone link").first.click()
    card = opened.value
    card.get_by_role("button", name="Make a phone link").click()
    expect(card.locator(".phone-link-qr svg")).to_be_visible()
    shot(card, "phone-link-laptop-en")
    link = card.locator(".phone-link-url").inner_text().strip()
    assert "/me/" in link

    desk.goto(f"{url}/pre-registrations/today/")
    expect(desk.locator(".today-tournament")).to_contain_text("Anna Berg")
    shot(desk, "today-laptop-en")
    desk_context.close()

    phone = browser.new_context(viewport=VIEWPORTS["phone"], locale="en", has_touch=True)
    mine = phone.new_page()
    mine.goto(link + "?lang=en")
    expect(mine.locator("#me-name")).to_contain_text("Walter")
    expect(mine.locator("#me-prereg")).to_have_count(0)
    shot(mine, "me-walk-in-phone-en")
    phone.close()
    anna.close()


def test_a_walk_in_the_desk_puts_on_the_waiting_list_scans_his_own_page(site, browser):
    url, tid = site.server.url, site.id
    desk_context = browser.new_context(viewport=VIEWPORTS["laptop"], locale="en")
    desk = desk_context.new_page()
    sign_in(desk, url, "dora", PASSWORD)
    desk.goto(f"{url}/tournaments/{tid}/desk/")
    desk.locator("input[name=name]").fill("Xaver Yilmaz")
    desk.locator("#new-player button[type=submit]").click()
    desk.get_by_role("button", name="Put at the end of the waiting list").click()
    expect(desk.locator(".phone-link-qr svg")).to_be_visible()
    number = desk.locator(".big-text").inner_text().split()[1]
    shot(desk, "waiting-walk-in-laptop-en")
    link = desk.locator(".phone-link-url").inner_text().strip()
    assert "/pre-registration/" in link
    desk.get_by_role("link", name="Back to the registration desk").click()
    expect(desk.locator("#next-in-line")).to_contain_text("Xaver Yilmaz")
    desk_context.close()

    phone = browser.new_context(viewport=VIEWPORTS["phone"], locale="en", has_touch=True)
    mine = phone.new_page()
    mine.goto(link + "?lang=en")
    expect(mine.locator(".s-status")).to_contain_text(f"Waiting list: number {number}")
    shot(mine, "waiting-walk-in-phone-en")
    assert mine.evaluate("document.documentElement.scrollWidth") <= VIEWPORTS["phone"]["width"]
    phone.close()
