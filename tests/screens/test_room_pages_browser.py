"""The room's pages at the four real viewports (README "Screens", "Done when"), on the
demo's 45-player field with a table break pending: no page is wider than its
viewport; the staff menu is one line; the tablet floor shows a whole 9-seat
table on its first screen; every player appears on the board's seat pages
within their rotation; every move of the break appears on the board; the lobby
finds a player by surname and by nickname. Screenshots go to var/screenshots/."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from browser_support import CHROMIUM, VIEWPORTS, director_site, manage, shooter, sign_in

playwright_sync = pytest.importorskip("playwright.sync_api")
expect = playwright_sync.expect

PASSWORD = "pw-dora-room"
shot = shooter("room-")
STAFF_PAGES = [
    "",
    "floor/",
    "desk/",
    "entries/",
    "clock/",
    "payouts/",
    "floor/moves/",
    "chip-counts/",
    "cash/shift/",
    "cash/money/",
    "cash/tickets/",
    "cash/pots/",
]
# The room's own pages, outside any tournament (README "Player data").
ROOM_PAGES = ["/room/", "/players/retention/", "/privacy/", "/imports/td3/"]

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(not Path(CHROMIUM).exists(), reason="needs Debian's chromium"),
]


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    var = tmp_path_factory.mktemp("room-pages")
    # The demo: 45 players at 5 tables of 9, the clock running.
    with director_site(var, PASSWORD, commands=(("demo",),)) as site:
        server, token = site.server, site.token
        tid = server.api("GET", "/tournaments", token)[0]["id"]
        tables = server.api("GET", f"/tournaments/{tid}/tables", token)
        # Nine busts at four tables: 36 players fit four tables, so table 5 breaks
        # (this room keeps no seat free for late entries: README "Breaking during
        # registration").
        server.api("PATCH", f"/tournaments/{tid}", token, {"options": {"late_entry_seats": 0}})
        for index, count in ((0, 3), (1, 2), (2, 2), (3, 2)):
            for player in tables[index]["players"][:count]:
                server.api("POST", f"/entries/{player['entry']}/bust", token, {})
        # The moves still to do: a balancing move the break replaced is not one.
        moves = server.api("GET", f"/tournaments/{tid}/moves?status=pending", token)
        seated = [
            p["name"]
            for t in server.api("GET", f"/tournaments/{tid}/tables", token)
            for p in t["players"]
        ]
        # Two players still in: one is found by his surname, one by his nickname.
        # The demo gives long first names a nickname; the first one goes without,
        # so the lobby shows him as first name and initial.
        by_surname, by_nickname = seated[0], seated[1]
        manage(
            site.env,
            "shell",
            "-c",
            "from tournament.models import Player; "
            f"Player.objects.filter(name={by_surname!r}).update(nickname=''); "
            f"Player.objects.filter(name={by_nickname!r}).update(nickname='Late Larry')",
        )
        site.id, site.moves, site.by_surname = tid, moves, by_surname
        yield site


def signed_in(browser, site, viewport: str, language: str):
    context = browser.new_context(viewport=VIEWPORTS[viewport], locale=language, has_touch=True)
    context.add_cookies([{"name": "django_language", "value": language, "url": site.server.url}])
    page = context.new_page()
    sign_in(page, site.server.url, "dora", PASSWORD)
    return page


def width_of(page) -> int:
    return page.evaluate("document.documentElement.scrollWidth")


@pytest.mark.parametrize("viewport", list(VIEWPORTS))
@pytest.mark.parametrize("language", ["en", "de"])
def test_no_page_is_wider_than_its_viewport(site, browser, viewport, language):
    page = signed_in(browser, site, viewport, language)
    too_wide = {}
    for path in STAFF_PAGES:
        page.goto(f"{site.server.url}/tournaments/{site.id}/{path}")
        if width_of(page) > VIEWPORTS[viewport]["width"]:
            too_wide[path] = width_of(page)
        if viewport != "phone":
            # The staff menu is one line, whatever the page and language.
            assert page.locator(".topbar").bounding_box()["height"] < 70, path
    for path in ROOM_PAGES:
        page.goto(f"{site.server.url}{path}")
        if width_of(page) > VIEWPORTS[viewport]["width"]:
            too_wide[path] = width_of(page)
    if viewport == "tablet":
        shot(page, f"privacy-notice-{language}")
        page.goto(f"{site.server.url}/players/retention/")
        shot(page, f"retention-{language}")
    for path in (f"/display/{site.id}/?layout=seats", f"/lobby/{site.id}/"):
        page.goto(f"{site.server.url}{path}&lang={language}".replace("/&", "/?"))
        if width_of(page) > VIEWPORTS[viewport]["width"]:
            too_wide[path] = width_of(page)
    page.goto(f"{site.server.url}/tournaments/{site.id}/floor/")
    shot(page, f"floor-{viewport}-{language}")
    page.context.close()
    assert too_wide == {}


@pytest.mark.parametrize("language", ["en", "de"])
def test_the_tablet_floor_shows_a_whole_table_beside_the_moves(site, browser, language):
    page = signed_in(browser, site, "tablet", language)
    page.goto(f"{site.server.url}/tournaments/{site.id}/floor/")
    expect(page.locator(".moves-alert")).to_be_visible()
    first = page.locator(".floor-tables .table-card").first
    rows, bottom = page.evaluate(
        """() => { const card = document.querySelector('.floor-tables .table-card');
                   return [card.querySelectorAll('.seats li').length,
                           card.getBoundingClientRect().bottom]; }"""
    )
    assert rows == 9 and bottom <= 768
    # A tap on a seat focuses nothing that would open the tablet's keyboard.
    page.wait_for_function("() => window.htmx && window.Live")
    first.locator(".seat-button").nth(3).tap()
    expect(page.locator("#seat-dialog[open]")).to_be_visible()
    assert page.evaluate("document.activeElement.tagName") == "H2"
    shot(page, f"floor-seat-{language}")
    page.context.close()


def test_every_player_appears_on_the_board_seat_pages(site, browser):
    remaining = site.server.api("GET", f"/tournaments/{site.id}", site.token)["remaining"]
    context = browser.new_context(viewport=VIEWPORTS["tv"])
    page = context.new_page()
    page.goto(f"{site.server.url}/display/{site.id}/?layout=seats&seconds=2&lang=de")
    expect(page.locator(".tile-seats .t-seats li").first).to_be_visible()
    seen: set[str] = set()
    pages: set[str] = set()
    # Turns every 2 s here; a slow machine gets time for a few rounds.
    for _ in range(80):
        label = page.locator(".tile-seats .t-page").inner_text()
        pages.add(label)
        seen |= set(page.locator(".tile-seats .t-seats li > span").all_inner_texts())
        if len(seen) >= remaining and len(pages) > 1:
            break
        page.wait_for_timeout(500)
    shot(page, "board-seats-tv-de")
    # The QR code is not covered by the list.
    qr = page.locator(".tile-qr svg").bounding_box()
    seats_box = page.locator(".tile-seats .t-seats").bounding_box()
    assert (
        qr["y"] >= seats_box["y"] + seats_box["height"] or qr["x"] + qr["width"] <= seats_box["x"]
    )
    assert len(seen) == remaining == 36, sorted(seen)
    # When they do not all fit one screen, the pages say which page is shown.
    assert pages == {""} or any(re.fullmatch(r"Seite \d von \d", label) for label in pages), pages
    context.close()


def test_the_board_keeps_its_seat_page_while_the_next_one_loads(site, browser):
    # A small screen, so the seats take several pages whatever the draw (on
    # the TV the field may fit one page, and one page never turns).
    context = browser.new_context(viewport={"width": 800, "height": 450})
    page = context.new_page()
    page.goto(f"{site.server.url}/display/{site.id}/?layout=seats&seconds=2&lang=de")
    expect(page.locator(".tile-seats .t-seats li").first).to_be_visible()
    expect(page.locator(".tile-seats .t-page")).to_have_text(re.compile(r"Seite 1 von \d"))
    # The next page's request is held, as on a slow network: until it comes,
    # the room still reads a page of names, never an empty or half-made list.
    held = []
    page.route("**/seats?*", lambda route: held.append(route))
    for _ in range(60):  # the page turns every 2 s here; a slow machine gets longer
        if held:
            break
        page.wait_for_timeout(500)
    assert held, "the board asked for no next page"
    while_loading = page.locator(".tile-seats .t-seats li > span").all_inner_texts()
    for route in held:
        route.continue_()
    page.unroute("**/seats?*")
    assert len(while_loading) > 1 and "Xy" not in while_loading, while_loading
    context.close()


@pytest.mark.parametrize("language", ["en", "de"])
def test_the_privacy_notice_prints_on_one_sheet(site, browser, language):
    context = browser.new_context(locale=language)
    context.add_cookies([{"name": "django_language", "value": language, "url": site.server.url}])
    page = context.new_page()
    page.goto(f"{site.server.url}/privacy/")
    assert "Demo Card Room" in page.locator("main").inner_text()
    page.emulate_media(media="print")
    assert not page.locator(".topbar").is_visible()
    assert not page.locator("[data-print]").is_visible()
    pdf = page.pdf(format="A4")
    # The page tree's count: one sheet the desk can hand over or pin up.
    assert re.findall(rb"/Count (\d+)", pdf) == [b"1"]
    context.close()


def test_every_move_of_the_break_appears_on_the_board(site, browser):
    # The break's nine moves, and the balancing moves of the busts before it.
    assert sum(1 for move in site.moves if move["from_table"] == 5) == 9
    context = browser.new_context(viewport=VIEWPORTS["tv"])
    page = context.new_page()
    page.goto(f"{site.server.url}/display/{site.id}/?lang=en")
    expect(page.locator(".tile-moves")).to_be_visible()
    shown = set()
    for _ in range(80):  # the moves turn every 8 s when they fill more than one page
        shown |= set(page.locator(".tile-moves .t-moves li").all_inner_texts())
        if len(shown) >= len(site.moves):
            break
        page.wait_for_timeout(500)
    assert len(shown) == len(site.moves)
    # The banner sits under the clock and the code, and above the sound hint.
    banner = page.locator(".tile-moves").bounding_box()
    assert page.locator(".tile-qr svg").bounding_box()["y"] + 10 < banner["y"]
    assert page.locator("#d-sound").bounding_box()["y"] >= banner["y"] + banner["height"] - 1
    shot(page, "board-moves-tv-en")
    context.close()


def test_the_lobby_finds_a_player_by_surname_and_nickname(site, browser):
    first, surname = site.by_surname.split()[0], site.by_surname.split()[-1]
    context = browser.new_context(viewport=VIEWPORTS["phone"], is_mobile=True, has_touch=True)
    page = context.new_page()
    page.goto(f"{site.server.url}/lobby/{site.id}/?lang=de")
    for query, found in ((surname, f"{first} {surname[0]}."), ("Larry", "Late Larry")):
        page.locator("#seat-query").fill(query)
        result = page.locator("#seat-results li").filter(has_text=found).first
        expect(result).to_contain_text("Tisch")
        # The seat stays on the phone's screen.
        seat = result.locator("b").bounding_box()
        assert seat["x"] + seat["width"] <= VIEWPORTS["phone"]["width"]
        shot(page, f"lobby-phone-{query.lower()}")
    context.close()
