"""The board drawn from a layout of tiles (README "Screen layouts and the room's look"):
every kind of tile fits its box on a TV at 1920x1080 and at 1280x720, two
tournaments' clocks count down side by side, a bust in one changes only its
tiles, and nothing is asked of any host but the room's server.
Screenshots go to var/screenshots/."""

from __future__ import annotations

import re
import struct
import zlib
from pathlib import Path

import pytest
from browser_support import CHROMIUM, VIEWPORTS, shooter, sign_in
from conftest import drawn_tournament_site, tournament_through_api

playwright_sync = pytest.importorskip("playwright.sync_api")
expect = playwright_sync.expect

shot = shooter()
PASSWORD = "pw-dora-tiles"
SIZES = {"1080": VIEWPORTS["tv"], "720": {"width": 1280, "height": 720}}

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(not Path(CHROMIUM).exists(), reason="needs Debian's chromium"),
]


def every_kind(other: int) -> list[dict]:
    """One tile of every kind on the 12 x 12 grid; a clock, blinds and players of ``other``."""

    def t(kind, x, y, w, h, **more):
        return {"kind": kind, "x": x, "y": y, "w": w, "h": h, **more}

    return [
        t("title", 0, 0, 8, 1),
        t("logo", 8, 0, 2, 1),
        t("text", 10, 0, 2, 1, options={"text": "Willkommen im Casino"}),
        t("announcements", 0, 1, 12, 1),
        t("clock", 0, 2, 5, 4),
        t("blinds", 5, 2, 4, 2),
        t("next_level", 5, 4, 4, 1),
        t("break", 5, 5, 2, 1),
        t("image", 7, 5, 2, 1),
        t("players", 9, 2, 3, 1),
        t("average", 9, 3, 3, 1),
        t("prize_pool", 9, 4, 3, 1),
        t("qr", 9, 5, 3, 2),
        t("clock", 0, 6, 3, 2, tournament=other),
        t("blinds", 0, 8, 3, 1, tournament=other),
        t("players", 0, 9, 3, 1, tournament=other),
        t("payouts", 3, 6, 3, 4),
        t("seats", 6, 6, 3, 4),
        t("chip_leaders", 9, 7, 3, 3),
        t("moves", 0, 10, 4, 2),
        t("final_table", 4, 10, 3, 2),
        t("bounties", 7, 10, 2, 2),
        t("schedule", 9, 10, 3, 2),
    ]


# Every element of a tile whose content is wider or higher than its box.
OVERFLOWING = """() => {
  const out = [];
  for (const tile of document.querySelectorAll('.tile')) {
    for (const node of [tile, ...tile.querySelectorAll('*')]) {
      if (node.closest('svg') || !node.clientWidth) continue;
      if (node.scrollWidth > node.clientWidth + 1 || node.scrollHeight > node.clientHeight + 1) {
        out.push(tile.dataset.kind + ' ' + node.className + ': ' + node.textContent.slice(0, 40));
      }
    }
  }
  return out;
}"""


def logo_png(width: int = 240, height: int = 80) -> bytes:
    """A small PNG: a gold bar with a green stripe, made here (no file, no download)."""

    def chunk(kind: bytes, data: bytes) -> bytes:
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body))

    rows = b"".join(
        b"\x00"
        + (b"\x10\xb9\x81" if height // 3 < y < 2 * height // 3 else b"\xfb\xbf\x24") * width
        for y in range(height)
    )
    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", header)
        + chunk(b"IDAT", zlib.compress(rows))
        + chunk(b"IEND", b"")
    )


@pytest.fixture(scope="module")
def site(tmp_path_factory, browser):
    var = tmp_path_factory.mktemp("layout-tiles")
    with drawn_tournament_site(var, PASSWORD) as site:
        site.other = tournament_through_api(site.server, site.token)["id"]
        site.layout = site.server.api(
            "POST", "/layouts", site.token, {"name": "Alles", "tiles": every_kind(site.other)}
        )["id"]
        # The room's look: a logo and a message line, set on the director's page.
        page = browser.new_context(viewport=VIEWPORTS["laptop"], locale="en-GB").new_page()
        sign_in(page, site.server.url, "dora", PASSWORD)
        page.goto(f"{site.server.url}/room/look/")
        (var / "logo.png").write_bytes(logo_png())
        page.locator("input[name=logo]").set_input_files(str(var / "logo.png"))
        page.locator("input[name=message]").fill("Happy hour at the bar until 22:00")
        page.get_by_role("button", name="Save").click()
        expect(page.locator(".messages")).to_contain_text("saved")
        page.context.close()
        yield site


