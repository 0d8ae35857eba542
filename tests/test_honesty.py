"""Figures and reports say what was measured or checked, and nothing else."""

from __future__ import annotations

import re

import yaml

import framework.bench.runner as bench
import framework.bench.workers as workers
from framework import load_game_text
from framework.check.runner import check_game, check_termination

from .conftest import ROOT

ENDLESS = (ROOT / "tests" / "data" / "broken" / "endless.yaml").read_text(encoding="utf-8")


def test_termination_without_max_plies_is_not_required_not_passed() -> None:
    game = load_game_text(ENDLESS.replace("max_plies: 60", "max_plies: null"))
    assert game.spec.max_plies is None
    outcome = check_termination(game, 5, 0)
    assert outcome.status == "not required" and outcome.states == 0
    assert "max_plies is null" in outcome.note
    report = check_game(game, examples=2)
    assert not report.failed and not report.unchecked
    statuses = {o.name: o.status for o in report.outcomes}
    assert statuses["random play ends within max_plies"] == "not required"
    bounded = load_game_text(ENDLESS)  # the same game with a bound it breaks
    assert check_termination(bounded, 5, 0).status == "failed"


def test_the_bench_compares_only_what_it_measured() -> None:
    assert not any(hasattr(m, "LIBATAXX_PLAYOUTS_PER_SECOND") for m in (bench, workers))
    figures = {
        "ataxx_playouts": {"ours": {"median": 800.0, "runs": [{"plies_per_game": 180.0}]}},
        "native_playouts": {"ours": {"median": 19200.0,
                                     "runs": [{"plies_per_game": 180.0}]}},
    }
    text = bench.details({"figures": figures})
    assert "- native_playouts: 24× our Python engine in the same run" in text
    # a figure this run did not measure is compared with nothing
    alone = bench.details({"figures": {"native_playouts": figures["native_playouts"]}})
    assert "our Python engine" not in alone
    assert "libataxx" not in text and "quoted" not in text
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    table = [line for line in readme.splitlines() if line.startswith("| Ataxx random")]
    assert table and not any("libataxx" in line for line in table)


def test_a_wrong_perft_count_is_an_error_not_a_time() -> None:
    assert workers._perft_result(workers.PERFT_NODES, 0.5, 0.6)["value"] == 0.5
    wrong = workers._perft_result(workers.PERFT_NODES - 1, 0.5, 0.6)
    assert set(wrong) == {"error"} and "expected 4,752,668" in wrong["error"]


def test_no_docstring_names_a_path_of_one_machine() -> None:
    machine = re.compile(r"/work/|/home/\w|C:\\\\")
    found = [str(path.relative_to(ROOT)) for path in (ROOT / "framework").rglob("*.py")
             if machine.search(path.read_text(encoding="utf-8"))]
    assert found == []


#: Game names and piece kinds that are also plain English words of the engine's prose ("its
#: attributes go with it", "cut to one line"): the test cannot tell the game from the word.
ORDINARY_WORDS = {"go", "line", "piece"}  # Fanorona calls its kind "piece"


def test_no_engine_file_names_a_game_or_a_piece_kind() -> None:
    """Rule knowledge lives in game files: the engine names no bundled game (by file or
    title) and no piece kind of one (king, pawn, man, adaptoid, …), not even in a
    docstring."""
    words: set[str] = set()
    for path in (ROOT / "games").glob("*.yaml"):
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
        name = data["name"]  # a text, or a $if of texts (a name that a parameter changes)
        names = [name[k] for k in ("then", "else") if k in name] if isinstance(name, dict) \
            else [name]
        words |= {path.stem.lower(), *(n.lower() for n in names), *data["pieces"]}
    words -= ORDINARY_WORDS
    found = []
    for path in sorted((ROOT / "framework" / "engine").glob("*.py")):
        text = path.read_text(encoding="utf-8").lower()
        found += [(path.name, w) for w in sorted(words)
                  if re.search(rf"(?<![\w-]){re.escape(w)}(?![\w-])", text)]
    assert found == []
