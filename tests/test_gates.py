"""The gates are on (README "Tests"): what mypy and import-linter read from
pyproject.toml covers every app, and names nothing that is not there.

mypy is asked itself what it makes of the configuration, module by module, so
a flag filed under the wrong table (mypy reads only ``[tool.mypy]``) fails here.
"""

from __future__ import annotations

import tomllib
from importlib.util import find_spec

from mypy.main import process_options
from mypy.options import Options

from tests.test_code_shape import ROOT, project_apps, project_modules

PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text())
MYPY = PYPROJECT["tool"]["mypy"]
# The write unit: one transaction, its locks, its log line and its change.
WRITE_UNIT = ("tournament.writes", "tournament.locking")


def rules_packages() -> list[str]:
    return [f"{app}.rules" for app in project_apps() if (ROOT / app / "rules").is_dir()]


def _options(args: list[str]) -> Options:
    return process_options([*args, "x.py"])[1]


def strict_flags(tmp_path) -> dict[str, object]:
    """Every option ``mypy --strict`` changes, with the value it sets."""
    empty = tmp_path / "mypy.ini"
    empty.write_text("[mypy]\n")
    plain = _options(["--config-file", str(empty)])
    strict = _options(["--strict", "--config-file", str(empty)])
    names = [n for n in dir(plain) if not n.startswith("_") and not callable(getattr(plain, n))]
    return {n: getattr(strict, n) for n in names if getattr(plain, n) != getattr(strict, n)}


def test_mypy_reads_strict_mode_for_every_rules_module_and_the_write_unit(tmp_path):
    flags = strict_flags(tmp_path)
    assert "disallow_untyped_defs" in flags  # the comparison sees what strict sets
    ours = _options(["--config-file", str(ROOT / "pyproject.toml")])
    strict = [
        name
        for name in project_modules()
        if name in WRITE_UNIT or any(name.startswith(f"{p}.") for p in rules_packages())
    ]
    assert len(strict) > 40
    looser = {}
    for module in strict:
        options = ours.clone_for_module(module)
        off = {
            flag: getattr(options, flag)
            for flag, on in flags.items()
            if getattr(options, flag) != on
        }
        if off:
            looser[module] = off
    assert looser == {}


def test_mypy_checks_every_rules_package_and_the_write_unit():
    files = set(MYPY["files"])
    wanted = {name.replace(".", "/") for name in rules_packages()}
    wanted |= {f"{name.replace('.', '/')}.py" for name in WRITE_UNIT}
    assert wanted - files == set()
    assert [name for name in sorted(files) if not (ROOT / name).exists()] == []


def _exists(pattern: str) -> bool:
    name = pattern.removesuffix(".*")
    if name.split(".")[0] in project_apps():
        return name in project_modules()
    return find_spec(name) is not None


def test_every_mypy_override_names_modules_that_exist():
    patterns = [p for o in MYPY.get("overrides", []) for p in o["module"]]
    assert patterns
    assert [p for p in patterns if not _exists(p)] == []
