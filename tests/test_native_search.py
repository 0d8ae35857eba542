"""``mcts:…:native`` with its tree in native code (framework/native/search.py): the moves
it must find in Connect Four, the same move for the same seed, agreement with a minimax
of tic-tac-toe written here over the Python engine, the rewards of a finished game as
``State.returns`` gives them (four players too), and the games that keep the Python tree."""

from __future__ import annotations

import random
import sys
import warnings

import numpy as np
import pytest

from framework import load_game
from framework.compiler import CompiledGame
from framework.engine.action import Action
from framework.engine.state import State

from .conftest import ROOT

pytest.importorskip("numba")
from framework.agents.base import NativeFallback
from framework.agents.mcts import MctsAgent
from framework.native.search import NativeSearch

CONNECT_FOUR = load_game(ROOT / "games" / "connect-four.yaml")
TIC_TAC_TOE = load_game(ROOT / "games" / "tic-tac-toe.yaml")


def played(game: CompiledGame, notations: str) -> State:
    state = game.new_initial_state()
    for notation in notations.split():
        state.apply(notation)
    return state


def native_agent(game: CompiledGame, seed: int, iterations: int) -> MctsAgent:
    agent = MctsAgent(game, seed=seed, iterations=iterations, native=True)
    assert agent.native_tree is not None, agent.native_tree_note
    return agent


def decided(agent: MctsAgent, state: State) -> list[str]:
    found = [a.notation for a in agent.act(state)]
    assert agent.info.startswith("native tree: "), agent.info
    return found


# Connect Four: x holds a1 b1 c1, o holds a2 b2 (the columns' first and second discs).
THREE_IN_A_ROW = "a a b b c"


def test_the_native_tree_blocks_the_opponents_immediate_win() -> None:
    state = played(CONNECT_FOUR, THREE_IN_A_ROW)  # o to move: x wins at d1 unless blocked
    for seed in range(3):
        assert decided(native_agent(CONNECT_FOUR, seed, 2000), state) == ["d"]


def test_the_native_tree_takes_its_immediate_win() -> None:
    state = played(CONNECT_FOUR, THREE_IN_A_ROW + " g")  # x to move: d1 wins
    for seed in range(3):
        assert decided(native_agent(CONNECT_FOUR, seed, 2000), state) == ["d"]
    search = NativeSearch(CONNECT_FOUR, exploration=0.5, seed=1)
    found = search.run(state, iterations=2000)
    assert search.native.action_of(state, found.best).notation == "d"
    assert found.means[found.best] == 1.0  # every iteration through d1 ends in x's win
    assert sum(found.visits.values()) == found.iterations == 2000


def test_the_same_seed_gives_the_same_move_and_tree() -> None:
    state = played(CONNECT_FOUR, "d c")
    runs = [NativeSearch(CONNECT_FOUR, 0.5, seed=seed).run(state, iterations=3000)
            for seed in (7, 7, 8)]
    assert runs[0] == runs[1]
    assert runs[0].visits != runs[2].visits  # the seed does steer the rollouts
    moves = {decided(native_agent(CONNECT_FOUR, 5, 1500), state)[0] for _ in range(2)}
    assert len(moves) == 1


def test_warming_the_kernels_leaves_the_search_as_it_was() -> None:
    """An agent warms its kernels when it is made (numba loads a function on its first
    call, which would fall in the first decision's time budget); the warming draws no
    random number the search would have drawn and leaves no tree behind."""
    state = played(CONNECT_FOUR, "d c")
    cold = NativeSearch(CONNECT_FOUR, 0.5, seed=7, reuse=True)
    warm = NativeSearch(CONNECT_FOUR, 0.5, seed=7, reuse=True)
    warm.warm(CONNECT_FOUR.new_initial_state())
    assert warm._last is None and int(warm._used[0]) == 1
    assert cold.run(state, iterations=3000) == warm.run(state, iterations=3000)
    agent = native_agent(CONNECT_FOUR, 5, 100)
    assert agent.native_tree is not None and agent.native_tree.kernels.iterate.signatures


def test_a_growing_or_full_tree_gives_the_same_search_as_a_roomy_one() -> None:
    # Chunks stop before an expansion that does not fit: growing the arrays from a small
    # start changes nothing of the search, and a full tree keeps iterating without
    # expanding.
    state = played(CONNECT_FOUR, "d")
    roomy = NativeSearch(CONNECT_FOUR, 0.5, seed=3)
    small = NativeSearch(CONNECT_FOUR, 0.5, seed=3)
    small._allocate(15)  # room for the root's seven children and one more expansion
    assert roomy.run(state, iterations=4000) == small.run(state, iterations=4000)
    assert len(small.move) > 15
    full = NativeSearch(CONNECT_FOUR, 0.5, seed=3, max_nodes=64)
    found = full.run(state, iterations=4000)
    assert found.iterations == 4000 and found.nodes <= 64 == len(full.move)


