"""Nine Men's Morris as data (a hand of nine men, place / move / fly phases chosen by
``count`` conditions, ``line_formed`` and ``remove`` for a mill), against OpenSpiel's
``nine_mens_morris``.

How the actions map: OpenSpiel numbers the 24 points from the top left, row by row
(``POINTS`` gives ours, a1 bottom left to g7 top right); a placement is ``Point n``, a
move or a flight ``Move a -> b``, and the removal after a mill is a separate action of the
same player, ``Point n`` again, which we write ``x<cell>``. A turn of ours holds the
move and its removal, as OpenSpiel's player stays the same for both, so perft counts
the same plies.
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pyspiel
import pytest

from framework import load_game
from framework.engine.turns import perft_turns
from framework.errors import SpecError
from framework.perft import perft

from .conftest import ROOT, compiled_native
from .spiel import openspiel_perft

GAME = load_game(ROOT / "games" / "nine-mens-morris.yaml")
POINTS = ["a7", "d7", "g7", "b6", "d6", "f6", "c5", "d5", "e5", "a4", "b4", "c4",
          "e4", "f4", "g4", "c3", "d3", "e3", "b2", "d2", "f2", "a1", "d1", "g1"]


def ours(state: pyspiel.State, action: int) -> str:
    """OpenSpiel's action in our notation (its removal: the state is waiting for it)."""
    text = state.action_to_string(action)
    if text.startswith("Move "):
        src, dst = text.removeprefix("Move ").split(" -> ")
        return f"{POINTS[int(src)]}-{POINTS[int(dst)]}"
    cell = POINTS[int(text.removeprefix("Point "))]
    return "x" + cell if "Capture time" in str(state) else cell


def play_side_by_side(games: int, seed: int) -> tuple[dict[tuple[float, ...], int], int]:
    rng = random.Random(seed)
    spiel = pyspiel.load_game("nine_mens_morris")
    outcomes: dict[tuple[float, ...], int] = {}
    plies = 0
    for _ in range(games):
        mine, theirs = GAME.new_initial_state(), spiel.new_initial_state()
        while True:
            assert mine.is_terminal() == theirs.is_terminal(), str(theirs)
            assert mine.returns() == pytest.approx(theirs.returns()), str(theirs)
            if theirs.is_terminal():
                break
            assert mine.current_player == theirs.current_player(), str(theirs)
            named = {ours(theirs, a): a for a in theirs.legal_actions()}
            assert {a.notation for a in mine.legal_actions()} == set(named), str(theirs)
            move = rng.choice(sorted(named))
            theirs.apply_action(named[move])
            mine.apply(move)
            plies += 1
        key = tuple(theirs.returns())
        outcomes[key] = outcomes.get(key, 0) + 1
    return outcomes, plies


@pytest.mark.parametrize("depth", [1, 2, 3])
def test_perft_matches_openspiel(depth: int) -> None:
    spiel = pyspiel.load_game("nine_mens_morris").new_initial_state()
    assert perft(GAME.new_initial_state(), depth) == openspiel_perft(spiel, depth)


def test_random_games_agree_with_openspiel_at_every_ply() -> None:
    outcomes, plies = play_side_by_side(6, 5)
    assert sum(outcomes.values()) == 6 and plies > 6 * 50


@pytest.mark.slow
def test_many_random_games_agree_with_openspiel() -> None:
    outcomes, _plies = play_side_by_side(400, 25)
    # wins both ways and draws by the turn limit: every ending is compared
    assert {(1.0, -1.0), (-1.0, 1.0), (0.0, 0.0)} <= set(outcomes)


@pytest.mark.slow
@pytest.mark.parametrize("depth", [4, 5, 6])  # 6: the first removals (a mill at ply 5)
def test_deep_perft_matches_openspiel(depth: int) -> None:
    spiel = pyspiel.load_game("nine_mens_morris").new_initial_state()
    assert perft(GAME.new_initial_state(), depth) == openspiel_perft(spiel, depth)


def test_a_removed_man_does_not_return_to_the_hand() -> None:
    state = GAME.new_initial_state()
    for action in ("a1", "a4", "d1", "b4", "g1"):
        state.apply(action)
    assert state.to_json()["phase"] == "remove"
    assert sorted(a.notation for a in state.legal_actions()) == ["xa4", "xb4"]
    state.apply("xa4")
    position = state.to_json()
    assert (position["hand.white.man"], position["hand.black.man"]) == (6, 7)
    assert "a4" not in position["cells"] and position["to_move"] == "black"
    fen = state.to_fen()
    assert fen.endswith("hand.white.man=6 hand.black.man=7")
    again = GAME.state_from_fen(fen)
    assert again.to_json()["hand.black.man"] == 7  # not 8, as a derived supply would say


