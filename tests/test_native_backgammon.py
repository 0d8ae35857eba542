"""Backgammon in the native kernels: chance nodes (the ``roll`` piece), the ``race`` piece
(both dice in one move, stacks in the attributes' words, the bar and borne-off counters),
the goals checked after the move (``goal_checks``) and the roll's ``max_turns``.

The oracles: OpenSpiel's C++ ``backgammon``, played side by side with the kernels' own
random games move for move (legal sets, chance outcomes, terminal flag, returns; the
mapping of actions is ``tests/test_backgammon.py``'s), its perft, and the Python engine
(replays, snapshots) for what OpenSpiel does not have (``max_turns`` lowered).
"""

from __future__ import annotations

import math
from collections import Counter

import pytest

from framework import load_game_text
from framework.native import support_of
from framework.native.backend import NativeGame

from .conftest import ROOT
from .random_player import bound
from .spiel import openspiel_perft
from .test_backgammon import GAME, SPIEL, compare, spiel_id

NATIVE = NativeGame(GAME)
TEXT = (ROOT / "games" / "backgammon.yaml").read_text()


def test_perft_counts_chance_outcomes_as_openspiel_does() -> None:
    st = NATIVE.initial()
    start = SPIEL.new_initial_state()
    assert [NATIVE.perft(st, d) for d in (1, 2, 3)] == [30, 758, 27288]
    assert NATIVE.perft(st, 4) == openspiel_perft(start, 4)


def test_the_kernels_random_games_replay_in_openspiel() -> None:
    """The kernels' own random games (their chance draws and their moves), each move
    played in OpenSpiel's game too: the two agree at every step, to the returns."""
    steps = 0
    for seed in range(6):
        state, theirs = GAME.new_initial_state(), SPIEL.new_initial_state()
        st = NATIVE.initial()
        _, moves = NATIVE.random_game(st, seed)
        for move in moves:
            assert compare(state, theirs) is None, (seed, steps, compare(state, theirs))
            legal = NATIVE.legal(st)
            assert sorted(spiel_id(state, NATIVE.action_of(state, m)) for m in legal) == \
                sorted(theirs.legal_actions()), (seed, steps)
            action = NATIVE.action_of(state, move)
            theirs.apply_action(spiel_id(state, action))
            state.apply(action)
            st = NATIVE.play(st, move)
            assert NATIVE.snapshot(st) == NATIVE.python_snapshot(state), (seed, steps)
            steps += 1
        assert theirs.is_terminal() and compare(state, theirs) is None
    assert steps > 6 * 100


def test_chance_is_drawn_with_its_probabilities() -> None:
    """The opening's 30 outcomes and the later rolls' 36 are each equally likely (OpenSpiel's
    probabilities, ``compare`` above): the kernels' draws over many games fit them."""
    openings: Counter[int] = Counter()
    rolls: Counter[int] = Counter()
    chance = NATIVE.moves.code(252)
    for seed in range(300):
        _, moves = NATIVE.random_game(NATIVE.initial(), seed)
        drawn = [m & 255 for m in moves if m >> 16 == chance >> 16]
        openings[drawn[0]] += 1
        rolls.update(drawn[1:])
    for seen, outcomes in ((openings, 30), (rolls, 36)):
        assert set(seen) == set(range(outcomes))
        draws = sum(seen.values())
        fit = sum((seen[k] - draws / outcomes) ** 2 / (draws / outcomes)
                  for k in range(outcomes))
        assert fit < bound(outcomes - 1), (fit, outcomes)
    # The doubles come as often as any other roll: 6 of the 36.
    doubles = sum(rolls[i * 6 + i] for i in range(6)) / sum(rolls.values())
    assert math.isclose(doubles, 1 / 6, abs_tol=0.02)


def test_mcts_plays_out_natively_with_the_pip_count() -> None:
    """The evaluation is the pip count (a ``distance`` term): the kernels measure it
    (``race``'s ``distance``), so a rollout of no plies is ``Evaluator.squashed_all``, at
    a chance node and after the roll, and the MCTS agent's playouts are native."""
    import random

    import numpy as np

    from framework.agents.evaluation import Evaluator
    from framework.agents.registry import make_agent

    evaluator = Evaluator(GAME)
    weights = np.array(evaluator.piece_weights)
    out = np.zeros(2)
    rng = random.Random(3)
    chance = set()
    for _ in range(30):
        state = GAME.new_initial_state()
        for _ in range(rng.randrange(1, 120)):
            if state.is_terminal():
                break
            state.apply(rng.choice(state.legal_actions()))
        if state.is_terminal():
            continue
        chance.add(state.is_chance_node())
        NATIVE.kernels.rollout_values(NATIVE.encode(state), 1, 0, 0, weights,
                                      evaluator.mobility, evaluator.scale, out)
        assert out.tolist() == pytest.approx(evaluator.squashed_all(state), abs=1e-12)
    assert chance == {True, False}
    agent = make_agent("mcts:40i:native", GAME, seed=1)
    assert agent.native is not None  # type: ignore[attr-defined]
    state = GAME.new_initial_state()
    state.apply("roll:3-5:o")
    assert agent.decide(state)[0] in state.legal_actions()


def test_mobility_beside_chance_keeps_the_playouts_in_python() -> None:
    """The engine counts a side's mobility at the turn's first phase, chance's roll here:
    the kernels do not, so an evaluation with mobility keeps the playouts in Python."""
    from framework import BoardspecError
    from framework.agents.evaluation import Evaluator
    from framework.native.playouts import NativePlayouts

    old = "    - {distance: move, weight: -0.1}   # the pip count of the race phase 'move'\n"
    assert old in TEXT
    counted = "    - {piece: checker, weight: 1}\n  mobility: 0.05\n"  # pieces and mobility
    game = load_game_text(TEXT.replace(old, counted), "mobile.yaml")
    with pytest.raises(BoardspecError, match="mobility in a game with chance"):
        NativePlayouts(game, Evaluator(game), 4)


def test_the_last_roll_ends_the_game_as_the_result_says() -> None:
    """``max_turns``: no roll is left, so the mover has no legal action and the result
    rule (a draw) ends the game, in the kernels as in the engine."""
    game = load_game_text(TEXT.replace("max_turns: 501", "max_turns: 5"), "short.yaml")
    native = NativeGame(game)
    for seed in range(4):
        state = game.new_initial_state()
        st = native.initial()
        _, moves = native.random_game(st, seed)
        for move in moves:
            state.apply(native.action_of(state, move))
            st = native.play(st, move)
            assert native.snapshot(st) == native.python_snapshot(state)
        assert state.is_terminal() and state.winners == frozenset()
        assert state.vars[game.slots.index["rolls"]] == 5
    assert native.perft(native.initial(), 3) == 27288  # the rolls left change nothing yet


@pytest.mark.parametrize(("change", "reason"), [
    (("ordered: true", "ordered: false"), "ordered: false"),
    (("    dice: 2\n", "    dice: 3\n"), "a roll of 3 dice"),
    (("goal_checks: [move]", "goal_checks: [roll]"), "goal checks after the phase 'roll'")])
def test_what_the_kernels_do_not_play_is_refused_with_the_reason(
        change: tuple[str, str], reason: str) -> None:
    old, new = change
    assert old in TEXT
    text = TEXT.replace(old, new)
    if "dice: 3" in new:  # three dice: no opening of one die each
        text = text.replace("opening: higher_starts", "opening: none")
    found = support_of(load_game_text(text, "variant.yaml"))
    assert found is not None and reason in found, found
