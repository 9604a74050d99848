"""The floor's alerts are a screen part (README "Screen messages", part
``floor_alerts``): what one tablet does to them another tablet reads at once,
without loading its page again. Two tablets at 1024x768 in German: the
director's changes every alert kind (players kept apart who sit at one table,
a broken table back in play) on and off, and the floor's tablet beside it
shows each change. Screenshots go to the test's own directory."""

from __future__ import annotations

import pytest
from browser_support import (
    BROWSER_TEST,
    director_site,
    message,
    send_from_the_floor,
    signed_in_tablet,
    staff_token,
    submit,
)

playwright_sync = pytest.importorskip("playwright.sync_api")
expect = playwright_sync.expect

PASSWORD = "pw-two-tablets"

pytestmark = BROWSER_TEST


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    with director_site(tmp_path_factory.mktemp("floor-alerts"), PASSWORD, "dora") as site:
        staff_token(site.env, "fritz", "floor", PASSWORD)
        yield site


def tablet(browser, site, username: str):
    return signed_in_tablet(browser, site.server.url, username, PASSWORD)


def nineteen_at_three_tables(site) -> int:
    """Three tables of nine, 19 players: one bust more and a table breaks (this
    room keeps no seat free for late entries: README "Breaking during registration")."""
    api, token = site.server.api, site.token
    tid = api(
        "POST",
        "/tournaments",
        token,
        {"name": "Zwei Tablets", "table_size": 9, "break_during_registration": True},
    )["id"]
    api("PATCH", f"/tournaments/{tid}", token, {"options": {"late_entry_seats": 0}})
    api("POST", f"/tournaments/{tid}/tables", token, {"count": 3})
    for n in range(19):
        api("POST", f"/tournaments/{tid}/entries", token, {"name": f"Gast{n:02} Nr{n:02}"})
    api("POST", f"/tournaments/{tid}/draw", token)
    return tid


def bust(page, name: str) -> None:
    """Tap his seat on the map and bust him; the tablet sends it with fetch."""
    page.locator("#floor-live .seat-button.taken").filter(has_text=name).click()
    dialog = page.locator("#seat-dialog")
    expect(dialog.locator(".big-name")).to_have_text(name)
    send_from_the_floor(page, dialog.get_by_role("button", name="Spieler ausgeschieden"))
    expect(message(page).first).to_contain_text(f"{name} ausgeschieden")


def test_every_alert_changed_on_one_tablet_reads_on_the_other(site, browser, tmp_path):
    tid = nineteen_at_three_tables(site)
    api, token = site.server.api, site.token
    floor_url = f"{site.server.url}/tournaments/{tid}/floor/"
    director, floor = tablet(browser, site, "dora"), tablet(browser, site, "fritz")
    director.goto(floor_url)
    floor.goto(floor_url)
    expect(floor.locator("#floor-counts")).to_contain_text("19 von 19 Spielern übrig")
    loads: list[str] = []
    floor.on("framenavigated", lambda f: f == floor.main_frame and loads.append(f.url))
    alerts = floor.locator("#floor-alerts")
    kept_apart = alerts.locator('[data-alert="kept_apart_together"]')
    back_in_play = alerts.locator('[data-alert="table_back_in_play"]')
    expect(alerts.locator("section")).to_have_count(0)

    # 1. The director keeps two players apart who sit at one table.
    first, second, *others = api("GET", f"/tournaments/{tid}/tables", token)[0]["players"]
    director.goto(f"{site.server.url}/tournaments/{tid}/floor/director/")
    form = director.locator("form").filter(has=director.locator("input[value=keep_apart]"))
    form.locator("select[name=first]").select_option(str(first["entry"]))
    form.locator("select[name=second]").select_option(str(second["entry"]))
    submit(director, form.get_by_role("button", name="Getrennt setzen"))
    expect(kept_apart).to_contain_text("Getrennt zu setzende Spieler sitzen an einem Tisch")
    # The pair is named in the order the players entered.
    low, high = sorted((first, second), key=lambda player: player["entry"])
    together = f"{low['name']} und {high['name']} an Tisch 1"
    expect(kept_apart).to_contain_text(together)
    floor.screenshot(path=str(tmp_path / "1-kept-apart-on-the-other-tablet.png"))

    # 2. He busts one of them: they no longer sit together, and the table that
    #    breaks (18 fit two tables) shows its moves on the other tablet too.
    director.goto(floor_url)
    bust(director, first["name"])
    expect(kept_apart).to_have_count(0)
    expect(floor.locator("#floor-moves .moves-alert")).to_be_visible()
    broken = [t for t in api("GET", f"/tournaments/{tid}/tables", token) if t["status"] == "broken"]
    assert len(broken) == 1
    floor.screenshot(path=str(tmp_path / "2-kept-apart-gone-table-breaks.png"))

    # 3. The bust was a mistake: its undo puts the broken table back in play, and
    #    the pair sits together again.
    director.once("dialog", lambda dialog: dialog.accept())
    send_from_the_floor(director, message(director).get_by_role("button", name="Rückgängig"))
    number = broken[0]["number"]
    expect(back_in_play).to_contain_text("Ein aufgelöster Tisch spielt weiter")
    expect(back_in_play).to_contain_text(f"Tisch {number} spielt weiter")
    expect(kept_apart).to_contain_text(together)
    floor.screenshot(path=str(tmp_path / "3-back-in-play-and-kept-apart.png"))

    # 4. Another bust breaks a table again: it is no longer back in play.
    bust(director, others[0]["name"])
    expect(back_in_play).to_have_count(0)
    expect(kept_apart).to_have_count(1)
    floor.screenshot(path=str(tmp_path / "4-back-in-play-gone.png"))

    # The other tablet only ever listened: its page was never loaded again.
    assert loads == []
    director.context.close()
    floor.context.close()
