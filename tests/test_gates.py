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

from tests.test_code_shape import ROOT, project_apps, project_modules, project_packages

PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text())
MYPY = PYPROJECT["tool"]["mypy"]
# The write unit: one transaction, its locks, its log line and its change.
# tournament.writes is a package: its modules too.
WRITE_UNIT = ("tournament.writes", "tournament.audit")


def in_write_unit(name: str) -> bool:
    return any(name == unit or name.startswith(f"{unit}.") for unit in WRITE_UNIT)


def source_of(name: str) -> str:
    """The path mypy's ``files`` names for a module or a package."""
    path = name.replace(".", "/")
    return path if (ROOT / path).is_dir() else f"{path}.py"


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
        if in_write_unit(name) or any(name.startswith(f"{p}.") for p in rules_packages())
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
    wanted |= {source_of(name) for name in WRITE_UNIT}
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


IMPORTLINTER = PYPROJECT["tool"]["importlinter"]
LAYERS = [c for c in IMPORTLINTER["contracts"] if c["type"] == "layers"]


def _layer_modules(layer: str) -> list[str]:
    return [name.strip().strip("()") for name in layer.replace("|", ":").split(":")]


def test_import_linter_reads_every_package_and_its_layers_hold_every_app():
    assert set(IMPORTLINTER["root_packages"]) == set(project_packages())
    inside = [c for c in LAYERS if c.get("containers")]
    assert inside
    for contract in inside:
        assert contract.get("exhaustive") is True, contract["name"]
        assert sorted(contract["containers"]) == sorted(project_apps()), contract["name"]


def _children(package: str) -> list[str]:
    """The modules and packages directly in a package, migrations included."""
    return sorted(
        f"{package}.{path.stem}"
        for path in (ROOT / package).iterdir()
        if (path.suffix == ".py" and path.stem != "__init__") or (path / "__init__.py").exists()
    )


def test_every_module_is_in_one_layer_across_the_apps():
    """import-linter checks exhaustiveness only inside containers: across the
    apps, a module no layer names could import anything."""
    across = [c for c in LAYERS if not c.get("containers")]
    assert across
    for contract in across:
        listed = [name for layer in contract["layers"] for name in _layer_modules(layer)]
        assert len(listed) == len(set(listed)), contract["name"]
        children = [child for package in project_packages() for child in _children(package)]
        outside = [
            name
            for name in children
            if not any(name == m or name.startswith(f"{m}.") for m in listed)
        ]
        assert outside == [], contract["name"]
        known = {*children, *project_packages()}
        assert [m for m in listed if m not in known] == [], contract["name"]


def test_the_wildcard_contracts_cover_every_apps_rules_and_services():
    forbidden: dict[str, set[str]] = {}
    for contract in IMPORTLINTER["contracts"]:
        if contract["type"] == "forbidden":
            for source in contract["source_modules"]:
                forbidden.setdefault(source, set()).update(contract["forbidden_modules"])
    assert {"django", "channels", "celery", "ninja"} <= forbidden["*.rules"]
    assert {"*.web", "*.api", "*.views", "screens", "*.presenters"} <= forbidden["*.services"]
