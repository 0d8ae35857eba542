"""Xiangqi (``games/xiangqi.yaml``) side by side with OpenSpiel's C++ ``xiangqi``: start
perft and random games compared at every ply (legal sets, current player, terminal flag,
returns), OpenSpiel's action strings mapped to ours (``R(9,0)-(7,0)`` = ``a1a3``: row 0 is
rank 10, column 0 file a).

What xiangqi brought, each tested against the reference twin as well: a slide over a
screen (``screens``, the cannon), ``facing`` (the flying general, a restriction on the
result of a move), and the attacks of moves with tests of each candidate move (the
horse's leg) read by the reference twin of ``royal``. It runs natively (perft 4 equals
OpenSpiel's), and so does a small game of cannons, chariots and facing generals.

OpenSpiel's ending: the player to move with no legal move loses (stalemate too); 500
plies are a draw. At the 500th ply a player left without a move would lose in OpenSpiel
and draw here (the draw goal is read first); random games never come near it.
"""

from __future__ import annotations

import json
import re

import pyspiel
import pytest

from framework import SpecError, load_game, load_game_text
from framework.check.reference import ReferenceGame
from framework.native import support_of
from framework.perft import perft

from .conftest import ROOT
from .spiel import openspiel_perft, play_side_by_side

GAME = load_game(ROOT / "games" / "xiangqi.yaml")
TEXT = (ROOT / "games" / "xiangqi.yaml").read_text()
FILES = "abcdefghi"
SPIEL_MOVE = re.compile(r".\((\d),(\d)\)-\((\d),(\d)\)")


def notation(spiel: str) -> str:
    """OpenSpiel's ``R(9,0)-(7,0)`` (row from the top, column from the left) as ``a1a3``."""
    found = SPIEL_MOVE.fullmatch(spiel)
    assert found, spiel
    r1, c1, r2, c2 = map(int, found.groups())
    return f"{FILES[c1]}{10 - r1}{FILES[c2]}{10 - r2}"


@pytest.mark.parametrize("depth", [1, 2, 3])
def test_perft_matches_openspiel(depth: int) -> None:
    spiel = pyspiel.load_game("xiangqi").new_initial_state()
    assert perft(GAME.new_initial_state(), depth) == openspiel_perft(spiel, depth)


@pytest.mark.slow
def test_perft_4_matches_openspiel() -> None:
    spiel = pyspiel.load_game("xiangqi").new_initial_state()
    assert perft(GAME.new_initial_state(), 4) == openspiel_perft(spiel, 4)


def test_a_few_random_games_agree_with_openspiel_at_every_ply() -> None:
    outcomes, plies = play_side_by_side(GAME, "xiangqi", 2, 5, notation)
    assert sum(outcomes.values()) == 2 and plies > 100


@pytest.mark.slow
def test_a_hundred_random_games_agree_with_openspiel_at_every_ply() -> None:
    outcomes, plies = play_side_by_side(GAME, "xiangqi", 100, 51, notation)
    assert outcomes[(1.0, -1.0)] > 0 and outcomes[(-1.0, 1.0)] > 0
    assert plies > 100 * 100


def _legal(fen: str) -> tuple[list[str], list[str]]:
    """The legal moves at ``fen``, by the engine and by the reference twin."""
    state = GAME.state_from_fen(fen)
    ref = ReferenceGame(GAME.spec)
    theirs = sorted(ref.legal(ref.from_json(state.to_json())))
    return sorted(a.notation for a in state.legal_actions()), theirs


def test_the_cannon_takes_over_exactly_one_screen() -> None:
    # e3 cannon; e7 red soldier (the screen), e8 and e9 black soldiers: e8 is taken, e9
    # (two pieces on the way) is not; along rank 3 there is no screen, so no capture.
    ours, theirs = _legal("5k3/4p4/4p4/4P4/9/9/9/p3C3p/9/3K5 w")
    assert ours == theirs
    cannon = [m for m in ours if m.startswith("e3")]
    assert "e3e8" in cannon and "e3e9" not in cannon and "e3e7" not in cannon
    assert "e3a3" not in cannon and "e3i3" not in cannon
    assert {"e3e4", "e3e5", "e3e6", "e3b3", "e3h3"} <= set(cannon)


def test_the_generals_may_not_face_each_other() -> None:
    # The red chariot on e5 alone stands between the generals on e1 and e10: it may move
    # along the file but not off it; the general may step off the file to d1 or f1.
    ours, theirs = _legal("4k4/9/9/9/9/4R4/9/9/9/4K4 w")
    assert ours == theirs
    assert "e5a5" not in ours and "e5e6" in ours and "e5e2" in ours
    assert "e1d1" in ours and "e1f1" in ours


