"""The staff page in a real browser (README "Staff accounts", "Languages"):
switching the language keeps what was typed in the form, and the account made
there signs in. Screenshots go to var/screenshots/staff-*.png."""

from __future__ import annotations

from pathlib import Path

import pytest
from browser_support import CHROMIUM, VIEWPORTS, director_site, message, shooter, sign_in, submit

playwright_sync = pytest.importorskip("playwright.sync_api")
expect = playwright_sync.expect

PASSWORD = "pw-dora-staff"
shot = shooter("staff-", full_page=True)

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(not Path(CHROMIUM).exists(), reason="needs Debian's chromium"),
]


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    with director_site(tmp_path_factory.mktemp("staff"), PASSWORD) as site:
        yield site.server


def test_switching_the_language_keeps_what_was_typed_and_the_account_signs_in(site, browser):
    page = browser.new_page(viewport=VIEWPORTS["laptop"], locale="en-GB")
    sign_in(page, site.url, "dora", PASSWORD)
    page.goto(f"{site.url}/staff/")
    form = page.locator("#new-staff")
    form.locator("input[name=username]").fill("kasse3")
    form.locator("select[name=role]").select_option("floor")
    form.locator("input[name=password]").fill("abend-kasse-3")

    submit(page, page.locator("form.lang button[value=de]"))
    expect(page.locator("h1")).to_have_text("Mitarbeiter")
    expect(form.locator("input[name=username]")).to_have_value("kasse3")
    expect(form.locator("select[name=role]")).to_have_value("floor")
    expect(form.locator("input[name=password]")).to_have_value("")  # never stored
    shot(page, "after-language-switch")

    form.locator("input[name=password]").fill("abend-kasse-3")
    submit(page, form.get_by_role("button", name="Konto anlegen"))
    expect(message(page)).to_have_text("Konto kasse3 angelegt.")
    expect(page.locator("tr[data-staff=kasse3] select[name=role]")).to_have_value("floor")
    shot(page, "created")

    other = browser.new_page(viewport=VIEWPORTS["laptop"], locale="de-DE")
    sign_in(other, site.url, "kasse3", "abend-kasse-3")
    expect(other.locator(".who")).to_have_text("kasse3")
    other.close()
    page.close()
