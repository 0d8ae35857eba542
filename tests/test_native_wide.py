"""The native backend on boards of more than 64 cells: masks of several words.

A board over 64 cells has its masks as ``WideMask(W)`` (``framework/native/wide.py``), its
pieces' code spelled through ``framework/kernel/masks.py``; a board of at most 64 cells
keeps one word and the same source. Checked against the Python engine, the reference:
perft from the start and from random positions, and random games of the kernels replayed
action by action through ``State.apply`` with the whole state and the legal actions
compared after every action (``tests/test_native.py``'s helpers). The default run compiles
one small wide game (Hex 9 × 9, 81 cells, two words); every bundled game over 64 cells the
backend plays, at its own size, is the slow test.
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

from framework import load_game
from framework.kernel.masks import Masks, width_of
from framework.native import support_of
from framework.native.assemble import plan_of, source_of

GAMES = Path(__file__).resolve().parent.parent / "games"
#: The bundled games over 64 cells the backend plays, and the depth the Python engine's
#: perft reaches in a few seconds (from the start; one less from random positions).
WIDE = {"hex": 2, "gomoku": 2, "ataxx players=4": 3, "hasami-shogi": 3, "tablut": 3,
        "hex size=19": 2, "havannah": 2}


def _load(name: str) -> Any:
    """A bundled game by its stem, or "stem name=value" for a setting of its parameters."""
    stem, _, setting = name.partition(" ")
    return load_game(GAMES / f"{stem}.yaml", dict([setting.split("=")]) if setting else None)


def test_the_bundled_games_over_64_cells_are_played_natively() -> None:
    for name in WIDE:
        game = _load(name)
        assert game.board.size > 64 and support_of(game) is None, name
    # Go, Amazons and shogi too, tested in their own files.
    for stem in ("go", "amazons", "shogi"):
        assert support_of(load_game(GAMES / f"{stem}.yaml")) is None, stem


def test_a_piece_written_for_one_word_refuses_a_wide_board(
        monkeypatch: pytest.MonkeyPatch) -> None:
    from framework.rules.goals.line.native import LinePiece

    monkeypatch.setattr(LinePiece, "WIDE", False)
    found = support_of(load_game(GAMES / "gomoku.yaml"))
    assert found is not None and "'line'" in found and "225 cells" in found
    assert support_of(load_game(GAMES / "tic-tac-toe.yaml")) is None  # one word: no matter


def test_one_word_games_keep_their_source_and_wide_ones_say_their_width() -> None:
    narrow = source_of(plan_of(load_game(GAMES / "othello.yaml")))
    assert "wide" not in narrow and "mget" not in narrow and "ALL = U64(" in narrow
    wide = source_of(plan_of(load_game(GAMES / "gomoku.yaml")))
    assert "\nW = 4\n" in wide and "ALL = Wide((" in wide
    plan = plan_of(load_game(GAMES / "ataxx.yaml", {"players": 4}))  # 4 sides, 1 kind, the gaps
    at = plan.layout()
    assert at["GAPS"] == 5 and at["TO_MOVE"] == 6 * 2


def test_the_spelling_of_masks_for_one_word_and_for_several() -> None:
    one, three = Masks(64), Masks(130)
    assert (one.width, three.width, width_of(65)) == (1, 3, 2)
    assert one.get("s") == "st[s]" and three.get("s") == "mget(st, s)"
    assert one.update("i", "&", "x") == "st[i] &= x"
    assert three.update("i", "&", "x") == "mset(st, i, mget(st, i) & x)"
    assert one.bit("c") == "ONE << U64(c)" and one.test("m", "c") == "(m >> U64(c)) & ONE"
    assert three.const(1 << 129 | 5) == "wmake((U64(5), U64(0), U64(2),))"
    assert three.words(1 << 129 | 5) == [5, 0, 2]


# With numba ------------------------------------------------------------------------------
numba = pytest.importorskip("numba")
from framework.native import NativeGame  # noqa: E402

from .test_native import check_perft, random_positions, replay  # noqa: E402


@pytest.fixture(scope="module")
def hex9() -> NativeGame:
    return NativeGame(load_game(GAMES / "hex.yaml", {"size": 9}))


def tree_agrees(native: NativeGame, state: Any, depth: int) -> int:
    """The kernels' legal moves and the positions they lead to against the engine's, at
    every node of the tree to ``depth`` (driven from Python: only ``legal_moves`` and
    ``make_move`` are compiled, the perft kernels being the slow test's). Its leaves."""
    st = native.encode(state)
    assert native.snapshot(st) == native.python_snapshot(state)
    moves = native.legal(st)
    assert sorted(native.action_of(state, m).notation for m in moves) == sorted(
        a.notation for a in state.legal_actions())
    if depth == 1 or not moves:
        return len(moves)
    leaves = 0
    for move in moves:
        child = state.clone()
        child.apply(native.action_of(state, move))
        assert native.snapshot(native.play(st, move)) == native.python_snapshot(child)
        leaves += tree_agrees(native, child, depth - 1) if not child.is_terminal() else 0
    return leaves


def test_a_board_over_255_cells_keeps_a_move_s_cells_in_16_bits(hex9: NativeGame) -> None:
    """Up to 255 cells a move keeps its cells in 8 bits (the kernels unchanged), above in
    16, the option and a folded choice moving up with them. On 19 × 19 (the module
    written, nothing compiled) every action of a position, the pie rule's swap too, goes
    to a native move and back."""
    assert hex9.plan.masks.cell_bits == 8 and hex9.PASS == 255 << 16
    assert "    dst = mv & 255" in hex9.source
    native = NativeGame(load_game(GAMES / "hex.yaml", {"size": 19}))
    m = native.plan.masks
    assert (m.cell_bits, m.src_shift, m.opt_shift, m.choice_shift) == (16, 16, 32, 40)
    assert native.plan.codes == {"PASS": 255 << 32, "SKIP": 254 << 32, "STOP": 253 << 32,
                                 "CHOICE_SHIFT": 40}
    assert "    dst = mv & 65535" in native.source
    assert "src = ((mv >> 16) & 65535) - 1" in native.source
    state = native.game.new_initial_state()
    state.apply(next(a for a in state.legal_actions() if a.notation == "a1"))
    actions = state.legal_actions()
    assert len(actions) == 361 and any(a.kind == "swap" for a in actions)
    moves = {native.move_of(a, state) for a in actions}
    assert len(moves) == 361 and max(m & 65535 for m in moves) == 360
    assert {native.action_of(state, m).notation for m in moves} == {a.notation for a in actions}


def test_hex_on_81_cells_plays_as_the_engine(hex9: NativeGame) -> None:
    """The one wide compile of the default run: two words, a stone on each word's cells,
    the pie rule (a swap onto the mirror cell, across the words) and a winning chain —
    the depth-2 tree, then a random game to its end played on by the kernels, the legal
    moves and the whole state compared with the engine's after every move."""
    game = hex9.game
    assert hex9.plan.masks.width == 2
    assert tree_agrees(hex9, game.new_initial_state(), 2) == 81 * 81
    rng = random.Random(1)
    state = game.new_initial_state()
    st = hex9.encode(state)
    while not state.is_terminal():
        moves = hex9.legal(st)
        assert sorted(hex9.action_of(state, m).notation for m in moves) == sorted(
            a.notation for a in state.legal_actions())
        move = rng.choice(moves)
        state.apply(hex9.action_of(state, move))
        st = hex9.play(st, move)
        assert hex9.snapshot(st) == hex9.python_snapshot(state)
    assert hex9.legal(st) == [] and state.fullmove > 10


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(WIDE))
def test_every_bundled_game_over_64_cells(name: str) -> None:
    """Perft from the start and from random positions, random games replayed, and
    playouts that repeat for a seed."""
    native = NativeGame(_load(name))
    depth = WIDE[name]
    check_perft(native, native.game.new_initial_state(), depth)  # type: ignore[attr-defined]
    for state in random_positions(native, 10, seed=2):
        check_perft(native, state, depth - 1)
    for seed in range(10):
        replay(native, 100 + seed)
    st = native.initial()
    winners, plies = native.playouts(st, 50, seed=3)
    again, same = native.playouts(st, 50, seed=3)
    assert plies > 0 and plies == same and (winners == again).all()
    assert all(-1 <= w < 1 << len(native.game.players) for w in winners.tolist())


