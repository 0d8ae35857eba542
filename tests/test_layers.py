"""The package's layers (``framework/game.py`` lists them): no module imports one above its
layer, and no two modules import each other, directly or around a loop — counting imports
made inside functions, which run as surely as those at the top of a file (only
``if TYPE_CHECKING:`` blocks, which never run, are left out)."""

from __future__ import annotations

import ast
from pathlib import Path

import networkx as nx

from .conftest import ROOT

PACKAGE = ROOT / "framework"

#: Modules of the lower layers and what they may not import.
VALUES = {"framework.errors", "framework.engine.action", "framework.engine.bits",
          "framework.engine.slots"}
TABLES = ("framework.spec", "framework.board", "framework.plugins", "framework.compiler")


def module_name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


MODULES = {module_name(p): p for p in PACKAGE.rglob("*.py")}


def _resolve(name: str) -> str | None:
    while name and name not in MODULES:
        name = name.rpartition(".")[0]
    return name or None


class _Imports(ast.NodeVisitor):
    def __init__(self, module: str, is_package: bool) -> None:
        self.module = module
        self.package = module if is_package else module.rpartition(".")[0]
        self.found: set[str] = set()

    def visit_If(self, node: ast.If) -> None:
        if "TYPE_CHECKING" in ast.unparse(node.test):
            for child in node.orelse:
                self.visit(child)
            return
        self.generic_visit(node)

    def visit_Import(self, node: ast.Import) -> None:
        for alias in node.names:
            self._add(alias.name)

    def visit_ImportFrom(self, node: ast.ImportFrom) -> None:
        base = node.module or ""
        if node.level:
            parent = self.package.split(".")[: len(self.package.split(".")) - node.level + 1]
            base = ".".join([*parent, *([node.module] if node.module else [])])
        for alias in node.names:
            self._add(f"{base}.{alias.name}" if f"{base}.{alias.name}" in MODULES else base)

    def _add(self, name: str) -> None:
        target = _resolve(name)
        if target and target != self.module and target.startswith("framework"):
            self.found.add(target)


def import_graph() -> nx.DiGraph:
    graph = nx.DiGraph()
    for name, path in MODULES.items():
        visitor = _Imports(name, path.name == "__init__.py")
        visitor.visit(ast.parse(path.read_text(encoding="utf-8")))
        graph.add_node(name)
        graph.add_edges_from((name, target) for target in visitor.found)
    return graph


def test_no_import_cycle_in_the_package() -> None:
    # The package's own __init__ only re-exports lazily (PEP 562), so it is not a module
    # anything depends on; leaving it out keeps its re-exports from forming false loops.
    graph = import_graph()
    graph.remove_node("framework")
    loops = [sorted(c) for c in nx.strongly_connected_components(graph) if len(c) > 1]
    assert loops == []


def test_the_tables_import_nothing_from_the_engine_above_them() -> None:
    graph = import_graph()
    for name in MODULES:
        if not name.startswith(TABLES):
            continue
        above = sorted(t for t in graph.successors(name)
                       if t.startswith(("framework.engine", "framework.game"))
                       and t not in VALUES)
        assert above == [], f"{name} imports {above}"


def test_the_engine_does_not_import_the_facade() -> None:
    graph = import_graph()
    for name in MODULES:
        if name.startswith("framework.engine"):
            assert "framework.game" not in set(graph.successors(name)), name


def test_the_graph_sees_imports_inside_functions() -> None:
    # The check must not pass by missing the lazy imports that hide most loops.
    graph = import_graph()
    assert graph.has_edge("framework.engine.state", "framework.engine.turns")
