"""Pages as the room's screens show them (README "Screens"): at
1024 px the desk's links stay inside their card and "New ruling" is a button, not
a bar; a long name takes one line with an ellipsis on the floor map and the TV's
move band (its whole name in a title) and the form says the limit; the arrow of a
move stays with its seat; the screens list names a layout by its title.
Screenshots go to var/screenshots/wide-*.png."""

from __future__ import annotations

from pathlib import Path

import pytest
from browser_support import CHROMIUM, VIEWPORTS, director_site, shooter, sign_in

playwright_sync = pytest.importorskip("playwright.sync_api")
expect = playwright_sync.expect

PASSWORD = "pw-dora-wide"
shot = shooter("wide-")
LONG = "Maximilian-Alexander " + "von und zu Hohenberg-Schwarzenfels " * 3
LONG = LONG[:120].strip()
NAMES = ["Anna Berg", "Ben Cohn", "Clara Dorn", "David Eck", "Eva Fuchs", LONG]

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(not Path(CHROMIUM).exists(), reason="needs Debian's chromium"),
]


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    with director_site(tmp_path_factory.mktemp("wide"), PASSWORD) as site:
        server, token = site.server, site.token
        body = {"name": "Wide Cup", "buy_in": "50", "table_size": 6}
        site.id = tid = server.api("POST", "/tournaments", token, body)["id"]
        server.api("POST", f"/tournaments/{tid}/tables", token, {"count": 2, "seats": 6})
        for name in NAMES:
            server.api("POST", f"/tournaments/{tid}/entries", token, {"name": name})
        server.api("POST", f"/tournaments/{tid}/draw", token)
        server.api("POST", "/screens", token, {"name": "Bar TV", "tournaments": [tid]})
        yield site


@pytest.fixture
def tablet(site, browser):
    context = browser.new_context(viewport=VIEWPORTS["tablet"], locale="de-DE")
    page = context.new_page()
    sign_in(page, site.server.url, "dora", PASSWORD)
    page.goto(f"{site.server.url}/?lang=de")
    yield page
    context.close()


def box(locator) -> dict:
    return locator.evaluate(
        "e => { const r = e.getBoundingClientRect(); return {left: r.left, right: r.right, "
        "width: r.width, height: r.height}; }"
    )


def test_the_desks_links_stay_inside_their_card_at_1024(site, tablet):
    tablet.goto(f"{site.server.url}/tournaments/{site.id}/desk/")
    assert tablet.evaluate("document.documentElement.scrollWidth") <= VIEWPORTS["tablet"]["width"]
    card = tablet.locator("section.card").filter(has=tablet.locator("table.grid")).first
    right = box(card)["right"]
    for link in tablet.locator("table.grid a").all()[:12]:
        assert box(link)["right"] <= right + 1, link.inner_text()
    expect(tablet.locator("#id_name ~ small, label:has(#id_name) small")).to_contain_text(
        "Höchstens 120 Zeichen"
    )
    shot(tablet, "desk-tablet-de")


def test_new_ruling_is_a_button_not_a_bar_at_1024(site, tablet):
    tablet.goto(f"{site.server.url}/tournaments/{site.id}/rulings/")
    button = tablet.get_by_role("link", name="Neue Entscheidung")
    assert box(button)["width"] < 400
    shot(tablet, "rulings-tablet-de")
    button.click()
    heading = tablet.get_by_role("heading", name="Neue Entscheidung")
    expect(heading).to_be_visible()
    assert box(heading)["right"] <= VIEWPORTS["tablet"]["width"]
    assert tablet.evaluate("document.documentElement.scrollWidth") <= VIEWPORTS["tablet"]["width"]
    shot(tablet, "ruling-new-tablet-de")


def test_a_long_name_takes_one_line_on_the_floor_map_with_the_whole_name_in_its_title(site, tablet):
    tablet.goto(f"{site.server.url}/tournaments/{site.id}/floor/")
    name = tablet.locator(".seat-name", has_text=LONG[:20]).first
    expect(name).to_have_attribute("title", LONG)
    line = name.evaluate("e => parseFloat(getComputedStyle(e).lineHeight) || 24")
    assert box(name)["height"] <= line * 1.5
    assert name.evaluate("e => e.scrollWidth > e.clientWidth")  # shortened with an ellipsis
    shot(tablet, "floor-long-name-tablet-de")


def test_the_tv_keeps_the_arrow_with_its_seat_and_shortens_a_long_name(site, browser):
    server, token = site.server, site.token
    tables = server.api("GET", f"/tournaments/{site.id}/tables", token)
    server.api("POST", f"/tables/{tables[0]['id']}/break", token)
    tv = browser.new_context(viewport=VIEWPORTS["tv"], locale="de-DE").new_page()
    tv.goto(f"{server.url}/display/{site.id}/?layout=seats&lang=de")
    moves = tv.locator(".tile-moves .t-moves li")
    expect(moves.first).to_be_visible()
    for move in moves.all():
        assert "→ Tisch" in move.locator(".nw").last.inner_text()
        line = move.evaluate("e => parseFloat(getComputedStyle(e).lineHeight) || 40")
        assert box(move)["height"] <= line * 1.5, move.inner_text()
    assert tv.evaluate("document.documentElement.scrollWidth") <= VIEWPORTS["tv"]["width"]
    for name in tv.locator(".t-move-name").all():
        assert name.get_attribute("title") == name.inner_text()
        assert name.evaluate("e => e.getClientRects().length") == 1
    shot(tv, "tv-moves-de")
    tv.close()


def test_the_screens_list_names_the_layout_by_its_title(site, tablet):
    tablet.goto(f"{site.server.url}/screens/")
    row = tablet.locator("tr", has_text="Bar TV")
    expect(row).to_contain_text("Uhr")
    assert "clock" not in row.inner_text()
    shot(tablet, "screens-tablet-de")
