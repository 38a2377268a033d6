"""The web reaches the data only through the service: no web module imports the store."""

from __future__ import annotations

import ast
from pathlib import Path

import companion.web

WEB = Path(companion.web.__file__).parent
BENCH_ONLY = {
    "floor.py"
}  # the benchmark's floor route, on its way to bench/: it writes its own table


def imported_modules(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module:
            found.add(node.module)
        elif isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
    return found


def test_no_web_module_imports_the_store():
    offenders = {
        path.name: sorted(m for m in imported_modules(path) if m.startswith("companion.store"))
        for path in sorted(WEB.rglob("*.py"))
        if path.name not in BENCH_ONLY
    }
    assert {name: found for name, found in offenders.items() if found} == {}
