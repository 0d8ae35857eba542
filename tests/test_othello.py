"""Othello as data (``place`` with ``must_flank``, the ``flip_flanked`` consequence,
``no_legal_move: pass``), checked against the published perft figures and, move for move,
against OpenSpiel's C++ ``othello`` (no one here wrote it).

Notation: OpenSpiel's action ``8·r + c`` is the cell of column ``c`` (a..h) and row
``r + 1``, written as we write it (``d3``): OpenSpiel draws row 1 at the top, and so does
our file (``row_one: top``, only a drawing's choice); the names, the start (d4 and e5
white, d5 and e4 black) and so every move agree. Black (OpenSpiel's player 0) moves first.

Passing: OpenSpiel has an explicit pass action (64, written ``pass``) that is the only legal
action of a player who cannot place a disc while the other can. Ours is the same: with
``no_legal_move: pass`` the engine offers the stuck player exactly one action, the pass,
written ``pass`` as the game's ``notation`` says. When neither player can place a disc,
both engines end the game at once (no pass is played).
"""

from __future__ import annotations

import random
from collections import Counter

import pyspiel
import pytest

from framework import load_game
from framework.perft import perft

from .conftest import ROOT

GAME = load_game(ROOT / "games" / "othello.yaml")
#: Published perft figures of Othello from the standard start (a pass counts as a move;
#: at depth 10 also the pass that closes a finished game, which OpenSpiel and we never play).
PUBLISHED = {1: 4, 2: 12, 3: 56, 4: 244, 5: 1396, 6: 8200, 7: 55092, 8: 390216,
             9: 3005288, 10: 24571284}
PASS = 64


def notation_of(action: int) -> str:
    if action == PASS:
        return "pass"
    return f"{'abcdefgh'[action % 8]}{action // 8 + 1}"


def openspiel_perft(state: pyspiel.State, depth: int) -> int:
    if state.is_terminal():
        return 0
    if depth == 1:
        return len(state.legal_actions())
    return sum(openspiel_perft(state.child(a), depth - 1) for a in state.legal_actions())


@pytest.mark.parametrize("depth", [1, 2, 3, 4, 5, 6, 7, 8])
def test_perft_matches_the_published_figures_and_openspiel(depth: int) -> None:
    assert perft(GAME.new_initial_state(), depth) == PUBLISHED[depth]
    spiel = pyspiel.load_game("othello").new_initial_state()
    assert openspiel_perft(spiel, depth) == PUBLISHED[depth]


@pytest.mark.slow
def test_perft_9_matches_the_published_figure_and_openspiel() -> None:
    test_perft_matches_the_published_figures_and_openspiel(9)  # ~10 s on an idle core


@pytest.mark.slow
def test_deep_perft_matches_openspiel_and_the_published_figure_up_to_its_final_passes(
        ) -> None:
    """Depth 10 is the first where games have ended before the last ply (228 games are
    over after 9 plies, every disc one colour). The published 24,571,284 counts the pass
    of the player who cannot move in such a finished game as one more move; OpenSpiel and
    we end the game there, with no action: 228 leaves fewer."""
    finished_at: Counter[int] = Counter()

    def openspiel_walk(state: pyspiel.State, depth: int, ply: int) -> int:
        if state.is_terminal():
            finished_at[ply] += 1
            return 0
        if depth == 1:
            return len(state.legal_actions())
        return sum(openspiel_walk(state.child(a), depth - 1, ply + 1)
                   for a in state.legal_actions())

    theirs = openspiel_walk(pyspiel.load_game("othello").new_initial_state(), 10, 0)
    assert finished_at == {9: 228}
    assert theirs == PUBLISHED[10] - finished_at[9]
    assert perft(GAME.new_initial_state(), 10) == theirs


def test_the_start_is_openspiels() -> None:
    spiel = pyspiel.load_game("othello").new_initial_state()
    ours = GAME.new_initial_state()
    assert {notation_of(a) for a in spiel.legal_actions()} == \
        {a.notation for a in ours.legal_actions()} == {"d3", "c4", "f5", "e6"}
    assert ours.to_json()["cells"] == {
        "d4": {"owner": "white", "piece": "disc"}, "e5": {"owner": "white", "piece": "disc"},
        "d5": {"owner": "black", "piece": "disc"}, "e4": {"owner": "black", "piece": "disc"}}


def board_of(spiel: pyspiel.State) -> dict[str, str]:
    """OpenSpiel's board as our cell → owner (its string: rows 1..8 from the top)."""
    rows = [line.split()[1:9] for line in str(spiel).splitlines()[2:10]]
    return {f"{'abcdefgh'[c]}{r + 1}": {"x": "black", "o": "white"}[mark]
            for r, row in enumerate(rows) for c, mark in enumerate(row) if mark != "-"}


def play_side_by_side(games: int, seed: int) -> tuple[Counter[tuple[float, ...]], int]:
    rng = random.Random(seed)
    spiel = pyspiel.load_game("othello")
    outcomes: Counter[tuple[float, ...]] = Counter()
    passes = 0
    for _ in range(games):
        ours, theirs = GAME.new_initial_state(), spiel.new_initial_state()
        while True:
            assert ours.is_terminal() == theirs.is_terminal(), str(theirs)
            assert ours.returns() == pytest.approx(theirs.returns())
            if theirs.is_terminal():
                break
            assert ours.current_player == theirs.current_player()
            legal = {a.notation for a in ours.legal_actions()}
            assert legal == {notation_of(a) for a in theirs.legal_actions()}, str(theirs)
            action = rng.choice(theirs.legal_actions())
            passes += action == PASS
            theirs.apply_action(action)
            ours.apply(notation_of(action))
            assert {c: p["owner"] for c, p in ours.to_json()["cells"].items()} == \
                board_of(theirs), str(theirs)
        outcomes[tuple(theirs.returns())] += 1
    return outcomes, passes


def test_random_games_agree_with_openspiel_at_every_ply() -> None:
    outcomes, passes = play_side_by_side(300, 11)
    assert outcomes[(1.0, -1.0)] > 0 and outcomes[(-1.0, 1.0)] > 0
    assert passes > 0  # the pass mapping was exercised


@pytest.mark.slow
def test_many_random_games_agree_with_openspiel_including_draws() -> None:
    outcomes, _ = play_side_by_side(5000, 111)
    assert outcomes[(0.0, 0.0)] > 0  # 32 discs each: both engines call it a draw


def test_the_action_space_is_openspiels() -> None:
    assert len(GAME.codec) == pyspiel.load_game("othello").num_distinct_actions() == 65
