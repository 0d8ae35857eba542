"""Amazons (games/amazons.yaml) on the native backend: the arrow's phase (a ``slide`` from the
landed cell that places an arrow, passed over when impossible) is a choice folded into the
move, one cell a choice, so one native move is a whole turn (the amazon's move and its
shot), as OpenSpiel counts Amazons' turns.

The default run compiles it once for the module (100 cells: masks of two words): perft by
whole turns against OpenSpiel's counts and the engine's, and random games of the kernels
replayed through the engine from the middle of a game, the state and the legal turns
compared after every turn (the opening's 2,176 turns a position would make the Python
engine's side of a whole game cost seconds). More positions and games are the slow run's.
"""

from __future__ import annotations

import pytest

from framework import load_game
from framework.engine.turns import perft_turns
from framework.native import support_of

from .conftest import ROOT

FILE = ROOT / "games" / "amazons.yaml"


def test_amazons_is_played_natively_with_the_shot_folded_into_the_move() -> None:
    from framework.native.assemble import plan_of
    from framework.rules.moves.slide.native import ShotPiece

    game = load_game(FILE)
    assert support_of(game) is None
    plan = plan_of(game)
    assert [type(c) for c in plan.choices] == [ShotPiece]
    # A shot reaches at most 35 cells of a 10 x 10 board (as a queen from the middle):
    # the most choices of one move.
    assert plan.choices[0].most == 35  # type: ignore[attr-defined]


numba = pytest.importorskip("numba")
from framework.native import NativeGame  # noqa: E402

from .test_native import check_perft, random_positions, replay  # noqa: E402


@pytest.fixture(scope="module")
def amazons() -> NativeGame:
    return NativeGame(load_game(FILE))


@pytest.mark.slow  # a cold compile of about 20 s CPU: CI's 15 minutes
def test_perft_by_whole_turns_is_openspiels(amazons: NativeGame) -> None:
    st = amazons.initial()
    # 2,176 and 4,307,152: OpenSpiel's counts of whole turns (tests/test_amazons.py).
    assert [amazons.perft(st, d) for d in (1, 2)] == [2176, 4307152]
    assert amazons.perft(st, 1) == perft_turns(amazons.game.new_initial_state(), 1)


def _middle(native: NativeGame, seed: int, turns: int):  # type: ignore[no-untyped-def]
    """The position after ``turns`` random turns of the kernels, as a Python state."""
    _, moves = native.random_game(native.initial(), seed, max_plies=turns)
    state = native.game.new_initial_state()
    for move in moves:
        for action in native.turn_of(state, move):
            state.apply(action)
    return state


@pytest.mark.slow  # a cold compile of about 20 s CPU: CI's 15 minutes
def test_random_games_replay_through_the_engine(amazons: NativeGame) -> None:
    for seed in (1, 2):
        assert replay(amazons, seed, start=_middle(amazons, seed + 10, 30)) > 10


@pytest.mark.slow
def test_many_positions_and_whole_games(amazons: NativeGame) -> None:
    for state in random_positions(amazons, 10, seed=3):
        check_perft(amazons, state, 2)
    for seed in range(8):
        assert replay(amazons, seed) > 40
    winners, plies = amazons.playouts(amazons.initial(), 50, seed=3)
    assert plies > 50 * 40 and set(winners.tolist()) <= {1, 2}  # no draws in Amazons


@pytest.mark.slow  # a cold compile of about 20 s CPU: CI's 15 minutes
def test_the_random_player_draws_the_move_then_the_shot(amazons: NativeGame) -> None:
    # As the Python engine's random player does: not uniform over the 2,000 whole turns of a
    # position, each of which it would have to list (tests/random_player.py).
    from .random_player import bound, chi_square, position_with_choices

    st = position_with_choices(amazons, range(5), 20)
    statistic, freedom, against_uniform_turns = chi_square(amazons, st, 12_000, by_move=True)
    assert statistic < bound(freedom)
    assert against_uniform_turns > 2 * bound(freedom)
