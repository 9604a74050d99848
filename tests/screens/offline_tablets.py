"""Floor tablets cut off from the server, for the browser tests of README "When
the network drops": signed-in tablets, the floor map opened, every queued
action the page sends, and the drill's taps on the map with no server."""

from __future__ import annotations

import json
from typing import Any

from browser_support import VIEWPORTS, manage, sign_in

PENDING = ".offline-pending .pending-list li"

# The service worker keeps the page once it runs (a check that waits up to 15 s, as expect does).
KEPT = """async () => {
  const until = Date.now() + 15000;
  while (Date.now() < until) {
    if (navigator.serviceWorker.controller && (await caches.match(location.href))) return true;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return false;
}"""


def tablet(browser, site, language: str = "de", *, user: str = "olga", password: str = ""):
    """A signed-in floor tablet (1024x768) in ``language``."""
    context = browser.new_context(viewport=VIEWPORTS["tablet"], locale=language)
    context.add_cookies([{"name": "django_language", "value": language, "url": site.server.url}])
    page = context.new_page()
    sign_in(page, site.server.url, user, password or site.password)
    return context, page


def another_device(browser, signed_in, site, name: str, language: str = "en"):
    """One more tablet of the same staff member (his session, no second sign-in),
    with its own name (README "When the network drops", ``Device-Name``)."""
    state = signed_in.storage_state()
    context = browser.new_context(
        viewport=VIEWPORTS["tablet"], locale=language, storage_state=state
    )
    context.add_cookies([{"name": "django_language", "value": language, "url": site.server.url}])
    named(context, name)
    return context, context.new_page()


def named(context, name: str) -> None:
    context.add_init_script(f"localStorage.setItem('td-device-name', {name!r});")


def open_floor(page, site, tid: int, *, kept: bool = True) -> None:
    """The map, with the socket up (and the page kept by the service worker)."""
    page.goto(f"{site.server.url}/tournaments/{tid}/floor/")
    page.wait_for_function("() => document.querySelector('[data-live-status]').hidden")
    if kept:
        assert page.evaluate(KEPT), "the service worker kept the page"


def state(site, tid: int) -> dict:
    return site.server.api("GET", f"/tournaments/{tid}", site.token)


def sent_log(page) -> list[dict]:
    """Every POST the page sends from now on, with its queue headers and answer;
    a queue sent in one request (README "When the network drops") as its actions,
    each with its own key, time, device and answer."""
    sent: list[dict] = []

    def note(response) -> None:
        if response.request.method != "POST":
            return
        headers = response.request.headers
        if response.url.endswith(QUEUE) and response.status == 200:
            sent.extend(queued(response))
            return
        sent.append(
            {
                "status": response.status,
                "url": response.url,
                "key": headers.get("idempotency-key"),
                "queue": headers.get("offline-queue"),
                "time": headers.get("device-time"),
                "device": headers.get("device-name"),
            }
        )

    page.on("response", note)
    return sent


QUEUE = "/api/v1/offline-queue"


def queued(response) -> list[dict]:
    """The actions of a queue sent in one request, as if each was sent alone."""
    actions = json.loads(response.request.post_data or "{}")["actions"]
    results = response.json()["results"]
    return [
        {
            "status": result["status"],
            "url": action["path"],
            "key": action["key"],
            "queue": "1",
            "time": action.get("device_time"),
            "device": action.get("device"),
            "outcome": result["outcome"],
        }
        for action, result in zip(actions, results, strict=True)
        if result["outcome"] not in ("busy", "not_sent")
    ]


def drawn_field(site, name: str, *, tables: int, per_table: int, options: dict) -> int:
    """A drawn tournament of ``tables`` tables of nine with ``per_table`` players
    each, made in the server's own database with the services (one process
    instead of a request per entry); its id."""
    code = (
        "from django.contrib.auth import get_user_model\n"
        "from tables.services.registration import entry_register\n"
        "from tables.services.seating import seats_draw\n"
        "from tables.services.tables import tables_create\n"
        "from tournament.services.tournaments import TournamentSettings, tournament_create\n"
        f"u = get_user_model().objects.get(username={site.user!r})\n"
        f"t = tournament_create(settings=TournamentSettings(name={name!r}, table_size=9, "
        f"options={options!r}), by=u)\n"
        f"tables_create(tournament_id=t.pk, count={tables}, seats=9, by=u)\n"
        f"for n in range({tables * per_table}):\n"
        "    entry_register(tournament_id=t.pk, by=u, name=f'Gast {n + 1:03}')\n"
        "seats_draw(tournament_id=t.pk, by=u)\n"
        "print(t.pk)\n"
    )
    return int(manage(site.env, "shell", "-c", code).strip().splitlines()[-1])


# -- the drill's taps, on a tablet with no server (the panels are drawn by the tablet) --


def seat_panel(page, entry: int) -> Any:
    from playwright.sync_api import expect

    page.locator(f'.seat-button[data-entry="{entry}"]').click()
    dialog = page.locator("#seat-dialog")
    expect(dialog.locator(".offline-note")).to_be_visible()
    return dialog


def bust(page, entry: int, same_hand: tuple[int, int, int] | None = None) -> None:
    """A bust; ``same_hand`` = (other entry, his stack, this player's stack)."""
    dialog = seat_panel(page, entry)
    if same_hand is not None:
        other, other_stack, stack = same_hand
        dialog.locator("details.same-hand summary").click()
        dialog.locator(f'input[name="stack-{entry}"]').fill(str(stack))
        dialog.locator(f'input[name="same_hand"][value="{other}"]').check()
        dialog.locator(f'input[name="stack-{other}"]').fill(str(other_stack))
    dialog.locator('form[action$="/bust/"] button[type=submit]').click()


def penalty(page, entry: int, kind: str, count: int | None = None) -> None:
    dialog = seat_panel(page, entry)
    dialog.locator("details.penalty-give summary").click()
    dialog.locator('select[name="kind"]').select_option(kind)
    if count is not None:
        dialog.locator('input[name="count"]').fill(str(count))
    dialog.locator('form[action$="/penalty/"] button[type=submit]').click()


def clock_call(page, entry: int) -> None:
    seat_panel(page, entry).locator("form.call-clock button[type=submit]").click()


def chip_count(page, number: int, chips: list[int]) -> None:
    from playwright.sync_api import expect

    page.locator(f'#table-{number} a[href$="/chip-counts/"]').click()
    inputs = page.locator("#seat-dialog .offline-chips input[type=text]")
    expect(inputs).to_have_count(len(chips))
    for n, amount in enumerate(chips):
        inputs.nth(n).fill(str(amount))
    page.locator("#seat-dialog .offline-chips button[type=submit]").click()


def next_hand(page, number: int) -> None:
    page.locator(f'#table-{number} form[action$="/hand/"] button').click()


def move(page, move_id: int, action: str) -> None:
    """``done`` or ``cancel`` (a balance move's cancel asks first: yes)."""
    page.once("dialog", lambda dialog: dialog.accept())
    page.locator(f'#floor-moves [data-move="{move_id}"] form[action$="/{action}/"] button').click()
