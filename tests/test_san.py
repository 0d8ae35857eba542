"""Chess in Standard Algebraic Notation (``notation.san``), python-chess's SAN the oracle.

Every move written is compared with python-chess's ``Board.san`` and read back to the same
turn; the random games are driven by python-chess's own move list (its SAN read by ours),
so that each move is also a check that the two games offer the same moves. The default run
plays two games and writes every legal move of a few positions chosen for the hard cases
(disambiguation, promotion with capture, castling, en passant, check and mate); the slow
tier plays 1,000 games.
"""

from __future__ import annotations

import random
import shutil
from pathlib import Path

import chess
import pytest

from framework import load_game
from framework.engine.state import State
from framework.engine.turns import Turn
from framework.errors import IllegalActionError, NotationError, SpecError
from framework.game import load_game_text
from framework.records import NOTATION, SAN, Record, RecordError
from framework.san import read_turn, san_of

from .conftest import ROOT

GAME = load_game(ROOT / "games" / "chess.yaml")
WRITER = san_of(GAME)
assert WRITER is not None
#: Positions with the hard cases of SAN, each written move by move.
POSITIONS = [
    # three knights and two rooks that reach the same cells: file, rank and both
    "7k/8/1N3N2/8/1N6/8/R6R/4K3 w - - 0 1",
    # promotions, with and without capture, to each kind; a check by promotion
    "1n2k3/P1P5/8/8/8/8/8/4K3 w - - 0 1",
    # castling on both sides, a rook that could also go to d1 or f1
    "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",
    # en passant (the capture names the file left), a pinned pawn
    "4k3/8/8/2PpP3/8/8/8/4K3 w - d6 0 2",
    # mate in one (Qg7#) and checks
    "6k1/5ppp/8/8/8/8/5PPP/3Q2K1 w - - 0 1",
    "k7/8/1K6/8/8/8/8/7R w - - 0 1",
]


def uci(turn: Turn) -> str:
    return "".join(action.notation for action in turn.actions)


def state_of(fen: str) -> State:
    return State.from_fen(GAME, fen)


def play(state: State, turn: Turn) -> None:
    for action in turn.actions:
        state.apply_unchecked(action)


def every_move_agrees(state: State, board: chess.Board) -> int:
    """Write each legal turn of ``state`` in SAN: python-chess writes the same, and it
    reads back to the same turn."""
    turns = state.legal_turns()
    assert {uci(t) for t in turns} == {m.uci() for m in board.legal_moves}
    for turn in turns:
        written = WRITER.write(state, turn)
        assert written == board.san(chess.Move.from_uci(uci(turn))), board.fen()
        assert WRITER.read(state, written) == turn, written
    return len(turns)


def random_games(games: int, seed: int, every_move_each: int = 0) -> int:
    """Play ``games`` random games, the moves picked from python-chess's list and given to
    our reader in python-chess's SAN; every ``every_move_each``-th position also writes all
    its moves. Returns the moves checked."""
    rng = random.Random(seed)
    checked = 0
    for _ in range(games):
        state, board = GAME.new_initial_state(), chess.Board()
        while not state.is_terminal():
            if every_move_each and board.ply() % every_move_each == 0:
                checked += every_move_agrees(state, board)
            move = rng.choice(list(board.legal_moves))
            theirs = board.san(move)
            turn = WRITER.read(state, theirs)
            assert uci(turn) == move.uci(), (board.fen(), theirs)
            assert WRITER.write(state, turn) == theirs, board.fen()
            board.push(move)
            play(state, turn)
            checked += 1
    return checked


@pytest.mark.parametrize("fen", POSITIONS)
def test_every_move_of_the_hard_positions_is_written_as_python_chess_writes_it(
        fen: str) -> None:
    assert every_move_agrees(state_of(fen), chess.Board(fen)) > 0


def test_two_random_games_write_and_read_every_move_as_python_chess() -> None:
    assert random_games(2, seed=30) > 100


@pytest.mark.slow
def test_a_thousand_random_games_write_and_read_every_move_as_python_chess() -> None:
    # Every move played in 1,000 games (each written, compared and read back), and every
    # legal move of each 100th position.
    assert random_games(1000, seed=2030, every_move_each=100) > 200_000


