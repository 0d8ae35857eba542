"""The generic blocks chess is written with: the royal restriction and its result, attacks
read from the game's own moves (fast path = generic path), rush / en passant / castle with
their slots, promote_choice, and FEN fields — on chess and on a small made-up game whose
pieces move with ``reach`` (so nothing here depends on chess's own moves)."""

from __future__ import annotations

import random

import pytest

from framework import PositionError, load_game, load_game_text
from framework.check.runner import check_game
from framework.moves.attacks import attacks_of
from framework.rules.restrictions.royal.reference import RefRoyal

from .conftest import ROOT

CHESS = load_game(ROOT / "games" / "chess.yaml")

MINI = """
name: Mini royal
players: [{name: white, forward: n}, {name: black, forward: s}]
board: {type: grid, rows: 6, columns: 5, adjacency: king}
pieces:
  king: {symbols: {white: K, black: k}}
  rook: {symbols: {white: R, black: r}}
  knight: {symbols: {white: N, black: n}}
  pawn: {symbols: {white: P, black: p}}
zones:
  start: {white: [{row: 2}], black: [{row: 5}]}
setup:
  - type: fixed
    cells:
      a1: {owner: white, piece: rook}
      c1: {owner: white, piece: king}
      e1: {owner: white, piece: rook}
      b2: {owner: white, piece: pawn}
      d2: {owner: white, piece: pawn}
      a6: {owner: black, piece: rook}
      c6: {owner: black, piece: king}
      e6: {owner: black, piece: knight}
      b5: {owner: black, piece: pawn}
      d5: {owner: black, piece: pawn}
turn:
  - name: move
    type: moves
    options:
      - {type: reach, piece: king, distance: 1, to: empty_or_enemy, kind: king}
      - {type: reach, piece: rook, distance: 1, to: empty_or_enemy, kind: rook}
      - {type: reach, piece: knight, distance: 2, to: empty_or_enemy, kind: knight}
      - {type: reach, piece: pawn, distance: 1, to: empty, kind: pawn, directions: [forward]}
      - {type: rush, piece: pawn, zone: start, resets_halfmove_clock: true}
      - {type: en_passant, piece: pawn, directions: [forward_left, forward_right]}
      - type: castle
        piece: king
        partner: rook
        routes:
          - {player: white, letter: K, from: c1, to: e1, partner_from: e1, partner_to: d1}
          - {player: white, letter: Q, from: c1, to: a1, partner_from: a1, partner_to: b1}
          - {player: black, letter: q, from: c6, to: a6, partner_from: a6, partner_to: b6}
restrictions:
  - {type: royal, piece: king}
result: {type: royal_attacked, piece: king}
goals:
  - {type: halfmove_clock, limit: 30}
notation:
  fen: {fields: [castling, en_passant]}
"""


def notations(state: object) -> set[str]:
    return {a.notation for a in state.legal_actions()}  # type: ignore[attr-defined]


def test_no_move_may_leave_the_king_attacked() -> None:
    # The e2 knight is pinned by the e8 rook; the king may not step onto d2 (the b4 bishop).
    state = CHESS.state_from_fen("4r2k/8/8/8/1b6/8/4N3/4K3 w - - 0 1")
    legal = notations(state)
    assert not any(n.startswith("e2") for n in legal)
    assert "e1d2" not in legal and "e1f1" in legal
    # In check: only the moves that meet it (block, capture or step away).
    # The a1 rook checks along the first rank: f1 stays on its line (the king's own cell no
    # longer blocks it), d1 is attacked, and castling out of check is not allowed.
    state = CHESS.state_from_fen("4k3/8/8/8/8/8/3PP3/r3K2R w K - 0 1")
    assert notations(state) == {"e1f2"}


def test_checkmate_loses_and_stalemate_draws() -> None:
    mate = CHESS.state_from_fen("7k/8/8/8/8/8/5PPP/r5K1 w - - 0 1")
    assert mate.is_terminal() and mate.returns() == [-1.0, 1.0]
    stalemate = CHESS.state_from_fen("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1")
    assert stalemate.is_terminal() and stalemate.returns() == [0.0, 0.0]
    fifty = CHESS.state_from_fen("7k/8/8/8/8/8/8/R6K b - - 99 80")
    fifty.apply("h8g7")
    assert fifty.is_terminal() and fifty.returns() == [0.0, 0.0]


