"""A club evening through the pages in German (README "Places, re-entries and moves"), with the names of a
real club: Jürgen Groß, Łukasz Żółć, Dragan Đorđević, Björn Ødegård and more.

The director creates the tournament and registers twenty players at the desk
(laptop), opens three tables of eight and draws; the floor busts players from
the tablet, carrying out every move the page shows. The fourth bust breaks
table 3; it was a mistake: the floor undoes it from the history page and
finds the player seated with his move shown. The lobby's seat finder (phone)
finds every special name from plain letters, the printed seating list sorts
Đ, Ø, Þ and Ł among their Latin letters. The final table is counted and
busted down to the winner while the board (TV) shows the average of the
players still in and the chip leader, none after the end.

Screenshots: var/screenshots/evening-*.png.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from browser_support import (
    CHROMIUM,
    ROOT,
    VIEWPORTS,
    Server,
    chromium_browser,
    manage,
    message,
    nav,
    open_own_shift,
    send_from_the_floor,
    server_env,
    sign_in,
    staff_token,
    submit,
)

playwright_sync = pytest.importorskip("playwright.sync_api")
expect = playwright_sync.expect

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(not Path(CHROMIUM).exists(), reason="needs Debian's chromium"),
]

DIRECTOR = "greta"
PASSWORD = "pw-greta-evening"
SHOTS = ROOT / "var" / "screenshots"
STACK = 20_000

# What a guest types on his phone, and whom he means.
SPECIAL = {
    "gross": "Jürgen Groß",
    "lukasz": "Łukasz Żółć",
    "dordevic": "Dragan Đorđević",
    "odegard": "Björn Ødegård",
    "thorsson": "Þór Þórsson",
    "yilmaz": "Emre Yılmaz",
    "mueller": "Hans Müller",
    "malgorzata": "Małgorzata Wiśniewska",
}
ORDINARY = [
    "Anna Becker",
    "Bernd Schulz",
    "Clara Wagner",
    "Dieter Braun",
    "Eva Hoffmann",
    "Frank Lehmann",
    "Heike Schmidt",
    "Ingo Fischer",
    "Jana Weber",
    "Karl Zimmermann",
    "Lena Schäfer",
    "Paul Vogel",
]
PLAYERS = [*SPECIAL.values(), *ORDINARY]
# The final table's count, best first: 400,000 chips in play (20 x 20,000).
COUNTS = [100_000, 80_000, 60_000, 50_000, 40_000, 30_000, 25_000, 15_000]


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    var = tmp_path_factory.mktemp("evening")
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
def screens(browser, server):
    """The room's four screens in a German browser: desk laptop and floor tablet
    signed in, the board TV and a guest's phone not."""
    problems: list[str] = []
    contexts, pages = [], {}
    for screen in ("laptop", "tablet", "tv", "phone"):
        context = browser.new_context(viewport=VIEWPORTS[screen], locale="de-DE")
        context.set_default_timeout(10_000)
        page = context.new_page()
        page.on("response", lambda r: r.status >= 500 and problems.append(f"{r.status} {r.url}"))
        page.on("pageerror", lambda error: problems.append(f"script error: {error}"))
        if screen in ("laptop", "tablet"):
            sign_in(page, server.url, DIRECTOR, PASSWORD)
        contexts.append(context)
        pages[screen] = page
    yield pages
    for context in contexts:
        context.close()
    assert not problems, problems


def shot(page, step: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"evening-{step}.png"), full_page=True)


def german(number: int) -> str:
    return f"{number:,}".replace(",", ".")


def public(name: str) -> str:
    """The public screens' name of a player without a nickname."""
    first, last = name.split()
    return f"{first} {last[0]}."


def initial(name: str) -> str:
    """The surname's first letter as a reader of the list looks for it."""
    letter = name.split()[-1][0]
    return {"Đ": "D", "Ø": "O", "Þ": "T", "Ł": "L", "Ż": "Z"}.get(letter, letter)


# -- the floor tablet ----------------------------------------------------------------


