"""A club evening's money from the pages, in German at 1024x768 (README "Cash
desk"): the director adds a cash box, the cashier opens a shift on it, sells
buy-ins, a re-entry and add-ons with their methods and receipts, pays the
prizes and closes the shift with the cash counted and no difference. The back
button and a second "Anmelden" make one player. Screenshots in var/screenshots."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.browser_support import (
    CHROMIUM,
    director_site,
    message,
    shooter,
    sign_in,
    staff_token,
    submit,
)

pytest.importorskip("playwright.sync_api")

shot = shooter("evening-", full_page=True)
SCREEN = {"width": 1024, "height": 768}
PASSWORD = "pw-dora-evening"
CASHIER = ("kasse", "pw-kasse-evening")

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(not Path(CHROMIUM).exists(), reason="needs Debian's chromium"),
]


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    """A tournament at 50 + 5 with one add-on at 40 + 5, paying 70/30, one table;
    the director has no shift and the cashier no cash box yet."""
    with director_site(tmp_path_factory.mktemp("evening"), PASSWORD, shift=False) as site:
        server, token = site.server, site.token
        staff_token(site.env, *CASHIER[:1], "desk", CASHIER[1])
        body = {"name": "Vereinsabend", "buy_in": "50", "fee": "5", "max_entries": 2}
        tid = server.api("POST", "/tournaments", token, body)["id"]
        addons = {"addon_price": "40", "addon_fee": "5", "addon_chips": 20000}
        server.api("PATCH", f"/tournaments/{tid}/payouts/settings", token, addons)
        server.api(
            "PUT",
            f"/tournaments/{tid}/payouts",
            token,
            {"percentages": ["70", "30"], "rounding": "1"},
        )
        server.api("POST", f"/tournaments/{tid}/tables", token, {"count": 1, "seats": 9})
        yield server, token, tid


def _page(browser, server, user: tuple[str, str]):
    context = browser.new_context(viewport=SCREEN, locale="de")
    page = context.new_page()
    sign_in(page, server.url, *user)
    return page


def _register(page, name: str, method: str) -> None:
    form = page.locator("#new-player")
    form.locator("input[name=name]").fill(name)
    form.locator("label.choice", has_text=method).click()
    submit(page, form.locator("button[type=submit]"))
    assert name in message(page).first.inner_text()
    assert method in page.locator("a.receipt").first.inner_text()


def _entry(server, token: str, tid: int, name: str) -> int:
    entries = server.api("GET", f"/tournaments/{tid}/entries", token)
    return next(e["id"] for e in entries if e["name"] == name and e["status"] != "busted")


def _box_and_shift(browser, server, shift_page: str):
    """The director adds the cash box; the cashier opens his shift on it."""
    director = _page(browser, server, ("dora", PASSWORD))
    director.goto(shift_page)
    director.locator("#add-cash-box input[name=name]").fill("Kasse Eingang")
    submit(director, director.locator("#add-cash-box button[type=submit]"))
    assert "Kassenlade Kasse Eingang angelegt." in message(director).first.inner_text()
    cashier = _page(browser, server, CASHIER)
    cashier.goto(shift_page)
    cashier.locator("#open-a-shift select[name=box]").select_option(label="Kasse Eingang")
    cashier.locator("#open-a-shift input[name=float]").fill("100")
    submit(cashier, cashier.locator("#open-a-shift button[type=submit]"))
    assert "Schicht eröffnet." in message(cashier).first.inner_text()
    return cashier


def _sent_again(cashier, name: str) -> None:
    """The back button and "Anmelden" again."""
    cashier.go_back()
    field = cashier.locator("#new-player input[name=name]")
    field.wait_for()
    if not field.input_value():
        field.fill(name)
    submit(cashier, cashier.locator("#new-player button[type=submit]"))
    said = cashier.locator("main").inner_text()
    assert "bereits gesendet" in said or "bereits in diesem Turnier" in said
    shot(cashier, "sent-again-de")


def test_a_cashier_runs_the_evenings_money_and_closes_with_no_difference(site, browser):
    server, token, tid = site
    shift_page = f"{server.url}/tournaments/{tid}/cash/shift/"
    cashier = _box_and_shift(browser, server, shift_page)

    desk = f"{server.url}/tournaments/{tid}/desk/"
    cashier.goto(desk)
    _register(cashier, "Anna Keller", "Bar")
    _register(cashier, "Bernd Schulz", "Karte")
    _register(cashier, "Clara Wolf", "Bar")
    # The back button and "Anmelden" again: still one Clara Wolf, one buy-in.
    _sent_again(cashier, "Clara Wolf")
    names = [e["name"] for e in server.api("GET", f"/tournaments/{tid}/entries", token)]
    assert sorted(names) == ["Anna Keller", "Bernd Schulz", "Clara Wolf"]

    # Anna busts early and re-enters in cash.
    server.api("POST", f"/tournaments/{tid}/draw", token)
    server.api("POST", f"/entries/{_entry(server, token, tid, 'Anna Keller')}/bust", token)
    cashier.goto(desk)
    re_entry = cashier.locator("form", has=cashier.locator("input[name=player]")).first
    submit(cashier, re_entry.get_by_role("button", name="Re-Entry"))
    assert "Bar" in cashier.locator("a.receipt").first.inner_text()
    shot(cashier, "re-entry-de")

    # Add-ons at the break: Bernd by card, Clara in cash, each with its receipt.
    for player, method in (("Bernd Schulz", "Karte"), ("Clara Wolf", "Bar")):
        cashier.goto(f"{server.url}/tournaments/{tid}/payouts/")
        entry = _entry(server, token, tid, player)
        cashier.locator("#purchase-entry").select_option(str(entry))
        cashier.locator("label.choice", has_text=method).click()
        submit(cashier, cashier.get_by_role("button", name="Add-on", exact=True))
        assert "Beleg" in message(cashier).first.inner_text()
    shot(cashier, "add-ons-de")

    # 4 entries at 50 and 2 add-ons at 40: a pool of 280, paid 196 and 84.
    for player in ("Clara Wolf", "Bernd Schulz"):
        server.api("POST", f"/entries/{_entry(server, token, tid, player)}/bust", token)
    cashier.goto(f"{server.url}/tournaments/{tid}/standings/")
    for _ in range(2):
        submit(cashier, cashier.get_by_role("button", name="Auszahlen").first)
        assert "Preisgeld ausgezahlt" in message(cashier).first.inner_text()
    assert cashier.get_by_role("button", name="Auszahlen").count() == 0
    shot(cashier, "prizes-paid-de")
    money = server.api("GET", f"/tournaments/{tid}/money", token)
    assert (money["pool_total"], money["prizes_paid"], money["prizes_open"]) == (
        "280.00",
        "280.00",
        "0.00",
    )

    # Float 100 + cash 55 + 55 + 55 + 45 - prizes 280 = 30 in the box.
    cashier.goto(shift_page)
    assert cashier.locator(".expected").inner_text() == "30\xa0€"
    cashier.locator("#close-shift input[name=counted]").fill("30")
    submit(cashier, cashier.locator("#close-shift button[type=submit]"))
    said = message(cashier).first.inner_text()
    assert "Soll 30" in said and "gezählt 30" in said and "Differenz 0" in said, said
    assert cashier.locator("td.difference").first.inner_text() == "0\xa0€"
    shot(cashier, "shift-closed-de")
    assert cashier.evaluate("document.documentElement.scrollWidth") <= SCREEN["width"]
