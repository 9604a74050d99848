"""The desk's "Anmelden", the browser's back button and "Anmelden" again make one
player (README "Sent twice, done once"), in German at 1024x768. Screenshots in
var/screenshots."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.browser_support import (
    CHROMIUM,
    chromium_browser,
    director_site,
    message,
    shooter,
    sign_in,
    submit,
)

pytest.importorskip("playwright.sync_api")

shot = shooter("once-")
PASSWORD = "pw-dora-once"

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(not Path(CHROMIUM).exists(), reason="needs Debian's chromium"),
]


def test_the_back_button_and_a_second_anmelden_make_one_player(tmp_path_factory):
    with director_site(tmp_path_factory.mktemp("once-browser"), PASSWORD) as site:
        server, token = site.server, site.token
        body = {"name": "Doppel-Cup", "buy_in": "50", "fee": "5", "max_entries": 3}
        tid = server.api("POST", "/tournaments", token, body)["id"]
        with chromium_browser() as browser:
            context = browser.new_context(viewport={"width": 1024, "height": 768}, locale="de")
            page = context.new_page()
            sign_in(page, server.url, "dora", PASSWORD)
            page.goto(f"{server.url}/tournaments/{tid}/desk/")
            form = page.locator("#new-player")
            form.locator("input[name=name]").fill("Jörg Brückner")
            submit(page, form.locator("button[type=submit]"))
            assert "Jörg Brückner" in message(page).first.inner_text()

            page.go_back()
            form = page.locator("#new-player")
            form.locator("input[name=name]").wait_for()
            if not form.locator("input[name=name]").input_value():
                form.locator("input[name=name]").fill("Jörg Brückner")
            submit(page, form.locator("button[type=submit]"))
            shot(page, "desk-sent-again-de")
            said = page.locator("main").inner_text()
            assert "bereits gesendet" in said or "bereits in diesem Turnier" in said

        entries = server.api("GET", f"/tournaments/{tid}/entries", token)
        assert [e["name"] for e in entries] == ["Jörg Brückner"]
