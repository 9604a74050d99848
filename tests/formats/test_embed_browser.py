"""The embed on a club's own website (README "Results out: formats"): a plain HTML
page on another origin with the snippet from the organiser's page shows the latest
results in its frame, the players named as they chose. Screenshot:
var/screenshots/embed-club-page.png."""

from __future__ import annotations

import functools
import re
import threading
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest
from browser_support import CHROMIUM, VIEWPORTS, director_site, manage, shooter

playwright_sync = pytest.importorskip("playwright.sync_api")
expect = playwright_sync.expect

PASSWORD = "pw-dora-embed"
shot = shooter("embed-", full_page=True)

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(not Path(CHROMIUM).exists(), reason="needs Debian's chromium"),
]


def finished_tournament(server, token: str, name: str) -> None:
    """Four players at one table, busted to the end."""
    tid = server.api("POST", "/tournaments", token, {"name": name, "buy_in": "40"})["id"]
    server.api("POST", f"/tournaments/{tid}/tables", token, {"count": 1})
    for player in ("Hanna Verborgen", "Bernd Brot", "Clara Corn", "Dieter Dach"):
        server.api("POST", f"/tournaments/{tid}/entries", token, {"name": player})
    server.api("POST", f"/tournaments/{tid}/draw", token)
    while True:
        (table,) = server.api("GET", f"/tournaments/{tid}/tables", token)
        seated = [p["entry"] for p in table["players"]]
        if len(seated) < 2:
            return
        server.api("POST", f"/entries/{seated[0]}/bust", token, {"eliminated_by": [seated[1]]})


@pytest.fixture(scope="module")
def club_page(tmp_path_factory):
    """The room's server with one finished tournament (Hanna hides her name), and a
    club's website on another origin (localhost instead of 127.0.0.1) holding the snippet."""
    with director_site(tmp_path_factory.mktemp("embed"), PASSWORD) as site:
        finished_tournament(site.server, site.token, "Donnerstag Freezeout")
        hide = "Player.objects.filter(name='Hanna Verborgen').update(public_name_choice='hidden')"
        manage(site.env, "shell", "-c", f"from tournament.models import Player; {hide}")

        www = tmp_path_factory.mktemp("club-www")
        snippet = f'<script src="{site.server.url}/embed.js" data-lang="de" async></script>'
        (www / "index.html").write_text(
            "<!doctype html><html><head><meta charset='utf-8'><title>Pokerclub Kassel</title>"
            f"</head><body><h1>Pokerclub Kassel</h1><p>Unsere Ergebnisse:</p>{snippet}"
            "</body></html>",
            encoding="utf-8",
        )
        handler = functools.partial(SimpleHTTPRequestHandler, directory=str(www))
        httpd = ThreadingHTTPServer(("127.0.0.1", 0), handler)
        thread = threading.Thread(target=httpd.serve_forever, daemon=True)
        thread.start()
        try:
            yield f"http://localhost:{httpd.server_address[1]}/index.html"
        finally:
            httpd.shutdown()
            httpd.server_close()


def test_the_snippet_on_a_plain_page_shows_the_latest_results(browser, club_page):
    page = browser.new_page(viewport=VIEWPORTS["laptop"])
    page.goto(club_page)
    frame = page.frame_locator("iframe")
    row = frame.locator("tr[data-result]").first
    expect(row).to_contain_text("Donnerstag Freezeout")
    expect(frame.locator("h1")).to_have_text("Neueste Ergebnisse")
    text = frame.locator("body").inner_text()
    assert "Verborgen" not in text
    # The winner by first name and initial (the room's default), or Hanna as "Spieler N".
    winner = row.locator("td").nth(2)
    expect(winner).to_have_text(re.compile(r"^(Bernd B\.|Clara C\.|Dieter D\.|Spieler \d)$"))
    shot(page, "club-page")
    page.close()
