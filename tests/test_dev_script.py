"""`./dev run` on a fresh machine: what the organiser sees last is the address and the login.

The script runs against a stand-in virtualenv whose pip is noisy (as a real
first install is) and whose daphne only says it started, so the test needs no
network and no server.
"""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

FAKE_PYTHON = """#!/bin/sh
case "$*" in
  *"pip install"*) echo "Collecting django"; echo "Building wheel for tournament" >&2 ;;
  *"manage.py demo"*) echo "Demo tournament loaded."; echo "Sign in as: director"; echo "Password:   s3cret-demo" ;;
esac
exit 0
"""
FAKE_DAPHNE = """#!/bin/sh
echo "daphne serving"
"""


def _stand_in_checkout(tmp_path: Path) -> Path:
    shutil.copy(ROOT / "dev", tmp_path / "dev")
    (tmp_path / "pyproject.toml").write_text("[project]\nname = 'x'\n")
    bin_dir = tmp_path / ".venv" / "bin"
    bin_dir.mkdir(parents=True)
    for name, text in (("python", FAKE_PYTHON), ("daphne", FAKE_DAPHNE)):
        (bin_dir / name).write_text(text)
        (bin_dir / name).chmod(0o755)
    return tmp_path


def test_dev_run_prints_the_address_and_login_last_and_keeps_the_installer_quiet(tmp_path):
    checkout = _stand_in_checkout(tmp_path)
    env = {k: v for k, v in os.environ.items() if k not in ("DEBUG", "PORT")}
    result = subprocess.run(
        ["bash", str(checkout / "dev"), "run"],
        cwd=checkout,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
    )
    screen = result.stdout + result.stderr
    assert "Collecting django" not in screen
    assert "Building wheel" not in screen
    lines = [line.strip() for line in result.stdout.splitlines() if line.strip()]
    served = lines.index("daphne serving")
    last_before_serving = lines[served - 3 : served]
    assert last_before_serving[0].startswith("Open http://127.0.0.1:8000/")
    assert last_before_serving[1] == "Sign in as: director"
    assert last_before_serving[2] == "Password:   s3cret-demo"


def test_a_failed_install_shows_the_installers_output(tmp_path):
    checkout = _stand_in_checkout(tmp_path)
    python = checkout / ".venv" / "bin" / "python"
    python.write_text('#!/bin/sh\necho "No matching distribution found for django"\nexit 1\n')
    result = subprocess.run(
        ["bash", str(checkout / "dev"), "run"],
        cwd=checkout,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert result.returncode != 0
    assert "No matching distribution found for django" in result.stderr