def test_a_reusing_search_starts_from_the_subtree_of_the_position_reached() -> None:
    """With ``reuse`` (the agent's), the next search starts from the node of the position
    reached (the move played and a reply): its visits count on, its subtree moved to the
    front of the arrays; a position the tree does not hold starts a new tree."""
    search = NativeSearch(CONNECT_FOUR, 0.5, seed=5, reuse=True)
    state = CONNECT_FOUR.new_initial_state()
    best = search.run(state, iterations=4000).best
    mine = next(int(c) for c in range(search.first[0], search.first[0] + search.count[0])
                if search.move[c] == best)
    after = state.clone()
    for action in search.turn_of(state, best):
        after.apply(action)
    replies = range(search.first[mine], search.first[mine] + search.count[mine])
    node = max(replies, key=lambda c: search.visits[c])  # a reply the tree searched most
    visits, size = int(search.visits[node]), _subtree(search, node)
    for action in search.turn_of(after, int(search.move[node])):
        after.apply(action)
    found = search.run(after, iterations=1)
    assert visits > 100 and int(search.visits[0]) == visits + 1
    assert size <= found.nodes <= size + CONNECT_FOUR.board.size  # one expansion at most
    elsewhere = played(CONNECT_FOUR, "a a a")  # not in the tree: a new one
    assert search.run(elsewhere, iterations=300).iterations == int(search.visits[0]) == 300


def _subtree(search: NativeSearch, node: int) -> int:
    """The nodes of the subtree under ``node``, it included."""
    first, count = search.first, search.count
    found, stack = 0, [node]
    while stack:
        n = stack.pop()
        found += 1
        stack.extend(range(first[n], first[n] + count[n]) if count[n] > 0 else ())
    return found


def test_a_time_budget_stops_the_search_at_its_deadline() -> None:
    """A clock that moves 0.05 s each time it is read (no real time: the same on a loaded
    machine): the first chunk of 16 ends at 0.10, before the 0.12 deadline, and sizes the
    next from its rate (CHUNK_SECONDS at 0.05 s per 16: one iteration); that chunk ends
    past the deadline, and the search stops there."""
    search = NativeSearch(CONNECT_FOUR, 0.5, seed=2)
    reads: list[float] = []

    def clock() -> float:
        reads.append(len(reads) * 0.05)
        return reads[-1]

    found = search.run(CONNECT_FOUR.new_initial_state(), seconds=0.12, clock=clock)
    assert len(reads) == 5 and reads[-1] >= 0.12 > reads[-3]
    assert found.iterations == 17


def value_for(state: State, seat: int, memo: dict[str, float]) -> float:
    """Minimax value of ``state`` for ``seat``, over the engine's actions and returns."""
    key = f"{state.to_move}:{state.owner}"
    if key in memo:
        return memo[key]
    if state.winners is not None:
        found = state.returns()[seat]
    else:
        children = []
        for action in state.legal_actions():
            child = state.clone()
            child.apply(action)
            children.append(value_for(child, seat, memo))
        found = max(children) if state.current_player == seat else min(children)
    memo[key] = found
    return found


def optimal_actions(state: State) -> set[str]:
    seat = state.current_player
    memo: dict[str, float] = {}
    values: dict[str, float] = {}
    for action in state.legal_actions():
        child = state.clone()
        child.apply(action)
        values[action.notation] = value_for(child, seat, memo)
    best = max(values.values())
    return {notation for notation, value in values.items() if value == best}


def random_positions(count: int, seed: int) -> list[State]:
    """Tic-tac-toe positions after a few random moves, not finished, where not every
    move is optimal (a choice that tells a search from a guess)."""
    rng = random.Random(seed)
    found: list[State] = []
    while len(found) < count:
        state = TIC_TAC_TOE.new_initial_state()
        for _ in range(rng.randrange(1, 5)):
            state.apply(rng.choice(state.legal_actions()))
            if state.winners is not None:
                break
        if state.winners is None and len(optimal_actions(state)) < len(state.legal_actions()):
            found.append(state)
    return found


def test_tic_tac_toe_the_most_visited_move_is_minimax_optimal() -> None:
    search = NativeSearch(TIC_TAC_TOE, exploration=1.0, seed=11)
    for state in [TIC_TAC_TOE.new_initial_state(), *random_positions(12, 4)]:
        found = search.run(state, iterations=40_000)
        best = search.native.action_of(state, found.best).notation
        assert best in optimal_actions(state), (str(state), found.visits)


