"""The floor tablet at 1024x768 in German (README "Places, re-entries and moves",
"Undoing a bust"): what the floor sees after a bust, an undo, a bad chip count,
and on the history page. Screenshots go to var/screenshots/floor-*.png."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from browser_support import CHROMIUM, VIEWPORTS, director_site, message, shooter, sign_in, submit

playwright_sync = pytest.importorskip("playwright.sync_api")
expect = playwright_sync.expect

shot = shooter("floor-")
TABLET = VIEWPORTS["tablet"]
PASSWORD = "pw-flora-floor"

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(not Path(CHROMIUM).exists(), reason="needs Debian's chromium"),
]


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    with director_site(tmp_path_factory.mktemp("floor"), PASSWORD, "flora") as site:
        yield site


def evening(site, name: str, players: int, **options) -> int:
    """Two tables of nine drawn; players beyond 18 wait as alternates."""
    server, token = site.server, site.token
    tid = server.api("POST", "/tournaments", token, {"name": name, "table_size": 9, **options})[
        "id"
    ]
    server.api("POST", f"/tournaments/{tid}/tables", token, {"count": 2})
    for n in range(min(players, 18)):
        server.api("POST", f"/tournaments/{tid}/entries", token, {"name": f"Spieler{n} Nr{n}"})
    server.api("POST", f"/tournaments/{tid}/draw", token)
    for n in range(18, players):
        server.api("POST", f"/tournaments/{tid}/entries", token, {"name": f"Wartend{n} Nr{n}"})
    return tid


@pytest.fixture
def floor(site, browser):
    context = browser.new_context(viewport=TABLET, locale="de", has_touch=True)
    page = context.new_page()
    sign_in(page, site.server.url, "flora", PASSWORD)
    yield page
    context.close()


def test_a_refused_chip_count_keeps_every_number_typed_and_marks_the_bad_seat(site, floor):
    tid = evening(site, "Zählabend", 18)
    table = site.server.api("GET", f"/tournaments/{tid}/tables", site.token)[0]
    floor.goto(f"{site.server.url}/floor/tables/{table['id']}/chip-counts/")
    fields = floor.locator("main table.grid tbody input")
    expect(fields).to_have_count(9)
    typed = [f"{20 + n}.000" for n in range(9)]
    typed[4] = "2e4"
    for field, text in zip(fields.all(), typed, strict=True):
        field.fill(text)
    submit(floor, floor.get_by_role("button", name="Chipstände speichern", exact=True))
    expect(message(floor)).to_contain_text("Sitz 5:")
    for field, text in zip(fields.all(), typed, strict=True):
        expect(field).to_have_value(text)
    bad = floor.locator("main table.grid tbody tr.bad-count")
    expect(bad).to_have_count(1)
    expect(bad.locator("td").first).to_have_text("5")
    expect(bad.locator("input")).to_have_attribute("aria-invalid", "true")
    expect(bad).to_contain_text("keine Chipzahl")
    shot(floor, "chip-count-bad-seat")
    fields.nth(4).fill("24.000")
    submit(floor, floor.get_by_role("button", name="Chipstände speichern", exact=True))
    expect(message(floor)).to_have_text("9 Chipstände gespeichert.")


def test_the_floor_map_lists_the_waiting_alternates_and_does_not_count_them_as_players_left(
    site, floor
):
    tid = evening(site, "Volles Haus", 20)
    floor.goto(f"{site.server.url}/tournaments/{tid}/floor/")
    expect(floor.locator("#floor-counts")).to_contain_text("18 von 20 Spielern übrig")
    card = floor.locator("#floor-alternates")
    expect(card.locator("h2")).to_have_text("2 Nachrücker warten")
    expect(card.locator("li")).to_have_text(["Wartend18 Nr18", "Wartend19 Nr19"])
    shot(floor, "alternates-on-the-map")
    # A bust seats the first alternate: the map follows without a reload.
    table = site.server.api("GET", f"/tournaments/{tid}/tables", site.token)[0]
    busted = table["players"][0]["entry"]
    site.server.api("POST", f"/entries/{busted}/bust", site.token)
    expect(card.locator("li")).to_have_text(["Wartend19 Nr19"])
    expect(card.locator("h2")).to_have_text("1 Nachrücker wartet")
    expect(floor.locator("#floor-counts")).to_contain_text("18 von 20 Spielern übrig")


def bust_from_the_map(floor, seat) -> str:
    """Tap a seat on the floor map and bust its player; his name. The tablet
    sends it with fetch and says what happened in place (no page comes back)."""
    player = seat.locator(".seat-name").inner_text().strip()
    seat.click()
    dialog = floor.locator("#seat-dialog")
    expect(dialog.locator(".big-name")).to_have_text(player)
    dialog.get_by_role("button", name="Spieler ausgeschieden", exact=True).click()
    expect(message(floor).first).to_contain_text(f"{player} ausgeschieden")
    return player


def page_loads(page) -> list[str]:
    """Every page the tab loads from now on (a form post and its redirect would be two)."""
    loads: list[str] = []
    page.on("framenavigated", lambda frame: frame == page.main_frame and loads.append(frame.url))
    return loads


def test_a_bust_names_the_player_and_his_place_and_offers_its_undo_where_the_map_was(
    site, floor, tmp_path
):
    tid = evening(site, "Ausscheiden", 18)
    floor.goto(f"{site.server.url}/tournaments/{tid}/floor/")
    expect(floor.locator("#floor-counts")).to_contain_text("18 von 18 Spielern übrig")
    loads = page_loads(floor)
    seat = floor.locator("#table-2 .seat-button.taken").first
    player = bust_from_the_map(floor, seat)
    said = message(floor)
    expect(said).to_have_text(
        re.compile(rf"^{re.escape(player)} ausgeschieden – Platz 18 · Rückgängig ×$")
    )
    # The tablet that busted him applies the message as every tablet does: the
    # seat is free and the counts follow, and no page was loaded for it.
    table = floor.locator("#table-2")
    expect(table).not_to_contain_text(player)
    expect(table.locator(".table-head")).to_contain_text("8/9")
    expect(floor.locator("#floor-counts")).to_contain_text("17 von 18 Spielern übrig")
    expect(floor.locator("#seat-dialog")).not_to_have_attribute("open", "")
    expect(said).to_be_in_viewport()
    expect(floor.locator("header.topbar")).to_be_in_viewport()
    floor.screenshot(path=str(tmp_path / "bust-said.png"))
    shot(floor, "bust-said")
    floor.once("dialog", lambda dialog: dialog.accept())
    said.get_by_role("button", name="Rückgängig", exact=True).click()
    expect(message(floor)).to_contain_text(f"Ausscheiden zurückgenommen: {player} sitzt an Tisch 2")
    expect(table).to_contain_text(player)
    expect(floor.locator("#floor-counts")).to_contain_text("18 von 18 Spielern übrig")
    floor.screenshot(path=str(tmp_path / "unbust-said.png"))
    assert loads == []
    assert floor.url.endswith(f"/tournaments/{tid}/floor/")


def test_undoing_a_bust_whose_seat_an_alternate_took_says_who_stands_up(site, floor):
    tid = evening(site, "Nachrücker zurück", 19)
    floor.goto(f"{site.server.url}/tournaments/{tid}/floor/")
    player = bust_from_the_map(floor, floor.locator("#table-1 .seat-button.taken").first)
    card = floor.locator("#floor-alternates")
    expect(card.locator("li")).to_have_count(0)
    floor.once("dialog", lambda dialog: dialog.accept())
    message(floor).get_by_role("button", name="Rückgängig", exact=True).click()
    said = message(floor)
    expect(said).to_contain_text("Wartend18 Nr18 steht auf und ist wieder Erster")
    expect(said).to_contain_text(f"{player} sitzt wieder an Tisch 1")
    expect(said).to_be_in_viewport()
    expect(card.locator("li")).to_have_text(["Wartend18 Nr18"])
    expect(floor.locator("#table-1")).to_contain_text(player)
    shot(floor, "unbust-alternate-stands-up")


def hits_its_middle(page, button) -> bool:
    """A tap in the middle of the button lands on the button, not on what covers it."""
    box = button.bounding_box()
    return page.evaluate(
        "([x, y, el]) => { const hit = document.elementFromPoint(x, y); return !!hit && el.contains(hit); }",
        [box["x"] + box["width"] / 2, box["y"] + box["height"] / 2, button.element_handle()],
    )


def test_the_history_page_at_tablet_width_has_whole_undo_buttons_and_says_what_was_undone(
    site, floor
):
    tid = evening(site, "Verlauf", 18)
    table = site.server.api("GET", f"/tournaments/{tid}/tables", site.token)[0]
    first, second = table["players"][0], table["players"][1]
    for player in (first, second):
        site.server.api("POST", f"/entries/{player['entry']}/bust", site.token)
    floor.goto(f"{site.server.url}/tournaments/{tid}/floor/history/")
    undo = floor.locator("main").get_by_role("button", name="Rückgängig", exact=True)
    expect(undo.first).to_be_visible()
    for index in range(undo.count()):
        assert hits_its_middle(floor, undo.nth(index)), index
    assert floor.evaluate("document.documentElement.scrollWidth") <= TABLET["width"]
    # The last bust first: the places of earlier ones hang on it.
    row = floor.locator("main tr").filter(has_text=f"{second['name']} ist an Tisch")
    floor.once("dialog", lambda dialog: dialog.accept())  # the undo asks first
    submit(floor, row.get_by_role("button", name="Rückgängig", exact=True))
    expect(message(floor)).to_contain_text(f"Ausscheiden zurückgenommen: {second['name']}")
    undone = floor.locator("main tr").filter(has_text=f"{second['name']} ist an Tisch").first
    expect(undone).to_contain_text("rückgängig gemacht")
    expect(undone).not_to_contain_text("Re-Entry")
    shot(floor, "history")
