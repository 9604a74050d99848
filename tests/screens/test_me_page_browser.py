"""The player's page on his phone (README "The player's page"): it shows his
seat, and a move planned for him appears without a reload, in German and in
English. Screenshots go to var/screenshots/."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from browser_support import CHROMIUM, VIEWPORTS, manage, shooter
from conftest import drawn_tournament_site

playwright_sync = pytest.importorskip("playwright.sync_api")
expect = playwright_sync.expect

shot = shooter(full_page=True)
PHONE = VIEWPORTS["phone"]
PASSWORD = "pw-dora-me"
SEAT = {"de": "Tisch {table} · Sitz {seat}", "en": "Table {table} · Seat {seat}"}
MOVE = {"de": "Sie werden umgesetzt!", "en": "You move!"}
LIVE = {"de": "Live", "en": "Live"}
NAMES = ["Anna Berg", "Ben Cohn", "Clara Dorn", "David Eck", "Eva Fuchs", "Finn Graf"]
NAMES += ["Greta Hahn", "Hugo Iske", "Ida Jung"]
# The move must be on the phone within two seconds of the floor planning it.
MOVE_SHOWN_WITHIN_MS = 2000

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(not Path(CHROMIUM).exists(), reason="needs Debian's chromium"),
]


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    with drawn_tournament_site(tmp_path_factory.mktemp("me-page"), PASSWORD) as site:
        yield site


def three_tables(server, token: str) -> int:
    """Nine players at three tables of six, the clock running: room to break one."""
    body = {"name": "Phone Cup", "starting_stack": 20000, "buy_in": "50", "fee": "5"}
    tid = server.api("POST", "/tournaments", token, {**body, "table_size": 6})["id"]
    server.api("POST", f"/tournaments/{tid}/tables", token, {"count": 3, "seats": 6})
    for name in NAMES:
        server.api("POST", f"/tournaments/{tid}/entries", token, {"name": name})
    server.api("POST", f"/tournaments/{tid}/draw", token)
    level = {"kind": "level", "small_blind": 100, "big_blind": 200, "ante": 0, "seconds": 1200}
    server.api("PUT", f"/tournaments/{tid}/structure", token, {"levels": [level]})
    server.api("POST", f"/tournaments/{tid}/clock/start", token)
    return tid


def personal_link(site, entry_id: int) -> str:
    """His personal link: a pre-registration the desk checked in as this entry."""
    code = (
        "from prereg.models import PreRegistration; from tournament.models import Entry; "
        f"e = Entry.objects.select_related('player').get(pk={entry_id}); "
        "print(PreRegistration.objects.create(tournament_id=e.tournament_id, "
        "name=e.player.name, status='checked_in', entry=e).token)"
    )
    return manage(site.server.env, "shell", "-c", code).strip().splitlines()[-1]


@pytest.mark.parametrize(("lang", "locale"), [("de", "de-DE"), ("en", "en-GB")])
def test_a_move_planned_for_him_appears_on_his_phone_without_a_reload(site, browser, lang, locale):
    server, token = site.server, site.token
    tid = three_tables(server, token)
    tables = server.api("GET", f"/tournaments/{tid}/tables", token)
    first = tables[0]
    player = first["players"][0]
    link = personal_link(site, player["entry"])

    context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True, locale=locale)
    phone = context.new_page()
    phone.goto(f"{server.url}/me/{link}?lang={lang}")
    seat = SEAT[lang].format(table=first["number"], seat=player["seat"])
    expect(phone.locator("#me-seat")).to_have_text(seat)
    expect(phone.locator("#me-move")).to_be_hidden()
    expect(phone.locator("#d-blinds")).to_have_text(re.compile(r"100 / 200"))
    expect(phone.locator("#me-age")).to_contain_text(LIVE[lang])
    shot(phone, f"me-page-seat-phone-{lang}")

    # The floor breaks his table: the services plan his move.
    server.api("POST", f"/tables/{first['id']}/break", token)
    moves = server.api("GET", f"/tournaments/{tid}/moves?status=pending", token)
    mine = next(move for move in moves if move["entry"] == player["entry"])
    new_seat = SEAT[lang].format(table=mine["to_table"], seat=mine["to_seat"])

    move_box = phone.locator("#me-move")
    expect(move_box).to_be_visible(timeout=MOVE_SHOWN_WITHIN_MS)
    expect(phone.locator("#me-move-seat")).to_have_text(new_seat, timeout=MOVE_SHOWN_WITHIN_MS)
    expect(move_box).to_contain_text(MOVE[lang])
    shot(phone, f"me-page-move-phone-{lang}")

    # Done at the table: his page shows the new seat as his, the move gone.
    server.api("POST", f"/moves/{mine['id']}/done", token)
    expect(phone.locator("#me-seat")).to_have_text(new_seat)
    expect(move_box).to_be_hidden()
    context.close()


def printed(site, python: str) -> str:
    """What a line of Python run in the server's set-up prints (his code)."""
    return manage(site.server.env, "shell", "-c", python).strip().splitlines()[-1]


