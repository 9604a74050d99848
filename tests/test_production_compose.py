"""The compose file (README "Production"): migrations run once, in a one-off
service, before the app's processes; a web process starts daphne and nothing
else, and never waits for another web process to be serving."""

from __future__ import annotations

import os
import re
import secrets
import subprocess
import sys
from pathlib import Path

import yaml

COMPOSE = Path(__file__).resolve().parents[1] / "docker-compose.yml"


def services() -> dict:
    return yaml.safe_load(COMPOSE.read_text(encoding="utf-8"))["services"]


def test_migrations_run_in_a_one_off_service_before_the_apps_processes():
    found = services()
    migrate = found["migrate"]
    assert "manage.py migrate --noinput" in migrate["command"]
    assert migrate["restart"] == "no"  # runs once, is not restarted after it is done
    for name in ("web", "web2", "worker", "clock"):
        assert found[name]["depends_on"]["migrate"] == {
            "condition": "service_completed_successfully"
        }, name
        assert "migrate" not in str(found[name]["command"]), name


def test_each_web_process_starts_daphne_without_waiting_for_the_other():
    found = services()
    for name in ("web", "web2"):
        assert found[name]["command"][0] == "daphne"
        assert set(found[name]["depends_on"]) == {"postgres", "redis", "migrate"}
        assert found[name]["restart"] == "unless-stopped" and "healthcheck" in found[name]


def compose_environment() -> dict[str, str]:
    """The app's environment as the compose file sets it, each ``${NAME:-default}``
    taken at its default and each required ``${NAME:?…}`` given a value."""
    app = yaml.safe_load(COMPOSE.read_text(encoding="utf-8"))["x-app"]["environment"]
    required = {"SECRET_KEY": secrets.token_urlsafe(50), "POSTGRES_PASSWORD": "pw"}

    def fill(value: str) -> str:
        value = re.sub(r"\$\{(\w+):\?[^}]*\}", lambda m: required[m.group(1)], value)
        return re.sub(r"\$\{\w+:-([^}]*)\}", lambda m: m.group(1), value)

    return {name: fill(str(value)) for name, value in app.items()}


def test_the_compose_defaults_pass_djangos_deployment_check():
    env = {**os.environ, **compose_environment()}
    # The check reads the settings only; the embedded database spares a server.
    env.pop("DATABASE_URL")
    env.pop("REDIS_URL")
    done = subprocess.run(
        [sys.executable, "manage.py", "check", "--deploy", "--fail-level", "WARNING"],
        cwd=COMPOSE.parent,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert compose_environment()["SECURE_COOKIES"] == "true"
