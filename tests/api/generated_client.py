"""A client generated from the API's schema with openapi-python-client, as an
integrator makes one (README "API"), and a few helpers to call it.

The helpers take each operation's body as a dict and build the generated model
the operation's signature names, so the test reads like the API's contract and
does not depend on the names the generator gives the models.
"""

from __future__ import annotations

import importlib
import inspect
import io
import re
import subprocess
import sys
import types
from pathlib import Path
from typing import Any, get_args

PACKAGE = "director_client"
# "WARNING parsing PUT /api/v1/tournaments/{tournament_id}/structure within clock."
WARNING = re.compile(r"WARNING parsing (\w+) (\S+) within ([\w ]+)\.")


class GeneratorWarnings(Exception):
    def __init__(self, output: str, tags: set[str]) -> None:
        super().__init__(output)
        self.tags = tags


def generate(schema_file: Path, into: Path) -> tuple[types.ModuleType, str]:
    """The generated package, imported, and what the generator printed."""
    config = into / "generator.yaml"
    # No formatting hooks: they need ruff on the PATH and change nothing the test reads.
    config.write_text(f"package_name_override: {PACKAGE}\npost_hooks: []\n")
    command = [
        sys.executable,
        "-m",
        "openapi_python_client",
        "generate",
        "--path",
        str(schema_file),
        "--config",
        str(config),
        "--meta",
        "none",
        "--output-path",
        str(into / PACKAGE),
    ]
    done = subprocess.run(command, capture_output=True, text=True, timeout=120, check=False)
    output = done.stdout + done.stderr
    assert done.returncode == 0, output
    sys.path.insert(0, str(into))
    try:
        return importlib.import_module(PACKAGE), output
    finally:
        sys.path.remove(str(into))


def warned_tags(output: str) -> set[str]:
    """The tags of the operations the generator warned about (empty: no warning)."""
    tags = {match.group(3) for match in WARNING.finditer(output)}
    if "Warning" in output and not tags:
        tags.add("(unparsed warning)")
    return tags


def forget(package: types.ModuleType) -> None:
    for name in [n for n in sys.modules if n == PACKAGE or n.startswith(f"{PACKAGE}.")]:
        del sys.modules[name]


def _model(annotation: Any) -> Any:
    for option in get_args(annotation) or (annotation,):
        if hasattr(option, "from_dict"):
            return option
    raise TypeError(f"no generated model in {annotation!r}")


def plain(value: Any) -> Any:
    """A parsed answer as JSON-like data (the generated models' own to_dict)."""
    if isinstance(value, list):
        return [plain(item) for item in value]
    return value.to_dict() if hasattr(value, "to_dict") else value


def call(operation: types.ModuleType, *args: Any, client: Any, body: Any = None, **kw: Any) -> Any:
    """Call one generated operation; the answer parsed by the client, as data.

    ``body`` is given as a dict and built into the model the operation takes;
    an operation that declares no body cannot be sent one (TypeError).
    """
    parameters = inspect.signature(operation.sync_detailed).parameters
    if body is not None:
        if "body" not in parameters:
            raise TypeError(f"{operation.__name__} declares no request body")
        kw["body"] = _model(parameters["body"].annotation).from_dict(body)
    response = operation.sync_detailed(*args, client=client, **kw)
    status = int(response.status_code)
    assert 200 <= status < 300, f"{operation.__name__}: {status} {response.content!r}"
    assert response.parsed is not None or status == 204, operation.__name__
    return response.parsed


def files_body(operation: types.ModuleType, files: list[tuple[str, bytes]], **fields: Any) -> Any:
    """The multipart body of an operation that takes files (field ``file``), each with its name.

    The generated ``from_dict`` makes files without a name, which a server
    takes for plain form fields; an integrator names them, as here.
    """
    package = operation.__name__.split(".", 1)[0]
    file_type = importlib.import_module(f"{package}.types").File
    model = _model(inspect.signature(operation.sync_detailed).parameters["body"].annotation)
    named = [file_type(payload=io.BytesIO(data), file_name=name) for name, data in files]
    return model(file=named, **fields)


def call_plain(operation: types.ModuleType, *args: Any, **kw: Any) -> Any:
    return plain(call(operation, *args, **kw))


def module(package: types.ModuleType, tag: str, name: str) -> types.ModuleType:
    return importlib.import_module(f"{package.__name__}.api.{tag}.{name}")
