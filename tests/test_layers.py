"""The package's layers (``framework/game.py`` lists them) hold at package level.

Every module belongs to a declared package (the longest prefix of its name in
``LAYERS``); a package may not reach, through any chain of imports, a package of a higher
layer, and no packages import each other around a loop. An import counts wherever it is
made — inside functions too, which run as surely as those at the top of a file (only
``if TYPE_CHECKING:`` blocks, which never run, are left out) — and so does the package
``__init__`` that Python runs before any module of that package. The bench harnesses are
outside the layers: only the ``bench`` command imports them.
"""

from __future__ import annotations

import ast
import shutil
from collections.abc import Iterable
from pathlib import Path

import networkx as nx

from .conftest import ROOT

#: The layers, lowest first: (name, packages). A package is named by its dotted prefix; a
#: module belongs to the longest declared prefix of its name.
LAYERS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("values", ("framework.errors", "framework.limits", "framework.safeio", "framework.bundled",
                "framework.expressions", "framework.numerals", "framework.entries",
                # The engine's value modules: framework/engine/__init__.py is empty, so
                # importing them runs nothing of the engine core.
                "framework.engine.action", "framework.engine.bits", "framework.engine.slots",
                "framework.engine.piles")),
    ("plugin API", ("framework.plugins",)),
    ("tables", ("framework.i18n", "framework.board", "framework.spec", "framework.codec",
                "framework.render", "framework.pickling", "framework.observation",
                "framework.examples")),
    ("engine core", ("framework.engine", "framework.perft")),
    # The rule units' shared bases: the reference twins' (RefState, the Ref* bases),
    # the native pieces' (Piece and its kin, the kernel helpers).
    # the native pieces' (Piece and its kin, the kernel helpers), and the move primitives'
    # (Primitive, what step, slide and leap share, the attack tables; a kind's own moves
    # are read from the game's model: framework/spec/piece_moves.py).
    ("unit cores", ("framework.moves", "framework.reference", "framework.kernel")),
    # One folder per keyword (framework/rules/<kind>/<keyword>/: the engine part, its
    # reference twin and its native piece), and the restriction wrapper the compiler uses.
    ("rule units", ("framework.rules", "framework.restrictions")),
    # They load the units by registry (entry points), never by a static import: the
    # compiler, the reference game (check's oracle) and the native backend's assembly.
    ("drivers", ("framework.compiler", "framework.notation_words", "framework.san",
                 "framework.check.reference", "framework.native")),
    # The package's own __init__ re-exports the façade lazily (PEP 562).
    ("façade", ("framework.game", "framework")),
    ("players and runs", ("framework.agents", "framework.records", "framework.pgn",
                          "framework.ratings",
                          "framework.seals", "framework.study",
                          "framework.backend_base", "framework.ray_backend",
                          "framework.backends", "framework.match")),
    ("tools", ("framework.check", "framework.docs", "framework.balance", "framework.interop",
               "framework.web")),
    ("commands", ("framework.cli", "framework.command", "framework.__main__")),
)
#: Packages outside the layers, and the only modules that may import them.
OUTSIDE: dict[str, frozenset[str]] = {"framework.bench": frozenset({"framework.cli.bench"})}
#: Imports the layers do not allow yet, each until the move named beside it is done (issue
#: 23): (importing package, imported package). ``test_no_pending_import_is_stale`` fails
#: when one is no longer made, so that it is struck off.
PENDING: dict[tuple[str, str], str] = {}


def module_name(path: Path, root: Path) -> str:
    parts = path.relative_to(root).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


class _Imports(ast.NodeVisitor):
    """The modules of the package that one module imports (at any depth of its code)."""

    def __init__(self, module: str, is_package: bool, modules: Iterable[str]) -> None:
        self.module = module
        self.package = module if is_package else module.rpartition(".")[0]
        self.modules = set(modules)
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
            full = f"{base}.{alias.name}"
            self._add(full if full in self.modules else base)

    def _add(self, name: str) -> None:
        while name and name not in self.modules:
            name = name.rpartition(".")[0]
        if name and name != self.module:
            self.found.add(name)


