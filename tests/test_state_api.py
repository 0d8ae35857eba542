"""The state API behaves the same for every game in games/ (OpenSpiel-style conformance)."""

from __future__ import annotations

import json
import random

import pytest

from framework import TERMINAL, CompiledGame, IllegalActionError, NotationError


def random_game(game: CompiledGame, seed: int) -> list[object]:
    rng = random.Random(seed)
    state = game.new_initial_state()
    trail = [state.clone()]
    limit = game.spec.max_plies or 5000
    while not state.is_terminal() and len(trail) <= limit:
        state.apply(rng.choice(state.legal_actions()))
        trail.append(state.clone())
    return trail


def test_random_games_finish_with_a_result(any_game: CompiledGame) -> None:
    for seed in range(3):
        final = random_game(any_game, seed)[-1]
        assert final.is_terminal(), f"{any_game.name} did not end (seed {seed})"  # type: ignore[attr-defined]
        assert final.current_player == TERMINAL  # type: ignore[attr-defined]
        assert final.legal_actions() == []  # type: ignore[attr-defined]
        values = final.returns()  # type: ignore[attr-defined]
        winners = final.winners  # type: ignore[attr-defined]
        # Each winner 1, every other player -1; a draw 0 for all (zero-sum with two).
        expected = [0.0] * len(values) if not winners else \
            [1.0 if side in winners else -1.0 for side in final.seat_of_side]  # type: ignore[attr-defined]
        assert sorted(values) == sorted(expected)
        if len(values) == 2:
            assert sum(values) == 0


def test_actions_unique_notation_round_trips_and_json(any_game: CompiledGame) -> None:
    for state in random_game(any_game, 7)[:60]:
        actions = state.legal_actions()  # type: ignore[attr-defined]
        assert len(set(actions)) == len(actions)
        assert len({a.notation for a in actions}) == len(actions)
        assert state.count_legal_actions() == len(actions)  # type: ignore[attr-defined]
        for action in actions:
            assert state.parse_action(action.notation) == action  # type: ignore[attr-defined]
        again = any_game.state_from_json(json.loads(state.to_json_string()))  # type: ignore[attr-defined]
        assert again == state
        if any_game.spec.notation.fen and not state.is_terminal():  # type: ignore[attr-defined]
            assert any_game.state_from_fen(state.to_fen()).to_fen() == state.to_fen()  # type: ignore[attr-defined]


def test_returns_are_zero_until_the_end(any_game: CompiledGame) -> None:
    for state in random_game(any_game, 3)[:-1]:
        assert state.returns() == [0.0] * len(any_game.players)  # type: ignore[attr-defined]


def test_clone_is_independent(any_game: CompiledGame) -> None:
    state = any_game.new_initial_state()
    before = state.to_json()
    copy = state.clone()
    copy.apply(copy.legal_actions()[0])
    assert state.to_json() == before and copy != state


def test_illegal_action_changes_nothing(ataxx: CompiledGame) -> None:
    state = ataxx.new_initial_state()
    before = state.clone()
    with pytest.raises(IllegalActionError, match="'a7a4' is not legal here"):
        state.apply("a7a4")
    with pytest.raises(NotationError, match="'hello' is not an action of Ataxx"):
        state.apply("hello")
    assert state == before


def test_forced_pass_and_clock(ataxx: CompiledGame) -> None:
    state = ataxx.state_from_fen("7/7/7/7/ooooooo/ooooooo/xxxxxxx x 0 1")
    assert [a.notation for a in state.legal_actions()] == ["0000"]
    state.apply("0000")
    assert state.to_fen() == "7/7/7/7/ooooooo/ooooooo/xxxxxxx o 1 1"
    state.apply(state.legal_actions()[0])  # a clone resets the clock
    assert state.halfmove == 0 and state.fullmove == 2


def test_assimilation_ends_without_passing(assimilation: CompiledGame) -> None:
    state = assimilation.state_from_fen("7/7/7/7/ooooooo/ooooooo/xxxxxxx x 0 1")
    assert state.is_terminal() and state.returns() == [-1.0, 1.0]
    assert state.to_json()["result"] == {"winner": "black"}


def test_halfmove_draw_and_piece_win_precedence(ataxx: CompiledGame) -> None:
    assert ataxx.state_from_fen("x5o/7/7/7/7/7/o5x x 100 1").returns() == [0.0, 0.0]
    lone = ataxx.state_from_fen("x6/7/7/7/7/7/7 o 100 1")
    assert lone.is_terminal() and lone.returns() == [1.0, -1.0]


def test_clone_identified_by_target(ataxx: CompiledGame) -> None:
    state = ataxx.state_from_fen("o6/7/7/3x3/7/3x3/7 x 0 1")  # x on d4, d2
    clones = [a.notation for a in state.legal_actions() if a.kind == "clone"]
    assert clones.count("d3") == 1 and clones.count("c3") == 1  # next to both: one move each
    assert len(clones) == 13


def test_conversion(ataxx: CompiledGame) -> None:
    state = ataxx.state_from_fen("o6/7/7/2o4/7/2x4/7 x 0 1")
    state.apply("c3")
    assert state.to_fen().startswith("o6/7/7/2x4/2x4/2x4/7 o")


def test_a_game_ended_inside_a_turn_round_trips_through_json(tmp_path) -> None:
    """The second phase has nothing to move, so the game ends in the middle of black's
    turn: the JSON keeps that phase and the result, and reads back finished."""
    from framework import load_game

    spec = tmp_path / "midturn.yaml"
    spec.write_text(
        "name: Midturn\nplayers: [white, black]\nboard: {type: grid, rows: 1, columns: 3}\n"
        "pieces: {stone: {symbols: {white: W, black: B}}}\n"
        "turn:\n"
        "  - {name: drop, type: moves, options: [{type: place, piece: stone}]}\n"
        "  - {name: shift, type: moves,\n"
        "     options: [{type: step, piece: stone, directions: [e, w]}]}\n"
        "result: {type: majority}\n")
    game = load_game(spec)
    state = game.new_initial_state()
    for notation in ["a1", "a1b1", "a1"]:  # black's stone on a1 cannot step: b1 is taken
        state.apply(notation)
    assert state.is_terminal()
    data = state.to_json()
    assert data["phase"] == "shift" and data["result"] == {"draw": True}
    again = game.state_from_json(json.loads(json.dumps(data)))
    assert again == state and again.is_terminal() and again.legal_actions() == []


def test_a_written_result_stands(ataxx: CompiledGame) -> None:
    data = ataxx.new_initial_state().to_json()
    data["result"] = {"winner": "o"}
    state = ataxx.state_from_json(data)
    assert state.is_terminal() and state.to_json()["result"] == {"winner": "o"}


def test_a_compiled_game_is_freed_when_dropped() -> None:
    """Tables derived on demand live on the game and its board (``derived``), not in
    module-level caches that would keep every game a long ``serve --watch`` compiled."""
    import gc
    import weakref

    from framework import load_game

    from .conftest import ROOT

    refs = []
    for name in ("adaptoid", "ataxx"):  # supplies and limits; reach's rings
        game = load_game(ROOT / "games" / f"{name}.yaml")
        state = game.new_initial_state()
        for _ in range(4):
            state.apply(state.legal_actions()[0])
        assert game.derived or game.board.derived
        refs += [weakref.ref(game), weakref.ref(game.board)]
        del game, state
    gc.collect()
    assert [r() for r in refs] == [None] * len(refs)
