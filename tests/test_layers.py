"""The folder tree is the architecture: each package of `companion` is a layer, and no module
imports from a layer above its own (docs/design.md, "The layers"). Walks every import statement
of the package, at any depth (a function's lazy import counts too)."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[1] / "companion"

LAYERS: tuple[tuple[str, ...], ...] = (
    ("companion.kit",),
    ("companion.contract",),
    ("companion.families",),
    ("companion.games",),
    ("companion.engine",),
    ("companion.store",),
    ("companion.service",),
    ("companion.web",),
    ("companion", "companion.cli", "companion.__main__"),
)
"""Lowest first; a module may import from its own layer and any below it."""


def module_name(path: Path) -> str:
    """The dotted name of a module of the package."""
    parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def layer_of(module: str) -> int:
    """The rank of the layer a module of the package belongs to (its longest matching prefix)."""
    best, rank = "", -1
    for index, prefixes in enumerate(LAYERS):
        for prefix in prefixes:
            if (module == prefix or module.startswith(prefix + ".")) and len(prefix) > len(best):
                best, rank = prefix, index
    if rank < 0:
        raise AssertionError(f"{module} is in no layer: add its package to LAYERS")
    return rank


def imported_modules(path: Path) -> list[tuple[int, str]]:
    """Every module of the package that a file imports, with the line of the import."""
    found: list[tuple[int, str]] = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found += [(node.lineno, alias.name) for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            for alias in node.names:
                # `from companion.engine import charts` imports the module companion.engine.charts
                candidate = f"{node.module}.{alias.name}"
                is_module = (PACKAGE.parent / (candidate.replace(".", "/") + ".py")).exists() or (
                    PACKAGE.parent / candidate.replace(".", "/") / "__init__.py"
                ).exists()
                found.append((node.lineno, candidate if is_module else node.module))
    return [(line, name) for line, name in found if name.split(".")[0] == "companion"]


SOURCES = sorted(p for p in PACKAGE.rglob("*.py") if "translations" not in p.parts)


@pytest.mark.parametrize("path", SOURCES, ids=lambda p: str(p.relative_to(PACKAGE.parent)))
def test_no_module_imports_from_a_layer_above_its_own(path: Path) -> None:
    own = layer_of(module_name(path))
    upward = [
        f"line {line}: {name}"
        for line, name in imported_modules(path)
        if layer_of(name) > own and name != "companion"
    ]
    assert upward == [], f"{module_name(path)} imports from above its layer: {upward}"


def test_every_package_of_the_source_is_a_layer() -> None:
    packages = {module_name(p.parent / "__init__.py") for p in SOURCES}
    for package in packages:
        layer_of(package)


def test_the_walk_sees_an_upward_import(tmp_path: Path) -> None:
    """The check itself: a kit module importing the web layer is found."""
    fake = PACKAGE / "kit" / "cards.py"
    imports = imported_modules(fake)
    assert all(layer_of(name) == 0 for _, name in imports)
    probe = tmp_path / "probe.py"
    probe.write_text("def f():\n    from companion.web import sessions\n", encoding="utf-8")
    assert imported_modules(probe) == [(2, "companion.web.sessions")]
    assert layer_of("companion.web.sessions") > layer_of("companion.kit.cards")


def test_the_web_reaches_data_only_through_the_service() -> None:
    """The store is below the service, and the web may not skip it: a view that read the store
    itself would score or save a hand by a path of its own."""
    offenders = {
        module_name(path): [
            name for _, name in imported_modules(path) if name.startswith("companion.store")
        ]
        for path in SOURCES
        if module_name(path).startswith("companion.web")
    }
    assert {module: found for module, found in offenders.items() if found} == {}


# ---------------------------------------------------------------- sizes

MAX_MODULE_LINES = 400
MAX_CLASS_LINES = 300
SIZED_LAYERS = ("companion.service", "companion.web", "companion.store")
"""The layers whose modules and classes are kept small: a newcomer reads one in a sitting."""


@pytest.mark.parametrize(
    "path",
    [p for p in SOURCES if module_name(p).startswith(SIZED_LAYERS)],
    ids=lambda p: str(p.relative_to(PACKAGE.parent)),
)
def test_service_store_and_web_modules_stay_small(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    assert len(text.splitlines()) <= MAX_MODULE_LINES
    too_long = [
        f"{node.name}: {node.end_lineno - node.lineno + 1} lines"
        for node in ast.walk(ast.parse(text))
        if isinstance(node, ast.ClassDef)
        and node.end_lineno is not None
        and node.end_lineno - node.lineno + 1 > MAX_CLASS_LINES
    ]
    assert too_long == []