def import_graph(root: Path = ROOT, parents: bool = True) -> nx.DiGraph:
    """Module → module it imports, for every module of ``root/framework``. With ``parents``,
    each module also imports its parent packages' ``__init__`` (Python runs them first) —
    those that import anything: an empty one runs nothing."""
    paths = {module_name(p, root): p for p in (root / "framework").rglob("*.py")}
    graph = nx.DiGraph()
    for name, path in paths.items():
        visitor = _Imports(name, path.name == "__init__.py", paths)
        visitor.visit(ast.parse(path.read_text(encoding="utf-8")))
        graph.add_node(name)
        graph.add_edges_from((name, target) for target in visitor.found)
    if parents:
        for name in list(graph):
            parent = name.rpartition(".")[0]
            while parent.count("."):  # framework.x.y's parents down to framework.x
                if graph.out_degree(parent):
                    graph.add_edge(name, parent)
                parent = parent.rpartition(".")[0]
    return graph


def package_of(module: str) -> str | None:
    """The declared package a module belongs to: the longest prefix in the layers."""
    if module == "framework":  # the package's own __init__, and none of its modules
        return module
    declared = [p for _, packages in LAYERS for p in packages] + list(OUTSIDE)
    found = [p for p in declared if module == p or module.startswith(p + ".")]
    return max(found, key=len) if found else None


LAYER_OF = {package: i for i, (_, packages) in enumerate(LAYERS) for package in packages}


def reach(modules: nx.DiGraph, pending: Iterable[tuple[str, str]] = PENDING
          ) -> dict[str, dict[str, list[str]]]:
    """For each package, every other package that one of its modules reaches through any
    chain of imports, with the shortest such chain of modules (the pending imports left
    out)."""
    waived = set(pending)
    graph = nx.DiGraph(modules)
    graph.remove_edges_from([(a, b) for a, b in modules.edges
                             if (package_of(a), package_of(b)) in waived])
    members: dict[str, list[str]] = {}
    for module in graph:
        members.setdefault(package_of(module) or module, []).append(module)
    found: dict[str, dict[str, list[str]]] = {}
    for package, own in sorted(members.items()):
        paths = nx.multi_source_dijkstra_path(graph, set(own))
        reached: dict[str, list[str]] = {}
        for module, path in sorted(paths.items(), key=lambda item: len(item[1])):
            other = package_of(module) or module
            if other != package and other not in reached:
                reached[other] = path
        found[package] = reached
    return found


def upward_reaches(modules: nx.DiGraph, pending: Iterable[tuple[str, str]] = PENDING
                   ) -> list[str]:
    """Every package that reaches a package of a higher layer, with the chain that does it
    (who may import the packages outside the layers is
    ``test_only_the_bench_command_imports_the_bench_harnesses``'s)."""
    found = []
    for package, reached in reach(modules, pending).items():
        for other, path in reached.items():
            if package in LAYER_OF and other in LAYER_OF and LAYER_OF[other] > LAYER_OF[package]:
                found.append(f"{package} ({LAYERS[LAYER_OF[package]][0]}) reaches {other} "
                             f"({LAYERS[LAYER_OF[other]][0]}): {' → '.join(path)}")
    return found


def package_loops(modules: nx.DiGraph, pending: Iterable[tuple[str, str]] = PENDING
                  ) -> list[str]:
    """Every two packages that reach each other, with the chains both ways."""
    reached = reach(modules, pending)
    return [f"{a} ⇄ {b}: {' → '.join(reached[a][b])}; {' → '.join(reached[b][a])}"
            for a in sorted(reached) for b in sorted(reached[a])
            if a < b and a in reached.get(b, {})]


MODULES = import_graph()


def test_every_module_belongs_to_a_declared_package() -> None:
    assert sorted(m for m in MODULES if package_of(m) is None) == []


def test_no_package_reaches_a_package_of_a_higher_layer() -> None:
    assert upward_reaches(MODULES) == []


def test_no_import_loop_between_packages() -> None:
    assert package_loops(MODULES) == []


def test_no_import_loop_between_modules() -> None:
    # The imports written in the files (a package's __init__ importing its own modules is
    # how a package is made: those implied edges are left out).
    direct = import_graph(parents=False)
    loops = [sorted(c) for c in nx.strongly_connected_components(direct) if len(c) > 1]
    assert loops == []


def test_only_the_bench_command_imports_the_bench_harnesses() -> None:
    for outside, allowed in OUTSIDE.items():
        importers = {a for a, b in MODULES.edges
                     if package_of(b) == outside and package_of(a) != outside}
        assert importers <= allowed, outside
    assert MODULES.has_edge("framework.cli.bench", "framework.bench.runner")


