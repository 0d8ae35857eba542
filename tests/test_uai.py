"""``boardspec uai``: the Universal Ataxx Interface, driven by python-ataxx's own client."""

from __future__ import annotations

import random
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from framework import CompiledGame, load_game
from framework.errors import BoardspecError
from framework.interop.uai import UaiEngine
from framework.perft import perft

ataxx = pytest.importorskip("ataxx")
ataxx_uai = pytest.importorskip("ataxx.uai")
ataxx_players = pytest.importorskip("ataxx.players")

ROOT = Path(__file__).resolve().parent.parent
ATAXX = ROOT / "games" / "ataxx.yaml"
FENS = ["x5o/7/7/7/7/7/o5x x 0 1", ataxx.FEN_4CORNERS, "7/7/7/7/ooo4/ooo4/xoo4 x 0 1",
        "7/7/7/7/-------/-------/x5o o 0 1"]


def session(game: CompiledGame, *lines: str, agent: str = "alphabeta:d1") -> list[str]:
    out: list[str] = []
    engine = UaiEngine(game, agent, emit=out.append)
    for line in lines:
        engine.handle(line)
    engine.cmd_stop([])
    return out


def test_the_handshake_and_a_move(ataxx_game: CompiledGame) -> None:
    out = session(ataxx_game, "uai", "isready", "position startpos moves g2", "go depth 2")
    assert out[0].startswith("id name boardspec Ataxx")
    assert "uaiok" in out and "readyok" in out
    best = out[-1].split()
    assert best[0] == "bestmove"
    state = ataxx_game.new_initial_state()
    state.apply("g2")
    assert best[1] in [a.notation for a in state.legal_actions()]


def test_bad_input_is_reported_and_changes_nothing(ataxx_game: CompiledGame) -> None:
    out = session(ataxx_game, "position startpos moves g2", "position startpos moves g2 a7b5",
                  "position fen 8/7 x", "frobnicate", "go depth 1")
    assert any("move 2 ('a7b5')" in line and "not legal" in line for line in out)
    assert any("FEN" in line for line in out)
    assert "info string unknown command 'frobnicate'" in out
    after_g2 = ataxx_game.new_initial_state()
    after_g2.apply("g2")  # the position stayed the last good one: o to move
    assert out[-1].split()[1] in [a.notation for a in after_g2.legal_actions()]


def test_a_forced_pass_and_a_finished_game(ataxx_game: CompiledGame) -> None:
    out = session(ataxx_game, "position fen 7/7/7/7/ooo4/ooo4/xoo4 x 0 1", "go depth 2")
    assert out[-1] == "bestmove 0000"
    out = session(ataxx_game, "position fen 7/7/7/7/7/7/6o x 0 1", "go depth 2")
    assert out[-1] == "bestmove (none)"


def test_clocks_and_budgets_reach_the_agent(ataxx_game: CompiledGame) -> None:
    engine = UaiEngine(ataxx_game, "alphabeta:d3", emit=lambda _: None)
    engine.handle("position startpos")  # x, the first player, moves: btime is its clock
    spec = engine._budgeted({"btime": 30_000, "wtime": 1, "binc": 500})
    assert spec.options["seconds"] == pytest.approx(1.5) and "depth" not in spec.options
    assert engine._budgeted({"depth": 5}).options == {"depth": 5}
    assert engine._budgeted({"movetime": 250}).options["seconds"] == 0.25
    engine.handle("setoption name agent value mcts:100i")
    assert engine._budgeted({"nodes": 40, "depth": 9}).options == {"iterations": 40}


@pytest.mark.parametrize("stem", ["assimilation", "hexxagon"])
def test_any_game_with_a_fen_is_served(stem: str) -> None:
    game = load_game(ROOT / "games" / f"{stem}.yaml")
    out = session(game, "uai", "position startpos", "go depth 1", "perft 2")
    best = next(line for line in out if line.startswith("bestmove")).split()[1]
    assert best in [a.notation for a in game.new_initial_state().legal_actions()]
    assert out[-1] == f"nodes {perft(game.new_initial_state(), 2)}"


def test_a_game_without_fen_is_refused() -> None:
    with pytest.raises(BoardspecError, match="declares no FEN"):
        UaiEngine(load_game(ROOT / "games" / "adaptoid.yaml"))


