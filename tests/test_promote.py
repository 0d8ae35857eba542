"""``promote``: to a fixed kind (draughts' king, in test_checkers.py) or to the kind the
player chooses (a chess pawn), and its reference twin."""

from __future__ import annotations

import pytest

from framework import SpecError, load_game_text
from framework.check.runner import check_game, plan
from framework.engine.turns import perft_turns

PAWNS = """
name: Pawn race
players: [{name: white, forward: n}, {name: black, forward: s}]
board: {type: grid, rows: 4, columns: 4, adjacency: orthogonal}
pieces:
  pawn: {symbols: {white: P, black: p}}
  queen: {symbols: {white: Q, black: q}}
  rook: {symbols: {white: R, black: r}}
zones:
  last_rank: {white: [{row: 4}], black: [{row: 1}]}
setup:
  - type: fixed
    cells: {a2: white, b2: white, c3: black, d3: black}
turn:
  - name: move
    type: moves
    options:
      - {type: reach, piece: pawn, distance: 1, directions: [forward], kind: push,
         notation: "{from}-{to}"}
      - {type: reach, piece: queen, distance: 1, to: empty_or_enemy, kind: queen_move,
         notation: "Q{from}-{to}"}
      - {type: reach, piece: rook, distance: 1, directions: [n, s], to: empty_or_enemy,
         kind: rook_move, notation: "R{from}-{to}"}
  - {name: promotion, type: promote, piece: pawn, to: [queen, rook], zone: last_rank}
no_legal_move: lose
goals:
  - {type: halfmove_clock, limit: 12}
max_plies: 200
"""


def test_the_player_chooses_the_kind_in_the_same_turn() -> None:
    game = load_game_text(PAWNS)
    state = game.state_from_json({"to_move": "white", "cells": {
        "a3": "white", "d2": "black"}})
    state.apply("a3-a4")
    assert state.to_move == 0 and state.to_json()["phase"] == "promotion"
    assert [a.notation for a in state.legal_actions()] == ["a4=queen", "a4=rook"]
    state.apply("a4=rook")
    assert state.to_move == 1
    assert state.to_json()["cells"]["a4"] == {"owner": "white", "piece": "rook"}
    # A push that does not reach the last rank has nothing to choose: the turn passes on.
    state.apply("d2-d1")
    assert state.to_json()["phase"] == "promotion"
    state.apply("d1=queen")
    assert state.to_json()["cells"]["d1"]["piece"] == "queen"


def test_a_choice_of_two_kinds_is_two_turns_in_perft() -> None:
    game = load_game_text(PAWNS)
    state = game.state_from_json({"to_move": "white", "cells": {
        "a3": "white", "b2": "white", "d2": "black"}})
    assert perft_turns(state, 1) == 3  # a3-a4 =queen, a3-a4 =rook, b2-b3


def test_promotion_by_choice_agrees_with_the_reference() -> None:
    game = load_game_text(PAWNS)
    report = check_game(game, examples=12, random_seed=2)
    failed = [(o.name, o.status, o.note) for o in report.outcomes
              if o.status not in ("passed", "not required")]
    assert not failed  # (the native backend does not play a second deciding phase)


def test_an_unknown_kind_to_choose_is_located() -> None:
    with pytest.raises(SpecError, match="unknown piece 'bishop'"):
        load_game_text(PAWNS.replace("to: [queen, rook]", "to: [queen, bishop]"))


def test_the_reference_catches_a_promotion_to_the_wrong_kind(
        monkeypatch: pytest.MonkeyPatch) -> None:
    from framework.rules.phases import promote

    real = promote.become
    monkeypatch.setattr(promote, "become", lambda state, cell, kind: real(state, cell, 1))
    game = load_game_text(PAWNS)
    checks = dict(plan(game, examples=30, random_seed=4))
    assert checks["same as the reference interpreter"]().status == "failed"