def seated(floor) -> dict[str, tuple[int, int]]:
    """Who sits where, read from the floor map: name -> (table, seat)."""
    rows = floor.locator("#floor-live section.table-card").evaluate_all(
        """cards => cards.flatMap(card => {
            const table = Number(card.id.replace('table-', ''));
            return [...card.querySelectorAll('.seat-button.taken')].map(b => [
                b.querySelector('.seat-name').textContent.trim(),
                table,
                Number(b.querySelector('.seat-no').textContent),
            ]);
        })"""
    )
    return {name: (table, seat) for name, table, seat in rows}


def carry_out_moves(floor) -> int:
    """Every move the floor page shows, carried out one by one; how many."""
    done = 0
    button = floor.locator(".moves-alert").get_by_role("button", name="Erledigt", exact=True)
    while button.count():
        assert done < 30, "the moves never end"
        send_from_the_floor(floor, button.first)
        done += 1
    return done


def bust(floor, name: str) -> None:
    """Tap the player's seat on the map and bust him."""
    floor.locator("#floor-live .seat-button.taken").filter(has_text=name).click()
    dialog = floor.locator("#seat-dialog")
    expect(dialog.locator(".big-name")).to_have_text(name)
    send_from_the_floor(
        floor, dialog.get_by_role("button", name="Spieler ausgeschieden", exact=True)
    )
    # The message names him and his place, with its undo beside it.
    expect(message(floor)).to_contain_text(
        re.compile(rf"^{re.escape(name)} ausgeschieden – Platz \d+")
    )
    expect(message(floor).get_by_role("button", name="Rückgängig")).to_be_visible()
    expect(floor.locator("#floor-live .seat-button.taken").filter(has_text=name)).to_have_count(0)


def players_left(floor, left: int) -> None:
    expect(floor.locator("p.counts")).to_contain_text(f"{left} von {len(PLAYERS)}")


# -- the steps of the evening ----------------------------------------------------------


def create_and_register(desk, server) -> int:
    """The director creates the tournament and registers the field at the desk."""
    desk.goto(f"{server.url}/")
    desk.get_by_role("link", name="Neues Turnier").click()
    desk.get_by_label("Name", exact=True).fill("Clubabend")
    desk.get_by_label("Tischgröße", exact=True).fill("8")
    desk.get_by_label("Startstack", exact=True).fill(str(STACK))
    desk.get_by_label("Buy-in", exact=True).fill("30")
    desk.get_by_label("Gebühr", exact=True).fill("5")
    desk.get_by_label("Finaltischgröße", exact=True).fill("8")
    # This club breaks tables as soon as the players fit at fewer, keeping no
    # seat free for late entries (README "Breaking during registration"; new
    # tournaments keep one).
    desk.locator("[name=break_during_registration]").first.select_option("True")
    desk.locator("[name=late_entry_seats]").fill("0")
    submit(desk, desk.locator("main").get_by_role("button", name="Speichern", exact=True))
    expect(message(desk)).to_have_text("Turnier angelegt.")
    match = re.search(r"/tournaments/(\d+)/$", desk.url)
    assert match, desk.url

    nav(desk, "Anmeldung")
    latest = desk.locator("main table.grid tbody tr")
    for number, player in enumerate(PLAYERS, start=1):
        desk.locator("#id_name").click()  # "Neuer Spieler", its limit shown beneath
        desk.keyboard.type(player)
        desk.evaluate("() => { window.__before_submit = true; }")
        desk.keyboard.press("Enter")
        desk.wait_for_function("() => !window.__before_submit")
        expect(message(desk)).to_have_text(f"{player} angemeldet.")
        expect(latest.first).to_contain_text(player)
        if number == 10:
            shot(desk, "1-desk")
    expect(desk.locator("p.counts")).to_contain_text(f"{len(PLAYERS)} Einträge")
    return int(match.group(1))


def open_tables_and_draw(desk) -> None:
    nav(desk, "Sitzordnung")
    desk.get_by_label("Anzahl Tische").fill("3")
    expect(desk.get_by_label("Sitze pro Tisch")).to_have_value("8")
    submit(desk, desk.get_by_role("button", name="Tische eröffnen", exact=True))
    submit(desk, desk.get_by_role("button", name="Sitze auslosen", exact=True))
    expect(message(desk)).to_contain_text(f"{len(PLAYERS)} Spieler")


