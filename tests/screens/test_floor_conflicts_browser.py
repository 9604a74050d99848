"""The floor's conflicts on the tablets (README "When the network drops"): two
busts a tablet took offline come back refused (both players were busted on
another tablet meanwhile). The director's floor page lists them with a resolve
form each; the floor's tablet beside it shows their count. She discards one
with a reason and marks the other applied differently; the other tablet's count
drops each time, and neither page is loaded again. Two tablets at 1024x768 in
German; screenshots in var/screenshots/ (floor-conflicts-*)."""

from __future__ import annotations

import urllib.error
import urllib.request

import pytest
from browser_support import (
    BROWSER_TEST,
    director_site,
    message,
    send_from_the_floor,
    shooter,
    signed_in_tablet,
    staff_token,
)

playwright_sync = pytest.importorskip("playwright.sync_api")
expect = playwright_sync.expect

PASSWORD = "pw-conflicts"
shot = shooter("floor-conflicts-")

pytestmark = BROWSER_TEST


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    with director_site(tmp_path_factory.mktemp("floor-conflicts"), PASSWORD, "dora") as site:
        site.floor_token = staff_token(site.env, "fritz", "floor", PASSWORD)
        yield site


def tablet(browser, site, username: str):
    return signed_in_tablet(browser, site.server.url, username, PASSWORD)


def sent_from_the_queue(site, entry: int, key: str, taken_at: str) -> int:
    """A bust the floor's tablet took offline, sent as its queue sends it."""
    request = urllib.request.Request(
        f"{site.server.url}/api/v1/entries/{entry}/bust",
        data=b"{}",
        method="POST",
        headers={
            "Authorization": f"Bearer {site.floor_token}",
            "Content-Type": "application/json",
            "Idempotency-Key": key,
            "Offline-Queue": "1",
            "Device-Time": taken_at,
            "Device-Name": "Tablet Bar",
        },
    )
    try:
        with urllib.request.urlopen(request, timeout=30) as answer:
            return answer.status
    except urllib.error.HTTPError as refused:
        refused.close()
        return refused.code


def six_players_drawn(site) -> tuple[int, dict[str, tuple[int, int, int]]]:
    """Six players at two tables; each name's entry, table and seat."""
    api, token = site.server.api, site.token
    tid = api("POST", "/tournaments", token, {"name": "Offline-Abend", "table_size": 6})["id"]
    api("POST", f"/tournaments/{tid}/tables", token, {"count": 2})
    names = ["Eva Hoffmann", "Jonas Weber", "Mia Schröder", "Paul Becker", "Lena Wolf", "Tim Roth"]
    for name in names:
        api("POST", f"/tournaments/{tid}/entries", token, {"name": name})
    api("POST", f"/tournaments/{tid}/draw", token)
    seats = {
        p["name"]: (p["entry"], t["number"], p["seat"])
        for t in api("GET", f"/tournaments/{tid}/tables", token)
        for p in t["players"]
    }
    return tid, seats


def test_the_director_resolves_conflicts_and_the_other_tablet_counts_down(site, browser):
    api, token = site.server.api, site.token
    tid, seats = six_players_drawn(site)
    floor_url = f"{site.server.url}/tournaments/{tid}/floor/"
    director, floor = tablet(browser, site, "dora"), tablet(browser, site, "fritz")
    director.goto(floor_url)
    floor.goto(floor_url)
    expect(floor.locator("#floor-counts")).to_contain_text("6 von 6 Spielern übrig")
    loads: list[str] = []
    for page in (director, floor):
        page.on("framenavigated", lambda f, page=page: f == page.main_frame and loads.append(f.url))
    badge = floor.locator("#floor-conflict-count")
    expect(badge).to_be_empty()

    # The director busts Eva and Jonas; the floor's tablet, offline meanwhile,
    # busted them too and sends its queue when the network is back.
    for name in ("Eva Hoffmann", "Jonas Weber"):
        api("POST", f"/entries/{seats[name][0]}/bust", token)
    for n, name in enumerate(("Eva Hoffmann", "Jonas Weber")):
        assert (
            sent_from_the_queue(site, seats[name][0], f"bar-{n:04}", "2026-11-28T21:14:05+01:00")
            == 409
        )
    expect(badge).to_have_text("2 Konflikte zu lösen")
    listed = director.locator("#floor-conflicts .conflict-list li")
    expect(listed).to_have_count(2)
    _eva, table, seat = seats["Eva Hoffmann"]
    expect(listed.first).to_contain_text(f"Bust von Eva Hoffmann (Tisch {table}, Sitz {seat})")
    expect(listed.first).to_contain_text("fritz auf Tablet Bar, erfasst um")
    expect(listed.first).to_contain_text(
        "Abgelehnt: Dieser Spieler ist bereits aus dem Turnier ausgeschieden."
    )
    # The floor reads the list; only the director has the forms.
    expect(floor.locator("#floor-conflicts .conflict-list li")).to_have_count(2)
    expect(floor.locator("#floor-conflicts form")).to_have_count(0)
    director.locator("#floor-conflicts").scroll_into_view_if_needed()
    shot(director, "1-director-lists-two")
    shot(floor, "1-floor-counts-two")

    # Discarding needs a reason: the server says so at the foot, nothing changes.
    eva_item = listed.filter(has_text="Eva Hoffmann")
    with director.expect_response(lambda r: r.request.method == "POST") as refused:
        eva_item.get_by_role("button", name="Verwerfen").click()
    assert refused.value.status == 422
    expect(message(director).first).to_contain_text("Bitte angeben, warum die Aktion verworfen")
    expect(badge).to_have_text("2 Konflikte zu lösen")

    eva_item.get_by_role("textbox").fill("Schon an Tisch 1 ausgeschieden")
    send_from_the_floor(director, eva_item.get_by_role("button", name="Verwerfen"))
    expect(message(director).first).to_contain_text("Konflikt verworfen.")
    expect(badge).to_have_text("1 Konflikt zu lösen")
    expect(listed).to_have_count(1)
    shot(floor, "2-floor-counts-one")

    jonas_item = listed.filter(has_text="Jonas Weber")
    send_from_the_floor(director, jonas_item.get_by_role("button", name="Anders umgesetzt"))
    expect(badge).to_be_empty()
    expect(director.locator("#floor-conflicts section")).to_have_count(0)
    shot(director, "3-director-all-resolved")

    # The trail names both resolutions; no page was loaded again.
    history = api("GET", f"/tournaments/{tid}/conflicts?status=resolved", token)
    assert [c["resolution"]["how"] for c in history] == ["discarded", "applied_differently"]
    assert loads == []
    director.context.close()
    floor.context.close()
