"""Chess as data (games/chess.yaml) against the published perft counts and python-chess.

A chess move is one turn: the move itself, then — for a pawn reaching the last rank — the
choice of the new kind (``e7e8 q``), which is UCI's ``e7e8q`` once the space is dropped.
Differences from python-chess, pinned below: the game ends by itself at 100 half-moves
without a capture or a pawn move (as in OpenSpiel; python-chess only lets a player claim
it), and that draw comes before a mate given on the 100th half-move (OpenSpiel's order;
FIDE and python-chess let the mate stand). A threefold repetition and insufficient material
end the game by themselves too, as OpenSpiel ends them (python-chess only lets a player
claim the repetition); OpenSpiel counts an en passant cell in the repeated position when an
enemy pawn stands beside it, python-chess only when the capture is legal.
"""

from __future__ import annotations

import random
from pathlib import Path

import chess
import pytest

from framework import load_game
from framework.engine.state import State
from framework.engine.turns import perft_turns

from .conftest import ROOT

GAME = load_game(ROOT / "games" / "chess.yaml")
PERFT = [line.rstrip("\n").split("\t") for line in
         (Path(__file__).parent / "data" / "chess-perft.tsv").read_text().splitlines()
         if line and not line.startswith("#")]


def uci_moves(state: State) -> set[str]:
    """The legal turns of ``state`` in UCI: a move, or a move and the promotion choice."""
    found = set()
    moves = GAME.phases[state.phase]
    later = GAME.phases[state.phase + 1:]
    for action in state.legal_actions():
        if not any(p.may_act_after(state, action) for p in later):
            found.add(action.notation)
            continue
        child = state.child(action)
        if child.is_terminal() or child.to_move != state.to_move:
            found.add(action.notation)
        else:
            found |= {action.notation + choice.notation for choice in child.legal_actions()}
    assert moves.name == "move"
    return found


def play_uci(state: State, uci: str) -> None:
    state.apply(uci[:4])
    if len(uci) == 5:
        state.apply(uci[4])


@pytest.mark.parametrize("name,fen,counts", [(r[0], r[1], r[2:]) for r in PERFT],
                         ids=[r[0] for r in PERFT])
def test_published_perft_to_depth_3(name: str, fen: str, counts: list[str]) -> None:
    state = GAME.state_from_fen(fen)
    assert [perft_turns(state, d) for d in (1, 2, 3)] == [int(c) for c in counts[:3]]


def test_perft_4_from_the_start() -> None:
    assert perft_turns(GAME.new_initial_state(), 4) == 197281


@pytest.mark.slow
@pytest.mark.parametrize("name,fen,counts", [(r[0], r[1], r[2:]) for r in PERFT],
                         ids=[r[0] for r in PERFT])
def test_published_perft_deeper(name: str, fen: str, counts: list[str]) -> None:
    state = GAME.state_from_fen(fen)
    depth = len(counts)
    assert perft_turns(state, depth) == int(counts[-1])


def test_start_position_and_fen_round_trip() -> None:
    state = GAME.new_initial_state()
    assert state.to_fen() == chess.STARTING_FEN
    for fen in [r[1] for r in PERFT] + ["8/8/8/3pP3/8/8/8/k6K w - d6 0 2"]:
        assert GAME.state_from_fen(fen).to_fen() == fen
    state.apply("e2e4")
    assert state.to_fen() == "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1"
    assert state.to_json()["en_passant"] == "e3" and state.to_json()["castling"] == "KQkq"


def compare_game(seed: int, max_plies: int | None) -> int:
    """One random game played side by side; returns its length in plies."""
    rng = random.Random(seed)
    ours, board = GAME.new_initial_state(), chess.Board()
    ply = 0
    while True:
        where = f"seed {seed}, ply {ply}, {board.fen(en_passant='fen')}"
        assert ours.to_fen() == board.fen(en_passant="fen"), where
        theirs = {m.uci() for m in board.legal_moves}
        fifty = board.halfmove_clock >= 100
        drawn = fifty or board.is_repetition(3) or board.is_insufficient_material()
        over = drawn or board.is_checkmate() or board.is_stalemate()
        assert ours.is_terminal() == over, where
        if over:
            # Checkmate loses (unless given on the 100th half-move: a draw, see above).
            mated = board.is_checkmate() and not drawn
            loser = 0 if board.turn == chess.WHITE else 1
            expected = [0.0, 0.0] if not mated else \
                [-1.0, 1.0] if loser == 0 else [1.0, -1.0]
            assert ours.returns() == expected, where
            return ply
        assert uci_moves(ours) == theirs, where
        assert ours.returns() == [0.0, 0.0]
        if max_plies is not None and ply >= max_plies:
            return ply
        move = rng.choice(sorted(theirs))
        play_uci(ours, move)
        board.push_uci(move)
        ply += 1


def test_random_games_agree_with_python_chess() -> None:
    """Short games from the start (the openings' castling, en passant and checks), and a
    few whole games (endings: promotions, mates, stalemates, the fifty-move draw)."""
    plies = sum(compare_game(seed, 40) for seed in range(150))
    plies += sum(compare_game(seed, None) for seed in range(1000, 1012))
    assert plies > 6000


