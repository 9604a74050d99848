"""The desk pays a buy-in with a ticket on a tablet, in German (README
"Satellites and tickets"): found by its number, used once."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.browser_support import (
    CHROMIUM,
    VIEWPORTS,
    chromium_browser,
    director_site,
    manage,
    message,
    shooter,
    sign_in,
    submit,
)

pytest.importorskip("playwright.sync_api")

PASSWORD = "pw-dana-desk"
shot = shooter("ticket-desk-")

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(not Path(CHROMIUM).exists(), reason="needs Debian's chromium"),
]

TICKET = """
from decimal import Decimal
from cashdesk.models import Ticket
from tournament.models import Player
Ticket.objects.create(number="T7-1", value=Decimal("250.00"), target_tournament_id={target},
                      holder=Player.objects.create(name="Jörg Ruß"))
"""


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    with director_site(tmp_path_factory.mktemp("ticket-desk"), PASSWORD, "dana") as site:
        server, token = site.server, site.token
        target = server.api(
            "POST", "/tournaments", token, {"name": "Main Event", "buy_in": "225", "fee": "25"}
        )
        manage(site.env, "shell", "-c", TICKET.format(target=target["id"]))
        yield server, token, target["id"]


def test_the_desk_buys_a_player_in_with_his_ticket_on_a_tablet(site):
    server, token, tid = site
    with chromium_browser() as browser:
        page = browser.new_context(viewport=VIEWPORTS["tablet"], locale="de-DE").new_page()
        sign_in(page, server.url, "dana", PASSWORD)
        page.goto(f"{server.url}/tournaments/{tid}/cash/tickets/")
        page.locator("#ticket-search input[name=q]").fill("T7-1")
        submit(page, page.locator("#ticket-search button"))
        assert "Jörg Ruß" in page.locator("#tickets").inner_text()
        shot(page, "found-tablet")
        submit(page, page.get_by_role("button", name="Mit diesem Ticket einkaufen"))
        shot(page, "paid-tablet")
        assert "Jörg Ruß ist eingekauft, bezahlt mit Ticket T7-1." in message(page).inner_text()
        # Used: the ticket stays listed, with no button to use it again.
        assert "Eingelöst" in page.locator("#tickets").inner_text()
        assert page.get_by_role("button", name="Mit diesem Ticket einkaufen").count() == 0
    entries = server.api("GET", f"/tournaments/{tid}/entries", token)
    assert [e["name"] for e in entries] == ["Jörg Ruß"]
    payouts = server.api("GET", f"/tournaments/{tid}/payouts", token)
    assert payouts["prize_pool"] == "225.00"
