"""A display board and a floor tablet in a real browser while Redis goes away
and comes back: the board polls and keeps up, the tablet shows the banner,
and both follow pushes again afterwards without a reload.

The server runs with its own throw-away redis-server (never the shared one),
which the test stops and starts again on the same port.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from browser_support import CHROMIUM, chromium_browser
from conftest import Server, manage, server_env, staff_token, tournament_through_api
from redis_support import REDIS_SERVER, ThrowawayRedis

playwright_sync = pytest.importorskip("playwright.sync_api")
expect = playwright_sync.expect

PASSWORD = "pw-dora-outage"

pytestmark = [
    pytest.mark.browser,
    pytest.mark.redis,
    pytest.mark.skipif(not Path(CHROMIUM).exists(), reason="needs Debian's chromium"),
    pytest.mark.skipif(not REDIS_SERVER, reason="needs redis-server"),
]


def test_screens_poll_while_redis_is_down_and_follow_pushes_again_when_it_returns(tmp_path):
    redis = ThrowawayRedis(tmp_path / "redis.log").start()
    env = server_env(
        tmp_path,
        DATABASE_URL=f"sqlite:///{tmp_path / 'outage.sqlite3'}",
        REDIS_URL=redis.url,
        CLOCK_LOOP_IN_PROCESS="false",
    )
    manage(env, "migrate", "--noinput", "-v0")
    token = staff_token(env, "dora", "director", PASSWORD)
    server = Server(env=env, log=tmp_path / "daphne.log").start()
    try:
        tid = tournament_through_api(server, token, with_clock=False)["id"]

        def bust_one() -> None:
            entries = server.api("GET", f"/tournaments/{tid}/entries", token)
            victim = next(e for e in reversed(entries) if e["status"] == "seated")
            server.api("POST", f"/entries/{victim['id']}/bust", token, {})

        with chromium_browser() as browser:
            board = browser.new_context().new_page()
            board.goto(f"{server.url}/display/{tid}/?lang=en")
            board.wait_for_function("() => window.Screen && Screen.connection.online")
            players = board.locator(".tile-players .t-players")
            expect(players).to_have_text("8 of 8")

            tablet = browser.new_context(locale="de-DE").new_page()
            tablet.goto(f"{server.url}/login/?next=/tournaments/{tid}/floor/")
            tablet.locator("input[name=username]").fill("dora")
            tablet.locator("input[name=password]").fill(PASSWORD)
            tablet.locator("main button.primary").click()
            tablet.wait_for_url(f"**/tournaments/{tid}/floor/")
            banner = tablet.locator("[data-live-banner]")
            expect(banner).to_be_hidden()

            redis.stop()
            expect(banner).to_be_visible(timeout=15_000)
            expect(banner).to_contain_text("Live-Updates sind ausgefallen")
            board.wait_for_function("() => Screen.connection.degraded", timeout=15_000)
            bust_one()  # nothing is pushed: the board polls the snapshot
            expect(players).to_have_text("7 of 8", timeout=15_000)

            bust_one()
            redis.start()
            expect(banner).to_be_hidden(timeout=30_000)
            # Caught up, whether the last poll or the resync after "ok" brought it.
            expect(players).to_have_text("6 of 8", timeout=15_000)
            board.wait_for_function(
                "() => !Screen.connection.degraded && !Screen.connection.timers.poll",
                timeout=30_000,
            )
            bust_one()  # polling has stopped: this one arrives by push
            expect(players).to_have_text("5 of 8", timeout=5_000)
    finally:
        server.stop()
        redis.stop()
