"""Bounties in the browser (README "Events: flights, bags and the next day"): the floor's bust form on a
tablet asks who eliminated the player and refuses a bust without him; the
board's payouts layout shows the biggest bounties in play as they grow; the
prize pool page shows the bounty money apart from the prize pool and who won
what. Screenshots go to var/screenshots/."""

from __future__ import annotations

from pathlib import Path

import pytest
from browser_support import CHROMIUM, VIEWPORTS, director_site, shooter, sign_in

playwright_sync = pytest.importorskip("playwright.sync_api")
expect = playwright_sync.expect

PASSWORD = "pw-kai-bounty"
shot = shooter()

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(not Path(CHROMIUM).exists(), reason="needs Debian's chromium"),
]


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    with director_site(tmp_path_factory.mktemp("bounties"), PASSWORD, "kai") as site:
        server, token = site.server, site.token
        tid = server.api(
            "POST",
            "/tournaments",
            token,
            {
                "name": "PKO Friday",
                "buy_in": "50",
                "bounty": {"kind": "progressive", "amount": "25", "progressive_share": 50},
            },
        )["id"]
        server.api("POST", f"/tournaments/{tid}/tables", token, {"count": 1})
        for first, last in (("Anna", "Keller"), ("Bernd", "Schulz"), ("Clara", "Wagner")):
            server.api("POST", f"/tournaments/{tid}/entries", token, {"name": f"{first} {last}"})
        for n in range(3):
            server.api("POST", f"/tournaments/{tid}/entries", token, {"name": f"Gast{n} Nr{n}"})
        server.api("POST", f"/tournaments/{tid}/draw", token)
        site.id = tid
        yield site


def test_the_floor_names_the_eliminator_and_the_board_shows_the_bounty(site, browser):
    server, tid = site.server, site.id
    players = server.api("GET", f"/tournaments/{tid}/tables", site.token)[0]["players"]
    victim, winner = players[0], players[1]

    board = browser.new_context(viewport=VIEWPORTS["tv"]).new_page()
    board.goto(f"{server.url}/display/{tid}/?layout=payouts&lang=de")
    expect(board.locator(".tile-bounties")).to_be_visible()
    expect(board.locator(".tile-bounties .t-note")).to_contain_text("50 Prozent")
    expect(board.locator(".tile-bounties .t-bounties li")).to_have_count(0)

    context = browser.new_context(viewport=VIEWPORTS["tablet"], locale="de", has_touch=True)
    context.add_cookies([{"name": "django_language", "value": "de", "url": server.url}])
    floor = context.new_page()
    sign_in(floor, server.url, "kai", PASSWORD)
    floor.goto(f"{server.url}/tournaments/{tid}/floor/")
    floor.wait_for_function("() => window.htmx && window.Live")
    card = floor.locator(".floor-tables .table-card").first
    card.locator(".seat-button").filter(has_text=victim["name"]).tap()
    dialog = floor.locator("#seat-dialog[open]")
    expect(dialog.get_by_text("Rausgeworfen von")).to_be_visible()
    # Without the eliminator the bust is refused and says why, in the open panel.
    dialog.get_by_role("button", name="Spieler ausgeschieden").click()
    expect(dialog.locator(".said-refused")).to_contain_text("Dieses Turnier zahlt Bountys")
    assert server.api("GET", f"/tournaments/{tid}", site.token)["remaining"] == 6
    shot(floor, "floor-bust-refused-tablet-de")

    # The panel is still open: tick who won the pot and bust him again.
    dialog.locator("fieldset.eliminators").get_by_label(winner["name"]).check()
    shot(floor, "floor-bust-eliminator-tablet-de")
    dialog.get_by_role("button", name="Spieler ausgeschieden").click()
    expect(floor.locator("ul.messages li")).to_contain_text("ausgeschieden")
    assert server.api("GET", f"/tournaments/{tid}", site.token)["remaining"] == 5

    # The board: the winner's bounty grew by half of 25 (German money: 37,50).
    first_name = winner["name"].split()[0]
    expect(board.locator(".tile-bounties .t-bounties li").first).to_contain_text(first_name)
    expect(board.locator(".tile-bounties .t-bounties li").first).to_contain_text("37,50")
    shot(board, "board-bounties-tv-de")

    # The prize pool page: the bounty money apart, what was paid, who won it.
    floor.goto(f"{server.url}/tournaments/{tid}/payouts/")
    expect(floor.locator("#bounty-pool")).to_have_text("150\u00a0€")
    expect(floor.locator("#bounty-paid")).to_have_text("12,50\u00a0€")
    row = floor.locator(".bounty-pool tr").filter(has_text=winner["name"])
    expect(row).to_contain_text("37,50")
    assert floor.evaluate("document.documentElement.scrollWidth") <= VIEWPORTS["tablet"]["width"]
    context.close()
    board.context.close()
