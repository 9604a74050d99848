"""Every write goes through the one write unit (README "How a floor action
flows"): no module of the project locks a row or opens a transaction by hand.
``select_for_update``, ``transaction.atomic`` (or ``atomic`` imported from
``django.db.transaction``) and a lock written into SQL (``FOR UPDATE``,
``FOR SHARE``) appear in ``tournament/writes`` and in the few modules below,
each named with its reason. Read with ``ast``; no Django needed."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
UNIT = "tournament/writes/"

# Infrastructure, not writes: each opens its own transaction for a reason a
# write does not have. Migrations are left out altogether (Django runs each in
# its own transaction).
MAY_LOCK_BY_HAND: dict[str, str] = {
    # None: the recounts of the kept counts (the entry tally, the seated count)
    # run in the write unit's transaction too (``recount_write``).
}


def project_apps() -> list[str]:
    """The project's own packages: the apps of INSTALLED_APPS that live in this
    repository, and the project package itself."""
    settings = ast.parse((ROOT / "config" / "settings.py").read_text())
    for node in ast.walk(settings):
        if (
            isinstance(node, ast.Assign)
            and any(getattr(t, "id", None) == "INSTALLED_APPS" for t in node.targets)
            and isinstance(node.value, ast.List)
        ):
            names = [e.value for e in node.value.elts if isinstance(e, ast.Constant)]
            return ["config", *(n for n in names if (ROOT / n / "__init__.py").exists())]
    raise AssertionError("INSTALLED_APPS not found in config/settings.py")


def modules() -> list[Path]:
    found = []
    for app in project_apps():
        for path in (ROOT / app).rglob("*.py"):
            if "migrations" not in path.relative_to(ROOT).parts:
                found.append(path)
    return found


def _atomic_names(tree: ast.AST) -> set[str]:
    """Local names bound to django.db.transaction.atomic by an import."""
    names = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module == "django.db.transaction":
            names |= {alias.asname or alias.name for alias in node.names if alias.name == "atomic"}
    return names


def hand_made_locks(path: Path) -> list[str]:
    """Where a module locks or opens a transaction by itself."""
    tree = ast.parse(path.read_text(), filename=str(path))
    atomic = _atomic_names(tree)
    where = str(path.relative_to(ROOT))
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and node.attr == "select_for_update":
            found.append(f"{where}:{node.lineno} select_for_update")
        elif (
            isinstance(node, ast.Attribute)
            and node.attr == "atomic"
            and isinstance(node.value, ast.Name)
            and node.value.id == "transaction"
        ):
            found.append(f"{where}:{node.lineno} transaction.atomic")
        elif isinstance(node, ast.Name) and node.id in atomic:
            found.append(f"{where}:{node.lineno} atomic")
        elif isinstance(node, ast.Constant) and isinstance(node.value, str):
            upper = node.value.upper()
            if "FOR UPDATE" in upper or "FOR SHARE" in upper:
                found.append(f"{where}:{node.lineno} a lock in SQL")
    return found


def test_the_project_apps_are_read_from_installed_apps():
    apps = project_apps()
    assert {"tournament", "cashdesk", "prereg", "signage", "layouts", "screens"} <= set(apps)


def test_no_module_locks_a_row_or_opens_a_transaction_outside_the_write_unit():
    found = [
        use
        for path in modules()
        if not str(path.relative_to(ROOT)).startswith(UNIT)
        and str(path.relative_to(ROOT)) not in MAY_LOCK_BY_HAND
        for use in hand_made_locks(path)
    ]
    assert found == []


def test_the_write_unit_is_where_the_locks_are():
    # The walk finds what it looks for: the unit itself is full of it.
    inside = [use for path in (ROOT / UNIT).rglob("*.py") for use in hand_made_locks(path)]
    assert any("select_for_update" in use for use in inside)
    assert any("transaction.atomic" in use for use in inside)
    assert any("a lock in SQL" in use for use in inside)


def test_each_exception_still_needs_its_place():
    # An exception that no longer locks by hand leaves the list.
    for name in MAY_LOCK_BY_HAND:
        assert hand_made_locks(ROOT / name), name


# README "Screen messages": one way out. The composer (screens/compose.py) is
# the only code that sends to the sockets; screens.live and screens.fanout are
# the transport it sends through.
PUBLISHING = {"send_now", "send_to_group", "publish", "group_send"}
PUBLISHERS = {"screens/compose.py", "screens/live.py", "screens/fanout.py"}


def publishes(path: Path) -> list[str]:
    """Where a module sends a message to the sockets itself."""
    where = str(path.relative_to(ROOT))
    found = []
    for node in ast.walk(ast.parse(path.read_text(), filename=str(path))):
        if isinstance(node, ast.Call):
            name = getattr(node.func, "attr", None) or getattr(node.func, "id", None)
            if name in PUBLISHING:
                found.append(f"{where}:{node.lineno} {name}")
    return found


def test_only_the_composer_publishes():
    found = [
        use
        for path in modules()
        if str(path.relative_to(ROOT)) not in PUBLISHERS
        for use in publishes(path)
    ]
    assert found == []


def test_the_publish_walk_finds_the_composers_sends():
    sends = publishes(ROOT / "screens" / "compose.py")
    assert any("send_now" in use for use in sends)
    assert any("send_to_group" in use for use in sends)
