"""The shape of the code (STYLE: modules about 400 lines at most; no module uses
another module's private names). Read with ``ast``; the project's packages are
its own apps of ``INSTALLED_APPS`` and the package of its settings."""

from __future__ import annotations

import ast
import sys
from pathlib import Path

from django.apps import apps
from django.conf import settings

ROOT = Path(__file__).resolve().parent.parent


def project_apps() -> list[str]:
    """The project's own apps, in the order of ``INSTALLED_APPS`` (no
    django.contrib, no third party: those live outside the checkout)."""
    # The virtualenv may sit inside the checkout (./dev makes .venv there).
    installed = Path(sys.prefix).resolve()
    return [
        config.name
        for config in apps.get_app_configs()
        if Path(config.path).resolve().is_relative_to(ROOT)
        and not Path(config.path).resolve().is_relative_to(installed)
    ]


def project_packages() -> list[str]:
    """The apps and the project package (settings, URLs, ASGI)."""
    return [settings.ROOT_URLCONF.split(".")[0], *project_apps()]


MAX_LINES = 400
PRIVATE_FOR_NOW: set[str] = set()


def project_modules() -> dict[str, Path]:
    """Dotted name -> file of every project module (migrations left out)."""
    found = {}
    for package in project_packages():
        for path in (ROOT / package).rglob("*.py"):
            relative = path.relative_to(ROOT)
            if "migrations" in relative.parts:
                continue
            parts = list(relative.with_suffix("").parts)
            if parts[-1] == "__init__":
                parts.pop()
            found[".".join(parts)] = path
    return found


def _private(name: str) -> bool:
    return name.startswith("_") and not (name.startswith("__") and name.endswith("__"))


def _absolute(node: ast.ImportFrom, module: str, path: Path) -> str:
    if not node.level:
        return node.module or ""
    package = module.split(".") if path.name == "__init__.py" else module.split(".")[:-1]
    base = package[: len(package) - node.level + 1]
    return ".".join([*base, node.module] if node.module else base)


def private_uses(module: str, path: Path, modules: dict[str, Path]) -> list[str]:
    """Where this module reaches for another module's underscore names."""
    tree = ast.parse(path.read_text(), filename=str(path))
    found = []
    aliases: set[str] = set()  # local names bound to a module
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                aliases.add(alias.asname or alias.name.split(".")[0])
        elif isinstance(node, ast.ImportFrom):
            source = _absolute(node, module, path)
            for alias in node.names:
                if f"{source}.{alias.name}" in modules:
                    aliases.add(alias.asname or alias.name)
                elif _private(alias.name) and source != module:
                    found.append(f"{path.relative_to(ROOT)}:{node.lineno} imports {alias.name}")
    for node in ast.walk(tree):
        if (
            isinstance(node, ast.Attribute)
            and isinstance(node.value, ast.Name)
            and node.value.id in aliases
            and _private(node.attr)
        ):
            found.append(f"{path.relative_to(ROOT)}:{node.lineno} uses {node.value.id}.{node.attr}")
    return found


def test_no_module_uses_another_modules_private_names():
    modules = project_modules()
    found = [use for name, path in modules.items() for use in private_uses(name, path, modules)]
    assert [use for use in found if _without_line(use) not in PRIVATE_FOR_NOW] == []


def _without_line(use: str) -> str:
    where, what = use.split(" ", 1)
    return f"{where.rsplit(':', 1)[0]} {what}"


def test_modules_stay_short():
    too_long = {
        str(path.relative_to(ROOT)): lines
        for path in project_modules().values()
        if (lines := len(path.read_text().splitlines())) > MAX_LINES
    }
    assert too_long == {}


def imported_project_modules(path: Path, modules: dict[str, Path]) -> set[str]:
    """Every project module a file imports, at the top or inside a function."""
    found = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            names = [node.module] + [f"{node.module}.{alias.name}" for alias in node.names]
        else:
            continue
        found.update(name for name in names if name in modules)
    return found


