"""The core commands, run as a user runs them."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from .conftest import ROOT

GAMES = ROOT / "games"


def boardspec(*args: str, ok: bool = True) -> subprocess.CompletedProcess[str]:
    run = subprocess.run([sys.executable, "-m", "framework", *args], capture_output=True,
                         text=True, cwd=ROOT)
    if ok:
        assert run.returncode == 0, run.stderr
    return run


def test_validate_all_bundled_games() -> None:
    run = boardspec("validate", *[str(p) for p in sorted(GAMES.glob("*.yaml"))])
    assert run.stdout.count("ok  ") == len(list(GAMES.glob("*.yaml")))


def test_perft_with_fen_and_divide() -> None:
    fen = "x5o/7/2-1-2/7/2-1-2/7/o5x x 0 1"
    assert boardspec("perft", "games/ataxx.yaml", "3", "--fen", fen).stdout.strip() == "4184"
    lines = boardspec("perft", "games/ataxx.yaml", "2", "--divide").stdout.splitlines()
    assert lines[-1] == "total: 256" and len([x for x in lines if ": " in x]) == 17


def test_moves_json_lists_cells() -> None:
    out = json.loads(boardspec("moves", "games/ataxx.yaml", "--json").stdout)
    assert len(out) == 16
    jump = next(m for m in out if m["notation"] == "a7c5")
    assert jump == {"notation": "a7c5", "phase": "move", "kind": "jump", "from": "a7",
                    "to": "c5"}


def test_apply_prints_fen_or_json_and_chains(tmp_path: Path) -> None:
    fen_out = boardspec("apply", "games/ataxx.yaml", "b6", "a1c3", "--fen",
                        "x5o/7/7/7/7/7/o5x x 0 1").stdout.strip()
    assert fen_out == "x5o/1x5/7/7/2o4/7/6x x 1 2"  # a jump counts on the clock
    position = boardspec("apply", "games/assimilation.yaml", "b6").stdout
    data = json.loads(position)
    assert data["to_move"] == "black" and data["cells"]["b6"]["owner"] == "white"
    pos_file = tmp_path / "p.json"
    pos_file.write_text(position)
    again = json.loads(boardspec("apply", "games/assimilation.yaml", "a1c2",
                                 "--position", str(pos_file)).stdout)
    assert again["cells"]["c2"]["owner"] == "black" and "a1" not in again["cells"]


def test_apply_refuses_illegal_action_with_reason() -> None:
    run = boardspec("apply", "games/ataxx.yaml", "b6", "b6", ok=False)
    assert run.returncode == 2 and "Traceback" not in run.stderr
    assert "action 2 ('b6')" in run.stderr and "not legal here" in run.stderr


def test_bad_position_is_refused_cleanly() -> None:
    run = boardspec("show", "games/ataxx.yaml", "--position", '{"cells": {"z9": "x"}}', ok=False)
    assert run.returncode == 2 and "'z9' is not a cell of this board" in run.stderr
    run = boardspec("show", "games/ataxx.yaml", "--fen", "x5o/7/7 x 0 1", ok=False)
    assert "3 rows, the board has 7" in run.stderr


def test_show_draws_rows_and_files() -> None:
    out = boardspec("show", "games/ataxx.yaml").stdout.splitlines()
    assert out[0].split() == ["7", "x", ".", ".", ".", ".", ".", "o"]
    assert out[6].split() == ["1", "o", ".", ".", ".", ".", ".", "x"]


def test_play_runs_a_game_to_the_end() -> None:
    out = boardspec("play", "games/hexxagon.yaml", "--seed", "3").stdout
    assert "winner: " in out or "draw" in out


def test_show_names_the_cells_of_a_custom_board() -> None:
    out = boardspec("show", "games/web.yaml").stdout
    board = out.rsplit("\n", 2)[0]  # without the status line
    assert "?" not in board
    for name in ("c0", "a1", "b6"):
        assert name in board.split() or any(w.startswith(name + "=") for w in board.split())


def test_the_program_is_named_boardspec_however_it_was_started(tmp_path: Path) -> None:
    """``python -m framework`` and a script under another name show usage and errors as
    ``boardspec`` (they showed 'python -m framework perft' and the script's name)."""
    script = tmp_path / "bs-wrapper"
    script.write_text("from framework.command import main\nmain()\n")
    for start in ([sys.executable, "-m", "framework"], [sys.executable, str(script)]):
        refused = subprocess.run([*start, "perft"], capture_output=True, text=True, cwd=ROOT)
        assert refused.returncode == 2
        assert refused.stderr.startswith("error: boardspec perft: "), refused.stderr
        assert "'boardspec perft --help'" in refused.stderr
        helped = subprocess.run([*start, "validate", "--help"], capture_output=True,
                                text=True, cwd=ROOT)
        assert "Usage: boardspec validate" in helped.stdout, helped.stdout
        for wrong in ("-m framework", "bs-wrapper", "__main__"):
            assert wrong not in refused.stderr + helped.stdout