def check_printed_seating_list(desk, server, tid: int) -> None:
    """Sorted by surname in Latin letters: Đ among D, Ø among O, Þ among T, Ł among L."""
    desk.goto(f"{server.url}/tournaments/{tid}/print/seating/")
    names = desk.locator("table.list tbody tr td:first-child").all_inner_texts()
    assert sorted(names) == sorted(PLAYERS)
    initials = [initial(name) for name in names]
    assert initials == sorted(initials), names
    assert {initial(name) for name in names[-2:]} == {"Z"}, names
    shot(desk, "2-print-seating")


def undo_from_history(floor, server, tid: int, name: str) -> None:
    floor.goto(f"{server.url}/tournaments/{tid}/floor/history/")
    expect(floor.get_by_role("heading", name="Verlauf", exact=True)).to_be_visible()
    # His bust's line (the draw may have moved him before: that line has an undo too).
    busted = re.compile(rf"{re.escape(name)} ist an Tisch \d+, Sitz \d+ ausgeschieden")
    row = (
        floor.locator("main table.grid tbody tr")
        .filter(has_text=busted)
        .filter(has=floor.get_by_role("button", name="Rückgängig", exact=True))
    )
    expect(row).to_have_count(1)
    shot(floor, "4-history")
    floor.once("dialog", lambda dialog: dialog.accept())  # "Rückgängig machen? …" asks first
    submit(floor, row.get_by_role("button", name="Rückgängig", exact=True))
    expect(message(floor)).to_contain_text(f"Ausscheiden zurückgenommen: {name} sitzt an Tisch")


def check_seat_finder(lobby, server, tid: int, seats: dict[str, tuple[int, int]]) -> None:
    lobby.goto(f"{server.url}/lobby/{tid}/")
    results = lobby.locator("#seat-results li")
    for typed, name in SPECIAL.items():
        lobby.locator("#seat-query").fill(typed)
        table, seat = seats[name]
        expect(results).to_have_count(1)
        # Every seated player's row leads to his own page (his code from the seat card).
        expect(results.first).to_have_text(
            re.compile(rf"^{re.escape(public(name))}\s*Tisch {table} · Sitz {seat}\s*Meine Seite$")
        )
        expect(results.first.get_by_role("link", name="Meine Seite")).to_have_attribute(
            "href", re.compile(rf"/lobby/{tid}/me/\?table={table}&seat={seat}")
        )
    shot(lobby, "5-lobby-finder")


def count_final_table(floor, server, tid: int) -> dict[str, int]:
    """The floor's "Count chips" at the last table; name -> chips counted."""
    floor.goto(f"{server.url}/tournaments/{tid}/floor/")
    cards = floor.locator("#floor-live section.table-card")
    expect(cards).to_have_count(1)
    cards.first.get_by_role("link", name="Chips zählen", exact=True).click()
    rows = floor.locator("main table.grid tbody tr")
    expect(rows).to_have_count(len(COUNTS))
    counted = {}
    for index, chips in enumerate(COUNTS):
        name = rows.nth(index).locator("td").nth(1).inner_text().strip()
        rows.nth(index).locator("input").fill(str(chips))
        counted[name] = chips
    shot(floor, "7-count")
    submit(floor, floor.get_by_role("button", name="Chipstände speichern", exact=True))
    return counted


def check_board(board, *, average: int, leader: str | None) -> None:
    expect(board.locator(".tile-average .t-average")).to_have_text(german(average))
    leaders = board.locator(".tile-chip_leaders .t-leaders li")
    if leader is None:
        expect(leaders).to_have_count(0)
    else:
        expect(leaders.first.locator(".who")).to_have_text(leader)


