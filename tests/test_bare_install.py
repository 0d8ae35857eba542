"""The core install: no command a newcomer runs first imports an optional dependency.

The README's main command (``pip install -e . && boardspec validate games/*.yaml &&
boardspec play games/ataxx.yaml --seed 1``) installs no extra, so every unit, its reference
twin and its native piece must import without numpy and numba, and ``validate`` must say
what the native backend would do without loading numba. These tests run boardspec in a
process where importing either fails as it does on a core install (``.ci/run`` also runs
the command itself in a fresh venv without the extras).
"""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from pathlib import Path

from .conftest import GAME_FILES, ROOT
from .third_party import DROP_GAME, DROP_PHASE, written

#: Makes ``import numpy`` / ``import numba`` fail as on a core install (a ``None`` in
#: ``sys.modules``: the import raises ImportError and ``importlib.util.find_spec`` finds
#: nothing, as for a package not installed), then runs the code that follows it.
BLOCKER = textwrap.dedent("""
    import sys

    for optional in ("numpy", "numba"):
        sys.modules[optional] = None
""")

def _run_bare(code: str, env: dict[str, str] | None = None
              ) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-c", BLOCKER + textwrap.dedent(code)],
                          capture_output=True, text=True, cwd=ROOT, timeout=600,
                          env={**os.environ, **(env or {})})


def test_the_blocker_hides_numpy() -> None:
    done = _run_bare("import numpy")
    assert done.returncode != 0 and "numpy halted" in done.stderr


def test_every_unit_and_its_twins_import_without_numpy_or_numba() -> None:
    done = _run_bare("""
        from framework.plugins import KINDS, plugins, twin

        loaded = 0
        for kind in KINDS:
            for unit in plugins(kind).values():
                for side in ("reference", "native"):
                    loaded += twin(unit, side) is not None
        assert sys.modules["numpy"] is None and sys.modules["numba"] is None
        print("loaded", loaded)
    """)
    assert done.returncode == 0, done.stderr
    assert int(done.stdout.split()[-1]) > 100  # every unit's twins, not none of them


def test_the_readme_main_command_runs_without_the_extras() -> None:
    """``validate`` on every bundled game, then a seeded Ataxx game, as the README says."""
    files = ", ".join(repr(str(p.relative_to(ROOT))) for p in GAME_FILES)
    done = _run_bare(f"""
        from framework.command import main

        for argv in (["validate", {files}], ["play", "games/ataxx.yaml", "--seed", "1"]):
            sys.argv = ["boardspec", *argv]
            try:
                main()
            except SystemExit as exc:
                if exc.code:
                    raise
        assert sys.modules["numpy"] is None and sys.modules["numba"] is None
    """)
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.count("ok  ") == len(GAME_FILES)
    assert "native backend: yes (install the [fast] extra to use it)" in done.stdout
    assert "winner:" in done.stdout or "draw" in done.stdout


def test_the_searching_agents_fall_back_to_python_without_numba() -> None:
    """mcts and alphabeta search in the kernels by default (``auto``): without numba each
    says why once and searches in Python (alphabeta imported numpy for the question)."""
    from framework.agents.base import ENGINE_VARIABLE

    done = _run_bare("""
        from framework.command import main

        sys.argv = ["boardspec", "play", "games/tic-tac-toe.yaml", "--seat", "x=mcts:30i",
                    "--seat", "o=alphabeta:d2", "--seed", "1"]
        try:
            main()
        except SystemExit as exc:
            if exc.code:
                raise
    """, env={ENGINE_VARIABLE: "auto"})
    assert done.returncode == 0, done.stderr[-2000:]
    for agent in ("mcts native playouts", "alphabeta native"):
        assert f"note: {agent}: the native backend needs numba" in done.stderr, done.stderr
    assert "winner:" in done.stdout or "draw" in done.stdout