def boardspec(*args: str, stdin: str = "") -> str:
    return subprocess.run([sys.executable, "-m", "framework", *args], input=stdin,
                          capture_output=True, text=True, check=True).stdout


@pytest.mark.parametrize("fen", FENS[:2])
def test_perft_through_uai_matches_boardspec_perft(fen: str) -> None:
    out = boardspec("uai", str(ATAXX), stdin=f"position fen {fen}\nperft 3\nquit\n")
    assert out.splitlines()[-1] == "nodes " + boardspec("perft", str(ATAXX), "3", "--fen",
                                                        fen).strip()


@pytest.mark.parametrize("fen", FENS)
def test_perft_through_uai_counts_every_depth_as_python_ataxx(ataxx_game: CompiledGame,
                                                              fen: str) -> None:
    out = session(ataxx_game, f"position fen {fen}", "perft 3")
    counts = [int(line.split()[4]) for line in out if line.startswith("info depth")]
    state = ataxx_game.state_from_fen(fen)
    assert counts == [perft(state, d) for d in (1, 2, 3)]
    board = ataxx.Board(fen)
    assert counts == [board.perft(d) for d in (1, 2, 3)]


# python-ataxx's client opens its pipes line-buffered in binary mode, which Python warns about.
pytestmark = pytest.mark.filterwarnings("ignore:line buffering:RuntimeWarning")


@contextmanager
def engine(agent: str) -> Iterator[object]:
    client = ataxx_uai.Engine([sys.executable, "-m", "framework", "uai", str(ATAXX),
                               "--agent", agent])
    try:
        client.uai()
        client.isready(30)
        yield client
    finally:
        client.quit()


def engine_move(client: object, board: object, moves: list[str]) -> str:
    client.position(board.start_fen(), " ".join(moves))  # type: ignore[attr-defined]
    best, _ = client.go(depth=1, maxwait=60)  # type: ignore[attr-defined]
    assert best is not None, "the engine did not answer 'go'"
    move = ataxx.Move.from_san(best)
    legal = board.legal_moves()  # type: ignore[attr-defined]
    assert board.is_legal(move) and move in legal, \
        f"{best} in {board.get_fen()} is not legal for python-ataxx"  # type: ignore[attr-defined]
    return str(best)


def test_python_ataxx_client_plays_20_games_against_boardspec_uai() -> None:
    results = []
    with engine("alphabeta:d1") as client:
        assert client.name.startswith("boardspec Ataxx")  # type: ignore[attr-defined]
        for game in range(20):
            random.seed(game)  # python-ataxx's players draw from the global generator
            board = ataxx.Board(FENS[game % 2])
            client.uainewgame()  # type: ignore[attr-defined]
            ours = game % 2  # the engine plays x in even games, o in odd ones
            moves: list[str] = []
            while not board.gameover():
                if board.turn == ours:
                    san = engine_move(client, board, moves)
                else:
                    san = str(ataxx_players.random_move(board))
                board.makemove(ataxx.Move.from_san(san))
                moves.append(san)
            results.append(board.result())
    assert len(results) == 20 and all(r in ("1-0", "0-1", "1/2-1/2") for r in results)
    # alphabeta beats random: x wins the even games, o the odd ones, nearly always
    won = sum(r == ("1-0" if g % 2 == 0 else "0-1") for g, r in enumerate(results))
    assert won >= 16, results


def test_a_short_match_of_two_settings_through_the_client() -> None:
    scores = {"alphabeta:d1": 0.0, "alphabeta:d2": 0.0}
    with engine("alphabeta:d1") as shallow, engine("alphabeta:d2") as deep:
        for game in range(2):
            seats = [(shallow, "alphabeta:d1"), (deep, "alphabeta:d2")][::1 if game else -1]
            board = ataxx.Board()
            moves: list[str] = []
            while not board.gameover():
                client, _ = seats[board.turn]
                san = engine_move(client, board, moves)
                board.makemove(ataxx.Move.from_san(san))
                moves.append(san)
            result = board.result()
            for side, (_, name) in enumerate(seats):
                scores[name] += {"1-0": 1.0 - side, "0-1": float(side)}.get(result, 0.5)
    assert sum(scores.values()) == 2.0


@pytest.fixture(scope="module")
def ataxx_game() -> CompiledGame:
    return load_game(ATAXX)
