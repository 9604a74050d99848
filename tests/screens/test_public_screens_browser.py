"""The public screens as the room reads them (README "Places, re-entries and moves"): the currency
on every board layout and in the lobby, the lobby after the end, the shot
clock, the final table and the seat list. Screenshots go to var/screenshots/."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from browser_support import CHROMIUM, VIEWPORTS, do_every_move, shooter
from conftest import drawn_tournament_site, tournament_through_api

playwright_sync = pytest.importorskip("playwright.sync_api")
expect = playwright_sync.expect

shot = shooter(full_page=True)
TV, PHONE = VIEWPORTS["tv"], VIEWPORTS["phone"]
PASSWORD = "pw-dora-public"
LAYOUTS = ("clock", "payouts", "seats", "chips", "final")
# Eight entries at 50: a pool of 400, with the currency as each language writes it.
POOL = {"de": "400\u00a0€", "en": "€400"}

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(not Path(CHROMIUM).exists(), reason="needs Debian's chromium"),
]


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    with drawn_tournament_site(tmp_path_factory.mktemp("public-screens"), PASSWORD) as site:
        yield site


def phone_page(browser, locale: str):
    return browser.new_context(
        viewport=PHONE, is_mobile=True, has_touch=True, locale=locale
    ).new_page()


@pytest.mark.parametrize(("lang", "locale"), [("de", "de-DE"), ("en", "en-GB")])
def test_every_public_screen_shows_money_with_its_currency(site, browser, lang, locale):
    url = site.server.url
    context = browser.new_context(viewport=TV, locale=locale)
    board = context.new_page()
    for layout in LAYOUTS:
        board.goto(f"{url}/display/{site.id}/?layout={layout}&lang={lang}")
        expect(board.locator(".tile-prize_pool .t-pool")).to_have_text(POOL[lang])
    board.goto(f"{url}/display/{site.id}/?layout=payouts&lang={lang}")
    first_prize = board.locator(".tile-payouts .t-payouts li b").first
    expect(first_prize).to_have_text(re.compile("€"))
    shot(board, f"public-payouts-currency-tv-{lang}")
    context.close()

    phone = phone_page(browser, locale)
    phone.goto(f"{url}/lobby/{site.id}/?lang={lang}")
    expect(phone.locator("#d-pool")).to_have_text(POOL[lang])
    expect(phone.locator("#d-payouts-list li b").first).to_have_text(re.compile("€"))
    phone.goto(f"{url}/lobby/?lang={lang}")
    expect(phone.locator(".l-card").first).to_contain_text(POOL[lang])
    shot(phone, f"public-lobby-list-currency-phone-{lang}")
    phone.context.close()


def test_after_the_end_the_phone_lobby_shows_the_winner_and_the_results(site, browser):
    server, token = site.server, site.token
    tid = tournament_through_api(server, token, with_clock=False)["id"]
    while True:
        seated = [
            p for t in server.api("GET", f"/tournaments/{tid}/tables", token) for p in t["players"]
        ]
        if len(seated) == 1:
            first, last = seated[0]["name"].split()
            winner = f"{first} {last[0]}."  # the public name: first name and initial
            break
        server.api("POST", f"/entries/{seated[-1]['entry']}/bust", token, {})
        do_every_move(server, token, tid)

    phone = phone_page(browser, "de-DE")
    phone.goto(f"{server.url}/lobby/{tid}/?lang=de")
    expect(phone.locator("#d-winner")).to_have_text(f"Sieger: {winner}")
    results = phone.locator("#d-results li")
    expect(results.first).to_contain_text(winner)
    expect(results.first).to_contain_text("€")
    expect(phone.locator("#d-time")).to_be_hidden()
    assert phone.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    shot(phone, "public-lobby-finished-phone-de")

    # The list of tournaments keeps it for the evening, marked as finished.
    phone.goto(f"{server.url}/lobby/?lang=de")
    card = phone.locator(".l-card", has_text="Sieger")
    expect(card).to_contain_text("Beendet")
    expect(card).to_contain_text(f"Sieger: {winner}")
    phone.context.close()


def floor_tablet(browser, site, lang: str = "de"):
    """The floor page on a tablet, signed in, in ``lang``."""
    tablet = browser.new_context(viewport=VIEWPORTS["tablet"], locale="de-DE").new_page()
    tablet.goto(f"{site.server.url}/login/?next=/tournaments/{site.id}/floor/")
    tablet.locator("input[name=username]").fill("dora")
    tablet.locator("input[name=password]").fill(PASSWORD)
    tablet.locator("main button.primary").click()
    tablet.wait_for_url(f"**/tournaments/{site.id}/floor/")
    return tablet


def inside(inner: dict, outer: dict) -> bool:
    return (
        inner["x"] >= outer["x"] - 0.5
        and inner["x"] + inner["width"] <= outer["x"] + outer["width"] + 0.5
    )


def test_the_german_floor_tablet_keeps_every_button_inside_its_table_card(site, browser):
    tablet = floor_tablet(browser, site)
    cards = tablet.locator(".table-card")
    expect(cards.first).to_be_visible()
    for i in range(cards.count()):
        card = cards.nth(i)
        expect(card.get_by_role("button", name="Nächste Hand")).to_be_visible()
        box = card.bounding_box()
        buttons = card.locator(".table-actions button, .table-actions .button")
        for j in range(buttons.count()):
            assert inside(buttons.nth(j).bounding_box(), box), buttons.nth(j).inner_text()
    shot(tablet, "floor-table-cards-tablet-de")
    tablet.context.close()


def test_a_clock_call_counts_down_on_the_tablet_and_the_tv_then_clears(site, browser):
    server, token, tid = site.server, site.token, site.id
    table = server.api("GET", f"/tournaments/{tid}/tables", token)[0]
    seat = table["players"][0]["seat"]
    tv = browser.new_context(viewport=TV, locale="de-DE").new_page()
    tv.goto(f"{server.url}/display/{tid}/?layout=seats&lang=de")
    tablet = floor_tablet(browser, site)

    call = server.api(
        "POST",
        f"/tournaments/{tid}/clock-calls",
        token,
        {"table": table["number"], "seat": seat, "think_seconds": 0},
    )
    banner = tv.locator(".tile-announcements .t-call")
    expect(banner).to_contain_text(f"Tisch {table['number']}, Sitz {seat}")
    expect(banner.locator("b")).to_have_text(re.compile(r"0:(10|0\d)"))
    badge = tablet.locator(f"#table-{table['number']} .seat-call")
    expect(badge).to_have_text(re.compile(r"0:(10|0\d)"))
    shot(tv, "public-clock-call-tv-de")
    shot(tablet, "floor-clock-call-tablet-de")
    # The seat's dialog counts down too.
    tablet.locator(f"#table-{table['number']} .seat-button").nth(seat - 1).click()
    in_dialog = tablet.locator("#seat-panel .seat-call .call-time")
    expect(in_dialog).to_have_text(re.compile(r"0:(10|0\d)"))
    tablet.keyboard.press("Escape")
    # On the tablet the time sits in the seat's card and leaves the seat number round.
    card = tablet.locator(f"#table-{table['number']}").bounding_box()
    assert inside(badge.bounding_box(), card)
    number = badge.locator("xpath=ancestor::button").locator(".seat-no").bounding_box()
    assert abs(number["width"] - number["height"]) < 1
    # The text and the time stay apart: the time sits right of the words.
    words = banner.locator(".call-text").bounding_box()
    time_box = banner.locator("b").bounding_box()
    assert words["x"] + words["width"] <= time_box["x"]

    # Real time: the screens follow the server's clock, not the browser's.
    expect(banner.locator("b")).to_have_text("Zeit!", timeout=15_000)
    expect(badge).to_contain_text("Zeit!")
    # Shown as run out for a while, then gone without anyone cancelling it.
    show_ms = call["hide_at"] - call["expires_at"]
    assert 10_000 <= show_ms <= 60_000
    expect(banner).to_have_count(0, timeout=show_ms + 5_000)
    expect(badge).to_have_count(0, timeout=5_000)
    tv.context.close()
    tablet.context.close()


LONG_NAMES = [
    "Małgorzata Wiśniewska-Kowalczyk",
    "Łukasz Żółć",
    "Dragan Đorđević",
    "Björn Ødegård",
    "Jürgen Groß",
    "Maximilian-Alexander Schwarzenberger",
    "Anna Keller",
    "Bernd Schulz",
    "Clara Wagner",
    "Dieter Braun",
    "Eva Hoffmann",
    "Fritz Müller",
]


@pytest.fixture(scope="module")
def finale(site) -> int:
    """Twelve players with long names at two tables of nine, drawn."""
    server, token = site.server, site.token
    tid = server.api(
        "POST",
        "/tournaments",
        token,
        {"name": "Finale", "table_size": 9, "final_table_size": 9, "buy_in": "50"},
    )["id"]
    server.api("POST", f"/tournaments/{tid}/tables", token, {"count": 2})
    for name in LONG_NAMES:
        server.api("POST", f"/tournaments/{tid}/entries", token, {"name": name})
    server.api("POST", f"/tournaments/{tid}/draw", token)
    return tid


def test_the_tv_seat_list_shows_every_public_name_whole(site, finale, browser):
    board = browser.new_context(viewport=TV, locale="de-DE").new_page()
    board.goto(f"{site.server.url}/display/{finale}/?layout=seats&lang=de")
    names = board.locator(".tile-seats .t-seats li > span")
    expect(names).to_have_count(len(LONG_NAMES))
    expect(names.filter(has_text="Małgorzata W.")).to_have_count(1)
    expect(names.filter(has_text="Maximilian-Alexander S.")).to_have_count(1)
    cut = board.evaluate(
        """() => [...document.querySelectorAll('.tile-seats .t-seats li > span')]
              .filter(n => n.scrollWidth > n.clientWidth + 1).map(n => n.textContent)"""
    )
    assert cut == []
    # Read in one go: a live message may redraw the list between two look-ups.
    overflow = board.evaluate(
        """() => {
            const list = document.querySelector('.tile-seats .t-seats');
            const rows = list.querySelectorAll('li');
            const last = rows[rows.length - 1].getBoundingClientRect();
            return last.bottom - list.getBoundingClientRect().bottom;
        }"""
    )
    assert overflow <= 1
    shot(board, "public-seat-list-long-names-tv-de")
    board.context.close()


def test_the_final_table_shows_every_seat_while_the_players_walk_over(site, finale, browser):
    server, token, tid = site.server, site.token, finale
    # Three busts leave nine: the other table breaks; its players walk to the final table.
    tables = server.api("GET", f"/tournaments/{tid}/tables", token)
    smaller = min(tables, key=lambda t: len(t["players"]))
    for player in smaller["players"][:3]:
        server.api("POST", f"/entries/{player['entry']}/bust", token, {})
    pending = server.api("GET", f"/tournaments/{tid}/moves?status=pending", token)
    assert pending, "the final table's moves are pending"

    board = browser.new_context(viewport=TV, locale="de-DE").new_page()
    board.goto(f"{server.url}/display/{tid}/?layout=final&lang=de")
    rows = board.locator(".tile-final_table .t-final li")
    expect(rows).to_have_count(9)
    # Each player walking over stands in the seat he goes to, with where he comes from.
    walking = [m for m in pending if m["to_seat"]]
    move = walking[0]
    row = rows.filter(has_text=f"Sitz {move['to_seat']}").first
    if move.get("from_table"):
        expect(row).to_contain_text(f"von Tisch {move['from_table']} · Sitz {move['from_seat']}")
    shot(board, "public-final-table-moves-tv-de")
    box = board.locator(".tile-final_table .t-final").bounding_box()
    for i in range(9):
        row = rows.nth(i).bounding_box()
        assert row["y"] + row["height"] <= box["y"] + box["height"] + 1, f"seat row {i + 1} is cut"
    # Still read from across the room: the type is not shrunk to a footnote.
    size = float(
        board.evaluate(
            "getComputedStyle(document.querySelector('.tile-final_table .t-final')).fontSize"
        )[:-2]
    )
    assert size >= 0.025 * TV["height"]
    assert board.evaluate("document.documentElement.scrollWidth") <= TV["width"]
    board.context.close()


def test_the_desk_consent_box_is_full_size_and_gets_the_cursor_on_its_error(site, browser):
    desk = browser.new_context(viewport=VIEWPORTS["laptop"], locale="de-DE").new_page()
    desk.goto(f"{site.server.url}/login/?next=/tournaments/{site.id}/desk/")
    desk.locator("input[name=username]").fill("dora")
    desk.locator("input[name=password]").fill(PASSWORD)
    desk.locator("main button.primary").click()
    desk.wait_for_url(f"**/tournaments/{site.id}/desk/")
    consent = desk.locator("label.check input[name=consent]")
    box = consent.bounding_box()
    assert box["width"] >= 20 and box["height"] >= 20

    desk.locator("input[name=name]").fill("Jürgen Groß")
    desk.locator("input[name=email]").fill("juergen@example.org")
    desk.locator("#new-player button[type=submit]").click()
    desk.wait_for_load_state()
    expect(consent).to_be_focused()
    expect(desk.locator("label.check .error")).to_be_visible()
    shot(desk, "desk-consent-error-laptop-de")
    desk.context.close()


SELECT_CUT = """() => [...document.querySelectorAll('main select')].filter(s => {
    const style = getComputedStyle(s);
    const probe = document.createElement('span');
    probe.style.font = style.font;
    probe.style.whiteSpace = 'nowrap';
    probe.textContent = s.options[s.selectedIndex] ? s.options[s.selectedIndex].text : '';
    document.body.appendChild(probe);
    const needed = probe.getBoundingClientRect().width + parseFloat(style.paddingLeft) + 24;
    probe.remove();
    return needed > s.clientWidth;
}).map(s => s.name)"""


@pytest.mark.parametrize("screen", ["laptop", "tablet"])
def test_the_new_tournament_form_lines_up_and_shows_each_choice_whole(site, browser, screen):
    page = browser.new_context(viewport=VIEWPORTS[screen], locale="de-DE").new_page()
    page.goto(f"{site.server.url}/login/?next=/tournaments/new/")
    page.locator("input[name=username]").fill("dora")
    page.locator("input[name=password]").fill(PASSWORD)
    page.locator("main button.primary").click()
    page.wait_for_url("**/tournaments/new/")
    shot(page, f"tournament-form-{screen}-de")
    # Every choice reads whole in its box, whichever is chosen.
    for name in page.evaluate("[...document.querySelectorAll('main select')].map(s => s.name)"):
        select = page.locator(f"main select[name={name}]")
        for value in select.evaluate("s => [...s.options].map(o => o.value)"):
            select.select_option(value)
            assert page.evaluate(SELECT_CUT) == [], (name, value)
    # The inputs of one row line up: same top edge for the boxes side by side.
    tops = page.evaluate(
        """() => [...document.querySelectorAll('main form.form-grid > label')]
              .map(l => { const c = l.querySelector('input:not([type=checkbox]), select, textarea');
                          if (!c) return null;
                          const r = l.getBoundingClientRect(), b = c.getBoundingClientRect();
                          return [Math.round(r.top), Math.round(b.top)]; })
              .filter(Boolean)"""
    )
    rows: dict[int, set[int]] = {}
    for label_top, box_top in tops:
        rows.setdefault(label_top, set()).add(box_top)
    ragged = {top: boxes for top, boxes in rows.items() if len(boxes) > 1}
    assert not ragged, ragged
    assert page.evaluate("document.documentElement.scrollWidth") <= VIEWPORTS[screen]["width"]
    page.context.close()
