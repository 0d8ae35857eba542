"""Every built-in rule unit is one folder, ``framework/rules/<kind>/<keyword>/``: the block in
``__init__.py``, its reference twin in ``reference.py``, its native kernel piece in
``native.py``; the unit names both (``Unit.reference``, ``Unit.native``), and where it has
none it says why (``no_twin_reason``). Nothing outside ``framework/rules/`` defines a unit."""

from __future__ import annotations

import ast
import sys
from pathlib import Path

import pytest

from framework.plugins import KINDS, PluginKind, plugins, twin

from .conftest import ROOT

RULES = ROOT / "framework" / "rules"


def _built_in() -> list[tuple[PluginKind, str, type]]:
    return [(kind, keyword, unit) for kind in KINDS for keyword, unit in plugins(kind).items()
            if unit.__module__.startswith("framework.")]


BUILT_IN = _built_in()


def test_every_kind_of_unit_is_built_in() -> None:
    assert {kind for kind, _, _ in BUILT_IN} >= {"setups", "phases", "moves", "goals",
                                                 "results", "restrictions", "turn_orders",
                                                 "invariants"}


@pytest.mark.parametrize(("kind", "keyword", "unit"), BUILT_IN,
                         ids=[f"{k}.{w}" for k, w, _ in BUILT_IN])
def test_a_built_in_unit_is_one_folder_naming_its_twin_and_piece(kind: str, keyword: str,
                                                                 unit: type) -> None:
    folder = RULES / kind / keyword
    assert unit.__module__ == f"framework.rules.{kind}.{keyword}"
    assert Path(sys.modules[unit.__module__].__file__ or "") == folder / "__init__.py"
    for side in ("reference", "native"):
        spec = getattr(unit, side)
        if spec is None:
            assert not (folder / f"{side}.py").exists(), f"{side}.py is there but not named"
            assert unit.no_twin_reason, f"{kind}.{keyword} has no {side} and says not why"
            continue
        assert spec.startswith(f".{side}:"), spec  # beside the unit, in its own folder
        assert (folder / f"{side}.py").exists()
        loaded = twin(unit, side)  # type: ignore[arg-type]
        assert isinstance(loaded, type), loaded
        assert loaded.__module__ == f"framework.rules.{kind}.{keyword}.{side}"


def test_invariants_are_check_only() -> None:
    for kind, keyword, unit in BUILT_IN:
        if kind == "invariants":
            assert unit.reference is None and unit.native is None, keyword
            assert unit.no_twin_reason


def _assigned(node: ast.ClassDef) -> set[str]:
    return {t.id for s in node.body if isinstance(s, ast.Assign | ast.AnnAssign)
            for t in (s.targets if isinstance(s, ast.Assign) else [s.target])
            if isinstance(t, ast.Name) and (isinstance(s, ast.Assign) or s.value is not None)}


def _defines_a_keyword(path: Path) -> list[str]:
    """The classes of a file that set a ``keyword =`` and a grammar (``Params =``): units
    (an agent's ``keyword`` has no grammar)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return [node.name for node in ast.walk(tree) if isinstance(node, ast.ClassDef)
            and {"keyword", "Params"} <= _assigned(node)]


def test_no_unit_is_defined_outside_the_rules_package() -> None:
    outside = {str(p.relative_to(ROOT)): found
               for p in (ROOT / "framework").rglob("*.py")
               if RULES not in p.parents and (found := _defines_a_keyword(p))}
    assert outside == {}


def test_the_check_sees_a_unit_defined_in_the_rules_package() -> None:
    # The scan above must not pass by finding nothing at all.
    assert _defines_a_keyword(RULES / "moves" / "step" / "__init__.py") == ["Step"]


def test_drivers_find_units_only_through_the_registry() -> None:
    """No module outside ``framework/rules/`` imports a unit (a package-level loop: the
    units import the core, so the core must not import them)."""
    found = {}
    for path in (ROOT / "framework").rglob("*.py"):
        if RULES in path.parents:
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and (node.module or "").startswith(
                    "framework.rules"):
                found[str(path.relative_to(ROOT))] = node.module
    assert found == {}


def test_a_relative_twin_is_found_beside_the_class_that_names_it(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A unit subclassed in another package inherits ``reference = ".reference:…"``: the
    name is read relative to the class that wrote it, not to the subclass's folder."""
    import importlib

    from framework.rules.phases.custodial import Custodial
    from framework.rules.phases.custodial.native import CustodialPiece
    from framework.rules.phases.custodial.reference import RefCustodial

    package = tmp_path / "elsewhere_units"
    package.mkdir()
    (package / "__init__.py").write_text(
        "from framework.rules.phases.custodial import Custodial\n\n\n"
        "class Sandwich(Custodial):\n    pass\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    sandwich = importlib.import_module("elsewhere_units").Sandwich
    assert sandwich.reference == Custodial.reference == ".reference:RefCustodial"
    assert twin(sandwich, "reference") is RefCustodial
    assert twin(sandwich, "native") is CustodialPiece
