"""A whole event in a real browser, in English and in German.

The director signs in, switches the language with the buttons in the top bar,
creates a tournament, registers eight players at the desk by keyboard, opens
two tables and draws seats, sets a 60/40 payout structure, busts players from
the floor map (carrying out every move the floor page asks for) until one is
left, and reads the final standings: places 1 to 8 with the prizes of the paid
places, in the page's language.

One daphne server with a file SQLite database serves both languages; screenshots
of the key steps go to var/screenshots/e2e-<lang>-<step>.png.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from browser_support import (
    CHROMIUM,
    ROOT,
    Server,
    chromium_browser,
    manage,
    message,
    nav,
    open_own_shift,
    send_from_the_floor,
    server_env,
    staff_token,
    submit,
)

playwright_sync = pytest.importorskip("playwright.sync_api")
expect = playwright_sync.expect

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(not Path(CHROMIUM).exists(), reason="needs Debian's chromium"),
]

DIRECTOR = "tamara"
PASSWORD = "pw-tamara-e2e"
SHOTS = ROOT / "var" / "screenshots"
PLAYERS = [
    "Anna Keller",
    "Bernd Schulz",
    "Clara Wagner",
    "Dieter Braun",
    "Eva Hoffmann",
    "Fritz Müller",
    "Greta Neumann",
    "Hans Richter",
]

# What the director reads on the screen, per language (from the templates and
# the German catalogues).
TEXT = {
    "en": {
        "sign_in": "Sign in",
        "user": "User name",
        "password": "Password",
        "new_tournament": "New tournament",
        "name": "Name",
        "table_size": "Table size",
        "starting_stack": "Starting stack",
        "buy_in": "Buy-in",
        "fee": "Fee",
        "final_table_size": "Final table size",
        "save": "Save",
        "created": "Tournament created.",
        "registration": "Registration",
        "new_player": "New player",
        "registered": "{name} registered.",
        "seating": "Seating",
        "table_count": "Number of tables",
        "open_tables": "Open tables",
        "draw": "Draw seats",
        "payouts": "Payouts",
        "use_template": "Use the template for the field size",
        "percentages": "Percentages, best place first",
        "save_payouts": "Save payouts",
        "payouts_saved": "Payouts saved.",
        "floor": "Floor",
        "bust": "Bust player",
        "busted": "busted – place",
        "done": "Done",
        "of": "of",
        "standings": "Standings",
        "final_standings": "Final standings",
        "headings": ["Place", "Player", "Buy-in no.", "Prize"],
        "in_the_money": "In the money",
    },
    "de": {
        "sign_in": "Anmelden",
        "user": "Benutzername",
        "password": "Passwort",
        "new_tournament": "Neues Turnier",
        "name": "Name",
        "table_size": "Tischgröße",
        "starting_stack": "Startstack",
        "buy_in": "Buy-in",
        "fee": "Gebühr",
        "final_table_size": "Finaltischgröße",
        "save": "Speichern",
        "created": "Turnier angelegt.",
        "registration": "Anmeldung",
        "new_player": "Neuer Spieler",
        "registered": "{name} angemeldet.",
        "seating": "Sitzordnung",
        "table_count": "Anzahl Tische",
        "open_tables": "Tische eröffnen",
        "draw": "Sitze auslosen",
        "payouts": "Auszahlung",
        "use_template": "Vorlage für die Feldgröße verwenden",
        "percentages": "Prozente, bester Platz zuerst",
        "save_payouts": "Auszahlung speichern",
        "payouts_saved": "Auszahlung gespeichert.",
        "floor": "Floor",
        "bust": "Spieler ausgeschieden",
        "busted": "ausgeschieden – Platz",
        "done": "Erledigt",
        "of": "von",
        "standings": "Rangliste",
        "final_standings": "Endstand",
        "headings": ["Platz", "Spieler", "Buy-in Nr.", "Preisgeld"],
        "in_the_money": "In den Preisrängen",
    },
}


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    var = tmp_path_factory.mktemp("e2e")
    env = server_env(var)
    manage(env, "migrate", "--noinput", "-v0")
    token = staff_token(env, DIRECTOR, "director", PASSWORD)
    server = Server(env=env, log=var / "daphne.log").start()
    try:
        open_own_shift(server, token, DIRECTOR)
        yield server
    finally:
        server.stop()


@pytest.fixture(scope="module")
def browser():
    with chromium_browser() as chromium:
        yield chromium


@pytest.fixture
def page(browser):
    # An English browser: the German run gets its language from the DE button only.
    context = browser.new_context(viewport={"width": 1280, "height": 900}, locale="en-GB")
    context.set_default_timeout(10_000)
    page = context.new_page()
    problems: list[str] = []
    page.on("response", lambda r: r.status >= 500 and problems.append(f"{r.status} {r.url}"))
    page.on("pageerror", lambda error: problems.append(f"script error: {error}"))
    yield page
    context.close()
    assert not problems, problems


def shot(page, lang: str, step: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"e2e-{lang}-{step}.png"), full_page=True)


@pytest.mark.parametrize("lang", ["en", "de"])
def test_director_runs_a_whole_event_from_registration_to_final_standings(server, page, lang):
    t = TEXT[lang]

    # 1. Sign in, after choosing the language in the top bar.
    page.goto(f"{server.url}/login/")
    submit(page, page.locator("form.lang").get_by_role("button", name=lang.upper(), exact=True))
    expect(page.locator("html")).to_have_attribute("lang", lang)
    expect(page.get_by_role("heading", name=t["sign_in"])).to_be_visible()
    page.get_by_label(t["user"]).fill(DIRECTOR)
    page.get_by_label(t["password"]).fill(PASSWORD)
    submit(page, page.locator("main").get_by_role("button", name=t["sign_in"]))
    expect(page).to_have_url(f"{server.url}/")

    # 2. A new tournament: six-handed, final table of six, 10000 chips, 50 + 5.
    page.get_by_role("link", name=t["new_tournament"]).click()
    expect(page.get_by_role("heading", name=t["new_tournament"])).to_be_visible()
    name = f"Whole Event {lang.upper()}"
    page.get_by_label(t["name"], exact=True).fill(name)
    page.get_by_label(t["table_size"], exact=True).fill("6")
    page.get_by_label(t["starting_stack"], exact=True).fill("10000")
    page.get_by_label(t["buy_in"], exact=True).fill("50")
    page.get_by_label(t["fee"], exact=True).fill("5")
    page.get_by_label(t["final_table_size"], exact=True).fill("6")
    submit(page, page.locator("main").get_by_role("button", name=t["save"], exact=True))
    expect(message(page)).to_have_text(t["created"])
    expect(page.get_by_role("heading", name=name)).to_be_visible()
    match = re.search(r"/tournaments/(\d+)/$", page.url)
    assert match, page.url
    shot(page, lang, "1-created")

    # 3. Eight players at the desk, by keyboard: type the name, press Enter.
    nav(page, t["registration"])
    latest = page.locator("main table.grid tbody")
    for number, player in enumerate(PLAYERS, start=1):
        page.locator("#id_name").click()  # t["new_player"], its limit shown beneath
        page.keyboard.type(player)
        page.evaluate("() => { window.__before_submit = true; }")
        page.keyboard.press("Enter")
        page.wait_for_function("() => !window.__before_submit")
        # Before the draw nobody has a seat yet: the desk names whom it registered.
        expect(message(page)).to_have_text(t["registered"].format(name=player))
        expect(latest.locator("tr")).to_have_count(number)
        expect(latest.locator("tr").first).to_contain_text(player)
    shot(page, lang, "2-registered")

    # 4. Two tables of six, then the draw.
    nav(page, t["seating"])
    page.get_by_label(t["table_count"]).fill("2")
    submit(page, page.get_by_role("button", name=t["open_tables"], exact=True))
    submit(page, page.get_by_role("button", name=t["draw"], exact=True))
    expect(page.get_by_role("button", name=t["draw"], exact=True)).to_have_count(0)
    nav(page, t["floor"])
    seats = page.locator("#floor-live .seat-button.taken")
    expect(seats).to_have_count(len(PLAYERS))
    for player in PLAYERS:
        expect(seats.filter(has_text=player)).to_have_count(1)
    shot(page, lang, "3-drawn")

    # 5. Payouts: our own 60/40 instead of the template.
    nav(page, t["payouts"])
    page.get_by_label(t["use_template"]).uncheck()
    page.get_by_label(t["percentages"]).fill("60\n40")
    submit(page, page.get_by_role("button", name=t["save_payouts"]))
    expect(message(page)).to_have_text(t["payouts_saved"])
    payout_rows = page.locator("main table.grid").first.locator("tbody tr")
    expect(payout_rows).to_have_count(2)
    prizes = {}
    for place, percent, amount in ((1, "60", "240"), (2, "40", "160")):
        cells = payout_rows.nth(place - 1).locator("td")
        expect(cells.nth(0)).to_have_text(str(place))
        # In the reader's way: 60 % and 240 € in German, 60% and €240.00 in English.
        expect(cells.nth(1)).to_have_text(re.compile(rf"^{percent}\s?%$"))
        expect(cells.nth(2)).to_have_text(re.compile(rf"^(€)?{amount}([.,]0+)?(\s€)?$"))
        prizes[place] = cells.nth(2).inner_text()
    shot(page, lang, "4-payouts")

    # 6. Bust players one by one from the floor map until one is left,
    #    carrying out every move the floor page asks for.
    nav(page, t["floor"])
    busted: list[str] = []
    moves_done = 0
    while len(busted) < len(PLAYERS) - 1:
        done = page.locator(".moves-alert").get_by_role("button", name=t["done"], exact=True)
        if done.count():
            if not moves_done:
                shot(page, lang, "5-moves")
            send_from_the_floor(page, done.first)
            moves_done += 1
            continue
        seat = seats.first
        player = seat.locator(".seat-name").inner_text().strip()
        seat.click()
        dialog = page.locator("#seat-dialog")
        expect(dialog).to_be_visible()
        expect(dialog.locator(".big-name")).to_have_text(player)
        send_from_the_floor(page, dialog.get_by_role("button", name=t["bust"], exact=True))
        expect(message(page)).to_contain_text(f"{player} {t['busted']}")
        expect(seats.filter(has_text=player)).to_have_count(0)
        busted.append(player)
        # A broken table leaves the map; its players show in the moves until seated.
        expect(page.locator("p.counts")).to_contain_text(
            f"{len(PLAYERS) - len(busted)} {t['of']} {len(PLAYERS)}"
        )
        if len(busted) == 3:
            shot(page, lang, "6-floor")
    expect(page.locator(".moves-alert")).to_have_count(0)
    expect(seats).to_have_count(1)
    assert moves_done > 0, "two tables down to one without a single move"
    winner = seats.first.locator(".seat-name").inner_text().strip()
    assert sorted([*busted, winner]) == sorted(PLAYERS)

    # 7. The final standings, in the page's language.
    nav(page, t["standings"])
    expect(page.get_by_role("heading", name=f"{t['final_standings']}: {name}")).to_be_visible()
    headings = page.locator("main table.grid thead th")
    for index, heading in enumerate(t["headings"]):
        expect(headings.nth(index)).to_have_text(heading)
    rows = page.locator("main table.grid tbody tr")
    expect(rows).to_have_count(len(PLAYERS))
    finishing_order = [winner, *reversed(busted)]
    for place, player in enumerate(finishing_order, start=1):
        cells = rows.nth(place - 1).locator("td")
        expect(cells.nth(0)).to_have_text(str(place))
        expect(cells.nth(1)).to_have_text(player)
        if place in prizes:
            expect(cells.nth(3)).to_have_text(prizes[place])
            expect(cells.nth(4)).to_contain_text(t["in_the_money"])
        else:
            expect(cells.nth(3)).not_to_have_text(re.compile(r"[1-9]"))
    shot(page, lang, "7-standings")
