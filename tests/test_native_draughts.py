"""English draughts (games/checkers.yaml) played by the native backend: what hops, chains,
crowning and compulsory capture add to the kernels, against the Python engine.

``tests/test_native.py`` runs its equivalence checks on every supported bundled game,
draughts included (perft, random positions — some in the middle of a chain —, random
games replayed action by action). Here: the published counts, which are of whole turns
(a multi-jump is one move there and several actions here), and the draughts positions
where the turn flow differs from a one-action turn.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from framework import load_game
from framework.engine.state import State
from framework.engine.turns import perft_turns
from framework.game import load_game_text
from framework.native import support_of
from framework.perft import perft

GAMES = Path(__file__).resolve().parent.parent / "games"
TEXT = (GAMES / "checkers.yaml").read_text(encoding="utf-8")
GAME = load_game(GAMES / "checkers.yaml")
#: English draughts perft 1-8 from the start, in whole turns (tests/test_checkers.py has
#: 1-6; 7 and 8 are the published 179,740 and 845,931).
PUBLISHED = [7, 49, 302, 1469, 7361, 36768, 179740, 845931]


def test_checkers_is_supported() -> None:
    assert support_of(GAME) is None


def test_a_restriction_without_a_piece_is_refused_by_name(
        monkeypatch: pytest.MonkeyPatch) -> None:
    from framework.plugins import plugins

    monkeypatch.setattr(plugins("restrictions")["compulsory"], "native", None)
    found = support_of(GAME)
    assert found is not None and "the restriction 'compulsory' has no native kernel" in found


# With numba ------------------------------------------------------------------------------
numba = pytest.importorskip("numba")
from framework.native import NativeGame  # noqa: E402

from .test_native import replay  # noqa: E402

NATIVE = NativeGame(GAME)


def position(cells: dict[str, Any], **extra: Any) -> State:
    return GAME.state_from_json({"to_move": "black", "cells": cells, **extra})


def notations(state: State, st: Any) -> list[str]:
    return sorted(NATIVE.action_of(state, m).notation for m in NATIVE.legal(st))


def test_perft_by_turns_matches_the_published_counts() -> None:
    st = NATIVE.initial()
    assert [NATIVE.perft_turns(st, d) for d in range(1, 9)] == PUBLISHED
    start = GAME.new_initial_state()
    assert [NATIVE.perft(st, d) for d in range(1, 6)] == [perft(start, d)
                                                          for d in range(1, 6)]


def play(state: State, st: Any, notation: str, native: NativeGame = NATIVE) -> Any:
    """``notation`` played by both engines: the native move of that name among the
    kernels' legal moves, which must be the one ``move_of`` gives for the Python action."""
    move = next(m for m in native.legal(st)
                if native.action_of(state, m).notation == notation)
    assert native.move_of(state.parse_action(notation), state) == move
    state.apply(notation)
    st = native.play(st, move)
    assert native.snapshot(st) == native.python_snapshot(state)
    return st


def test_a_chain_keeps_the_turn_with_the_jumping_piece() -> None:
    state = position({"a1": "black", "b2": "white", "d4": "white", "f6": "white",
                      "h8": "white", "g1": "black"})
    st = NATIVE.encode(state)
    chain = GAME.slots.index["chain"]
    for hop in ("a1xc3", "c3xe5"):
        assert notations(state, st) == [hop]  # compulsory: g1 may not step
        st = play(state, st, hop)
        # Still black's turn, the jumping piece named in both states.
        assert state.to_move == 0 and NATIVE.snapshot(st)[7] == state.vars[chain] >= 0
    assert notations(state, st) == ["e5xg7"]
    assert NATIVE.perft_turns(st, 2) == perft_turns(state, 2)
    assert NATIVE.perft(st, 3) == perft(state, 3)
    st = play(state, st, "e5xg7")
    assert state.to_move == 1 and NATIVE.snapshot(st)[7] == -1  # white's turn now
    assert bin(NATIVE.snapshot(st)[0][1]).count("1") == 1  # three jumped, each taken


def test_a_position_in_the_middle_of_a_chain_encodes_with_its_chain_cell() -> None:
    state = position({"a1": "black", "b2": "white", "d4": "white", "h8": "white"})
    state.apply("a1xc3")
    st = NATIVE.encode(state)  # the chain slot (c3) comes across
    assert NATIVE.snapshot(st) == NATIVE.python_snapshot(state)
    assert notations(state, st) == ["c3xe5"] and NATIVE.perft(st, 3) == perft(state, 3)


def test_a_man_crowned_by_a_jump_ends_the_turn() -> None:
    # b6xd8 crowns the man; as a king it could jump d8xf6 at once, but the chain is over:
    # the crowning comes after the chain, and a man on the far row has no hop left.
    state = position({"b6": "black", "c7": "white", "e7": "white", "a1": "white"})
    play(state, NATIVE.encode(state), "b6xd8")
    assert state.to_move == 1 and state.to_json()["cells"]["d8"]["piece"] == "king"


