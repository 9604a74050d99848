"""The TD3 import page on the director's laptop (README "Switching from TD3"):
several files chosen at once, the preview drawn into the page, a merge chosen,
the import, and the result, in English and German, under the site's Content
Security Policy. Debian's chromium via Playwright against a real daphne server."""

from __future__ import annotations

from pathlib import Path

import pytest
from browser_support import (
    CHROMIUM,
    COLLECT_VIOLATIONS,
    VIEWPORTS,
    director_site,
    manage,
    shooter,
    sign_in,
)

from imports.rules.td3_read import read_td3
from tests.imports.td3_files import needed_td3_files

playwright_sync = pytest.importorskip("playwright.sync_api")

PASSWORD = "pw-dora-td3"
shot = shooter("td3-import-", full_page=True)
LAPTOP = VIEWPORTS["laptop"]
# Each language imports its own evenings, so neither finds the other's done.
EVENINGS = {"en": ("ORF 2025", slice(0, 3)), "de": ("Koffsta 2021 Off season", slice(0, 3))}
HEADINGS = {"en": ("2. Preview", "Imported from TD3"), "de": ("2. Vorschau", "Aus TD3 importiert")}

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(not Path(CHROMIUM).exists(), reason="needs Debian's chromium"),
]


def _evenings(language: str) -> list[Path]:
    folder, part = EVENINGS[language]
    files = needed_td3_files(folder, at_least=3)[part]
    return files


def _own_player(language: str) -> str:
    """A player of this language's evenings whom the other language's evenings do not hold."""
    uuids = {
        language: {
            p.uuid: p.name
            for path in _evenings(language)
            for p in read_td3(path.read_bytes()).field
        }
        for language in EVENINGS
    }
    others = {uuid for other, found in uuids.items() if other != language for uuid in found}
    return next(name for uuid, name in uuids[language].items() if uuid not in others)


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    with director_site(tmp_path_factory.mktemp("td3-import-browser"), PASSWORD) as site:
        # A player of ours with the name of a player of each language's evenings.
        site.names = {language: _own_player(language) for language in EVENINGS}
        manage(
            site.env,
            "shell",
            "-c",
            "from tournament.models import Player\n"
            + "".join(f"Player.objects.create(name={name!r})\n" for name in site.names.values()),
        )
        yield site


def _too_wide(page, width: int = LAPTOP["width"]) -> list[str]:
    """Elements that stick out of the window to the right (a clipped column)."""
    return page.evaluate(
        """(width) => [...document.querySelectorAll('main *')]
            .filter(e => e.getBoundingClientRect().right > width + 1)
            .map(e => e.outerHTML.slice(0, 80))""",
        width,
    )


@pytest.mark.parametrize("language", ["en", "de"])
def test_several_files_are_previewed_merged_and_imported(site, browser, language, tmp_path):
    files = _evenings(language)
    context = browser.new_context(viewport=LAPTOP, locale=language)
    context.add_init_script(COLLECT_VIOLATIONS)
    page = context.new_page()
    url = site.server.url
    sign_in(page, url, "dora", PASSWORD)
    context.add_cookies([{"name": "django_language", "value": language, "url": url}])
    preview_heading, result_heading = HEADINGS[language]

    page.goto(f"{url}/")
    page.locator("a[href='/imports/td3/']").click()
    page.wait_for_load_state()
    # A damaged file is named with its problem, in the page, and nothing can be imported.
    damaged = tmp_path / "cut.tdt"
    damaged.write_bytes(files[0].read_bytes()[:4000])
    chooser = page.locator("input[type=file][name=file]")
    chooser.set_input_files([str(files[1]), str(damaged)])
    page.locator("#td3-preview .td3-refused td.td3-file", has_text="cut.tdt").wait_for()
    shot(page, f"damaged-laptop-{language}")
    assert page.locator("#td3-preview button[type=submit]").count() == 0
    # Choosing the files draws the preview into the page (they stay chosen for the import).
    chooser.set_input_files([str(p) for p in files])
    page.locator("table.td3-files").wait_for()
    assert page.get_by_role("heading", name=preview_heading).is_visible()
    rows = page.locator("table.td3-files tbody tr")
    assert rows.count() == len(files)
    shown = {
        cells[0]: cells for cells in (row.locator("td").all_inner_texts() for row in rows.all())
    }
    for path in files:
        td3 = read_td3(path.read_bytes())
        assert shown[path.name][1].startswith(td3.title.strip())
        assert int(shown[path.name][3]) == len(td3.field)
    seasons = {cells[5] for cells in shown.values()} - {"—"}
    shot(page, f"preview-laptop-{language}")
    assert _too_wide(page) == []
    # Usable on a tablet too: the same preview, nothing out of reach.
    page.set_viewport_size(VIEWPORTS["tablet"])
    shot(page, f"preview-tablet-{language}")
    assert _too_wide(page, VIEWPORTS["tablet"]["width"]) == []
    page.set_viewport_size(LAPTOP)

    # The player of the same name: a new player unless the director merges him.
    choice = page.locator("table.td3-candidates tbody tr").filter(has_text=site.names[language])
    assert choice.first.locator("input[type=radio][value='']").is_checked()
    choice.first.locator("input[type=radio]:not([value=''])").first.check()

    with page.expect_navigation():
        page.locator("#td3-preview button.primary[type=submit]").click()
    page.get_by_role("heading", name=result_heading).wait_for()
    results = page.locator("a[href$='/standings/']")
    assert results.count() == len(files)
    assert page.locator("a[href^='/seasons/']").count() == len(seasons)
    shot(page, f"result-laptop-{language}")
    assert _too_wide(page) == []
    assert page.evaluate("window.__cspViolations") == []
    context.close()
