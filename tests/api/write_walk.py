"""How tests/api/test_every_write_sent_twice.py sends a write (README "Sent
twice, done once"): twice with one key, the rows of every table counted before
and after the second, the answers compared."""

from __future__ import annotations

import itertools
import json
from dataclasses import dataclass, field
from typing import Any

from django.apps import apps
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client

from config.api import api as ninja_api
from tests.conftest import ApiClient

WRITES = ("post", "put", "patch", "delete")
LEVELS = [
    {"kind": "level", "small_blind": 100, "big_blind": 200, "ante": 0, "seconds": 1200},
    {"kind": "level", "small_blind": 200, "big_blind": 400, "ante": 0, "seconds": 1200},
    {"kind": "break", "seconds": 600, "color_up": [25]},
    {"kind": "level", "small_blind": 300, "big_blind": 600, "ante": 0, "seconds": 1200},
]
CHIPS = [
    {"value": 25, "colour": "green", "count": 200},
    {"value": 100, "colour": "black", "count": 400},
    {"value": 500, "colour": "purple", "count": 200},
]
TILES = [{"kind": "clock", "x": 0, "y": 0, "w": 6, "h": 6}]


def schema_writes() -> set[str]:
    schema = ninja_api.get_openapi_schema(path_prefix="/api/v1/")
    return {
        f"{method.upper()} {path}"
        for path, operations in schema["paths"].items()
        for method in operations
        if method in WRITES
    }


def room_rows() -> dict[str, int]:
    """How many rows every table of the room holds."""
    return {
        model._meta.label: model._default_manager.count()
        for model in apps.get_models()
        if not model._meta.proxy and model._meta.managed
    }


@dataclass
class Walk:
    """Sends each write twice with one key and notes what went wrong."""

    api: ApiClient
    sent: set[str] = field(default_factory=set)
    problems: dict[str, str] = field(default_factory=dict)
    keys: itertools.count = field(default_factory=lambda: itertools.count(1))

    def send(
        self,
        operation: str,
        path: str,
        body: Any = None,
        *,
        files: dict[str, Any] | None = None,
        ok: tuple[int, ...] = (200, 201, 204),
    ) -> Any:
        """``operation`` as the schema names it, ``path`` with its ids; the first answer's JSON."""
        method = operation.split()[0].lower()
        key = f"walk-{next(self.keys):05d}-{method}"
        answers = []
        rows = []
        for _time in range(2):
            rows.append(room_rows())
            answers.append(self._call(method, path, body, files, key))
        rows.append(room_rows())
        self.sent.add(operation)
        first, again = answers
        problem = None
        if first.status_code not in ok:
            problem = f"first answer {first.status_code}: {first.content[:300]!r}"
        elif (again.status_code, again.content) != (first.status_code, first.content):
            problem = f"answers differ: {first.content[:200]!r} / {again.content[:200]!r}"
        elif again.get("Idempotent-Replayed") != "true":
            problem = "the second answer is not the stored one"
        elif rows[2] != rows[1]:
            changed = {k: (rows[1][k], rows[2][k]) for k in rows[1] if rows[1][k] != rows[2][k]}
            problem = f"the second changed rows: {changed}"
        if problem:
            self.problems[operation] = problem
        try:
            return first.json()
        except ValueError:
            return None

    def _call(self, method: str, path: str, body: Any, files: Any, key: str):
        client: Client = self.api.client
        headers = {**self.api.headers, "HTTP_IDEMPOTENCY_KEY": key}
        url = f"/api/v1{path}"
        if files is not None:
            uploads = {
                name: [SimpleUploadedFile(n, content) for n, content in value]
                if isinstance(value, list)
                else value
                for name, value in files.items()
            }
            return client.post(url, data=uploads, **headers)
        if body is None:
            return getattr(client, method)(url, **headers)
        return getattr(client, method)(
            url, data=json.dumps(body), content_type="application/json", **headers
        )


# What the steps leave for the steps after them (ids made on the way).
ctx: dict[str, Any] = {}
