"""The floor tablet with no server (README "When the network drops"): cut off,
it keeps taking the floor's actions, draws them as pending and keeps them
through a reload (the service worker opens the page, IndexedDB keeps the
queue); back online it sends them in the order taken, each once, and the map
follows the server again. A bust another tablet did meanwhile is refused (409)
and not done twice. Screenshots go to var/screenshots/offline-*.png."""

from __future__ import annotations

import pytest
from browser_support import BROWSER_TEST, VIEWPORTS, director_site, shooter, sign_in

playwright_sync = pytest.importorskip("playwright.sync_api")
expect = playwright_sync.expect

PASSWORD = "pw-offline-tablet"
shot = shooter("offline-")

pytestmark = BROWSER_TEST


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    with director_site(tmp_path_factory.mktemp("offline"), PASSWORD, "olga") as site:
        yield site


def two_tables(site, name: str) -> tuple[int, list[dict]]:
    """18 players drawn at two tables of 9, then two busts at the first: a
    balance move from the second table waits to be carried out."""
    api, token = site.server.api, site.token
    tid = api("POST", "/tournaments", token, {"name": name, "table_size": 9})["id"]
    api("POST", f"/tournaments/{tid}/tables", token, {"count": 2})
    for n in range(18):
        api("POST", f"/tournaments/{tid}/entries", token, {"name": f"Spieler{n:02} Nr{n:02}"})
    api("POST", f"/tournaments/{tid}/draw", token)
    tables = api("GET", f"/tournaments/{tid}/tables", token)
    for player in tables[0]["players"][:2]:
        api("POST", f"/entries/{player['entry']}/bust", token, {})
    return tid, api("GET", f"/tournaments/{tid}/tables", token)


def tablet(browser, site, language: str = "de"):
    context = browser.new_context(viewport=VIEWPORTS["tablet"], locale=language)
    context.add_cookies([{"name": "django_language", "value": language, "url": site.server.url}])
    page = context.new_page()
    sign_in(page, site.server.url, "olga", PASSWORD)
    return context, page


def open_floor(page, site, tid: int) -> None:
    """The map, with the socket up and the page kept by the service worker."""
    page.goto(f"{site.server.url}/tournaments/{tid}/floor/")
    page.wait_for_function("() => document.querySelector('[data-live-status]').hidden")
    # The worker keeps the page once it runs (a check that waits up to 15 s, as expect does).
    assert page.evaluate(KEPT), "the service worker kept the page"


KEPT = """async () => {
  const until = Date.now() + 15000;
  while (Date.now() < until) {
    if (navigator.serviceWorker.controller && (await caches.match(location.href))) return true;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return false;
}"""


def state(site, tid: int) -> dict:
    return site.server.api("GET", f"/tournaments/{tid}", site.token)


def sent_log(page) -> list[dict]:
    """Every POST the page sends from now on, with its queue headers and answer."""
    sent: list[dict] = []

    def note(response) -> None:
        if response.request.method != "POST":
            return
        headers = response.request.headers
        sent.append(
            {
                "status": response.status,
                "url": response.url,
                "key": headers.get("idempotency-key"),
                "queue": headers.get("offline-queue"),
                "time": headers.get("device-time"),
                "device": headers.get("device-name"),
            }
        )

    page.on("response", note)
    return sent


def bust_count_and_move_offline(page, victim: dict, move: dict) -> None:
    """A bust (the panel drawn by the tablet), a move done, a table's chip count."""
    pending = page.locator(".offline-pending .pending-list li")
    page.locator(f'.seat-button[data-entry="{victim["entry"]}"]').click()
    expect(page.locator("#seat-dialog .offline-note")).to_be_visible()
    page.locator("#seat-dialog").get_by_role("button", name="Spieler ausgeschieden").click()
    expect(page.locator("#offline-banner")).to_contain_text("Keine Verbindung zum Server – Stand")
    expect(pending).to_have_count(1)
    page.locator(f'#floor-moves [data-move="{move["id"]}"] button.primary').click()
    expect(pending).to_have_count(2)
    page.locator("#table-1").get_by_role("link", name="Chips zählen").click()
    inputs = page.locator("#seat-dialog .offline-chips input[type=text]")
    expect(inputs).to_have_count(7)
    for n in range(7):
        inputs.nth(n).fill(str(20_000 + n * 1_000))
    page.locator("#seat-dialog").get_by_role("button", name="Chipstände speichern").click()
    expect(pending).to_have_count(3)


