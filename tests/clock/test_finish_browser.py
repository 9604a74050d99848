"""The hard stop's warning in a real browser at the desk laptop (1366x768), in
German (README "Finish on time: hard stop"): the proposals show with the
forecast each gives, one applied by its button puts the end before the stop,
and the box follows the state without a reload. Screenshots go to
var/screenshots/finish-*.png."""

from __future__ import annotations

from datetime import datetime, timedelta
from pathlib import Path

import pytest
from browser_support import CHROMIUM, VIEWPORTS, director_site, message, shooter, sign_in, submit

playwright_sync = pytest.importorskip("playwright.sync_api")
expect = playwright_sync.expect

PASSWORD = "pw-dora-finish"
PLAYERS = 30
shot = shooter("finish-", full_page=True)

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(not Path(CHROMIUM).exists(), reason="needs Debian's chromium"),
]


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    with director_site(tmp_path_factory.mktemp("finish"), PASSWORD) as site:
        yield site


def running_tournament(server, token) -> int:
    """30 players drawn, the club template's levels, the clock running."""
    body = {"name": "Freitagsturnier", "starting_stack": 15000, "buy_in": "30", "fee": "5"}
    tid = server.api("POST", "/tournaments", token, body)["id"]
    server.api("POST", f"/tournaments/{tid}/tables", token, {"count": 4, "seats": 9})
    for n in range(PLAYERS):
        server.api("POST", f"/tournaments/{tid}/entries", token, {"name": f"Spieler {n + 1}"})
    server.api("POST", f"/tournaments/{tid}/draw", token)
    server.api("POST", f"/tournaments/{tid}/structure/template", token, {"template": "club20"})
    server.api("POST", f"/tournaments/{tid}/clock/start", token)
    return tid


def hard_stop_short_of_the_forecast(server, token, tid: int, minutes: int) -> dict:
    """The hard stop ``minutes`` before the forecast's latest end; the warning then."""
    far = {"hard_stop": "2100-01-01T00:00:00+00:00"}
    server.api("PATCH", f"/tournaments/{tid}", token, far)
    warning = server.api("GET", f"/tournaments/{tid}/forecast/proposals", token)
    latest = datetime.fromisoformat(warning["forecast"]["latest"])
    stop = {"hard_stop": (latest - timedelta(minutes=minutes)).isoformat()}
    server.api("PATCH", f"/tournaments/{tid}", token, stop)
    return server.api("GET", f"/tournaments/{tid}/forecast/proposals", token)


def test_the_director_sees_the_proposals_and_applies_one(site, browser):
    server, token = site.server, site.token
    tid = running_tournament(server, token)
    warning = hard_stop_short_of_the_forecast(server, token, tid, minutes=60)
    assert warning["late"] and warning["proposals"]

    context = browser.new_context(viewport=VIEWPORTS["laptop"], locale="de-DE")
    context.add_cookies([{"name": "django_language", "value": "de", "url": server.url}])
    page = context.new_page()
    sign_in(page, server.url, "dora", PASSWORD)
    page.goto(f"{server.url}/tournaments/{tid}/clock/")
    box = page.locator("#finish-warning")
    expect(box.locator("h2")).to_have_text(f"Spätestens Schluss {warning['hard_stop_text']}")
    expect(box.locator("p.error")).to_contain_text("liegt nach dem spätesten Schluss")
    first = warning["proposals"][0]
    row = box.locator(f"li[data-proposal='{first['id']}']")
    expect(row).to_contain_text(f"Ende ca. {first['forecast']['predicted_end_text']}")
    expect(row.get_by_role("button", name="Übernehmen")).to_be_visible()
    shot(page, "warning-de-laptop")

    submit(page, row.get_by_role("button", name="Übernehmen"))
    expect(message(page)).to_have_text("Vorschlag übernommen: Die Struktur ist geändert.")
    expect(box.locator("p.error")).to_have_count(0)
    expect(box.locator("[data-role=forecast]")).to_contain_text("Prognose: Ende ca.")
    after = server.api("GET", f"/tournaments/{tid}/forecast/proposals", token)
    assert after["late"] is False
    assert datetime.fromisoformat(after["forecast"]["predicted_end"]) < datetime.fromisoformat(
        after["hard_stop"]
    )
    shot(page, "applied-de-laptop")

    # The box follows without a reload: a stop set earlier brings the warning back.
    page.evaluate("() => { window.__same_page = true; }")
    again = hard_stop_short_of_the_forecast(server, token, tid, minutes=30)
    expect(box.locator("h2")).to_have_text(f"Spätestens Schluss {again['hard_stop_text']}")
    expect(box.locator("p.error")).to_be_visible()
    assert page.evaluate("() => window.__same_page === true")
    shot(page, "live-again-de-laptop")
    context.close()