@pytest.mark.slow
def test_hex_9_perft_and_playouts(hex9: NativeGame) -> None:
    check_perft(hex9, hex9.game.new_initial_state(), 3)
    for state in random_positions(hex9, 5, seed=4):
        check_perft(hex9, state, 2)
    winners, plies = hex9.playouts(hex9.initial(), 20, seed=3)
    assert plies > 20 * 20 and set(winners.tolist()) <= {1, 2}  # Hex has no draws


@pytest.mark.slow
def test_wide_masks_compute_as_python_ints() -> None:
    """Every operator the pieces use, on three words, against Python's ints: carries and
    borrows across words, shifts by more than a word, the lowest and highest bit."""
    import numpy as np

    from framework.native.wide import wcount, whigh, wlow, wmake, wtest

    @numba.njit
    def ops(a0, a1, a2, b0, b1, b2, k, c):  # type: ignore[no-untyped-def]
        a, b = wmake((a0, a1, a2)), wmake((b0, b1, b2))
        return ((a & b).w, (a | b).w, (a ^ b).w, (~a).w, (a - np.uint64(1)).w,
                (a << np.uint64(k)).w, (a >> np.uint64(k)).w, wcount(a), wlow(a), whigh(a),
                wtest(a, c), bool(a), a == b, a != b, a == np.uint64(0))

    rng = random.Random(5)
    full = (1 << 192) - 1
    for _ in range(60):
        a = rng.choice([rng.getrandbits(192), 1 << rng.randrange(192), 1 << 64, 1 << 128])
        b = rng.choice([rng.getrandbits(192), a])
        k, c = rng.randrange(150), rng.randrange(192)
        words = [np.uint64(x >> (64 * i) & (1 << 64) - 1) for x in (a, b) for i in range(3)]
        got = ops(*words, k, c)

        def int_of(t: tuple[int, ...]) -> int:
            return sum(int(w) << (64 * i) for i, w in enumerate(t))

        assert [int_of(t) for t in got[:7]] == [
            a & b, a | b, a ^ b, ~a & full, (a - 1) & full, (a << k) & full, a >> k]
        assert got[7:] == (a.bit_count(), (a & -a).bit_length() - 1, a.bit_length() - 1,
                           a >> c & 1, a != 0, a == b, a != b, a == 0)




