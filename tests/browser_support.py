"""Real servers and a real browser for the browser tests (tests/screens, tests/e2e).

A daphne process on a free localhost port with its own VAR_DIR (file SQLite
database), management commands run in that server's environment, and the
flags Debian's chromium needs to run headless in a container.
"""

from __future__ import annotations

import fcntl
import hashlib
import json
import os
import re
import shutil
import socket
import sqlite3
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from types import SimpleNamespace
from typing import Any
from urllib.parse import urlsplit

import pytest

ROOT = Path(__file__).resolve().parents[1]
BIN = Path(sys.executable).parent
SHOTS = ROOT / "var" / "screenshots"

CHROMIUM = "/usr/bin/chromium"
# The room's real screens: the floor tablet, the lobby TV, a player's phone, the desk laptop.
VIEWPORTS = {
    "tablet": {"width": 1024, "height": 768},
    "tv": {"width": 1920, "height": 1080},
    "phone": {"width": 390, "height": 844},
    "laptop": {"width": 1366, "height": 768},
}
# A browser test module's marks: ``pytestmark = BROWSER_TEST``.
BROWSER_TEST = [
    pytest.mark.browser,
    pytest.mark.skipif(not Path(CHROMIUM).exists(), reason="needs Debian's chromium"),
]
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
    # Nothing outside this machine resolves (LanOnlyBrowser notes any attempt).
    "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE localhost, EXCLUDE 127.0.0.1",
]


# -- real servers ---------------------------------------------------------------


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def end_process(process: subprocess.Popen | None) -> None:
    """Stop a child server: politely first, then for good."""
    if process is not None and process.poll() is None:
        process.terminate()
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


def wait_for_port(port: int, process: subprocess.Popen, timeout: float = 30.0) -> None:
    """Block until the server accepts connections (server start-up, not a test wait)."""
    deadline = time.monotonic() + timeout
    pause = threading.Event()
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"server exited with {process.returncode}")
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.5):
                return
        except OSError:
            pause.wait(0.1)
    raise RuntimeError(f"server on port {port} did not start")