def test_a_quiet_step_to_the_far_row_crowns() -> None:
    state = position({"c7": "black", "a1": "white"})
    st = play(state, NATIVE.encode(state), "c7-d8")
    assert state.to_json()["cells"]["d8"] == {"owner": "black", "piece": "king"}
    assert NATIVE.snapshot(st)[1][1] != 0  # a king among the native kinds too


def test_capturing_is_compulsory_for_men_and_kings() -> None:
    state = position({"c3": "black", "a1": "black", "d4": "white", "h8": "white"})
    assert notations(state, NATIVE.encode(state)) == ["c3xe5"]
    king = position({"e5": {"owner": "black", "piece": "king"}, "a1": "black",
                     "d4": "white", "h8": "white"})
    assert notations(king, NATIVE.encode(king)) == ["e5xc3"]
    quiet = position({"a1": "black", "h8": "white"})  # nothing to take: the steps
    assert notations(quiet, NATIVE.encode(quiet)) == ["a1-b2"]
    assert NATIVE.perft(NATIVE.encode(state), 1) == 1


def test_no_move_loses_and_forty_quiet_turns_draw() -> None:
    state = position({"a5": "black", "c5": "black", "a7": "white"})
    st = play(state, NATIVE.encode(state), "a5-b6")
    assert NATIVE.snapshot(st)[6] == frozenset({0}) == state.winners
    kings = position({"a1": {"owner": "black", "piece": "king"},
                      "h8": {"owner": "white", "piece": "king"}}, halfmove=39)
    st = play(kings, NATIVE.encode(kings), "a1-b2")
    assert NATIVE.snapshot(st)[6] == frozenset() == kings.winners


def test_random_games_from_positions_with_kings_replay() -> None:
    state = position({"c3": {"owner": "black", "piece": "king"}, "e3": "black",
                      "g3": "black", "d6": {"owner": "white", "piece": "king"},
                      "b6": "white", "f6": "white"})
    for seed in range(20):
        replay(NATIVE, seed, state.clone())


# Variants: what the bundled file leaves out -----------------------------------------------
def variant(text: str) -> NativeGame:
    """A variant of the game file, checked against the Python engine: perft from the start
    and from random positions, random games replayed action by action."""
    from .test_native import check_equivalence

    game = load_game_text(text)
    assert support_of(game) is None
    return check_equivalence(game)


#: Men hop in all four directions (as in Russian or international draughts), and of the
#: captures one that takes the most is compulsory (international draughts' majority rule).
BACKWARD_LONGEST = TEXT.replace(
    "{type: hop, piece: man, directions: [forward_left, forward_right]",
    "{type: hop, piece: man, directions: [ne, nw, se, sw]").replace(
    "{type: compulsory, kinds: [jump]}", "{type: compulsory, kinds: [jump], longest: true}")
#: Chains the player may stop; a king's hops are a kind of their own, not forced.
STOPPABLE = TEXT.replace("chain: must", "chain: may").replace(
    "piece: king, directions: [ne, nw, se, sw], kind: jump,",
    "piece: king, directions: [ne, nw, se, sw], kind: king_jump,")


@pytest.fixture(scope="module")
def backward_longest() -> NativeGame:
    return variant(BACKWARD_LONGEST)


@pytest.fixture(scope="module")
def stoppable() -> NativeGame:
    return variant(STOPPABLE)


def test_a_man_that_hops_backward_is_crowned_only_where_its_chain_ends(
        backward_longest: NativeGame) -> None:
    """A man that reaches the far row in the middle of a chain hops on as a man, and is
    crowned only when the chain ends there (the Python engine's rule: promote acts after
    the chain, on the cell it ended on)."""
    native = backward_longest
    game = native.game
    state = game.state_from_json({"to_move": "black", "cells": {
        "d6": "black", "e7": "white", "g7": "white", "a1": "white"}})
    st = play(state, native.encode(state), "d6xf8", native)
    assert state.to_move == 0 and state.to_json()["cells"]["f8"]["piece"] == "man"
    st = play(state, st, "f8xh6", native)
    assert state.to_move == 1 and state.to_json()["cells"]["h6"]["piece"] == "man"
    alone = game.state_from_json({"to_move": "black", "cells": {
        "d6": "black", "e7": "white", "a1": "white"}})
    play(alone, native.encode(alone), "d6xf8", native)  # the chain ends on the far row
    assert alone.to_move == 1 and alone.to_json()["cells"]["f8"]["piece"] == "king"


def test_longest_capture_keeps_the_hops_that_begin_the_longest_chains(
        backward_longest: NativeGame) -> None:
    """``longest: true``: of the hops, those that begin a chain taking the most pieces
    (the runs are searched below each hop)."""
    native = backward_longest
    state = native.game.state_from_json({"to_move": "black", "cells": {
        "c3": "black", "b4": "white", "d4": "white", "f6": "white", "h8": "white"}})
    st = native.encode(state)
    assert sorted(a.notation for a in state.legal_actions()) == ["c3xe5"]  # not c3xa5
    assert [native.action_of(state, m).notation for m in native.legal(st)] == ["c3xe5"]
    assert native.perft(st, 4) == perft(state, 4)
    beside = BACKWARD_LONGEST.replace("restrictions:\n", "restrictions:\n  - {type: "
                                      "compulsory, kinds: [move]}\n")
    found = support_of(load_game_text(beside))
    assert found is not None and "beside another restriction" in found