def test_a_club_evening_in_german_from_the_desk_to_the_winner(server, screens):
    desk, floor, board, lobby = (screens[s] for s in ("laptop", "tablet", "tv", "phone"))

    tid = create_and_register(desk, server)
    open_tables_and_draw(desk)
    check_printed_seating_list(desk, server, tid)

    floor.goto(f"{server.url}/tournaments/{tid}/floor/")
    expect(floor.locator("html")).to_have_attribute("lang", "de")
    expect(floor.locator("#floor-live .seat-button.taken")).to_have_count(len(PLAYERS))
    shot(floor, "3-floor-drawn")
    board.goto(f"{server.url}/display/{tid}/?layout=chips")
    expect(board.locator("html")).to_have_attribute("lang", "de")
    check_board(board, average=STACK, leader=None)

    # Three ordinary busts; the fourth leaves sixteen, who fit two tables of
    # eight: table 3 breaks. That bust was a mistake.
    ordinary = iter(ORDINARY)
    for left in (19, 18, 17):
        carry_out_moves(floor)
        bust(floor, next(ordinary))
        players_left(floor, left)
    carry_out_moves(floor)
    before = seated(floor)
    mistaken = next(n for n in SPECIAL.values() if before[n][0] != 3)
    bust(floor, mistaken)
    players_left(floor, 16)
    expect(floor.locator("#table-3 .table-head .badge.warn")).to_have_text(
        "Wird aufgelöst: Spieler werden umgesetzt"
    )
    shot(floor, "3-break")
    assert carry_out_moves(floor) > 0, "table 3 broke without a move"
    expect(floor.locator("#floor-live section.table-card")).to_have_count(2)

    # Undone from the history page: he is back in play with a seat, and the
    # floor shows who walks where.
    undo_from_history(floor, server, tid, mistaken)
    floor.goto(f"{server.url}/tournaments/{tid}/floor/")
    players_left(floor, 17)
    expect(floor.locator("#floor-live .seat-button.taken").filter(has_text=mistaken)).to_have_count(
        1
    )
    # He is on the rail: the floor sees the move that walks him to his seat.
    table, seat = seated(floor)[mistaken]
    his_move = floor.locator(".move-group").filter(
        has_text="Zurück ins Spiel: vom Rail an den Sitz"
    )
    expect(his_move.locator(".move-list li")).to_have_count(1)
    expect(his_move.locator(".move-text")).to_have_text(
        re.compile(rf"^{re.escape(mistaken)}\s+Tisch {table} Sitz {seat}")
    )
    shot(floor, "4-undone")
    carry_out_moves(floor)
    seats = seated(floor)
    assert len(seats) == 17 and mistaken in seats
    check_seat_finder(lobby, server, tid, seats)

    # Down to the final table: the remaining ordinary players bust.
    for left in range(16, 8 - 1, -1):
        carry_out_moves(floor)
        bust(floor, next(ordinary))
        players_left(floor, left)
    carry_out_moves(floor)
    shot(floor, "6-final-table")
    assert sorted(seated(floor)) == sorted(SPECIAL.values())

    # The final table counted: the board's average is the counted one.
    counted = count_final_table(floor, server, tid)
    in_play = STACK * len(PLAYERS)
    assert sum(counted.values()) == in_play
    by_chips = sorted(counted, key=counted.get, reverse=True)
    check_board(board, average=in_play // 8, leader=public(by_chips[0]))
    shot(board, "8-board-counted")

    # Busted down to the winner: the chip leader first, then the shortest stacks.
    floor.goto(f"{server.url}/tournaments/{tid}/floor/")
    out_order = [by_chips[0], *reversed(by_chips[1:])][:-1]
    for left, name in zip(range(7, 0, -1), out_order, strict=True):
        bust(floor, name)
        players_left(floor, left)
        still_in = [n for n in by_chips if n not in out_order[: 8 - left]]
        leader = public(still_in[0]) if left > 1 else None
        check_board(board, average=in_play // left, leader=leader)
        if left == 4:
            shot(board, "9-board-after-busts")
    winner = by_chips[1]
    expect(board.locator(".tile-clock .t-time")).to_contain_text(public(winner))
    # The results take the chip counts' place: no leader, and no note about old counts.
    expect(board.locator(".tile-chip_leaders")).to_be_hidden()
    shot(board, "10-board-winner")
    lobby.goto(f"{server.url}/lobby/{tid}/")
    expect(lobby.locator("#d-winner")).to_contain_text(public(winner))
    expect(lobby.locator("#l-counts")).to_be_hidden()
    shot(lobby, "11-lobby-winner")