def manage(env: dict[str, str], *args: str) -> str:
    if args and args[0] == "migrate" and copied_migrated_database(env):
        return ""
    result = subprocess.run(
        [str(BIN / "python"), "manage.py", *args],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    if result.returncode != 0:
        raise RuntimeError(f"manage.py {' '.join(args)} failed:\n{result.stderr}")
    return result.stdout


def migrations_fingerprint() -> str:
    """What a migrated database depends on: every migration file and the settings."""
    digest = hashlib.sha256()
    files = sorted(ROOT.glob("*/migrations/*.py")) + sorted((ROOT / "config").glob("*.py"))
    for path in files:
        digest.update(str(path.relative_to(ROOT)).encode())
        digest.update(path.read_bytes())
    return digest.hexdigest()[:16]


def copied_migrated_database(env: dict[str, str]) -> bool:
    """A fresh embedded database in the server's VAR_DIR, copied from one migrated
    once for this test session instead of migrated again: migrating from nothing
    costs 10-15 s of processor time, and the browser tests start about 40 servers
    (README "Tests"). Only a new, empty VAR_DIR on SQLite takes the copy; a
    database that exists is migrated as asked (the tests of migrations do that)."""
    if env.get("DATABASE_URL") or not env.get("VAR_DIR"):
        return False
    target = Path(env["VAR_DIR"]) / "db.sqlite3"
    if target.exists():
        return False
    template = Path(tempfile.gettempdir()) / f"td-migrated-{migrations_fingerprint()}.sqlite3"
    with (Path(tempfile.gettempdir()) / "td-migrated.lock").open("w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not template.exists():
            make_migrated_template(env, template)
    target.parent.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(template, target)
    return True


def make_migrated_template(env: dict[str, str], template: Path) -> None:
    """Migrates a database of its own and keeps a consistent copy of it (SQLite's
    backup, so nothing stays behind in the write-ahead log)."""
    with tempfile.TemporaryDirectory() as scratch:
        migrating = {**env, "VAR_DIR": scratch}
        result = subprocess.run(
            [str(BIN / "python"), "manage.py", "migrate", "--noinput", "-v0"],
            cwd=ROOT,
            env=migrating,
            capture_output=True,
            text=True,
            timeout=300,
            check=False,
        )
        if result.returncode != 0:
            raise RuntimeError(f"manage.py migrate failed:\n{result.stderr}")
        partial = template.with_suffix(".partial")
        with sqlite3.connect(Path(scratch) / "db.sqlite3") as source:
            with sqlite3.connect(partial) as copy:
                source.backup(copy)
            copy.close()
        source.close()
        os.replace(partial, template)


def server_env(var_dir: Path, **extra: str) -> dict[str, str]:
    env = {
        k: v
        for k, v in os.environ.items()
        if k not in ("DATABASE_URL", "REDIS_URL", "DJANGO_SETTINGS_MODULE", "PYTEST_CURRENT_TEST")
    }
    env.update(DEBUG="true", VAR_DIR=str(var_dir), LOG_LEVEL="WARNING", SECURE_COOKIES="false")
    env.update(extra)
    return env


@dataclass
class Server:
    """One daphne process serving the ASGI application on a free localhost port."""

    env: dict[str, str]
    log: Path
    port: int = field(default_factory=free_port)
    process: subprocess.Popen | None = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def ws(self) -> str:
        return f"ws://127.0.0.1:{self.port}"

    def start(self) -> Server:
        self._log = self.log.open("ab")
        self.process = subprocess.Popen(
            [
                str(BIN / "daphne"),
                "-b",
                "127.0.0.1",
                "-p",
                str(self.port),
                "config.asgi:application",
            ],
            cwd=ROOT,
            env=self.env,
            stdout=self._log,
            stderr=subprocess.STDOUT,
        )
        wait_for_port(self.port, self.process)
        return self

    def stop(self) -> None:
        end_process(self.process)
        if getattr(self, "_log", None):
            self._log.close()

    def kill(self) -> None:
        """kill -9: the process ends at once, no goodbye to its sockets (start() brings
        it back on the same port)."""
        if self.process is not None and self.process.poll() is None:
            self.process.kill()
            self.process.wait()
        if getattr(self, "_log", None):
            self._log.close()

    def api(self, method: str, path: str, token: str, body: Any = None) -> Any:
        data = json.dumps(body).encode() if body is not None else b"{}"
        request = urllib.request.Request(
            f"{self.url}/api/v1{path}",
            data=None if method == "GET" else data,
            method=method,
            headers={"Authorization": f"Bearer {token}", "Content-Type": "application/json"},
        )
        try:
            with urllib.request.urlopen(request, timeout=30) as response:
                raw = response.read()
        except urllib.error.HTTPError as exc:
            detail = exc.read().decode()
            exc.close()
            raise AssertionError(f"{method} {path}: {exc.code} {detail}") from None
        return json.loads(raw) if raw else None


def staff_token(
    env: dict[str, str],
    username: str,
    role: str,
    password: str,
    commands: tuple[tuple[str, ...], ...] = (),
) -> str:
    """Each of ``commands``, then ``createstaff`` and ``apitoken``, in one process:
    every manage.py process loads Django and runs the system checks before its
    command (every API module imported), 2-3 s of processor time apiece; one
    ``shell`` runs them all with call_command, which skips the checks."""
    steps = [*commands, ("createstaff", username, "--role", role, "--password", password)]
    code = "from django.core.management import call_command\n" + "".join(
        f"call_command(*{list(step)!r})\n" for step in [*steps, ("apitoken", username)]
    )
    return manage(env, "shell", "-c", code).strip().splitlines()[-1]


def open_own_shift(server: Server, token: str, username: str) -> None:
    """The token's user opens a shift on a cash box of his own: staff take cash
    only in an open shift (README "Cash desk")."""
    box = server.api("POST", "/cash-boxes", token, {"name": f"Kasse {username}"})
    server.api("POST", f"/cash-boxes/{box['id']}/shifts", token, {"float": "0"})


@contextmanager
def director_site(
    var: Path,
    password: str,
    username: str = "dora",
    commands: tuple[tuple[str, ...], ...] = (),
    *,
    shift: bool = True,
) -> Iterator[SimpleNamespace]:
    """A real daphne server on a fresh database in ``var`` (migrated, then each of
    ``commands`` run) with one director: ``server``, her API ``token`` and the
    server's ``env`` (for ``manage``). She takes cash as a real director does, in
    her open shift on a cash box of her own (README "Cash desk"); ``shift=False``
    leaves her none."""
    env = server_env(var)
    manage(env, "migrate", "--noinput", "-v0")
    token = staff_token(env, username, "director", password, commands)
    server = Server(env=env, log=var / "daphne.log").start()
    try:
        if shift:
            open_own_shift(server, token, username)
        yield SimpleNamespace(server=server, token=token, env=env)
    finally:
        server.stop()


# -- a real browser ---------------------------------------------------------------


class LanOnlyBrowser:
    """The browser, noting every request its pages make to a host other than this machine.

    No request may leave the room's network (README "Screens"): a page that
    asks for a font, a script or an image from outside fails its test module.
    Chromium also resolves no outside name, so nothing actually leaves.
    """

    LOCAL_HOSTS = ("127.0.0.1", "localhost", "::1")

    def __init__(self, browser: Any) -> None:
        self.browser = browser
        self.outside: list[str] = []

    def __getattr__(self, name: str) -> Any:
        return getattr(self.browser, name)

    def new_context(self, **options: Any) -> Any:
        context = self.browser.new_context(**options)
        context.on("request", lambda request: self.note(request.url))
        return context

    def new_page(self, **options: Any) -> Any:
        context = self.new_context(**options)
        page = context.new_page()
        page.on("close", lambda _page: context.close())
        return page

    def note(self, url: str) -> None:
        parts = urlsplit(url)
        if (
            parts.scheme in ("http", "https", "ws", "wss")
            and parts.hostname not in self.LOCAL_HOSTS
        ):
            self.outside.append(url)


@contextmanager
def chromium_browser(args: list[str] | None = None) -> Iterator[Any]:
    """Debian's chromium, headless, for one test module; fails it on any outside request."""
    from playwright.sync_api import expect, sync_playwright

    # CI runs the embedded and the production suites side by side on two cores:
    # a page that answers in 100 ms alone can take seconds then. The bound is
    # how long a check waits, not a speed the test asserts (README "Tests").
    expect.set_options(timeout=15_000)
    with sync_playwright() as playwright:
        browser = LanOnlyBrowser(
            playwright.chromium.launch(
                executable_path=CHROMIUM, headless=True, args=[*CHROMIUM_ARGS, *(args or [])]
            )
        )
        try:
            yield browser
            assert not browser.outside, f"requests left the LAN: {browser.outside}"
        finally:
            browser.close()


def shooter(prefix: str = "", *, full_page: bool = False) -> Callable[[Any, str], None]:
    """``shot(page, name)``: a screenshot of the page as var/screenshots/<prefix><name>.png."""

    def shot(page: Any, name: str) -> None:
        SHOTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(SHOTS / f"{prefix}{name}.png"), full_page=full_page)

    return shot


# Every Content Security Policy violation the page reports, in window.__cspViolations,
# collected before any page script runs (context.add_init_script).
COLLECT_VIOLATIONS = """
window.__cspViolations = [];
document.addEventListener("securitypolicyviolation", function (e) {
  window.__cspViolations.push(e.violatedDirective + " " + (e.blockedURI || "inline"));
});
"""


def sign_in(page: Any, base_url: str, username: str, password: str) -> None:
    """Sign in through the login form, as staff do."""
    page.goto(f"{base_url}/login/")
    page.locator("input[name=username]").fill(username)
    page.locator("input[name=password]").fill(password)
    page.locator("button.primary[type=submit]").click()
    page.wait_for_load_state()


def signed_in_tablet(browser: Any, base_url: str, username: str, password: str) -> Any:
    """A floor tablet (1024x768, touch) in German, signed in as ``username``."""
    context = browser.new_context(viewport=VIEWPORTS["tablet"], locale="de", has_touch=True)
    context.add_cookies([{"name": "django_language", "value": "de", "url": base_url}])
    page = context.new_page()
    sign_in(page, base_url, username, password)
    return page


# -- staff at the pages -------------------------------------------------------------


def submit(page: Any, control: Any) -> None:
    """Click a control that posts a form, and wait until the next page has loaded."""
    page.evaluate("() => { window.__before_submit = true; }")
    control.click()
    page.wait_for_function("() => !window.__before_submit && document.readyState !== 'loading'")


def send_from_the_floor(page: Any, control: Any) -> None:
    """Tap a control the floor tablet sends with fetch (README "Screen messages"):
    wait for the answer, then until the tablet has applied a message after it.
    Nothing loads: the page stays as it is, the map follows the socket."""
    from playwright.sync_api import expect

    live = page.locator("#floor-live")
    before = live.get_attribute("data-version")
    with page.expect_response(lambda response: response.request.method == "POST") as sent:
        control.click()
    assert sent.value.ok, f"{sent.value.status} {sent.value.text()}"
    expect(live).not_to_have_attribute("data-version", before)


def do_every_move(server: Server, token: str, tid: int) -> None:
    """The floor carries out the pending moves; a move into a seat still taken
    waits for the move out of it (the server says so with a 409)."""
    for _ in range(10):
        pending = server.api("GET", f"/tournaments/{tid}/moves?status=pending", token)
        if not pending:
            return
        for move in pending:
            try:
                server.api("POST", f"/moves/{move['id']}/done", token)
            except AssertionError as refused:
                assert "409" in str(refused)
    raise AssertionError("moves still pending")


def message(page: Any) -> Any:
    return page.locator("ul.messages li")


def nav(page: Any, label: str) -> None:
    """Open the menu group that holds the page, then the page (one line of groups)."""
    menu = page.locator("header.topbar nav")
    exact = re.compile(f"^{re.escape(label)}$")
    group = menu.locator("details.nav-group").filter(has=page.locator("a", has_text=exact))
    if group.count() and not group.first.evaluate("node => node.open"):
        group.first.locator("summary").click()
    menu.get_by_role("link", name=label, exact=True).first.click()