def lan_only(page, server) -> list[str]:
    """Aborts every request to another host; returns the list of those asked for."""
    outside: list[str] = []

    def only_ours(route) -> None:
        if route.request.url.startswith((server.url, server.ws)):
            route.continue_()
        else:
            outside.append(route.request.url)
            route.abort()

    page.route("**/*", only_ours)
    return outside


def tv_page(browser, server, viewport: dict, locale: str):
    """A page at a TV's size that may ask only the room's server: the page, and
    the list of what it asked of any other host."""
    page = browser.new_context(viewport=viewport, locale=locale).new_page()
    return page, lan_only(page, server)


def fits_and_closes(page, outside: list[str], name: str) -> None:
    """The screenshot; no tile's content wider or higher than its box, nothing
    asked of another host; then the page closes."""
    shot(page, name)
    overflowing = page.evaluate(OVERFLOWING)
    assert overflowing == [], "\n".join(overflowing)
    assert outside == []
    page.context.close()


@pytest.mark.parametrize("size", list(SIZES))
def test_every_tile_fits_its_box_on_a_tv(site, browser, size):
    page, outside = tv_page(browser, site.server, SIZES[size], "de-DE")
    page.goto(f"{site.server.url}/display/{site.id}/?layout={site.layout}&lang=de")
    expect(page.locator(".tile-clock .t-time").first).to_have_text(re.compile(r"^\d+:\d\d$"))
    expect(page.locator(".tile-seats li").first).to_be_visible()
    expect(page.locator(".tile-payouts li").first).to_be_visible()
    expect(page.locator(".tile-logo img")).to_be_visible()
    expect(page.locator(".t-message")).to_contain_text("Happy hour")
    page.wait_for_load_state("networkidle")
    assert page.locator(".tile").count() == len(every_kind(site.other))
    fits_and_closes(page, outside, f"layout-every-tile-{size}")


def test_two_tournaments_count_down_and_a_bust_changes_only_its_tiles(site, browser):
    server, token = site.server, site.token
    page, outside = tv_page(browser, server, VIEWPORTS["tv"], "en-GB")
    page.goto(f"{server.url}/display/{site.id}/?layout={site.layout}&lang=en")
    mine = page.locator(f'.tile-clock[data-tournament="{site.id}"] .t-time')
    theirs = page.locator(f'.tile-clock[data-tournament="{site.other}"] .t-time')
    for clock in (mine, theirs):
        expect(clock).to_have_text(re.compile(r"^(19|20):\d\d$"))
        first = clock.text_content()
        expect(clock).not_to_have_text(first)  # counting down
    players = page.locator(f'.tile-players[data-tournament="{site.id}"] .t-players')
    other_players = page.locator(f'.tile-players[data-tournament="{site.other}"] .t-players')
    expect(players).to_have_text("8 of 8")
    expect(other_players).to_have_text("8 of 8")
    other_versions = page.eval_on_selector_all(
        f'.tile[data-tournament="{site.other}"]', "tiles => tiles.map(t => t.dataset.version)"
    )

    entry = server.api("GET", f"/tournaments/{site.id}/entries", token)[0]
    server.api("POST", f"/entries/{entry['id']}/bust", token, {})
    expect(players).to_have_text("7 of 8")
    expect(other_players).to_have_text("8 of 8")
    assert (
        page.eval_on_selector_all(
            f'.tile[data-tournament="{site.other}"]', "tiles => tiles.map(t => t.dataset.version)"
        )
        == other_versions
    )
    shot(page, "layout-two-tournaments-after-bust")
    assert outside == []
    page.context.close()


def cell_center(box: dict, x: float, y: float) -> tuple[float, float]:
    """The page position of the middle of grid cell (x, y) in the editor's grid box."""
    return box["x"] + (x + 0.5) * box["width"] / 12, box["y"] + (y + 0.5) * box["height"] / 12


def add_tile(page, kind: str) -> None:
    page.locator("#le-kind").select_option(kind)
    page.get_by_role("button", name="Add", exact=True).click()


