"""A throw-away Redis for fault tests: its own redis-server on a free port.

Never the shared Redis on 6379: the tests stop and start this one to see what
the screens do while Redis is away. Nothing is persisted (`--save ""`).
"""

from __future__ import annotations

import shutil
import signal
import socket
import subprocess
import threading
import time
from pathlib import Path

from tests.browser_support import end_process

REDIS_SERVER = shutil.which("redis-server")


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


class ThrowawayRedis:
    """One redis-server that a test can stop and start again on the same port."""

    def __init__(self, log: Path) -> None:
        self.port = _free_port()
        self.log = log
        self.process: subprocess.Popen | None = None

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def start(self) -> ThrowawayRedis:
        assert REDIS_SERVER, "redis-server is not installed"
        with self.log.open("ab") as log:
            self.process = subprocess.Popen(
                [
                    REDIS_SERVER,
                    "--port",
                    str(self.port),
                    "--bind",
                    "127.0.0.1",
                    "--save",
                    "",
                    "--appendonly",
                    "no",
                ],
                stdout=log,
                stderr=subprocess.STDOUT,
            )
        self._wait_until(answering=True)
        return self

    def stop(self) -> None:
        if self.process is not None:
            self.process.send_signal(signal.SIGCONT)  # a paused server could not end
        end_process(self.process)
        self.process = None
        self._wait_until(answering=False)

    def pause(self) -> None:
        """Hang the server (SIGSTOP): it keeps its port, accepts connections and answers nothing."""
        assert self.process is not None
        self.process.send_signal(signal.SIGSTOP)

    def resume(self) -> None:
        assert self.process is not None
        self.process.send_signal(signal.SIGCONT)

    def answers(self) -> bool:
        try:
            with socket.create_connection(("127.0.0.1", self.port), timeout=0.5) as conn:
                conn.sendall(b"PING\r\n")
                return conn.recv(16).startswith(b"+PONG")
        except OSError:
            return False

    def _wait_until(self, *, answering: bool, timeout: float = 15.0) -> None:
        """Bounded polling for the server's own start-up and shut-down."""
        deadline = time.monotonic() + timeout
        pause = threading.Event()
        while time.monotonic() < deadline:
            if self.answers() == answering:
                return
            if answering and self.process is not None and self.process.poll() is not None:
                raise RuntimeError(f"redis-server exited with {self.process.returncode}")
            pause.wait(0.05)
        raise RuntimeError(
            f"redis-server on {self.port} did not {'start' if answering else 'stop'}"
        )
