"""Helpers for the screens tests: a seated tournament, and real daphne servers."""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tables.services.seating import seats_draw
from tables.services.tables import tables_create
from tournament.models import Player, Tournament
from tournament.services.entries import entry_register
from tournament.services.tournaments import TournamentSettings, tournament_create

ROOT = Path(__file__).resolve().parents[2]
BIN = Path(sys.executable).parent

# The private data of one player: none of it may reach a public screen.
SECRET_EMAIL = "anna.keller.private@example.org"
SECRET_PHONE = "+49 171 5550199"
SECRET_NOTES = "owes the house 200, do not extend credit"
PLAYERS = ["Anna Keller", "Bernd Schulz", "Clara Wagner", "Dieter Braun", "Eva Hoffmann"]


def seated_tournament(
    director: Any, *, tables: int = 2, players: list[str] = PLAYERS
) -> Tournament:
    """A drawn tournament; Anna Keller carries e-mail, phone and notes."""
    tournament = tournament_create(
        settings=TournamentSettings(name="Screens Cup", buy_in=50, fee=5, table_size=6),
        by=director,
    )
    tables_create(tournament_id=tournament.pk, count=tables, seats=6, by=director)
    for name in players:
        private = name == "Anna Keller"
        entry_register(
            tournament_id=tournament.pk,
            by=director,
            name=name,
            email=SECRET_EMAIL if private else "",
            phone=SECRET_PHONE if private else "",
        )
    Player.objects.filter(name="Anna Keller").update(notes=SECRET_NOTES)
    seats_draw(tournament_id=tournament.pk, by=director)
    tournament.refresh_from_db()
    return tournament


def assert_private_data_absent(text: str) -> None:
    for secret in (SECRET_EMAIL, SECRET_PHONE, SECRET_NOTES, "Keller", "example.org"):
        assert secret not in text, f"{secret!r} leaked to a public screen"


# -- real servers ---------------------------------------------------------------


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


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
                "tournament.asgi:application",
            ],
            cwd=ROOT,
            env=self.env,
            stdout=self._log,
            stderr=subprocess.STDOUT,
        )
        wait_for_port(self.port, self.process)
        return self

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
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


def staff_token(env: dict[str, str], username: str, role: str, password: str) -> str:
    manage(env, "createstaff", username, "--role", role, "--password", password)
    return manage(env, "apitoken", username).strip().splitlines()[-1]


def tournament_through_api(server: Server, token: str, *, with_clock: bool = True) -> dict:
    """A drawn tournament with a running clock, made the way an integration would."""
    tournament = server.api(
        "POST",
        "/tournaments",
        token,
        {
            "name": "Screens Cup",
            "starting_stack": 20000,
            "buy_in": "50",
            "fee": "5",
            "final_table_size": 6,
            "table_size": 6,
            "late_registration_levels": 2,
            "max_entries": 1,
        },
    )
    tid = tournament["id"]
    server.api("POST", f"/tournaments/{tid}/tables", token, {"count": 2, "seats": 6})
    for name in PLAYERS + ["Fritz Müller", "Greta Neumann", "Hans Richter"]:
        body: dict[str, Any] = {"name": name}
        if name == "Anna Keller":
            body.update(email=SECRET_EMAIL, phone=SECRET_PHONE)
        server.api("POST", f"/tournaments/{tid}/entries", token, body)
    server.api("POST", f"/tournaments/{tid}/draw", token)
    if with_clock:
        levels = [
            {
                "kind": "level",
                "small_blind": 100,
                "big_blind": 200,
                "ante": 0,
                "big_blind_ante": False,
                "seconds": 1200,
            },
            {
                "kind": "level",
                "small_blind": 200,
                "big_blind": 400,
                "ante": 400,
                "big_blind_ante": True,
                "seconds": 1200,
            },
            {"kind": "break", "seconds": 600, "color_up": [25]},
            {
                "kind": "level",
                "small_blind": 300,
                "big_blind": 600,
                "ante": 600,
                "big_blind_ante": True,
                "seconds": 1200,
            },
        ]
        server.api("PUT", f"/tournaments/{tid}/structure", token, {"levels": levels})
        server.api("POST", f"/tournaments/{tid}/clock/start", token)
    return tournament
