"""A multi-day event in the browser, in German (README "Events: flights, bags and the next day", "Done when"): the
director creates the event with two flights and progressive bounties on the
form; the floor counts a table on the tablet, one field per seat with Enter
to the next; the day ends from its page (refused until everyone is counted)
and the bag list prints with a slip per player; Day 2 is drawn from the event
page and its seating list prints; down to a winner, the event's results show
him first. Screenshots go to var/screenshots/."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from browser_support import CHROMIUM, VIEWPORTS, Server, director_site, shooter, sign_in

playwright_sync = pytest.importorskip("playwright.sync_api")
expect = playwright_sync.expect

PASSWORD = "pw-eva-event"
shot = shooter(full_page=True)

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(not Path(CHROMIUM).exists(), reason="needs Debian's chromium"),
]


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    with director_site(tmp_path_factory.mktemp("event"), PASSWORD, "eva") as site:
        yield site


def seating(server: Server, token: str, tid: int) -> dict[int, int]:
    """Every seated entry -> its table id."""
    return {
        p["entry"]: t["id"]
        for t in server.api("GET", f"/tournaments/{tid}/tables", token)
        for p in t["players"]
    }


def bust_down_to(server: Server, token: str, tid: int, left: int) -> None:
    """The floor busts players (each by a tablemate) and carries out every move."""
    while len(seats := seating(server, token, tid)) > left:
        victim = next(e for e, t in seats.items() if list(seats.values()).count(t) > 1)
        mate = next(e for e, t in seats.items() if e != victim and t == seats[victim])
        server.api("POST", f"/entries/{victim}/bust", token, {"eliminated_by": [mate]})
        for _ in range(5):
            pending = server.api("GET", f"/tournaments/{tid}/moves?status=pending", token)
            for move in pending:
                try:
                    server.api("POST", f"/moves/{move['id']}/done", token)
                except AssertionError:
                    pass  # a seat still taken: its move out comes first


def test_an_event_from_the_form_to_the_day_2_winner(site, browser):
    server, token = site.server, site.token
    context = browser.new_context(viewport=VIEWPORTS["laptop"], locale="de", has_touch=True)
    context.add_cookies([{"name": "django_language", "value": "de", "url": server.url}])
    page = context.new_page()
    page.on("dialog", lambda dialog: dialog.accept())  # "Bag every count …?" and the like
    sign_in(page, server.url, "eva", PASSWORD)

    # The event and its two flights, from the form.
    page.goto(f"{server.url}/events/new/")
    # Each field is named by its label, the input, its help and errors inside it.
    expect(page.locator("label", has=page.locator("[name=flights]"))).to_contain_text(
        "Flights an Tag 1"
    )
    page.locator("[name=name]").fill("Main Event")
    page.locator("[name=flights]").fill("Tag 1A\nTag 1B")
    page.locator("[name=buy_in]").fill("100")
    page.locator("[name=bounty_kind]").select_option("progressive")
    page.locator("[name=bounty_amount]").fill("50")
    page.get_by_role("button", name="Event anlegen").click()
    expect(page.get_by_role("heading", name="Main Event")).to_be_visible()
    hrefs = page.locator("table.grid a[href^='/tournaments/']").evaluate_all(
        "links => links.map(a => a.getAttribute('href'))"
    )
    flights = sorted({int(re.search(r"/tournaments/(\d+)/", href).group(1)) for href in hrefs})
    assert len(flights) == 2

    # The desk and the floor play both flights down to four players each.
    for flight, field in zip(flights, (8, 10), strict=True):
        for n in range(field):
            server.api(
                "POST", f"/tournaments/{flight}/entries", token, {"name": f"S{flight}x{n} Nr{n}"}
            )
        server.api("POST", f"/tournaments/{flight}/tables", token, {"count": 2})
        server.api("POST", f"/tournaments/{flight}/draw", token)
        bust_down_to(server, token, flight, 4)

    # The day cannot end before everyone is counted.
    first = flights[0]
    page.goto(f"{server.url}/tournaments/{first}/end-day/")
    expect(page.get_by_role("alert")).to_contain_text("4 Spieler haben noch keinen Chipstand")
    # The tablet form: one field per seat, Enter to the next.
    page.get_by_role("link", name="Chips zählen").first.click()
    page.wait_for_load_state("load")  # Enter moves to the next field once the script is in
    fields = page.locator("input[name^=chips-]")
    fields.first.fill("41000")
    for i in range(1, fields.count()):
        page.keyboard.press("Enter")
        page.keyboard.type(str(40000 + i * 1000))
    page.get_by_role("button", name="Chipstände speichern").click()
    for flight in flights:
        for table in server.api("GET", f"/tournaments/{flight}/tables", token):
            counts = [{"seat": p["seat"], "chips": 39000} for p in table["players"]]
            if counts and flight != first:
                server.api("POST", f"/tables/{table['id']}/chip-counts", token, {"counts": counts})
    page.goto(f"{server.url}/tournaments/{first}/end-day/")
    if page.get_by_role("alert").count():  # the rest of the flight's tables
        for table in server.api("GET", f"/tournaments/{first}/tables", token):
            counts = [{"seat": p["seat"], "chips": 39000} for p in table["players"]]
            if counts:
                server.api("POST", f"/tables/{table['id']}/chip-counts", token, {"counts": counts})
        page.reload()
    page.get_by_role("button", name="Chips eintüten und Tag abschließen").click()
    expect(page.locator("h1")).to_have_text("Bag-Liste")
    expect(page.locator(".slip")).to_have_count(4)
    shot(page, "event-bag-list-laptop-de")
    server.api("POST", f"/tournaments/{flights[1]}/end-day", token, {})

    # Day 2 from the event page; its seating list prints.
    event_id = server.api("GET", f"/tournaments/{first}", token)
    page.goto(f"{server.url}/tournaments/{first}/")
    page.locator(".event-links a").first.click()
    page.locator("[name=tables]").fill("1")
    page.get_by_role("button", name="Nächsten Tag auslosen").click()
    expect(page.locator("ul.messages li")).to_contain_text("ist ausgelost")
    day2 = int(re.search(r"/tournaments/(\d+)/floor/", page.url).group(1))
    assert len(seating(server, token, day2)) == 8
    page.goto(f"{server.url}/tournaments/{day2}/print/seating/")
    expect(page.locator("body")).to_contain_text("Tisch")
    shot(page, "event-day2-seating-laptop-de")

    bust_down_to(server, token, day2, 1)
    page.goto(f"{server.url}/tournaments/{first}/")
    page.locator(".event-links a").first.click()
    first_row = page.locator("table.grid").last.locator("tbody tr").first
    expect(first_row.locator("td").first).to_have_text("1")
    # The event's pool: 18 entries at 100 €, the winner's prize in it.
    assert first_row.locator("td").nth(3).inner_text() != "0\u00a0€"
    expect(page.get_by_role("link", name="Tag beenden")).to_have_count(0)
    assert page.evaluate("document.documentElement.scrollWidth") <= VIEWPORTS["laptop"]["width"]
    shot(page, "event-results-laptop-de")
    assert event_id["bounty"]["kind"] == "progressive"
    context.close()