def to_the_finder(browser, lobby: str, name: str, *, lang: str):
    """In the lobby on his phone: find his name, tap "My page" under it."""
    locale, my_page = {"de": ("de-DE", "Meine Seite"), "en": ("en-GB", "My page")}[lang]
    context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True, locale=locale)
    phone = context.new_page()
    phone.goto(f"{lobby}?lang={lang}")
    phone.locator("#seat-query").fill(name)
    first, last = name.split()
    row = phone.locator("#seat-results li").filter(has_text=f"{first} {last[0]}.")
    row.get_by_role("link", name=my_page).click()
    return context, phone


def type_code(phone, code: str, *, lang: str, shot_name: str = "") -> None:
    phone.locator("#me-code").fill(code)
    if shot_name:
        shot(phone, shot_name)
    button = {"de": "Meine Seite öffnen", "en": "Open my page"}[lang]
    phone.get_by_role("button", name=button).click()


def test_the_seat_finder_leads_him_to_his_page_with_his_code(site, browser):
    server, token = site.server, site.token
    tid = three_tables(server, token)
    player = server.api("GET", f"/tournaments/{tid}/tables", token)[1]["players"][0]
    link = personal_link(site, player["entry"])
    code = printed(
        site,
        f"from prereg.models import PreRegistration; print(PreRegistration.objects.get(token='{link}').code)",
    )

    context, phone = to_the_finder(browser, f"{server.url}/lobby/{tid}/", player["name"], lang="de")
    type_code(phone, "WRONG9", lang="de")
    expect(phone.locator("#me-finder-error")).to_contain_text("gehört nicht zu diesem Sitz")
    type_code(phone, code, lang="de", shot_name="me-finder-code-phone-de")
    expect(phone).to_have_url(re.compile(rf"/me/{re.escape(link)}\?lang=de$"))
    expect(phone.locator("#me-seat")).to_have_text(SEAT["de"].format(table=2, seat=player["seat"]))
    context.close()


def test_after_a_lost_connection_his_page_says_how_old_it_is_and_catches_up(site, browser):
    server, token = site.server, site.token
    tid = three_tables(server, token)
    first = server.api("GET", f"/tournaments/{tid}/tables", token)[0]
    player = first["players"][0]
    link = personal_link(site, player["entry"])
    context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True, locale="en-GB")
    phone = context.new_page()
    phone.goto(f"{server.url}/me/{link}?lang=en")
    expect(phone.locator("#me-age")).to_contain_text("Live")
    # Its socket open before the network goes: one still connecting when the
    # browser goes offline has nothing to close, and the page kept saying "Live".
    phone.wait_for_function(
        "() => window.Screen.connection.socket"
        " && window.Screen.connection.socket.readyState === WebSocket.OPEN"
    )

    context.set_offline(True)
    phone.evaluate("window.Screen.connection.socket && window.Screen.connection.socket.close()")
    expect(phone.locator("#me-age")).to_contain_text("No connection · data from")
    shot(phone, "me-page-offline-phone-en")
    server.api("POST", f"/tables/{first['id']}/break", token)
    moves = server.api("GET", f"/tournaments/{tid}/moves?status=pending", token)
    mine = next(move for move in moves if move["entry"] == player["entry"])

    context.set_offline(False)
    new_seat = SEAT["en"].format(table=mine["to_table"], seat=mine["to_seat"])
    expect(phone.locator("#me-move-seat")).to_have_text(new_seat, timeout=20000)
    expect(phone.locator("#me-age")).to_contain_text("Live")
    context.close()