def test_reading_is_lenient_as_people_write() -> None:
    castles = state_of(POSITIONS[2])
    assert uci(WRITER.read(castles, "0-0")) == "e1g1"
    assert uci(WRITER.read(castles, "O-O-O+")) == "e1c1"
    promotes = state_of(POSITIONS[1])
    assert uci(WRITER.read(promotes, "a8Q")) == "a7a8q"
    assert uci(WRITER.read(promotes, "axb8=n")) == "a7b8n"
    assert uci(WRITER.read(promotes, "c8=R+")) == "c7c8r"
    # The canonical notation is read too where SAN is declared.
    assert uci(read_turn(promotes, "c7c8 b")) == "c7c8b"
    assert uci(read_turn(castles, "e1g1")) == "e1g1"


def test_what_does_not_read_is_refused_with_the_reason() -> None:
    knights = state_of(POSITIONS[0])
    with pytest.raises(IllegalActionError, match="fits 3 legal moves"):
        WRITER.read(knights, "Nd5")  # the knights on b4, b6 and f6
    with pytest.raises(IllegalActionError, match="no legal move fits"):
        WRITER.read(knights, "Qd5")
    with pytest.raises(NotationError, match="algebraic notation"):
        WRITER.read(knights, "Nz9")
    promotes = state_of(POSITIONS[1])
    with pytest.raises(IllegalActionError, match="no legal move fits"):
        WRITER.read(promotes, "c8")  # a pawn on the last rank must become something


def test_records_are_written_in_san_and_read_back(tmp_path: Path) -> None:
    state = GAME.new_initial_state()
    turns: list[list[str]] = []
    for text in ["e2e4", "d7d5", "e4d5", "g8f6", "f1b5", "c7c6", "d5c6", "d8d7", "c6b7",
                 "d7b5", "b7a8 q"]:
        turn = state.parse_turn(text)
        turns.append([a.notation for a in turn.actions])
        play(state, turn)
    record = Record({"Game": GAME.name, "Result": "unfinished"}, turns)
    written = record.in_notation(GAME)
    assert written.headers[NOTATION] == SAN
    assert written.plies == ["e4", "d5", "exd5", "Nf6", "Bb5+", "c6", "dxc6", "Qd7",
                             "cxb7", "Qxb5", "bxa8=Q"]
    path = written.save(tmp_path / "game.txt")
    loaded = Record.load(path)
    assert loaded.verify(GAME) == state
    assert loaded.resolved(GAME).turns == turns  # the file's actions, a choice its own ply
    assert loaded.replay(GAME, 2) == state_of(
        "rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 2")
    broken = Record(dict(written.headers), [*written.turns[:3], ["Nd4"]])
    with pytest.raises(RecordError, match=r"turn 4 \('Nd4'\) is refused: .*no legal move"):
        broken.verify(GAME)


def test_a_wrong_san_entry_is_refused_by_validate() -> None:
    text = (ROOT / "games" / "chess.yaml").read_text()
    with pytest.raises(SpecError, match="'pawnn' is not a kind of piece"):
        load_game_text(text.replace("san: {pawn: pawn}", "san: {pawn: pawnn}"))
    with pytest.raises(SpecError, match="'king' and 'rook' are both written 'K'"):
        load_game_text(text.replace("san: {pawn: pawn}", "san: {pawn: pawn, letters: "
                                                         "{rook: K}}"))


def test_the_web_move_list_and_its_record_write_san(tmp_path: Path) -> None:
    from starlette.testclient import TestClient

    from framework.web import create_app

    shutil.copy(ROOT / "games" / "chess.yaml", tmp_path / "chess.yaml")
    with TestClient(create_app([tmp_path]), base_url="http://localhost") as client:
        made = client.post("/api/play", json={"game": "chess", "seats": ["human", "human"],
                                              "seed": 1}).json()
        state = made["state"]
        for ply, action in enumerate(["e2e4", "d7d5", "e4d5", "d8d5", "b1c3"]):
            response = client.post(f"/api/play/{made['id']}/apply", json={
                "token": made["tokens"][ply % 2], "ply": ply, "action": action})
            assert response.status_code == 200, response.text
            state = response.json()["state"]
        assert [t["written"] for t in state["turns"]] == [["e4"], ["d5"], ["exd5"],
                                                          ["Qxd5"], ["Nc3"]]
        assert [t["actions"] for t in state["turns"]][-1] == ["b1c3"]
        text = client.get(f"/api/play/{made['id']}/record").text
    assert '[Notation "SAN"]' in text and "3. exd5" in text
    record = Record.from_text(text)
    assert record.verify(GAME).to_fen().startswith("rnb1kbnr/ppp1pppp/8/3q4/8/2N5/")