def test_validate_does_not_fail_a_game_whose_plugin_piece_needs_the_fast_extra(
        tmp_path: Path) -> None:
    """A third party's native piece that imports numba at its top cannot be loaded on a
    core install: validate says the extra decides, and still says ok."""
    plugin = tmp_path / "site"
    plugin.mkdir()
    written(plugin, "dropfast", DROP_PHASE + "\nDrop.native = 'dropfast_native:DropPiece'\n",
            "[boardspec.rules]\nphases.drop = dropfast:Drop\n")
    (plugin / "dropfast_native.py").write_text("import numba\n\nDropPiece = None\n")
    game = tmp_path / "drop.yaml"
    game.write_text(DROP_GAME)
    done = _run_bare(f"""
        sys.path.insert(0, {str(plugin)!r})
        from framework.command import main

        sys.argv = ["boardspec", "validate", {str(game)!r}]
        main()
    """)
    assert done.returncode == 0, done.stderr[-2000:]
    assert "ok  " in done.stdout
    assert "native backend: install the [fast] extra to know (the native of the phases " \
           "unit 'drop'" in done.stdout


def test_ci_runs_the_readme_main_command_in_a_bare_venv_before_the_tests() -> None:
    """``.ci/run`` reads both commands out of the README as it reads the test command, runs
    the main one in a fresh venv without system packages, then the tests (their summary
    stays the last lines CI reads)."""
    script = (ROOT / ".ci" / "run").read_text()
    readme = (ROOT / "README.md").read_text()
    function = script[script.index("readme_command() {"):script.index("\n}\n") + 3]
    for marker in ("main-command", "test-command"):
        found = subprocess.run(["bash", "-c", f"{function}\nreadme_command {marker}"],
                               capture_output=True, text=True, cwd=ROOT, check=True).stdout
        block = readme.split(f"<!-- {marker} -->\n```bash\n", 1)[1].split("\n", 1)[0]
        assert found.strip() == block and block.startswith("pip install -e ")
    bare = script.index('python3 -m venv "$bare/venv"')
    assert "--system-site-packages" not in script
    assert bare < script.index('bash -c "$main_command"') < script.index('bash -c "$command"')
    assert script.rstrip().endswith('bash -c "$command"')
    assert "apt-get install -y $packages" not in script  # --no-install-recommends


#: Hides the fast extra as an install without it does: the path finder finds no numpy,
#: numba or llvmlite (their import fails, ``find_spec`` answers None, and nothing is put
#: in ``sys.modules``: hypothesis, which ``check`` runs, seeds numpy's generator whenever
#: ``numpy`` is there, so ``BLOCKER``'s None would fail it where a core install does not).
UNINSTALLED = textwrap.dedent("""
    import sys
    from importlib.machinery import PathFinder

    _find = PathFinder.find_spec

    def _without_the_fast_extra(name, path=None, target=None):
        if name.partition(".")[0] in ("numpy", "numba", "llvmlite"):
            return None
        return _find(name, path, target)

    PathFinder.find_spec = _without_the_fast_extra
""")


def test_every_core_command_runs_without_the_fast_extra(tmp_path: Path) -> None:
    """Beyond the README's main command: perft (native asked for), moves, show, examples,
    check, docs and a match of searching agents, on games whose units have native pieces,
    import neither numpy nor numba and succeed in Python."""
    chess, ttt = "games/chess.yaml", "games/tic-tac-toe.yaml"
    lines = [["perft", chess, "2", "--backend", "native"], ["perft", "go", "1"],
             ["moves", "games/lines-of-action.yaml"], ["show", "games/shogi.yaml"],
             ["examples", "games/international-draughts.yaml"],
             ["check", ttt, "--examples", "2"],
             ["docs", ttt, "--out", str(tmp_path / "books"), "--lang", "en", "--format",
              "md"],
             ["match", ttt, "--agents", "mcts:10i,alphabeta:d1", "--games", "2", "--out",
              str(tmp_path / "match")]]
    done = subprocess.run([sys.executable, "-c", UNINSTALLED + textwrap.dedent(f"""
        import importlib.util

        assert importlib.util.find_spec("numba") is None  # (hidden as uninstalled)
        from framework.command import main

        for argv in {lines!r}:
            sys.argv = ["boardspec", *argv]
            try:
                main()
            except SystemExit as exc:
                if exc.code:
                    raise
        assert not {{"numpy", "numba"}} & set(sys.modules), "an optional module was loaded"
    """)], capture_output=True, text=True, cwd=ROOT, timeout=600)
    assert done.returncode == 0, done.stderr[-3000:]
    assert "Traceback" not in done.stderr
    assert "400" in done.stdout.split() and "0 failed properties" in done.stdout
    assert (tmp_path / "books" / "en" / "tic-tac-toe.md").is_file()
    assert (tmp_path / "match" / "summary.json").is_file()