def arrange_in_editor(page) -> None:
    """A clock dragged, sized by its corner and moved by keyboard; players and the
    tournament's name added, the name widened by keyboard."""
    add_tile(page, "clock")
    clock = page.locator(".le-tile[data-kind=clock]")
    expect(clock).to_be_visible()
    grid = page.locator("#le-grid").bounding_box()
    # Drag the tile (3 x 2 at the top left) by its second cell to cell (5, 4).
    page.mouse.move(*cell_center(grid, 1, 0))
    page.mouse.down()
    page.mouse.move(*cell_center(grid, 5, 4), steps=8)
    page.mouse.up()
    # Size it by its corner to reach cell (9, 7).
    handle = page.locator(".le-tile[data-kind=clock] .le-handle").bounding_box()
    page.mouse.move(handle["x"] + handle["width"] / 2, handle["y"] + handle["height"] / 2)
    page.mouse.down()
    page.mouse.move(*cell_center(grid, 9, 7), steps=8)
    page.mouse.up()
    # And one step left by keyboard.
    clock.focus()
    page.keyboard.press("ArrowLeft")
    add_tile(page, "players")
    add_tile(page, "title")
    page.keyboard.press("Shift+ArrowRight")


def test_a_director_builds_a_layout_in_the_editor_and_a_tv_shows_it(site, browser):
    server = site.server
    page = browser.new_context(viewport=VIEWPORTS["laptop"], locale="en-GB").new_page()
    outside = lan_only(page, server)
    sign_in(page, server.url, "dora", PASSWORD)
    page.goto(f"{server.url}/layouts/")
    page.locator("input[name=name]").fill("Bar links")
    page.get_by_role("button", name="Create and edit").click()
    page.wait_for_url(re.compile(r"/layouts/\d+/$"))
    layout_id = int(page.url.rstrip("/").rsplit("/", 1)[1])

    arrange_in_editor(page)
    shot(page, "layout-editor")
    page.get_by_role("button", name="Save").click()
    expect(page.locator("#le-status")).to_have_text("Saved.")

    saved = server.api("GET", f"/layouts/{layout_id}", site.token)
    kinds = {tile["kind"]: tile for tile in saved["tiles"]}
    assert (kinds["clock"]["x"], kinds["clock"]["y"]) == (3, 4)
    assert (kinds["clock"]["w"], kinds["clock"]["h"]) == (6, 4)
    assert (kinds["players"]["x"], kinds["players"]["y"]) == (0, 0)
    assert kinds["title"]["w"] == 4
    expect(page.frame_locator("#le-preview").locator(".tile-clock .t-time")).to_have_text(
        re.compile(r"^\d+:\d\d$")
    )

    for size in SIZES.values():
        tv, tv_outside = tv_page(browser, server, size, "en-GB")
        tv.goto(f"{server.url}/display/{site.id}/?layout={layout_id}&lang=en")
        expect(tv.locator(".tile-clock .t-time")).to_have_text(re.compile(r"^\d+:\d\d$"))
        expect(tv.locator(".tile-players .t-players")).to_have_text(re.compile(r"\d of \d"))
        shot(tv, f"layout-from-editor-{size['height']}")
        assert tv.evaluate(OVERFLOWING) == []
        assert tv_outside == []
        tv.context.close()
    assert outside == []
    page.context.close()


@pytest.mark.parametrize("preset", ["clock", "payouts", "seats", "chips", "final"])
def test_each_preset_drawn_from_tiles_fits_a_tv(site, browser, preset):
    page, outside = tv_page(browser, site.server, VIEWPORTS["tv"], "de-DE")
    page.goto(f"{site.server.url}/display/{site.id}/?layout={preset}&tiles=1&lang=de")
    expect(page.locator(".tile-clock .t-time")).to_have_text(re.compile(r"^\d+:\d\d$"))
    page.wait_for_load_state("networkidle")
    fits_and_closes(page, outside, f"layout-preset-{preset}-tiles")


def test_a_named_screen_shows_a_rooms_own_layout_as_tiles(site, browser):
    server, token = site.server, site.token
    body = {
        "name": "Bar links",
        "layout": str(site.layout),
        "tournaments": [site.id],
        "language": "de",
    }
    screen = server.api("POST", "/screens", token, body)
    page, outside = tv_page(browser, server, VIEWPORTS["tv"], "de-DE")
    page.goto(f"{server.url}/s/{screen['code']}")
    expect(page.locator(".tile-clock .t-time").first).to_have_text(re.compile(r"^\d+:\d\d$"))
    expect(page.locator(f'.tile-clock[data-tournament="{site.other}"] .t-time')).to_have_text(
        re.compile(r"^\d+:\d\d$")
    )
    expect(page.locator(".tile-seats li").first).to_be_visible()
    page.wait_for_load_state("networkidle")
    fits_and_closes(page, outside, "layout-named-screen")