def test_offline_actions_are_kept_through_a_reload_and_applied_once(site, browser):
    api, token = site.server.api, site.token
    tid, tables = two_tables(site, "Offline-Abend")
    [move] = api("GET", f"/tournaments/{tid}/moves?status=pending", token)
    context, page = tablet(browser, site)
    open_floor(page, site, tid)
    assert page.evaluate("() => window.isSecureContext")
    before = state(site, tid)
    banner = page.locator("#offline-banner")
    pending = page.locator(".offline-pending .pending-list li")

    context.set_offline(True)
    # A bust at table 2 (not the player who moves).
    victim = next(p for p in tables[1]["players"] if p["entry"] != move["entry"])
    bust_count_and_move_offline(page, victim, move)
    expect(pending.nth(0)).to_contain_text("ausstehend")
    expect(page.locator(f'.seat-button.is-pending[data-entry="{victim["entry"]}"]')).to_be_visible()
    expect(page.locator(f'#floor-moves .is-pending[data-move="{move["id"]}"]')).to_be_visible()
    expect(page.locator("#table-1 .table-head.is-pending")).to_be_visible()
    shot(page, "pending-de")
    assert state(site, tid)["version"] == before["version"], "nothing reached the server"

    # A reload with no server: the worker opens the page, the queue is still there.
    page.reload()
    expect(pending).to_have_count(3)
    expect(banner).to_contain_text("Keine Verbindung zum Server")
    expect(page.locator(f'.seat-button.is-pending[data-entry="{victim["entry"]}"]')).to_be_visible()
    shot(page, "reloaded-de")

    replayed = sent_log(page)
    context.set_offline(False)
    expect(pending).to_have_count(0)
    expect(banner).to_be_hidden()
    expect(page.locator(".is-pending")).to_have_count(0)
    expect(page.locator(f'.seat-button[data-entry="{victim["entry"]}"]')).to_have_count(0)
    shot(page, "back-de")

    # In the order taken, each once, with the queue's headers.
    assert [r["url"].split("/floor/")[1] for r in replayed] == [
        f"entries/{victim['entry']}/bust/",
        f"moves/{move['id']}/done/",
        f"tables/{tables[0]['id']}/chip-counts/",
    ]
    assert all(r["status"] == 200 and r["queue"] == "1" for r in replayed), replayed
    assert len({r["key"] for r in replayed}) == 3
    assert all(r["time"] and r["time"][-6] in "+-" and r["device"] for r in replayed), replayed
    after = state(site, tid)
    assert after["version"] == before["version"] + 3, "three writes, each once"
    assert after["remaining"] == before["remaining"] - 1
    assert api("GET", f"/tournaments/{tid}/moves?status=pending", token) == []
    counted = api("GET", f"/tournaments/{tid}/chip-counts", token)
    assert sorted(c["chips"] for c in counted) == [20_000 + n * 1_000 for n in range(7)]
    context.close()


def test_a_bust_done_on_another_tablet_meanwhile_is_refused_not_done_twice(site, browser):
    tid, tables = two_tables(site, "Zwei Tablets")
    first, first_page = tablet(browser, site, "en")
    second, second_page = tablet(browser, site, "en")
    open_floor(first_page, site, tid)
    second_page.goto(f"{site.server.url}/tournaments/{tid}/floor/")
    victim = tables[1]["players"][0]

    first.set_offline(True)
    first_page.locator(f'.seat-button[data-entry="{victim["entry"]}"]').click()
    first_page.locator("#seat-dialog").get_by_role("button", name="Bust player").click()
    expect(first_page.locator(".offline-pending .pending-list li")).to_have_count(1)
    expect(first_page.locator("#offline-banner")).to_contain_text("No connection to the server")

    # The other tablet busts the same player while the first is away.
    second_page.locator(f'.seat-button[data-entry="{victim["entry"]}"]').click()
    with second_page.expect_response(lambda r: r.request.method == "POST") as done:
        second_page.locator("#seat-dialog").get_by_role("button", name="Bust player").click()
    assert done.value.status == 200
    before = state(site, tid)

    with first_page.expect_response(
        lambda r: r.request.method == "POST" and r.request.headers.get("offline-queue") == "1"
    ) as replay:
        first.set_offline(False)
    assert replay.value.status == 409
    expect(first_page.locator(".offline-pending .pending-list li")).to_have_count(0)
    expect(first_page.locator(".offline-pending .refused-list")).to_contain_text("not applied")
    expect(first_page.locator("#offline-banner")).to_be_hidden()
    expect(first_page.locator("ul.messages")).not_to_contain_text("kept on this tablet")
    shot(first_page, "conflict-en")
    after = state(site, tid)
    assert after["remaining"] == before["remaining"], "the player is out once"
    # The refusal is kept for the director once (README "When the network drops").
    kept = site.server.api("GET", f"/tournaments/{tid}/conflicts", site.token)
    assert [(c["action"], c["key"]) for c in kept] == [
        ("bust", replay.value.request.headers["idempotency-key"])
    ]
    first.close()
    second.close()