def finished(game: CompiledGame, seed: int) -> State:
    rng = random.Random(seed)
    state = game.new_initial_state()
    while state.winners is None:
        state.apply(rng.choice(state.legal_actions()))
    return state


@pytest.mark.parametrize(("game", "games"), [
    (TIC_TAC_TOE, 30), (load_game("ataxx", {"players": "4"}), 2)],
    ids=["tic-tac-toe", "ataxx players=4"])
def test_a_finished_game_scores_as_state_returns(game: CompiledGame, games: int) -> None:
    search = NativeSearch(game, 0.5)
    rewards = np.zeros(len(game.players))
    seen: set[tuple[float, ...]] = set()
    for seed in range(games):
        end = finished(game, seed)
        search.kernels.score(search.native.encode(end), rewards)
        by_seat = [0.0] * len(rewards)
        for side, seat in enumerate(end.seat_of_side):
            by_seat[seat] = float(rewards[side])
        assert by_seat == end.returns()
        seen.add(tuple(by_seat))
    if game is TIC_TAC_TOE:  # wins of both sides and draws were all met
        assert {(1.0, -1.0), (-1.0, 1.0), (0.0, 0.0)} <= seen


def python_tree_kept(game: CompiledGame, expected: str) -> MctsAgent:
    from framework.agents import base

    base.TOLD.difference_update([t for t in base.TOLD if t[0] == game.name])
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        agent = MctsAgent(game, seed=1, iterations=50, native=True)
    assert agent.native_tree is None
    assert expected in agent.native_tree_note
    assert any(issubclass(w.category, NativeFallback) and expected in str(w.message)
               for w in caught)
    return agent


def test_a_margins_game_keeps_the_python_tree() -> None:
    agent = python_tree_kept(load_game("othello", {"scoring": "margin"}), "margins")
    state = agent.game.new_initial_state()
    actions: list[Action] = agent.act(state)
    assert len(actions) == 1 and not agent.info.startswith("native tree")


def test_a_game_with_a_view_keeps_the_python_tree() -> None:
    agent = python_tree_kept(load_game("phantom-tic-tac-toe"), "hides information")
    agent.act(agent.game.new_initial_state())
    assert "information sets" in agent.info


def test_a_rollout_cut_short_keeps_the_python_tree_with_native_playouts() -> None:
    game = load_game("breakthrough")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", NativeFallback)
        agent = MctsAgent(game, seed=1, iterations=50, rollout=6, native=True)
    assert agent.native_tree is None and agent.native is not None
    assert "rollout stops after 6 plies" in agent.native_tree_note


def test_a_whole_turn_native_move_is_played_as_its_actions() -> None:
    game = load_game("pentago")
    state = game.new_initial_state()
    actions = native_agent(game, 2, 300).act(state)
    assert len(actions) == 2  # the placement and the twist folded into one native move
    for action in actions:
        state.apply(action)
    assert state.to_move == 1  # the turn is over: white moves



def test_inside_a_turn_the_python_tree_decides_with_native_playouts() -> None:
    game = load_game("pentago")
    state = game.new_initial_state()
    state.apply(state.legal_actions()[0])  # placed: the twist of this turn is still to choose
    agent = native_agent(game, 2, 60)
    with pytest.warns(NativeFallback, match="inside a turn"):
        chosen = agent.act(state)
    assert len(chosen) == 1 and chosen[0] in state.legal_actions()
    assert not agent.info.startswith("native tree") and agent.native is not None

@pytest.mark.slow
@pytest.mark.parametrize("name", ["connect_four", "hex"])
def test_the_native_tree_beats_openspiels_mcts_at_the_same_cpu_time(name: str) -> None:
    # The bar (benchmarks/mcts_vs_openspiel.py): 0.1 CPU seconds a move each,
    # 50 Connect Four games for 70 %, 20 of Hex 11×11 with swap for 60 %.
    import importlib.util

    pytest.importorskip("pyspiel")
    path = ROOT / "benchmarks" / "mcts_vs_openspiel.py"
    spec = importlib.util.spec_from_file_location("mcts_vs_openspiel", path)
    assert spec and spec.loader
    bench = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = bench  # its dataclasses look their module up there
    spec.loader.exec_module(bench)
    games, bar = bench.BARS[name]
    result = bench.play_match(name, games, seconds=0.1)
    print(result.line())
    assert result.games == games
    # Fairness first: neither side had much more CPU time a move than the other.
    assert result.ours.per_move == pytest.approx(result.theirs.per_move, rel=0.25)
    assert result.score >= bar, result.line()