TIME = re.compile(r"^\d+:\d\d$")


def saved_places(site, layout_id: int) -> list[tuple]:
    saved = site.server.api("GET", f"/layouts/{layout_id}", site.token)["tiles"]
    return [
        (t["kind"], t["x"], t["y"], t["w"], t["h"], (t["options"] or {}).get("text")) for t in saved
    ]


def test_the_editors_preview_follows_unsaved_edits_and_a_reload_shows_the_saved(site, browser):
    server = site.server
    tiles = [
        {"kind": "text", "x": 0, "y": 0, "w": 4, "h": 2, "options": {"text": "Bar"}},
        {"kind": "clock", "x": 0, "y": 2, "w": 4, "h": 4},
    ]
    layout_id = server.api("POST", "/layouts", site.token, {"name": "Vorschau", "tiles": tiles})[
        "id"
    ]
    places = [("text", 0, 0, 4, 2, "Bar"), ("clock", 0, 2, 4, 4, None)]
    page = browser.new_context(viewport=VIEWPORTS["laptop"], locale="en-GB").new_page()
    page.on("dialog", lambda dialog: dialog.accept())  # leaving with unsaved changes
    outside = lan_only(page, server)
    sign_in(page, server.url, "dora", PASSWORD)
    page.goto(f"{server.url}/layouts/{layout_id}/")
    preview = page.frame_locator("#le-preview")
    clock = preview.locator(".tile-clock")
    expect(clock).to_have_attribute("style", "grid-area: 3 / 1 / span 4 / span 4")
    expect(clock.locator(".t-time")).to_have_text(TIME)

    page.locator(".le-tile[data-kind=clock]").focus()
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")
    page.keyboard.press("Shift+ArrowDown")
    expect(clock).to_have_attribute("style", "grid-area: 3 / 3 / span 5 / span 4")
    expect(clock.locator(".t-time")).to_have_text(TIME)
    page.locator(".le-tile[data-kind=text]").click()
    page.locator("#le-text").fill("Happy hour")
    expect(preview.locator(".t-text")).to_have_text("Happy hour")
    page.locator("#le-preview").scroll_into_view_if_needed()
    shot(page, "layout-editor-preview-unsaved")
    assert saved_places(site, layout_id) == places

    page.reload()
    expect(page.locator(".le-tile[data-kind=clock]")).to_have_attribute(
        "aria-label", re.compile(r"1/3 · 4×4$")
    )
    expect(clock).to_have_attribute("style", "grid-area: 3 / 1 / span 4 / span 4")
    expect(preview.locator(".t-text")).to_have_text("Bar")
    assert saved_places(site, layout_id) == places
    assert outside == []
    page.context.close()


def test_a_preset_gives_the_announcement_row_to_the_board_until_there_is_one(site, browser):
    server, token = site.server, site.token
    page = browser.new_context(viewport=VIEWPORTS["tv"], locale="en-GB").new_page()
    outside = lan_only(page, server)
    page.goto(f"{server.url}/display/{site.id}/?layout=clock&tiles=1&lang=en")
    title, clock = page.locator(".tile-title"), page.locator(".tile-clock")
    announcements = page.locator(".tile-announcements")

    def between() -> float:
        above = title.bounding_box()
        return clock.bounding_box()["y"] - above["y"] - above["height"]

    expect(clock.locator(".t-time")).to_have_text(TIME)
    expect(announcements).to_be_hidden()
    assert between() < 20  # no empty row (a row is 90 px high here)
    shot(page, "layout-preset-clock-no-announcement")

    words = "Dinner break at 21:00, the bar stays open"
    server.api("POST", f"/tournaments/{site.id}/announcements", token, {"text": words})
    expect(announcements.locator(".t-announcement")).to_have_text(words)
    expect(announcements).to_be_visible()
    assert between() > 60
    shot(page, "layout-preset-clock-announcement")
    assert page.evaluate(OVERFLOWING) == []
    server.api("DELETE", f"/tournaments/{site.id}/announcements", token)
    expect(announcements).to_be_hidden()
    assert outside == []
    page.context.close()