def test_a_position_without_hands_fills_them_from_the_board() -> None:
    state = GAME.state_from_json({"to_move": "black", "cells": {"a1": "white", "d1": "white"}})
    position = state.to_json()
    assert (position["hand.white.man"], position["hand.black.man"]) == (7, 9)
    with pytest.raises(Exception, match="more than the 9"):
        GAME.state_from_json({"cells": {"a1": "white"}, "hand.white.man": 9})


def test_men_in_mills_are_spared_unless_all_are() -> None:
    spared = GAME.state_from_json({
        "to_move": "white", "cells": {"a1": "white", "d1": "white", "a7": "black",
                                      "d7": "black", "g7": "black", "b4": "black"}})
    spared.apply("g1")
    assert [a.notation for a in spared.legal_actions()] == ["xb4"]
    all_in_mills = GAME.state_from_json({
        "to_move": "white", "cells": {"a1": "white", "d1": "white", "a7": "black",
                                      "d7": "black", "g7": "black"}})
    all_in_mills.apply("g1")
    assert sorted(a.notation for a in all_in_mills.legal_actions()) == ["xa7", "xd7", "xg7"]


def test_a_hand_needs_a_supply_and_reach_needs_a_distance_or_anywhere(tmp_path: Path
                                                                      ) -> None:
    text = (ROOT / "games" / "nine-mens-morris.yaml").read_text(encoding="utf-8")
    path = tmp_path / "morris.yaml"
    path.write_text(text.replace("    supply: 9\n", ""), encoding="utf-8")
    with pytest.raises(SpecError, match="give the kind a 'supply'"):
        load_game(path)
    path.write_text(text.replace("anywhere: true", "anywhere: false"), encoding="utf-8")
    with pytest.raises(SpecError, match="either distance"):
        load_game(path)


HAND_SETUP = """
name: Hand setup
players: [white, black]
board: {type: grid, rows: 3, columns: 3}
pieces:
  stone: {symbols: {white: W, black: B}, supply: 3, hand: true}
setup:
  - type: fixed
    cells: {a1: white}
  - {type: place_each, piece: stone}
turn:
  - {name: place, type: moves, options: [{type: place, piece: stone}]}
goals:
  - {type: line, length: 3}
result: {type: draw}
max_plies: 20
"""


def test_the_pieces_of_a_setup_come_out_of_the_hands(tmp_path: Path) -> None:
    path = tmp_path / "hand-setup.yaml"
    path.write_text(HAND_SETUP, encoding="utf-8")
    state = load_game(path).new_initial_state()
    assert (state.to_json()["hand.white.stone"], state.to_json()["hand.black.stone"]) == (2, 3)
    state.apply("black@b1")  # place_each: black, who has no stone yet, puts one down
    assert state.to_json()["hand.black.stone"] == 2
    state.apply("c1")
    assert state.to_json()["hand.white.stone"] == 1


# The native kernels (framework/native): the place / move / fly phases chosen by their if:
# as one native move, the removal after a mill folded into it as a choice of cells, the
# hands in the compact state. One compile for the module (about 15 s of CPU cold).
@pytest.fixture(scope="module")
def native() -> Any:
    return compiled_native(GAME)


def spiel_turns(state: pyspiel.State, depth: int) -> int:
    """OpenSpiel's tree counted in whole turns (a move and its removal: the same player
    acts twice), a finished game counting 0 before the last level, as perft_turns counts."""
    if depth == 0:
        return 1
    if state.is_terminal():
        return 0
    return sum(spiel_turns(after, depth - 1) for after in _turn_ends(state))


def _turn_ends(state: pyspiel.State) -> list[pyspiel.State]:
    player, found, stack = state.current_player(), [], [state]
    while stack:
        node = stack.pop()
        for a in node.legal_actions():
            child = node.child(a)
            if child.is_terminal() or child.current_player() != player:
                found.append(child)
            else:
                stack.append(child)
    return found


def positions_with_openspiel(count: int, seed: int) -> list[tuple[Any, pyspiel.State]]:
    """Random positions at the start of a turn, played in both: ours and OpenSpiel's."""
    rng = random.Random(seed)
    found = []
    while len(found) < count:
        mine = GAME.new_initial_state()
        theirs = pyspiel.load_game("nine_mens_morris").new_initial_state()
        for _ in range(rng.randrange(8, 60)):
            if theirs.is_terminal():
                break
            named = {ours(theirs, a): a for a in theirs.legal_actions()}
            move = rng.choice(sorted(named))
            theirs.apply_action(named[move])
            mine.apply(move)
        if not theirs.is_terminal() and mine.to_json()["phase"] != "remove":
            found.append((mine, theirs))
    return found


