"""The draws read from the history, on a small game of their own: ``repetition`` with
``same: placement`` and a winner, ``insufficient_material`` with a shade, and what
``validate`` refuses about them and about custodial's ``royal`` and slide's zones."""

from __future__ import annotations

import pytest

from framework import SpecError, load_game_text
from framework.native import support_of

SHUFFLE = """
name: Shuffle
players: [white, black]
board: {type: grid, rows: 3, columns: 3, adjacency: orthogonal}
zones:
  corners: [a1, c1, a3, c3]
pieces:
  rook: {symbols: {white: R, black: r}}
  pawn: {symbols: {white: P, black: p}}
setup:
  - type: fixed
    cells: {a1: {owner: white, piece: rook}, c3: {owner: black, piece: rook},
            b2: {owner: white, piece: pawn}, c1: {owner: black, piece: pawn}}
turn:
  - name: move
    type: moves
    options:
      - {type: slide, piece: rook, directions: [n, e, s, w], to: empty_or_enemy, NO}
goals:
  - GOAL
  - type: insufficient_material
    ignore: [rook]
    draws:
      - {pieces: {pawn: any}, shade: corners}
"""


def game(goal: str, no: str = "no_stop: corners") -> object:
    return load_game_text(SHUFFLE.replace("GOAL", goal).replace("NO", no))


def test_a_placement_seen_twice_loses_for_the_player_who_made_it() -> None:
    g = game("{type: repetition, times: 2, same: placement, winner: opponents}",
             no="max: 1")
    state = g.new_initial_state()
    for move in ["a1a2", "c3c2", "a2a1"]:
        assert not state.is_terminal()
        state.apply(move)
    assert not state.is_terminal()
    state.apply("c2c3")             # the start's placement again: black made it, and loses
    assert state.is_terminal() and state.returns() == [1.0, -1.0]


def test_the_position_counts_the_player_to_move() -> None:
    g = game("{type: repetition, times: 2}", no="max: 1")
    state = g.new_initial_state()
    for move in ["a1a2", "c3c2", "a2a1", "c2c3"]:
        state.apply(move)
    assert state.is_terminal() and state.returns() == [0.0, 0.0]
    assert "twofold repetition" in g.goals[0].describe()


def test_pieces_all_on_one_shade_are_a_draw() -> None:
    g = game("{type: repetition, times: 3}", no="max: 2")
    state = g.state_from_json({"game": "Shuffle", "to_move": "white", "cells": {
        "a1": {"owner": "white", "piece": "rook"}, "b1": {"owner": "black", "piece": "pawn"},
        "b3": {"owner": "black", "piece": "rook"}, "c3": {"owner": "white", "piece": "pawn"}}})
    assert not state.is_terminal()  # a pawn on a corner, one off it
    state.apply("a1b1")             # the rook takes the one off the corners
    assert state.is_terminal() and state.returns() == [0.0, 0.0]


def test_slide_no_stop_crosses_and_no_entry_blocks() -> None:
    crossing = game("{type: repetition, times: 3}", no="no_stop: corners")
    state = crossing.state_from_json({"game": "Shuffle", "to_move": "white", "cells": {
        "b1": {"owner": "white", "piece": "rook"}, "b3": {"owner": "black", "piece": "rook"},
        "a2": {"owner": "white", "piece": "pawn"}, "c3": {"owner": "black", "piece": "pawn"}}})
    assert {a.notation for a in state.legal_actions()} == {"b1b2", "b1b3"}  # not a1, c1
    walled = game("{type: repetition, times: 3}", no="no_entry: corners")
    assert "never entering nor crossing" in walled.phases[0].options[0].describe()


@pytest.mark.parametrize("goal,no,wanted", [
    ("{type: repetition, times: 1}", "max: 1", "greater than or equal to 2"),
    ("{type: insufficient_material, draws: [{pieces: {queen: 1}}]}", "max: 1", "queen"),
    ("{type: insufficient_material, ignore: [rook], draws: [{pieces: {rook: 1}}]}",
     "max: 1", "never counted"),
    ("{type: insufficient_material, draws: [{shade: corners}]}", "max: 1", "name some"),
    ("{type: repetition}", "no_stop: middle", "middle"),
])
def test_validate_refuses_what_cannot_act(goal: str, no: str, wanted: str) -> None:
    with pytest.raises(SpecError) as info:
        game(goal, no)
    assert wanted in str(info.value)


def test_custodial_royal_with_piece_is_refused() -> None:
    text = SHUFFLE.replace("GOAL", "{type: repetition}").replace(
        "NO}", "then: [{type: custodial, royal: rook, piece: pawn}]}")
    with pytest.raises(SpecError) as info:
        load_game_text(text)
    assert "royal" in str(info.value)


def test_the_native_backend_says_why_not_for_a_history_it_cannot_bound() -> None:
    found = support_of(game("{type: repetition, times: 3, since: clock_reset}", no="max: 1"))
    assert found is not None and "halfmove_clock" in found


def test_the_kernels_keep_a_whole_games_positions() -> None:
    """A repetition of whole positions since the start, in a game without max_plies: the
    kernels keep one hash a turn (as many as the engine's playouts play), the player to
    move in it; the game ends where the engine's does."""
    pytest.importorskip("numba")
    from framework.native import NativeGame

    g = game("{type: repetition, times: 2}", no="max: 1")
    assert support_of(g) is None
    native = NativeGame(g)
    state, st = g.new_initial_state(), native.initial()
    for move in ["a1a2", "c3c2", "a2a1", "c2c3"]:
        action = state.parse_action(move)
        st = native.play(st, native.move_of(action, state))
        state.apply(action)
        assert native.snapshot(st) == native.python_snapshot(state), move
    assert state.is_terminal() and state.returns() == [0.0, 0.0]


def test_a_reusing_native_search_finds_a_position_with_its_history() -> None:
    """The native tree kept between decisions finds the position reached in a game whose
    state keeps its history (a region written only as far as the game went): the
    position is compared as far as its history is written, so its visits count on."""
    pytest.importorskip("numba")
    from framework.native.search import NativeSearch

    g = game("{type: repetition, times: 2}", no="max: 1")
    search = NativeSearch(g, 0.5, seed=3, reuse=True)
    state = g.new_initial_state()
    best = search.run(state, iterations=2000).best
    mine = next(c for c in range(search.first[0], search.first[0] + search.count[0])
                if search.move[c] == best)
    replies = range(search.first[mine], search.first[mine] + search.count[mine])
    node = max(replies, key=lambda c: search.visits[c])
    visits = int(search.visits[node])
    for move in (best, int(search.move[node])):
        for action in search.turn_of(state, move):
            state.apply(action)
    search.run(state, iterations=1)
    assert visits > 10 and int(search.visits[0]) == visits + 1