def test_a_walk_in_opens_his_page_from_the_seat_finder_with_his_seat_card_code(site, browser):
    server, token = site.server, site.token
    tid = three_tables(server, token)
    player = server.api("GET", f"/tournaments/{tid}/tables", token)[2]["players"][0]
    code = printed(
        site,
        "from prereg.selectors import entry_code; from tournament.models import Entry; "
        f"print(entry_code(Entry.objects.get(pk={player['entry']})))",
    )

    context, phone = to_the_finder(browser, f"{server.url}/lobby/{tid}/", player["name"], lang="en")
    expect(phone.locator("label[for=me-code]")).to_contain_text("seat card")
    type_code(phone, code, lang="en", shot_name="me-finder-walk-in-phone-en")
    expect(phone).to_have_url(re.compile(r"/me/[\w-]+\?lang=en$"))
    expect(phone.locator("#me-seat")).to_have_text(SEAT["en"].format(table=3, seat=player["seat"]))
    shot(phone, "me-walk-in-page-phone-en")
    context.close()


@pytest.mark.parametrize("kind", ["pre-registration", "desk link"])
def test_after_his_re_entry_his_link_shows_his_new_seat_not_his_bust(site, browser, kind):
    """Issue 35 item 12: the link follows the player to his live entry, also after a reload."""
    server, token = site.server, site.token
    body = {"name": "Re-Entry Cup", "starting_stack": 20000, "buy_in": "50", "table_size": 6}
    tid = server.api(
        "POST", "/tournaments", token, {**body, "max_entries": 3, "late_registration_levels": 4}
    )["id"]
    server.api("POST", f"/tournaments/{tid}/tables", token, {"count": 2, "seats": 6})
    entries = [
        server.api("POST", f"/tournaments/{tid}/entries", token, {"name": name})
        for name in NAMES[:6]
    ]
    server.api("POST", f"/tournaments/{tid}/draw", token)
    player = server.api("GET", f"/tournaments/{tid}/tables", token)[0]["players"][0]
    player_id = next(e["player"] for e in entries if e["id"] == player["entry"])
    if kind == "pre-registration":
        link = personal_link(site, player["entry"])
    else:
        link = server.api("POST", f"/entries/{player['entry']}/phone-link", token)["token"]

    context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True, locale="de-DE")
    phone = context.new_page()
    phone.goto(f"{server.url}/me/{link}?lang=de")
    server.api("POST", f"/entries/{player['entry']}/bust", token)
    expect(phone.locator("#me-status")).to_contain_text("Ausgeschieden")
    again = server.api("POST", f"/tournaments/{tid}/entries", token, {"player": player_id})
    table, seat = next(
        (table["number"], p["seat"])
        for table in server.api("GET", f"/tournaments/{tid}/tables", token)
        for p in table["players"]
        if p["entry"] == again["id"]
    )
    where = SEAT["de"].format(table=table, seat=seat)
    expect(phone.locator("#me-seat")).to_have_text(where)
    phone.reload()
    expect(phone.locator("#me-seat")).to_have_text(where)
    expect(phone.locator("#me-status")).not_to_contain_text("Ausgeschieden")
    shot(phone, f"me-page-re-entered-phone-de-{kind.replace(' ', '-')}")
    context.close()
