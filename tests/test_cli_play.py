"""play, replay and match, run as a user runs them (stdin fed to the human player)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from framework.records import Record

from .conftest import ROOT


def boardspec(*args: str, stdin: str = "", ok: bool = True) -> subprocess.CompletedProcess[str]:
    run = subprocess.run([sys.executable, "-m", "framework", *args], capture_output=True,
                         text=True, cwd=ROOT, input=stdin)
    if ok:
        assert run.returncode == 0, run.stderr
    return run


def test_human_bad_illegal_undo_save(tmp_path: Path) -> None:
    saved = tmp_path / "mine.txt"
    typed = ["zz", "a7a4", "undo", "b6", "undo", "b6", f"save {saved}", "quit"]
    out = boardspec("play", "games/assimilation.yaml", "--white", "human", "--black",
                    "greedy", "--seed", "1", stdin="\n".join(typed) + "\n").stdout
    assert "not played: 'zz' is not an action of Assimilation" in out
    assert "not played: 'a7a4' is not legal here" in out
    assert "nothing to undo" in out
    assert "undone: back to turn 1" in out
    assert "legal (16): " in out  # the legal moves are shown
    record = Record.load(saved)
    assert record.headers["White"] == "human" and record.headers["Black"] == "greedy"
    assert len(record.turns) == 2 and record.turns[0] == ["b6"]
    game = _game()
    record.verify(game)
    # The bad inputs changed nothing: the human's b6 was played from the start.
    assert record.replay(game, 1) == game.new_initial_state().child(
        game.new_initial_state().parse_action("b6"))


def _game() -> object:
    from framework import load_game

    return load_game(ROOT / "games" / "assimilation.yaml")


def test_quick_start_is_reproducible_and_saves(tmp_path: Path) -> None:
    first = boardspec("play", "games/ataxx.yaml", "--seed", "1").stdout
    assert first == boardspec("play", "games/ataxx.yaml", "--seed", "1").stdout
    assert "winner: " in first or "draw" in first
    path = tmp_path / "g.json"
    boardspec("play", "games/hexxagon.yaml", "--white", "greedy", "--black", "mcts:10i",
              "--seed", "2", "--quiet", "--save", str(path))
    data = json.loads(path.read_text())
    assert data["headers"]["Ruby"] == "greedy" and data["headers"]["Pearl"] == "mcts:10i"
    assert data["turns"]


def test_bad_agent_is_a_usage_error() -> None:
    run = boardspec("play", "games/ataxx.yaml", "--black", "mtcs:2s", ok=False)
    assert run.returncode == 2 and "unknown agent 'mtcs:2s'" in run.stderr


def test_match_writes_records_that_replay(tmp_path: Path) -> None:
    out = tmp_path / "m"
    run = boardspec("match", "games/assimilation.yaml", "--agents", "greedy,random",
                    "--games", "4", "--jobs", "2", "--seed", "5", "--out", str(out))
    assert "won by white" in run.stdout and "greedy" in run.stdout
    summary = json.loads((out / "summary.json").read_text())
    assert summary["games"] == 4 and summary["agents"]["greedy"]["games"] == 4
    again = boardspec("match", "games/assimilation.yaml", "--agents", "greedy,random",
                      "--games", "4", "--seed", "5")
    assert again.stdout == run.stdout
    records = sorted(out.glob("game-*.txt"))
    assert len(records) == 4
    shown = boardspec("replay", str(records[0]), "--ply", "2").stdout
    assert "every action verified" in shown and "position after ply 2" in shown
    lines = records[1].read_text().splitlines()
    fifth = next(i for i, line in enumerate(lines) if line.startswith("5. "))
    lines[fifth] = "5. a1a1"
    records[1].write_text("\n".join(lines) + "\n")
    refused = boardspec("replay", str(records[1]), ok=False)
    assert refused.returncode == 2
    assert "ply 5 (turn 5, 'a1a1') is refused: 'a1a1' is not legal here" in refused.stderr


def test_play_numbers_turns_not_actions() -> None:
    """Before, each action an agent played was numbered as its own ply: Adaptoid's move
    and build of one turn read "3. white: skip", "4. white: +C3"."""
    import re

    from framework import load_game
    from framework.engine.turns import turn_key

    run = boardspec("play", "games/adaptoid.yaml", "--max-plies", "16", "--seed", "3")
    entries = [re.match(r"\s*(\d+)([.…]) (\w+) \(random\): (.+)$", line)
               for line in run.stdout.splitlines()]
    entries = [m for m in entries if m]
    assert len(entries) >= 8
    game = load_game(ROOT / "games" / "adaptoid.yaml")
    state = game.new_initial_state()
    number, key = 0, None
    for m in entries:
        if turn_key(state) != key:
            number, key = number + 1, turn_key(state)
            assert m[2] == "."
        else:
            assert m[2] == "…"
        assert int(m[1]) == number and m[3] == game.players[state.to_move]
        for action in m[4].split():
            state.apply(action)
    assert any(m[2] == "…" for m in entries)


def test_seats_are_taken_by_name_and_never_dropped(tmp_path: Path) -> None:
    import pytest
    import typer

    from framework.cli.play import seats_given

    hex_players = ("black", "white")  # black begins
    assert seats_given(hex_players, {"--white": "greedy"}, [], "black") == {
        1: ("greedy", "--white"), 0: ("human", "--human black")}
    assert seats_given(hex_players, {"--first": "greedy"}, []) == {0: ("greedy", "--first")}
    assert seats_given(("x", "o"), {"--white": "greedy"}, []) == {0: ("greedy", "--white")}
    with pytest.raises(typer.BadParameter, match="seat of white is given twice: by --white "
                                                 "and by --human white"):
        seats_given(hex_players, {"--white": "greedy"}, [], "white")
    with pytest.raises(typer.BadParameter, match="seat of x is given twice"):
        seats_given(("x", "o"), {"--white": "greedy", "--first": "random"}, [])
    # In the terminal: white's agent plays white, though black moves first.
    path = tmp_path / "hex.json"
    boardspec("play", "hex", "--param", "size=5", "--white", "greedy", "--black", "random",
              "--seed", "1", "--quiet", "--save", str(path))
    headers = json.loads(path.read_text())["headers"]
    assert headers["White"] == "greedy" and headers["Black"] == "random"


def test_a_saved_game_goes_on_where_it_stopped(tmp_path: Path) -> None:
    """``play --record`` replays a saved game (dice included) and plays on from its end;
    the record saved then holds the whole game and verifies."""
    first, whole = tmp_path / "first.json", tmp_path / "whole.txt"
    boardspec("play", "backgammon", "--seed", "2", "--max-plies", "7", "--quiet",
              "--save", str(first))
    out = boardspec("play", "backgammon", "--seed", "5", "--max-plies", "15",
                    "--record", str(first), "--save", str(whole)).stdout
    assert f"resumed {first}: 7 actions replayed" in out
    begun, ended = Record.load(first), Record.load(whole)
    assert len(begun.plies) == 7 and len(ended.plies) == 15
    assert ended.plies[:7] == begun.plies  # the replayed turns, then the new ones
    from framework import load_game

    ended.verify(load_game(ROOT / "games" / "backgammon.yaml"))


def test_play_begins_at_a_position_and_its_record_says_so(tmp_path: Path) -> None:
    from framework import load_game

    fen = "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1"
    saved = tmp_path / "ending.txt"
    boardspec("play", "chess", "--fen", fen, "--seed", "1", "--max-plies", "4", "--quiet",
              "--save", str(saved))
    record = Record.load(saved)
    game = load_game(ROOT / "games" / "chess.yaml")
    assert record.start(game) == game.state_from_fen(fen)
    record.verify(game)  # its four plies are legal from the position, not from the start


def test_a_record_that_cannot_go_on_is_refused_by_name(tmp_path: Path) -> None:
    bad = tmp_path / "bad.txt"
    bad.write_text('[Game "Chess"]\n\n1. a1b1\n', encoding="utf-8")
    run = boardspec("play", "chess", "--record", str(bad), ok=False)
    assert run.returncode != 0 and f"{bad}: ply 1" in run.stderr, run.stderr
    other = tmp_path / "other.txt"
    other.write_text('[Game "Ataxx"]\n\n1. b6\n', encoding="utf-8")
    run = boardspec("play", "chess", "--record", str(other), ok=False)
    assert "this record is of 'Ataxx', not of 'Chess'" in run.stderr, run.stderr
    run = boardspec("play", "chess", "--record", str(bad), "--fen", "8/8/8/8/8/8/8/8 w - - 0 1",
                    ok=False)
    assert "give --record or --position/--fen, not both" in run.stderr


def test_a_well_formed_illegal_move_is_called_illegal_and_check_is_shown() -> None:
    """Ke3 in chess's start is a move no piece can make, not a syntax error; the board
    says when the player to move is in check."""
    out = boardspec("play", "chess", "--human", "white", stdin="Ke3\nzz\nquit\n").stdout
    assert "not played: 'Ke3' is not legal here (no legal move fits it); legal: a3, " \
           "a4" in out and "Nf3, Nh3" in out  # every legal move listed, in SAN
    assert "'zz' is not a move in algebraic notation of Chess" in out
    assert "or the game file's own actions" in out
    from framework import load_game
    from framework.render.text import board_text

    chess = load_game(ROOT / "games" / "chess.yaml")
    checked = chess.state_from_fen("4k3/8/8/8/8/8/4r3/4K3 w - - 0 1")
    assert board_text(checked).endswith("white to move, in check")
    assert board_text(chess.new_initial_state()).endswith("white to move")