def test_no_import_circle_hides_in_a_function():
    """Layers keep the packages in order; this keeps the modules acyclic too,
    counting the imports made at call time (README "How a floor action flows")."""
    modules = project_modules()
    graph = {
        name: imported_project_modules(path, modules) - {name} for name, path in modules.items()
    }
    circles = []
    state: dict[str, int] = {}

    def visit(name: str, trail: list[str]) -> None:
        state[name] = 1
        for target in sorted(graph[name]):
            if state.get(target) == 1:
                circles.append(trail[trail.index(target) :] + [name, target])
            elif target not in state:
                visit(target, trail + [target])
        state[name] = 2

    for name in sorted(graph):
        if name not in state:
            visit(name, [name])
    assert circles == []


# README "Audit trail": every line of the trail is written by tournament/audit.py
# (w.log calls it), every privacy event with its line there, every ledger row by
# ledger_append with its line; nothing else creates those rows or INSERTs them.
TRAIL_WRITERS = {
    "ActionLog": {"tournament/audit.py"},
    "PrivacyLog": {"tournament/audit.py"},
    "LedgerRow": {"cashdesk/services/ledger.py"},
}
CREATING = {"create", "bulk_create", "get_or_create", "update_or_create", "save"}
TRAIL_TABLES = {"actionlog": "ActionLog", "privacylog": "PrivacyLog", "ledgerrow": "LedgerRow"}


def every_project_module() -> list[Path]:
    """Every module of every app (a package at the top of the repository), tests
    and migrations left out."""
    return [
        path
        for package in sorted(ROOT.iterdir())
        if (package / "__init__.py").exists() and package.name != "tests"
        for path in package.rglob("*.py")
        if "migrations" not in path.relative_to(ROOT).parts
    ]


def trail_writes(path: Path, relative: str) -> list[str]:
    """Where a module creates a trail row itself or names a trail table in SQL."""
    found: list[tuple[int, str]] = []
    for node in ast.walk(ast.parse(path.read_text())):
        name = None
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
            name = node.func.id if node.func.id in TRAIL_WRITERS else None
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
            owner = node.func.value
            if (
                node.func.attr in CREATING
                and isinstance(owner, ast.Attribute)
                and owner.attr == "objects"
                and isinstance(owner.value, ast.Name)
                and owner.value.id in TRAIL_WRITERS
            ):
                name = owner.value.id
        elif isinstance(node, ast.Attribute) and node.attr == "_meta":
            name = (
                getattr(node.value, "id", None)
                if getattr(node.value, "id", None) in TRAIL_WRITERS
                else None
            )
        elif isinstance(node, ast.Constant) and isinstance(node.value, str):
            text = node.value.lower()
            if "insert" in text:
                name = next((model for table, model in TRAIL_TABLES.items() if table in text), None)
        if name and relative not in TRAIL_WRITERS.get(name, set()):
            found.append((node.lineno, f"{relative}:{node.lineno} {name}"))
    return [use for _line, use in sorted(found)]


def test_only_the_audit_module_writes_the_trail():
    found = [
        write
        for path in every_project_module()
        for write in trail_writes(path, str(path.relative_to(ROOT)))
    ]
    assert found == []


def test_the_trail_shape_test_finds_what_it_forbids(tmp_path):
    module = tmp_path / "writer.py"
    module.write_text(
        "ActionLog.objects.create(kind='x')\n"
        "PrivacyLog(player_id=1)\n"
        "LedgerRow.objects.bulk_create([])\n"
        "table = ActionLog._meta.db_table\n"
        "sql = 'INSERT INTO tournament_actionlog (kind) VALUES (%s)'\n"
    )
    assert [use.split(" ")[1] for use in trail_writes(module, "tables/writer.py")] == [
        "ActionLog",
        "PrivacyLog",
        "LedgerRow",
        "ActionLog",
        "ActionLog",
    ]
    assert trail_writes(module, "tournament/audit.py") == ["tournament/audit.py:3 LedgerRow"]