def othello_10x10() -> Any:
    """Othello on 10 × 10 (100 cells, two words), from games/othello.yaml: the four discs
    in the middle, the 8 × 8 examples left out."""
    from framework import load_game_text

    text = (GAMES / "othello.yaml").read_text()
    head, examples = text.split("\nexamples:\n", 1)
    after = [line for line in examples.splitlines(keepends=True)
             if line[:1] not in (" ", "\n", "")]
    rest = examples[examples.index(after[0]):] if after else ""
    text = (head + "\n" + rest).replace("rows: 8, columns: 8", "rows: 10, columns: 10")
    return load_game_text(text.replace("cells: {d4: white, e5: white, d5: black, e4: black}",
                                       "cells: {e5: white, f6: white, e6: black, f5: black}"))


@pytest.mark.slow
def test_othello_on_100_cells_outflanks_across_the_words() -> None:
    """must_flank's whole-mask shifts (one id difference per direction on a grid) and
    flip_flanked's walks, on masks of two words, against the engine."""
    native = NativeGame(othello_10x10())
    assert native.plan.masks.width == 2 and "wmake((U64(" in native.source
    check_perft(native, native.game.new_initial_state(), 4)  # type: ignore[attr-defined]
    for state in random_positions(native, 10, seed=6):
        check_perft(native, state, 3)
    for seed in range(10):
        assert replay(native, 200 + seed) > 60