def test_a_chain_the_player_may_stop(stoppable: NativeGame) -> None:
    """``chain: may``: a ``stop`` move ends the chain. Where the hops are forced (a man's,
    here) ``stop`` is not legal, as in the Python engine; a king's hops are not."""
    native = stoppable
    king = native.game.state_from_json({"to_move": "black", "cells": {
        "a1": {"owner": "black", "piece": "king"}, "b2": "white", "d4": "white",
        "h8": "white"}})
    st = play(king, native.encode(king), "a1xc3", native)
    assert sorted(native.action_of(king, m).notation for m in native.legal(st)) == \
        ["c3xe5", "stop"]
    play(king, st, "stop", native)
    assert king.to_move == 1
    man = native.game.state_from_json({"to_move": "black", "cells": {
        "a1": "black", "b2": "white", "d4": "white", "h8": "white"}})
    st = play(man, native.encode(man), "a1xc3", native)
    # Whether the rule keeps the stop beside a forced hop is the reference rule's say.
    assert sorted(native.action_of(man, m).notation for m in native.legal(st)) == \
        sorted(a.notation for a in man.legal_actions())


def test_a_rule_that_keeps_the_stop_beside_forced_hops(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A compulsory rule that forces the first capture but not the chain's going on
    (Fanorona's rule: the stop stays legal beside the forced hops): the kernels keep what
    the reference rule keeps, asked when the game is compiled."""
    from framework.rules.restrictions.compulsory import Compulsory

    original = Compulsory.allowed

    def keeping_the_stop(self: Compulsory, state: Any, actions: list[Any]) -> list[Any]:
        kept = original(self, state, actions)
        stops = [a for a in actions if a.kind == "stop" and a not in kept]
        forced = any(a.kind in self.params.kinds for a in kept)
        return kept + stops if forced and not self.params.longest else kept

    monkeypatch.setattr(Compulsory, "allowed", keeping_the_stop)
    game = load_game_text(STOPPABLE)
    native = NativeGame(game)
    man = game.state_from_json({"to_move": "black", "cells": {
        "a1": "black", "b2": "white", "d4": "white", "h8": "white"}})
    st = play(man, native.encode(man), "a1xc3", native)
    assert sorted(native.action_of(man, m).notation for m in native.legal(st)) == \
        ["c3xe5", "stop"]
    assert native.perft(st, 4) == perft(man, 4)
    start = game.new_initial_state()
    assert native.perft(native.encode(start), 4) == perft(start, 4)
    for seed in range(4):
        replay(native, seed, game.new_initial_state())


def test_perft_command_counts_turns_natively() -> None:
    """``boardspec perft --turns --backend native``: whole turns, divided at the root."""
    from framework.engine.turns import divide_turns
    from framework.native.cli import native_counters

    start = GAME.new_initial_state()
    divide, count = native_counters(GAME, start, turns=True, parallel=False)
    assert count(start, 6) == PUBLISHED[5]
    assert divide(start, 3) == divide_turns(start, 3)


def test_rollout_values_are_the_evaluation_in_the_middle_of_a_chain_too() -> None:
    """``mcts:…:native``'s leaf values: with no plies, the evaluation of the MCTS agent
    (its mobility counts each side's moves at the start of a turn, the chain set aside
    and capture compulsory)."""
    import numpy as np

    from framework.agents.evaluation import Evaluator

    from .test_native import random_positions

    evaluator = Evaluator(GAME)
    weights = np.array(evaluator.piece_weights)
    out = np.zeros(2)
    chained = position({"a1": "black", "b2": "white", "d4": "white", "h8": "white"})
    chained.apply("a1xc3")
    for state in [chained, *random_positions(NATIVE, 12, seed=6)]:
        NATIVE.kernels.rollout_values(NATIVE.encode(state), 1, 0, 0, weights,
                                      evaluator.mobility, evaluator.scale, out)
        assert out.tolist() == pytest.approx(evaluator.squashed_all(state), abs=1e-12)


@pytest.mark.slow
@pytest.mark.parametrize("text", [BACKWARD_LONGEST, STOPPABLE], ids=["longest", "stop"])
def test_the_issue_counts_on_the_variants(text: str) -> None:
    """As ``test_native.py::test_the_issue_counts``: depth 4 from the start and from 50
    random positions, 1,000 random games replayed."""
    from .test_native import check_perft, random_positions

    native = NativeGame(load_game_text(text))
    check_perft(native, native.game.new_initial_state(), 4)
    for state in random_positions(native, 50, seed=2):
        check_perft(native, state, 4)
    for seed in range(1000):
        replay(native, 1000 + seed)