def test_native_perft_by_turns_matches_openspiel_and_the_engine(native: Any) -> None:
    spiel = pyspiel.load_game("nine_mens_morris").new_initial_state()
    st = native.encode(GAME.new_initial_state())
    for depth in (1, 2, 3):
        assert native.perft(st, depth) == spiel_turns(spiel, depth) == perft_turns(
            GAME.new_initial_state(), depth)
    assert native.perft(st, 4) == spiel_turns(spiel, 4) == 255_024
    # From the middle of games (mills, removals, moves and flights), in both.
    removals = 0
    for mine, theirs in positions_with_openspiel(6, seed=3):
        st = native.encode(mine)
        for depth in (1, 2):
            assert native.perft(st, depth) == spiel_turns(theirs, depth) == perft_turns(
                mine, depth), (mine.to_fen(), depth)
        removals += sum(1 for m in native.legal(st) if m >> native.moves.choice_shift)
    assert removals > 0


def test_native_random_games_replay_through_the_engine_and_openspiel(native: Any) -> None:
    """Random games of the kernels, each turn played in the engine (the state and the
    legal turns compared, test_native.replay) and in OpenSpiel (the returns at the end)."""
    from .test_native import replay

    endings = set()
    for seed in range(6):
        state = GAME.new_initial_state()
        st = native.encode(state)
        _, moves = native.random_game(st, seed)
        replay(native, seed, state)
        theirs = pyspiel.load_game("nine_mens_morris").new_initial_state()
        check = GAME.new_initial_state()
        for move in moves:
            for action in native.turn_of(check, move):
                named = {ours(theirs, a): a for a in theirs.legal_actions()}
                theirs.apply_action(named[action.notation])
                check.apply(action)
        assert theirs.is_terminal() and state.is_terminal()
        assert state.returns() == pytest.approx(theirs.returns())
        endings.add(tuple(theirs.returns()))
    assert len(endings) >= 2


def test_native_removal_spares_men_in_mills_unless_all_are(native: Any) -> None:
    for cells, expected in (
            ({"a1": "white", "d1": "white", "a7": "black", "d7": "black", "g7": "black",
              "b4": "black"}, ["g1 xb4"]),
            ({"a1": "white", "d1": "white", "a7": "black", "d7": "black", "g7": "black"},
             ["g1 xa7", "g1 xd7", "g1 xg7"])):
        state = GAME.state_from_json({"to_move": "white", "cells": cells})
        st = native.encode(state)
        turns = sorted(" ".join(a.notation for a in native.turn_of(state, m))
                       for m in native.legal(st))
        assert [t for t in turns if t.startswith("g1 ")] == expected
        assert turns == sorted(t.notation for t in state.legal_turns())


def test_a_mill_with_nothing_to_take_loses_natively_as_in_the_engine(native: Any) -> None:
    """Black has no man on the board: white's mill leaves a removal that is due with
    nothing to take, which no_legal_move: lose makes a loss for white in the engine
    (State._no_legal_action), and so natively."""
    state = GAME.state_from_json({"to_move": "white", "cells": {"a1": "white", "d1": "white"},
                                  "hand.black.man": 9})
    st = native.encode(state)
    move = native.move_of(state.parse_action("g1"), state)
    assert move in native.legal(st)
    st = native.play(st, move)
    state.apply("g1")
    assert state.is_terminal() and state.returns() == [-1.0, 1.0]
    assert native.snapshot(st) == native.python_snapshot(state)


#: Variants of the turn the native pieces do not play, and the words of their refusal.
VARIANTS = {
    "the move phase without landed: not": (
        "      - {type: count, at_least: 4}\n      - {type: landed, not: true}"
        "                       # not in a turn that placed\n",
        "      - {type: count, at_least: 4}\n",
        "needs {type: landed, not: true}"),
    "a removal whose if: holds with nothing landed": (
        "    if: {type: line_formed, length: 3}                  # the man just put down "
        "made a mill\n", "    if: {type: count, of: opponents, at_least: 1}\n",
        "only a choice whose own if: needs a piece landed"),
    "no_legal_move: pass": ("no_legal_move: lose", "no_legal_move: pass",
                            "beside no_legal_move: pass"),
}


@pytest.mark.parametrize("variant", sorted(VARIANTS))
def test_a_variant_the_native_pieces_do_not_play_is_refused_with_the_reason(
        variant: str) -> None:
    from framework.game import load_game_text
    from framework.native import support_of

    written, changed, reason = VARIANTS[variant]
    text = (ROOT / "games" / "nine-mens-morris.yaml").read_text()
    assert written in text
    found = support_of(load_game_text(text.replace(written, changed)))
    assert found is not None and reason in found, found