def test_a_horse_with_its_leg_blocked_attacks_nothing_for_the_reference_too() -> None:
    # Found by ``boardspec check``: the reference twin of ``royal`` read the horse's leap
    # without its path test, so a blocked horse gave check and red had no move.
    position = json.loads((ROOT / "tests" / "data" / "xiangqi-leg.json").read_text())
    state = GAME.state_from_json(position)
    state.apply("f3g3")
    ref = ReferenceGame(GAME.spec)
    mirror = ref.from_json(state.to_json())
    assert sorted(ref.legal(mirror)) == sorted(a.notation for a in state.legal_actions()) \
        == ["f5d6"]


def test_the_native_backend_plays_it_as_openspiel_does() -> None:
    """Natively: the horse's leg and the elephant's eye in the attack tables too (each
    attacking source tested as a candidate move), the cannon past its screen, facing."""
    import random

    from framework.native import NativeGame

    assert support_of(GAME) is None
    native = NativeGame(GAME)
    spiel = pyspiel.load_game("xiangqi").new_initial_state()
    for depth in (1, 2, 3, 4):
        assert native.perft(native.initial(), depth) == openspiel_perft(spiel, depth)
    rng = random.Random(8)
    state = GAME.new_initial_state()
    for ply in range(60):
        if ply % 12 == 5:
            assert native.perft(native.encode(state), 2) == perft(state, 2), state.to_fen()
        state.apply(rng.choice([a.notation for a in state.legal_actions()]))


CANNONS = """\
name: Cannons
description: Generals, chariots and cannons on a small board, the generals never facing.
players: [{name: red, forward: n}, {name: black, forward: s}]
board: {type: grid, rows: 6, columns: 5, adjacency: king}
pieces:
  general:
    symbols: {red: K, black: k}
    moves: [{type: step, directions: [n, e, s, w], to: empty_or_enemy}]
  chariot:
    symbols: {red: R, black: r}
    moves: [{type: slide, directions: [n, e, s, w], to: empty_or_enemy}]
  cannon:
    symbols: {red: C, black: c}
    moves:
      - {type: slide, directions: [n, e, s, w]}
      - {type: slide, directions: [n, e, s, w], to: enemy, screens: 1, kind: capture}
  soldier:
    symbols: {red: P, black: p}
    moves: [{type: step, directions: [forward], to: empty_or_enemy}]
setup:
  - type: fixed
    cells:
      c1: {owner: red, piece: general}
      a1: {owner: red, piece: chariot}
      e1: {owner: red, piece: cannon}
      b2: {owner: red, piece: soldier}
      d2: {owner: red, piece: soldier}
      c6: {owner: black, piece: general}
      a6: {owner: black, piece: cannon}
      e6: {owner: black, piece: chariot}
      b5: {owner: black, piece: soldier}
      d5: {owner: black, piece: soldier}
turn:
  - {name: move, type: moves, piece_moves: true}
restrictions:
  - {type: royal, piece: general}
  - {type: facing, pieces: [general, general], directions: [n, s]}
no_legal_move: lose
goals:
  - {type: outcome, winner: draw, if: {type: turn, at_least: 40}}
max_plies: 78
"""


def test_screens_and_facing_run_natively_as_in_python() -> None:
    from framework.native import NativeGame

    game = load_game_text(CANNONS, "cannons.yaml")
    assert support_of(game) is None
    native = NativeGame(game)
    for depth in (1, 2, 3, 4):
        assert native.perft(native.initial(), depth) == perft(game.new_initial_state(), depth)


def test_screens_and_facing_agree_with_the_reference_in_random_games() -> None:
    import random

    game = load_game_text(CANNONS, "cannons.yaml")
    ref = ReferenceGame(game.spec)
    rng = random.Random(3)
    for _ in range(6):
        state = game.new_initial_state()
        while not state.is_terminal():
            mirror = ref.from_json(state.to_json())
            ours = sorted(a.notation for a in state.legal_actions())
            assert ours == sorted(ref.legal(mirror)), state.to_json()
            assert state.returns() == ref.returns(mirror)
            state.apply(rng.choice(ours))
        assert ref.returns(ref.from_json(state.to_json())) == state.returns()


def _refused(text: str, *reason: str) -> None:
    with pytest.raises(SpecError) as info:
        load_game_text(text, "bad.yaml")
    for part in reason:
        assert part in str(info.value), str(info.value)


@pytest.mark.parametrize(("extra", "reason"), [
    ("over: own", "screens does not go with over: own"),
    ("max: 3", "max does not go with screens"),
    ("distance: pieces_on_line", "screens does not go with distance: pieces_on_line")])
def test_a_slide_over_screens_that_cannot_act_is_refused(extra: str, reason: str) -> None:
    option = "to: enemy, screens: 1, kind: capture}"
    assert option in CANNONS
    _refused(CANNONS.replace(option, f"to: enemy, screens: 1, {extra}, kind: capture}}"),
             "bad.yaml:", reason)


def test_facing_an_unknown_kind_is_refused() -> None:
    _refused(CANNONS.replace("pieces: [general, general]", "pieces: [general, king]"),
             "bad.yaml:", "king")
