"""The tablet at one table applies the floor messages to its panel (README
"Screen messages"): a bust at its table, hand-for-hand play and a clock called
at one of its seats show up without the panel being fetched again, and its
own "Hand finished" is drawn back from the message of the write. Screenshots
go to the test's own directory."""

from __future__ import annotations

import re

import pytest
from browser_support import BROWSER_TEST, VIEWPORTS, director_site, sign_in

playwright_sync = pytest.importorskip("playwright.sync_api")
expect = playwright_sync.expect

PASSWORD = "pw-table-view"
COUNTDOWN = re.compile(r"^\d+:\d\d$")  # a running countdown: 0:30, 1:05

pytestmark = BROWSER_TEST


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    with director_site(tmp_path_factory.mktemp("table-view"), PASSWORD, "dora") as site:
        yield site


def test_the_table_view_draws_every_change_from_the_messages(site, browser, tmp_path):
    api, token = site.server.api, site.token
    tid = api("POST", "/tournaments", token, {"name": "Tischansicht", "table_size": 9})["id"]
    api("POST", f"/tournaments/{tid}/tables", token, {"count": 2})
    for n in range(18):
        api("POST", f"/tournaments/{tid}/entries", token, {"name": f"Gast{n:02} Nr{n:02}"})
    api("POST", f"/tournaments/{tid}/draw", token)
    table = api("GET", f"/tournaments/{tid}/tables", token)[0]
    context = browser.new_context(viewport=VIEWPORTS["tablet"], locale="de")
    context.add_cookies([{"name": "django_language", "value": "de", "url": site.server.url}])
    page = context.new_page()
    sign_in(page, site.server.url, "dora", PASSWORD)
    page.goto(f"{site.server.url}/tables/{table['id']}/view/")
    panel = page.locator("#tv-panel")
    for player in table["players"]:
        expect(panel.locator(".tv-seats")).to_contain_text(player["name"])
    expect(panel.locator(".tv-status")).to_contain_text("18 von 18 Spielern")
    expect(panel.locator(".chip-button")).to_have_count(1)
    page.wait_for_function("() => document.querySelector('[data-live-status]').hidden")
    asked: list[str] = []
    page.on(
        "request",
        lambda request: (
            request.method == "GET"
            and request.resource_type in ("document", "fetch", "xhr")
            and asked.append(request.url)
        ),
    )

    # A bust at this table: his seat is free and the count follows.
    busted = table["players"][0]
    api("POST", f"/entries/{busted['entry']}/bust", token, {})
    expect(panel.locator(".tv-seats")).not_to_contain_text(busted["name"])
    expect(panel.locator(".tv-seat.empty")).to_have_count(1)
    expect(panel.locator(".tv-status")).to_contain_text("17 von 18 Spielern")

    # Hand for hand: the table's own button reports its hand, and the message says so.
    api("PUT", f"/tournaments/{tid}/hand-for-hand", token, {"on": True})
    finished = panel.get_by_role("button", name="Hand beendet")
    expect(finished).to_be_visible()
    finished.click()
    expect(panel.locator(".tv-status")).to_contain_text("Hand für Hand · Hand beendet")
    expect(finished).to_have_count(0)

    # A clock called at one of its seats counts down on the panel.
    seat = table["players"][1]["seat"]
    api("POST", f"/tournaments/{tid}/clock-calls", token, {"table": table["number"], "seat": seat})
    call = panel.locator(".tv-call")
    expect(call).to_contain_text(f"Zeit genommen gegen Sitz {seat}")
    expect(call.locator(".tv-call-time")).to_have_text(COUNTDOWN)
    page.screenshot(path=str(tmp_path / "table-view-after-messages.png"), full_page=True)

    # Every change came through the socket: nothing was fetched again.
    assert asked == []
    context.close()