def test_no_pending_import_is_stale() -> None:
    made = {(package_of(a), package_of(b)) for a, b in MODULES.edges}
    assert sorted(p for p in PENDING if p not in made) == []


def test_every_pending_import_is_one_the_layers_refuse() -> None:
    # A waiver for an import the layers allow anyway would hide nothing but a mistake.
    for importer, imported in PENDING:
        assert LAYER_OF[imported] > LAYER_OF[importer], (importer, imported)


def test_the_layers_are_the_ones_the_facade_lists() -> None:
    doc = (ROOT / "framework" / "game.py").read_text(encoding="utf-8")
    doc = " ".join(doc.split('"""')[1].split())
    for name, packages in LAYERS:
        assert f"{name}:" in doc, name
        for package in packages:
            assert f"``{package}``" in doc, package
    for outside in OUTSIDE:
        assert f"``{outside}``" in doc, outside


def test_the_graph_sees_imports_inside_functions_and_parent_packages() -> None:
    # The check must not pass by missing the lazy imports that hide most loops.
    assert MODULES.has_edge("framework.engine.state", "framework.engine.turns")
    assert MODULES.has_edge("framework.rules.phases.moves.reference",
                            "framework.rules.phases.moves")
    assert not MODULES.has_edge("framework.engine.bits", "framework.engine")  # empty


def test_the_rule_units_sit_above_the_cores_and_below_the_drivers() -> None:
    # Declared whether or not framework/rules/ exists yet.
    rules = LAYER_OF["framework.rules"]
    assert max(LAYER_OF["framework.engine"], LAYER_OF["framework.reference"],
               LAYER_OF["framework.kernel"]) < rules
    assert rules < min(LAYER_OF["framework.compiler"], LAYER_OF["framework.native"],
                       LAYER_OF["framework.check.reference"])
    assert package_of("framework.rules.moves.step.native") == "framework.rules"
    assert package_of("framework.check.reference.game") == "framework.check.reference"


PLANTED = '''
def planted() -> object:
    from framework.game import load_game  # the engine core reaching for the façade

    return load_game
'''


def _copy_with(tmp: Path, files: dict[str, str]) -> Path:
    """A copy of the package's sources with ``files`` (path: text) written into it."""
    shutil.copytree(ROOT / "framework", tmp / "framework",
                    ignore=shutil.ignore_patterns("__pycache__", "locale", "static",
                                                  "templates"))
    for name, text in files.items():
        (tmp / "framework" / name).write_text(text, encoding="utf-8")
    return tmp


def test_a_planted_package_loop_fails_the_check(tmp_path: Path) -> None:
    # One module of the engine core imports the façade (inside a function), in a copy of
    # the package: the façade imports the engine, so the two packages form a loop, and the
    # engine reaches a higher layer through it.
    planted = import_graph(_copy_with(tmp_path, {"engine/planted.py": PLANTED}))
    loops = package_loops(planted)
    assert any(line.startswith("framework.engine ⇄ framework.game: framework.engine.planted "
                               "→ framework.game;") for line in loops), loops
    found = upward_reaches(planted)
    assert "framework.engine (engine core) reaches framework.game (façade): " \
        "framework.engine.planted → framework.game" in found, found
    # The package as it is passes.
    assert upward_reaches(MODULES) == [] and package_loops(MODULES) == []


def test_a_loop_only_a_chain_of_packages_makes_is_found(tmp_path: Path) -> None:
    # values → tables: the safe-I/O module planted to import the game model, which reaches
    # safe I/O back only through other modules of spec (its YAML reader): the loop closes
    # through a chain, not through two modules importing each other.
    text = (ROOT / "framework" / "safeio.py").read_text(encoding="utf-8")
    planted = import_graph(_copy_with(tmp_path, {
        "safeio.py": text + "\n\ndef _planted() -> None:\n"
                            "    import framework.spec.models  # noqa: F401\n"}))
    loops = package_loops(planted)
    assert any(line.startswith("framework.safeio ⇄ framework.spec: framework.safeio → "
                               "framework.spec.models") for line in loops), loops
    assert any(line.startswith("framework.safeio (values) reaches framework.spec (tables)")
               for line in upward_reaches(planted))


def test_the_waiver_hides_only_the_pending_imports() -> None:
    # Without it, every pending import is a real upward reach today; with it, none is left.
    found = upward_reaches(MODULES, pending=())
    for importer, imported in PENDING:
        assert any(line.startswith(f"{importer} (") and f"reaches {imported} (" in line
                   for line in found), (importer, imported)
