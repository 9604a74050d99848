"""Chip counts on the room's screens (README "Events: flights, bags and the next day"): the floor counts
tables on the API; the board's chip-count layout lists the leaders with their
counts, the lobby shows them on a phone, and once one table is left the
final-table layout shows every seat with its name and count. The average tile
switches to the counted average once every player is counted.
Screenshots go to var/screenshots/."""

from __future__ import annotations

from pathlib import Path

import pytest
from browser_support import CHROMIUM, VIEWPORTS, Server, director_site, do_every_move, shooter

playwright_sync = pytest.importorskip("playwright.sync_api")
expect = playwright_sync.expect

shot = shooter()
TV, PHONE = VIEWPORTS["tv"], VIEWPORTS["phone"]

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(not Path(CHROMIUM).exists(), reason="needs Debian's chromium"),
]


def count_every_table(server: Server, token: str, tid: int) -> dict[str, int]:
    """Every seated player counted, 1,000 chips apart: the name -> chips the floor entered."""
    counted = {}
    chips = 40_000
    for table in server.api("GET", f"/tournaments/{tid}/tables", token):
        counts = []
        for player in table["players"]:
            chips += 1_000
            counts.append({"seat": player["seat"], "chips": chips})
            counted[player["name"]] = chips
        if counts:
            server.api("POST", f"/tables/{table['id']}/chip-counts", token, {"counts": counts})
    return counted


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    var = tmp_path_factory.mktemp("chip-counts")
    with director_site(var, "pw-fiona-counts", "fiona") as site:
        server, token = site.server, site.token
        created = server.api(
            "POST",
            "/tournaments",
            token,
            {"name": "Count Night", "table_size": 9, "final_table_size": 9},
        )
        tid = created["id"]
        server.api("POST", f"/tournaments/{tid}/tables", token, {"count": 2})
        for n in range(12):
            server.api("POST", f"/tournaments/{tid}/entries", token, {"name": f"Spieler{n} Nr{n}"})
        server.api("POST", f"/tournaments/{tid}/draw", token)
        site.id, site.stack = tid, created["starting_stack"]
        yield site


def german(number: int) -> str:
    return f"{number:,}".replace(",", ".")


def public(name: str) -> str:
    """The board's name for a player without a nickname: first name and initial."""
    first, last = name.split()
    return f"{first} {last[0]}."


def width_fits(page, viewport) -> None:
    assert page.evaluate("document.documentElement.scrollWidth") <= viewport["width"]


def test_leaders_then_final_table(site, browser):
    server, token, tid = site.server, site.token, site.id
    context = browser.new_context(viewport=TV)
    board = context.new_page()
    board.goto(f"{server.url}/display/{tid}/?layout=chips&lang=de")
    expect(board.locator(".tile-chip_leaders .t-note")).to_have_text("Noch keine Chipcounts.")

    # One table counted: the board lists its players and says how many are counted.
    first_table = server.api("GET", f"/tournaments/{tid}/tables", token)[0]
    server.api(
        "POST",
        f"/tables/{first_table['id']}/chip-counts",
        token,
        {"counts": [{"seat": p["seat"], "chips": 30_000} for p in first_table["players"]]},
    )
    counted_first = len(first_table["players"])
    expect(board.locator(".tile-chip_leaders .t-note")).to_have_text(
        f"{counted_first} von 12 gezählt"
    )
    expect(board.locator(".tile-chip_leaders .t-leaders li")).to_have_count(counted_first)
    expect(board.locator(".tile-chip_leaders .t-leaders li").first).to_contain_text("30.000")
    # Not everyone is counted yet: the average is still the arithmetic one.
    expect(board.locator(".tile-average .t-average")).to_have_text(german(site.stack))

    # Three busts leave nine players: the other table breaks; the floor does the moves.
    for player in server.api("GET", f"/tournaments/{tid}/tables", token)[1]["players"][:3]:
        server.api("POST", f"/entries/{player['entry']}/bust", token, {})
    do_every_move(server, token, tid)
    counted = count_every_table(server, token, tid)
    assert len(counted) == 9
    leader = max(counted, key=counted.get)

    # Everyone counted: leaders highest first, and the counted average on the tile.
    expect(board.locator(".tile-chip_leaders .t-leaders li").first).to_contain_text("49.000")
    expect(board.locator(".tile-chip_leaders .t-note")).to_have_text("")
    assert sum(counted.values()) // 9 != 12 * site.stack // 9
    expect(board.locator(".tile-average .t-average")).to_have_text(
        german(sum(counted.values()) // 9)
    )
    width_fits(board, TV)
    shot(board, "board-chip-counts-tv-de")

    # The final table: every seat, name and count.
    board.goto(f"{server.url}/display/{tid}/?layout=final&lang=en")
    expect(board.locator(".tile-final_table .t-final-title")).to_contain_text("Final table · Table")
    rows = board.locator(".tile-final_table .t-final li")
    expect(rows).to_have_count(9)
    expect(rows.filter(has_text=public(leader))).to_contain_text("49,000")
    # Every seat is on the screen, none cut by the box.
    box = board.locator(".tile-final_table .t-final").bounding_box()
    last = rows.last.bounding_box()
    assert last["y"] + last["height"] <= box["y"] + box["height"] + 1
    width_fits(board, TV)
    shot(board, "board-final-table-tv-en")

    # A new count reaches the open board without a reload.
    seat = next(
        p for t in server.api("GET", f"/tournaments/{tid}/tables", token) for p in t["players"]
    )
    server.api("PUT", f"/entries/{seat['entry']}/chips", token, {"chips": 123_456})
    expect(rows.filter(has_text="123,456")).to_have_count(1)
    context.close()

    # The lobby on a phone shows the leaders too.
    phone = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True).new_page()
    phone.goto(f"{server.url}/lobby/{tid}/?lang=de")
    expect(phone.locator("#l-counts")).to_be_visible()
    expect(phone.locator("#d-counts-list li").first).to_contain_text("123.456")
    width_fits(phone, PHONE)
    shot(phone, "lobby-chip-leaders-phone-de")

    # A bust after the count: his chips went to a player still in. The board says
    # the counts are older and its average is the chips in play over those left.
    board = browser.new_context(viewport=TV).new_page()
    board.goto(f"{server.url}/display/{tid}/?layout=chips&lang=de")
    expect(board.locator(".tile-chip_leaders .t-note")).to_have_text("")
    server.api("POST", f"/entries/{seat['entry']}/bust", token, {})
    expect(board.locator(".tile-chip_leaders .t-note")).to_have_text(
        "Gezählt vor späteren Ausscheidungen"
    )
    expect(board.locator(".tile-average .t-average")).to_have_text(german(12 * site.stack // 8))
    board.context.close()
    phone.context.close()
