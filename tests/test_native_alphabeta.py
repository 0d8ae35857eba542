"""``alphabeta:…:native``: the Python agent's alpha-beta over native moves, searched in the
kernels (``framework/native/alphabeta.py``). Its values are held to a minimax written here
over the Python engine, with the agent's evaluation and its scoring of finished games."""

from __future__ import annotations

import random
import warnings

import pytest

from framework import load_game
from framework.agents.base import NativeFallback
from framework.agents.evaluation import WIN, Evaluator
from framework.agents.registry import make_agent
from framework.compiler import CompiledGame
from framework.engine.state import State

from .conftest import ROOT

pytest.importorskip("numba")

from framework.native.alphabeta import NativeAlphaBeta


def minimax(evaluate: Evaluator, state: State, depth: int, side: int, ply: int = 0) -> float:
    """The value of ``state`` for ``side`` at ``depth`` plies: every move of every other
    side against it, a win WIN less the plies to it, a cut-off position its evaluation."""
    if state.winners is not None:
        if not state.winners:
            return 0.0
        return WIN - ply if side in state.winners else -WIN + ply
    if depth == 0:
        return evaluate(state, side)
    values = [minimax(evaluate, state.child(a), depth - 1, side, ply + 1)
              for a in state.legal_actions()]
    return max(values) if state.to_move == side else min(values)


def native_search(game: CompiledGame) -> NativeAlphaBeta:
    evaluate = Evaluator(game)
    return NativeAlphaBeta(game, evaluate.piece_weights, evaluate.mobility, WIN)


def positions(game: CompiledGame, count: int, seed: int) -> list[State]:
    rng = random.Random(seed)
    found = []
    while len(found) < count:
        state = game.new_initial_state()
        for _ in range(rng.randrange(2, 12)):
            if state.winners is not None:
                break
            state.apply(rng.choice(state.legal_actions()))
        if state.winners is None:
            found.append(state)
    return found


@pytest.mark.parametrize(("stem", "depth"), [("breakthrough", 3), ("othello", 3)])
def test_the_native_search_finds_the_minimax_value(stem: str, depth: int) -> None:
    """Breakthrough's evaluation counts pieces, Othello's mobility too; the search prunes,
    orders and deepens, and its value is the minimax one all the same."""
    game = load_game(ROOT / "games" / f"{stem}.yaml")
    search, evaluate = native_search(game), Evaluator(game)
    for state in positions(game, 3, seed=len(stem)):
        found = search.run(state, depth=depth)
        side = state.seat_of_side.index(state.current_player)
        assert found.value == pytest.approx(minimax(evaluate, state, depth, side), abs=1e-9)
        assert found.move in search.native.legal(search.native.encode(state))
        assert 1 <= found.depth <= depth and found.nodes > 0


def test_warming_the_kernels_changes_no_search() -> None:
    """The agent warms the search's kernels when it is made (a search of depth 1 from the
    start), outside any decision's time budget; the searches after it are the same."""
    game = load_game(ROOT / "games" / "breakthrough.yaml")
    warm = native_search(game)
    warm.warm(game.new_initial_state())
    assert warm.rate == 0.0 and warm.kernels.root.signatures
    for state in positions(game, 2, seed=3):
        assert warm.run(state, depth=3) == native_search(game).run(state, depth=3)


def test_a_win_in_one_is_found_and_scored_sooner_than_later() -> None:
    game = load_game(ROOT / "games" / "tic-tac-toe.yaml")
    state = game.new_initial_state()
    for action in ("a1", "a2", "b1", "b2"):  # x to move: c1 wins at once
        state.apply(action)
    found = native_search(game).run(state, depth=4)
    assert [a.notation for a in native_search(game).turn_of(state, found.move)] == ["c1"]
    assert found.value == WIN - 1 and found.depth == 1  # a forced result: no deeper


def test_the_agent_searches_natively_and_says_once_where_it_cannot() -> None:
    game = load_game(ROOT / "games" / "breakthrough.yaml")
    agent = make_agent("alphabeta:d3:native", game, seed=1)
    state = game.new_initial_state()
    for _ in range(4):
        actions = agent.act(state)
        assert agent.info.startswith("native: depth 3")
        for action in actions:
            state.apply(action)
    timed = make_agent("alphabeta:0.05s:native", game, seed=1)
    assert timed.act(state) and timed.info.startswith("native: depth ")
    for path, reason in ((ROOT / "tests" / "data" / "native" / "snake-tic-tac-toe.yaml",
                          "snake"), (ROOT / "games" / "phantom-tic-tac-toe.yaml", "hides")):
        other = load_game(path)
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            fallen = make_agent("alphabeta:d1:native", other, seed=1)
        assert [str(w.message) for w in caught if w.category is NativeFallback] == [
            fallen.native_note] and reason in fallen.native_note
        fallen.act(other.new_initial_state())  # in Python
        assert not fallen.info.startswith("native")