@pytest.mark.slow
def test_native_deep_perft_and_many_games_match_openspiel(native: Any) -> None:
    """Perft 5 by turns from the start (the first mills), depth 3 from 20 positions in the
    middle of games, and 200 random games of the kernels against OpenSpiel's returns."""
    spiel = pyspiel.load_game("nine_mens_morris").new_initial_state()
    assert native.perft(native.encode(GAME.new_initial_state()), 5) == spiel_turns(spiel, 5)
    for mine, theirs in positions_with_openspiel(20, seed=11):
        assert native.perft(native.encode(mine), 3) == spiel_turns(theirs, 3), mine.to_fen()
    endings = set()
    for seed in range(200):
        st = native.encode(GAME.new_initial_state())
        _, moves = native.random_game(st, seed)
        theirs = pyspiel.load_game("nine_mens_morris").new_initial_state()
        state = GAME.new_initial_state()
        for move in moves:
            for action in native.turn_of(state, move):
                named = {ours(theirs, a): a for a in theirs.legal_actions()}
                theirs.apply_action(named[action.notation])
                state.apply(action)
        assert theirs.is_terminal() and state.returns() == pytest.approx(theirs.returns())
        endings.add(tuple(theirs.returns()))
    assert {(1.0, -1.0), (-1.0, 1.0), (0.0, 0.0)} <= endings


def test_mcts_native_in_the_movement_phase_rolls_out_natively(
        native: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """In the movement phase a turn starts in the moves phase 'move' (state.phase 1): the
    rollouts still start from the native encoding of the position (the kernel's
    rollout_values), not from a game played out in Python."""
    from framework.agents.registry import make_agent

    state = GAME.state_from_json({"to_move": "white", "hand.white.man": 0,
                                  "hand.black.man": 0, "cells": {
                                      "a1": "white", "d1": "white", "a4": "white",
                                      "b6": "white", "d7": "black", "g7": "black",
                                      "f4": "black", "c5": "black"}})
    assert state.to_json()["phase"] == "move" and native.at_turn_start(state)
    agent = make_agent("mcts:40i:native", GAME, seed=3)
    calls = []
    real = native.kernels.rollout_values

    def counted(*args: Any) -> Any:
        calls.append(1)
        return real(*args)

    monkeypatch.setattr(native.kernels, "rollout_values", counted)
    chosen = agent.decide(state)
    assert chosen[0] in state.legal_actions() and len(calls) >= 30


def test_check_compares_the_kernels_through_the_movement_phase(native: Any) -> None:
    """``boardspec check``'s comparison takes a turn that starts in the moves phase 'move'
    as a turn's start (it reported the kernels' turn over and the engine's going on)."""
    from framework.check.native_diff import compare_with_native

    found = compare_with_native(GAME, examples=4, random_seed=0)
    assert found.status == "passed", found.note
    assert found.games == 4 and found.moves > 40


@pytest.mark.slow
def test_a_removal_passed_over_when_impossible_is_not_a_loss_natively() -> None:
    """With when_impossible: skip on the removal, the mill with nothing to take ends the
    turn (the engine passes the phase over) instead of losing; natively the same (a module
    of its own, about 15 s of CPU cold)."""
    pytest.importorskip("numba")
    from framework.game import load_game_text
    from framework.native import NativeGame

    text = (ROOT / "games" / "nine-mens-morris.yaml").read_text()
    written = "    if: {type: line_formed, length: 3}"
    assert written in text
    game = load_game_text(text.replace(written, f"    when_impossible: skip\n{written}"))
    native = NativeGame(game)
    state = game.state_from_json({"to_move": "white", "cells": {"a1": "white", "d1": "white"},
                                  "hand.black.man": 9})
    st = native.play(native.encode(state), native.move_of(state.parse_action("g1"), state))
    state.apply("g1")
    assert not state.is_terminal() and state.to_move == 1
    assert native.snapshot(st) == native.python_snapshot(state)
    from .test_native import replay

    for seed in range(3):
        replay(native, seed)


def test_the_native_random_player_draws_the_move_then_the_man_it_removes(native: Any) -> None:
    # After a mill, the man taken is drawn after the placement (tests/random_player.py).
    from .random_player import bound, chi_square, position_with_choices

    st = position_with_choices(native, range(50), 18)
    statistic, freedom, against_uniform_turns = chi_square(native, st, 6000)
    assert statistic < bound(freedom)
    assert against_uniform_turns > 3 * bound(freedom)
