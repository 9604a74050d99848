"""The schedule and the pre-registration form on a phone (390x844) and a laptop, in
German and English (README "Pre-registration and the schedule"): nothing wider than
the screen, the form sends, the personal page shows the code and its QR code, the
desk finds the player by the code a scanner types. Screenshots go to
var/screenshots/prereg-*.png."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from browser_support import CHROMIUM, VIEWPORTS, Server, director_site, shooter, sign_in

playwright_sync = pytest.importorskip("playwright.sync_api")
expect = playwright_sync.expect

PASSWORD = "pw-dora-schedule"
shot = shooter("prereg-", full_page=True)
WORDS = {
    "en": {"schedule": "Tournament schedule", "seat": "You have a seat.", "send": "Pre-register"},
    "de": {"schedule": "Turnierplan", "seat": "Sie haben einen Sitz.", "send": "Voranmelden"},
}

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(not Path(CHROMIUM).exists(), reason="needs Debian's chromium"),
]


def _tournament(server: Server, token: str, name: str, hours: int, capacity: int) -> int:
    starts = datetime.now(UTC) + timedelta(hours=hours)
    body = {
        "name": name,
        "buy_in": "50",
        "fee": "5",
        "starting_stack": 30000,
        "late_registration_levels": 6,
        "starts_at": starts.isoformat(),
        "listed": True,
        "pre_registration": {"open": True, "capacity": capacity},
    }
    tid = server.api("POST", "/tournaments", token, body)["id"]
    levels = [
        {"kind": "level", "small_blind": 100 * n, "big_blind": 200 * n, "ante": 0, "seconds": 1200}
        for n in range(1, 5)
    ]
    levels.insert(2, {"kind": "break", "seconds": 600, "color_up": []})
    server.api("PUT", f"/tournaments/{tid}/structure", token, {"levels": levels})
    return tid


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    with director_site(tmp_path_factory.mktemp("schedule"), PASSWORD) as site:
        server, token = site.server, site.token
        site.id = _tournament(server, token, "Friday Deepstack Championship Warm-up", 26, 40)
        _tournament(server, token, "Saturday Bounty", 50, 2)
        _tournament(server, token, "Sunday Freezeout", 74, 30)
        yield site


def width_of(page) -> int:
    return page.evaluate("document.documentElement.scrollWidth")


@pytest.mark.parametrize("viewport", ["phone", "laptop"])
@pytest.mark.parametrize("language", ["en", "de"])
def test_schedule_and_form_read_well_and_send(site, browser, viewport, language):
    words = WORDS[language]
    size = VIEWPORTS[viewport]
    context = browser.new_context(viewport=size, locale=language, has_touch=viewport == "phone")
    page = context.new_page()
    url = site.server.url
    page.goto(f"{url}/schedule/?lang={language}")
    expect(page.locator("h1")).to_have_text(words["schedule"])
    expect(page.locator(".s-card")).to_have_count(3)
    assert width_of(page) <= size["width"]
    shot(page, f"schedule-{viewport}-{language}")

    page.locator(".s-card-link").first.click()
    expect(page.locator(".s-table tbody tr")).to_have_count(5)
    assert width_of(page) <= size["width"]
    shot(page, f"tournament-{viewport}-{language}")
    name = f"Łukasz Żółć {viewport} {language}"
    page.locator("input[name=name]").fill(name)
    page.get_by_role("button", name=words["send"]).click()
    expect(page.locator(".s-status strong")).to_have_text(words["seat"])
    code = page.locator(".s-code-text").inner_text().strip()
    assert len(code) == 6
    qr = page.locator(".s-code svg").bounding_box()
    assert qr["width"] >= 150 and qr["x"] + qr["width"] <= size["width"]
    assert width_of(page) <= size["width"]
    shot(page, f"personal-{viewport}-{language}")

    page.goto(f"{url}/schedule/print/?lang={language}")
    expect(page.locator("tbody tr")).to_have_count(3)
    shot(page, f"week-{viewport}-{language}")
    context.close()

    # The desk's scanner types the code into the search field and presses Enter.
    desk = browser.new_context(viewport=VIEWPORTS["laptop"], locale=language)
    desk.add_cookies([{"name": "django_language", "value": language, "url": url}])
    staff = desk.new_page()
    sign_in(staff, url, "dora", PASSWORD)
    staff.goto(f"{url}/tournaments/{site.id}/pre-registrations/")
    staff.locator("input[name=q]").fill(code)
    staff.locator("input[name=q]").press("Enter")
    expect(staff.locator(".prereg-list tbody tr")).to_have_count(1)
    expect(staff.locator(".prereg-list tbody tr")).to_contain_text(name)
    shot(staff, f"desk-{language}-{viewport}")
    desk.close()


def test_cancelling_on_the_phone_asks_first(site, browser):
    context = browser.new_context(viewport=VIEWPORTS["phone"], locale="de", has_touch=True)
    page = context.new_page()
    page.goto(f"{site.server.url}/schedule/{site.id}/?lang=de")
    page.locator("input[name=name]").fill("Vera Vorsicht")
    page.get_by_role("button", name="Voranmelden").click()
    expect(page.locator(".s-status strong")).to_have_text("Sie haben einen Sitz.")
    asked = []

    def answer(dialog, accept: bool) -> None:
        asked.append(dialog.message)
        dialog.accept() if accept else dialog.dismiss()

    page.once("dialog", lambda dialog: answer(dialog, False))
    page.get_by_role("button", name="Meine Voranmeldung absagen").click()
    expect(page.locator(".s-status strong")).to_have_text("Sie haben einen Sitz.")  # kept
    assert asked and asked[0].startswith("Voranmeldung wirklich absagen?")
    shot(page, "cancel-kept")

    page.once("dialog", lambda dialog: answer(dialog, True))
    page.get_by_role("button", name="Meine Voranmeldung absagen").click()
    expect(page.get_by_text("Sie haben diese Voranmeldung abgesagt.")).to_be_visible()
    assert len(asked) == 2
    context.close()
