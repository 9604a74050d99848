"""The tournament form in a real browser, German, at the laptop size (README
"Rebuys and add-ons"): the re-entry, rebuy and add-on prices sit right after
the entries per player, and the save button ends the form on a row of its own
at the right. Screenshot: var/screenshots/tournament-form-new.png."""

from __future__ import annotations

from pathlib import Path

import pytest
from browser_support import CHROMIUM, VIEWPORTS, director_site, shooter, sign_in

playwright_sync = pytest.importorskip("playwright.sync_api")
expect = playwright_sync.expect

PASSWORD = "pw-dora-form"
shot = shooter("tournament-form-", full_page=True)

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(not Path(CHROMIUM).exists(), reason="needs Debian's chromium"),
]


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    with director_site(tmp_path_factory.mktemp("tournament-form"), PASSWORD) as site:
        yield site.server


def box(locator) -> dict:
    found = locator.bounding_box()
    assert found is not None
    return found


def test_prices_follow_the_entries_and_the_save_button_ends_the_form(site, browser):
    page = browser.new_page(viewport=VIEWPORTS["laptop"], locale="de-DE")
    sign_in(page, site.url, "dora", PASSWORD)
    page.goto(f"{site.url}/tournaments/new/")
    form = page.locator("form.form-rows")
    names = form.locator("input, select, textarea").evaluate_all("els => els.map(e => e.name)")
    after = names[names.index("max_entries") + 1 :]
    assert after[:2] == ["re_entry_price", "re_entry_fee"]
    assert "addon_after_level" in after[:12]
    expect(form.get_by_text("Re-Entry", exact=False).first).to_be_visible()

    save = form.get_by_role("button", name="Speichern")
    fields = form.locator("label")
    lowest = max(b["y"] + b["height"] for b in (box(fields.nth(i)) for i in range(fields.count())))
    shot(page, "new")
    assert box(save)["y"] >= lowest  # below every field: the last row, alone
    form_box, save_box = box(form), box(save)
    right_gap = form_box["x"] + form_box["width"] - (save_box["x"] + save_box["width"])
    assert 0 <= right_gap <= 2  # at the right edge of the form
    page.close()