@pytest.mark.slow
def test_many_random_games_agree_with_python_chess() -> None:
    assert sum(compare_game(seed, None) for seed in range(2000, 3000)) > 100_000


def compare_with_openspiel(seed: int, max_plies: int | None) -> int:
    """One random game beside OpenSpiel 2.0.2's C++ ``chess`` (its actions are SAN; python-
    chess reads them on OpenSpiel's own FEN): the legal moves, the player to move, the
    terminal flag and the returns at every ply, through its draws by threefold repetition,
    insufficient material and the fifty-move rule."""
    pyspiel = pytest.importorskip("pyspiel")
    rng = random.Random(seed)
    spiel = pyspiel.load_game("chess").new_initial_state()
    ours, board = GAME.new_initial_state(), chess.Board()
    ply = 0
    while True:
        fen = str(spiel)
        where = f"seed {seed}, ply {ply}, {fen}"
        assert ours.to_fen().split()[:3] == fen.split()[:3], where
        assert ours.is_terminal() == spiel.is_terminal(), where
        # OpenSpiel's chess seats black as player 0 and white as player 1.
        assert ours.returns() == spiel.returns()[::-1], where
        if spiel.is_terminal():
            return ply
        # OpenSpiel's chess seats black as player 0 and white as player 1.
        assert ours.current_player == 1 - spiel.current_player(), where
        here = chess.Board(fen)
        sans = {a: spiel.action_to_string(spiel.current_player(), a)
                for a in spiel.legal_actions()}
        theirs = {here.parse_san(san).uci(): a for a, san in sans.items()}
        assert uci_moves(ours) == set(theirs), where
        if max_plies is not None and ply >= max_plies:
            return ply
        move = rng.choice(sorted(theirs))
        play_uci(ours, move)
        board.push_uci(move)
        spiel.apply_action(theirs[move])
        ply += 1


def test_random_games_agree_with_openspiel() -> None:
    plies = sum(compare_with_openspiel(seed, 30) for seed in range(40))
    plies += sum(compare_with_openspiel(seed, None) for seed in range(500, 504))
    assert plies > 1500


@pytest.mark.slow
def test_many_random_games_agree_with_openspiel() -> None:
    assert sum(compare_with_openspiel(seed, None) for seed in range(3000, 3300)) > 30_000


# The white pawn's double step lets the black pawn on d4 take en passant: the position after
# it (ply 1) is not the one the knights' dance comes back to at plies 5 and 9 (the en
# passant right is gone), so the game is not drawn at ply 9 but at ply 10, the third time
# of the position after g8f6 (plies 2, 6, 10).
EN_PASSANT_FEN = "4k1n1/8/8/8/3p4/8/4P3/4K1N1 w - - 0 1"
DANCE = ["e2e4"] + ["g8f6", "g1f3", "f6g8", "f3g1"] * 2 + ["g8f6"]


def test_threefold_repetition_counts_an_en_passant_right_as_openspiel_does() -> None:
    pyspiel = pytest.importorskip("pyspiel")
    spiel = pyspiel.load_game("chess").new_initial_state(EN_PASSANT_FEN)
    ours = GAME.state_from_fen(EN_PASSANT_FEN)
    for ply, move in enumerate(DANCE, start=1):
        sans = {chess.Board(str(spiel)).parse_san(spiel.action_to_string(a)).uci(): a
                for a in spiel.legal_actions()}
        spiel.apply_action(sans[move])
        ours.apply(move)
        assert ours.is_terminal() == spiel.is_terminal() == (ply == len(DANCE)), ply
    assert ours.returns() == [0.0, 0.0] == spiel.returns()


def test_repetition_and_insufficient_material_end_the_game_as_the_rulebook_says() -> None:
    state = GAME.new_initial_state()
    for move in ["g1f3", "g8f6", "f3g1", "f6g8"] * 2:
        assert not state.is_terminal()
        state.apply(move)
    assert state.is_terminal() and state.returns() == [0.0, 0.0]  # the start, a third time
    for fen, drawn in [("8/8/4k3/8/8/3K4/8/8 w - - 0 1", True),        # the kings alone
                       ("8/8/4k3/8/8/3K4/4N3/8 w - - 0 1", True),      # a knight
                       ("8/8/4k3/8/8/3K4/3NN3/8 w - - 0 1", False),    # two knights
                       ("8/8/2b1k3/8/8/3K4/2B5/8 w - - 0 1", True),    # bishops on light cells
                       ("8/8/3bk3/8/8/3K4/2B5/8 w - - 0 1", False),    # on both colours
                       ("8/8/4k3/8/8/3K4/2B1N3/8 w - - 0 1", False),   # a bishop and a knight
                       ("8/8/4k3/8/8/3K4/2P5/8 w - - 0 1", False)]:    # a pawn
        assert GAME.state_from_fen(fen).is_terminal() == drawn, fen
    rules = " ".join(g.describe() for g in GAME.goals)
    assert "threefold repetition" in rules and "Insufficient material" in rules