def test_en_passant_only_on_the_next_turn_and_it_removes_the_rusher() -> None:
    state = CHESS.state_from_fen("4k3/3p4/8/4P3/8/8/8/4K3 b - - 0 1")
    state.apply("d7d5")
    assert state.to_json()["en_passant"] == "d6"
    state.clone().apply("e5d6")
    after = state.clone()
    after.apply("e5d6")
    assert "d5" not in after.to_json()["cells"] and after.to_json()["en_passant"] is None
    later = state.clone()
    later.apply("e1e2")
    later.apply("e8e7")
    assert "e5d6" not in notations(later) and later.to_json()["en_passant"] is None


def test_castling_rights_are_lost_for_good_and_the_path_must_be_safe() -> None:
    state = CHESS.state_from_fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1")
    assert {"e1g1", "e1c1"} <= notations(state)
    state.apply("h1h2")
    state.apply("a8a7")
    assert state.to_json()["castling"] == "Qk"
    state.apply("h2h1")  # back on its cell: the right stays lost
    assert "e1g1" not in notations(state)
    attacked = CHESS.state_from_fen("r3k2r/8/8/8/8/8/5r2/R3K2R w KQkq - 0 1")
    assert "e1g1" not in notations(attacked)   # f1 is attacked; e1 too: in check
    rook_b1_attacked = CHESS.state_from_fen("1r2k3/8/8/8/8/8/8/R3K3 w Q - 0 1")
    assert "e1c1" in notations(rook_b1_attacked)  # only the king's cells must be safe


def test_promotion_to_the_chosen_kind() -> None:
    state = CHESS.state_from_fen("8/4P3/8/8/8/8/k7/4K3 w - - 0 1")
    state.apply("e7e8")
    assert notations(state) == {"q", "r", "b", "n"}
    state.apply("n")
    assert state.to_fen().startswith("4N3/")
    assert state.to_json()["to_move"] == "black"


def test_fen_fields_are_checked() -> None:
    with pytest.raises(PositionError, match="castling is written with the letters"):
        CHESS.state_from_fen("4k3/8/8/8/8/8/8/4K3 w KX - 0 1")
    with pytest.raises(PositionError, match="not a cell"):
        CHESS.state_from_fen("4k3/8/8/8/8/8/8/4K3 w - z9 0 1")
    with pytest.raises(PositionError):
        CHESS.state_from_json({"to_move": "white", "castling": 3})


def test_fast_attacks_equal_the_generic_ones() -> None:
    """Every cell, both sides, along random chess games and mini games."""
    for game, plies in ((CHESS, 120), (load_game_text(MINI), 60)):
        attacks = attacks_of(game)
        rng = random.Random(7)
        for _ in range(6):
            state = game.new_initial_state()
            for _ in range(plies):
                if state.is_terminal():
                    break
                for cell in range(game.board.size):
                    for side in (0, 1):
                        assert attacks.attacked(state, cell, side) == \
                            attacks.attacked_generic(state, cell, side), (state.to_fen(), cell)
                state.apply(rng.choice(state.legal_actions()))
    assert attacks_of(CHESS).by_lines


def test_the_mini_game_castles_rushes_and_passes() -> None:
    game = load_game_text(MINI)
    state = game.new_initial_state()
    assert state.to_fen() == "r1k1n/1p1p1/5/5/1P1P1/R1K1R K KQq - 0 1"
    assert {"c1e1", "c1a1", "b2b4"} <= notations(state)
    state.apply("c1e1")
    assert state.to_json()["cells"]["d1"]["piece"] == "rook"
    assert state.to_json()["castling"] == "q"


def test_check_passes_and_catches_a_reference_that_ignores_the_royal_piece(
        monkeypatch: pytest.MonkeyPatch) -> None:
    game = load_game_text(MINI)
    report = check_game(game, examples=12)
    assert report.failed == [] and report.unchecked == []
    monkeypatch.setattr(RefRoyal, "allowed", lambda self, s, moves: moves)
    report = check_game(game, examples=12)
    assert report.failed


def test_bad_blocks_are_refused_with_their_names() -> None:
    from framework import SpecError

    bad = MINI.replace("zone: start, resets", "zone: nowhere, resets").replace(
        "letter: Q,", "letter: K,").replace("fields: [castling, en_passant]",
                                            "fields: [castling, passant]")
    with pytest.raises(SpecError) as error:
        load_game_text(bad)
    text = str(error.value)
    assert "unknown zone 'nowhere'" in text
    assert "the letter 'K' is already used" in text
    assert "unknown state slot 'passant'" in text
