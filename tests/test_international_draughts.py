"""International draughts (games/international-draughts.yaml) against the published perft
counts and pydraughts' ``standard`` variant.

How the turns line up:

- **Perft** counts whole turns (``perft_turns``): a capture of several pieces is several
  actions of ours (one per hop, the turn's ``chain`` slot holding the capturing piece) and
  one move, as the published counts and pydraughts count it.
- **pydraughts** plays a whole capture as one move (``steps_move``: the squares it lands
  on). Its squares are numbered 1-50 as draughts players number them, 1 at the top left
  (b10 here), 46 at the bottom left (a1); white, on 31-50, moves first, as ours does on
  rows 1-4. A turn of ours ``d4xf6 f6xd8`` is the path d4, f6, d8. With flying kings and
  captured pieces left on the board until the capture ends, two turns never share a path:
  between two landing squares of a line lies exactly one captured piece.

Its draw rules are ours, written as ``halfmove_clock`` goals (a man's move or a capture
resets the clock): 25 king moves each; one king against three pieces with a king after 16
each, against one or two with a king after 5. Its threefold repetition (the same pieces on
the same squares and the same player to move, counted from the start) is the file's
``repetition`` goal.
"""

from __future__ import annotations

import itertools
import json
import random
import re
from pathlib import Path
from typing import Any

import pytest

from framework import load_game
from framework.engine.state import State
from framework.engine.turns import perft_turns, turns_with_states
from framework.errors import IllegalActionError, NotationError
from framework.game import load_game_text

ROOT = Path(__file__).resolve().parent.parent
GAME = load_game(ROOT / "games" / "international-draughts.yaml")


def _published() -> tuple[str, list[int]]:
    rows = [line.split("\t") for line in (ROOT / "tests" / "data" / "international-draughts-"
            "perft.tsv").read_text(encoding="utf-8").splitlines() if not line.startswith("#")]
    (name, fen, *counts), = rows
    assert name == "start"
    return fen, [int(n) for n in counts]


FEN, PUBLISHED = _published()


def test_the_start_is_the_published_position() -> None:
    assert GAME.new_initial_state().to_fen() == FEN


@pytest.mark.parametrize("depth", [
    *range(1, 5), *(pytest.param(d, marks=pytest.mark.slow) for d in (5, 6))])
def test_published_perft_by_whole_turns(depth: int) -> None:
    assert perft_turns(GAME.state_from_fen(FEN), depth) == PUBLISHED[depth - 1]


def _state(to_move: str, cells: dict[str, Any]) -> State:
    return GAME.state_from_json({"to_move": to_move, "cells": cells})


def _king(owner: str) -> dict[str, str]:
    return {"owner": owner, "piece": "king"}


def _n(text: str) -> str:
    """A notation written with the cells' names (``a1-b2``), as the file writes it: with
    the squares' numbers (``46-41``)."""
    return re.sub(r"[a-j]\d+", lambda m: GAME.board.written[GAME.board.cell(m[0])], text)


def _named(notation: str) -> str:
    """An action's notation (``46-41``) with the cells' names (``a1-b2``)."""
    return re.sub(r"\d+", lambda m: GAME.board.names[GAME.board.written.index(m[0])], notation)


def _turns(state: State) -> set[str]:
    """The legal turns, each action written with the cells' names: ``j10xe5 e5xg3``."""
    return {" ".join(_named(a.notation) for a in t.actions)
            for t, _ in turns_with_states(state)}


def test_a_king_captures_from_afar_and_lands_anywhere_beyond() -> None:
    state = _state("white", {"a1": _king("white"), "d4": "black", "j10": "black",
                             "j2": "white"})
    # Over d4 (b2 and c3 empty) onto any of e5 to i9 (j10 has nothing beyond it), and from
    # none of them a second capture.
    assert _turns(state) == {"a1xe5", "a1xf6", "a1xg7", "a1xh8", "a1xi9"}


#: The king on j10 takes three at most while the pieces it took stay on the board; were
#: they taken off at once it could take four, crossing b8's square again on a9 to g3.
STRIKE = {"j10": _king("white"), "h2": "black", "f4": "black", "g7": "black", "b8": "black",
          "d8": "black", "e9": "black", "h10": "black"}


def test_captured_pieces_stay_until_the_capture_is_over_and_block_the_line() -> None:
    state = _state("white", STRIKE)
    assert _turns(state) == {"j10xe5 e5xg3 g3xi1", "j10xf6 f6xc9 c9xa7"}
    state.apply(_n("j10xe5"))
    written = state.to_json()
    assert written["captured"] == ["g7"] and "g7" in written["cells"]  # still there
    assert GAME.state_from_json(written).to_json() == written  # and read back so
    state.apply(_n("e5xg3"))
    assert state.to_json()["captured"] == ["f4", "g7"]
    state.apply(_n("g3xi1"))
    after = state.to_json()
    assert "captured" not in after and state.to_move == 1
    assert sorted(after["cells"]) == ["b8", "d8", "e9", "h10", "i1"]  # all three gone


def test_removed_at_once_would_let_the_king_cross_a_taken_square() -> None:
    text = (ROOT / "games" / "international-draughts.yaml").read_text(encoding="utf-8")
    at_once = load_game_text(text.replace("removed: at_end", "removed: at_once"))
    state = at_once.state_from_json({"to_move": "white", "cells": STRIKE})
    assert "j10xe5 e5xa9 a9xg3 g3xi1" in {" ".join(_named(a.notation) for a in t.actions)
                                          for t, _ in turns_with_states(state)}


def test_the_most_pieces_must_be_taken_kings_and_men_alike() -> None:
    # The man on j4 takes two men (i5, g7); the king on a1 one king (c3): two it is.
    cells = {"a1": _king("white"), "c3": _king("black"), "h8": "white", "j4": "white",
             "i5": "black", "g7": "black"}
    assert _turns(_state("white", cells)) == {"j4xh6 h6xf8"}
    # One piece either way: taking the king or the man are both legal (no preference for
    # kings, as Italian draughts has).
    del cells["g7"]
    assert _turns(_state("white", {**cells, "a9": "black"})) == {
        "a1xd4", "a1xe5", "a1xf6", "a1xg7", "j4xh6"}
    # Two either way, a king and a man or two men: both.
    assert _turns(_state("white", {
        "c3": "white", "d4": "black", "f6": "black", "j2": _king("white"),
        "h4": _king("black"), "a9": "black"})) == {
        "c3xe5 e5xg7", "j2xg5 g5xb10", "j2xg5 g5xc9", "j2xg5 g5xd8", "j2xg5 g5xe7"}


def test_a_man_passing_the_crown_row_in_a_capture_stays_a_man() -> None:
    state = _state("white", {"b8": "white", "c9": "black", "e9": "black", "a3": "black"})
    assert _turns(state) == {"b8xd10 d10xf8"}
    state.apply(_n("b8xd10"))
    assert state.to_json()["cells"]["d10"]["piece"] == "man"  # in the middle: no crown
    state.apply(_n("d10xf8"))
    assert state.to_json()["cells"]["f8"] == {"owner": "white", "piece": "man"}


def test_a_man_whose_capture_ends_on_the_crown_row_is_crowned() -> None:
    state = _state("white", {"b8": "white", "c9": "black", "a3": "black"})
    state.apply(_n("b8xd10"))
    assert state.to_json()["cells"]["d10"] == {"owner": "white", "piece": "king"}
    assert state.to_move == 1


def test_squares_are_numbered_1_to_50_and_a_capture_is_written_as_one() -> None:
    start = GAME.new_initial_state()
    assert [t.notation for t in start.legal_turns()] == [
        "31-26", "31-27", "32-27", "32-28", "33-28", "33-29", "34-29", "34-30", "35-30"]
    state = _state("white", STRIKE)
    assert [t.notation for t in state.legal_turns()] == ["5x23x7x16", "5x28x39x50"]
    spaced, joined = state.clone(), state.clone()
    spaced.apply("5x28")
    assert spaced.to_move == 0 and spaced.legal_turns()[0].notation == "28x39x50"
    for hop in ("28x39", "39x50"):
        spaced.apply(hop)
    joined.apply("5x28x39x50")  # the whole capture, as draughts players write it
    assert joined.to_json() == spaced.to_json() and joined.to_move == 1
    assert state.parse_turn("5x28 28x39 39x50") == state.parse_turn("5x28x39x50")
    assert state.parse_turn("5x28x39 39x50").notation == "5x28x39x50"
    before = state.to_json()
    for wrong in ("5x28x38", "5x28x39x50x44", "46-41"):
        with pytest.raises((IllegalActionError, NotationError)):
            state.apply(wrong)
        assert state.to_json() == before


def test_numbers_round_trip_through_records_and_apply(capsys: pytest.CaptureFixture[str]
                                                     ) -> None:
    from framework.cli.core import apply_actions
    from framework.records import Record

    moves = ["32-28", "19-23", "28x19", "14x23"]
    apply_actions(str(ROOT / "games" / "international-draughts.yaml"), moves)  # boardspec apply
    cells = json.loads(capsys.readouterr().out)["cells"]
    # d4-e5, g7-f6, e5xg7 (f6 taken), h8xf6 (g7 taken)
    assert not {"d4", "e5", "g7", "h8"} & set(cells) and cells["f6"]["owner"] == "black"
    record = Record(headers={"Game": GAME.name}, turns=[[m] for m in moves])
    read = Record.from_text(record.to_text())
    assert read.turns == [["32-28"], ["19-23"], ["28x19"], ["14x23"]]
    assert read.replay(GAME).to_json()["cells"] == cells
    joined = Record.from_text('[Game "International draughts"]\n\n1. 5x28x39x50\n')
    state = _state("white", STRIKE)
    for text in joined.plies:
        state.apply(text)
    assert sorted(state.to_json()["cells"]) == ["b8", "d8", "e9", "h10", "i1"]


def test_english_draughts_numbers_its_squares_with_the_same_option() -> None:
    # Black, first, on squares 1-12; its seven first moves as checkers players write them.
    text = (ROOT / "games" / "checkers.yaml").read_text(encoding="utf-8")
    numbered = load_game_text(text.replace("  fen: {sides: {black: b, white: w}}\n",
                                           "  fen: {sides: {black: b, white: w}}\n"
                                           "  numbers: bottom_right\n"))
    start = numbered.new_initial_state()
    assert [t.notation for t in start.legal_turns()] == [
        "10-14", "10-15", "11-15", "11-16", "12-16", "9-13", "9-14"]
    assert [numbered.board.written[numbered.board.cell(c)] for c in ("g1", "a3", "b8")] == \
        ["1", "12", "32"]


def test_rulebook_diagrams_show_the_numbers() -> None:
    from framework.render.svg import board_svg

    svg = board_svg(GAME.new_initial_state())
    numbers = re.findall(r'<text class="number"[^>]*>(\d+)</text>', svg)
    assert sorted(map(int, numbers)) == list(range(1, 51))
    assert 'class="coord"' not in svg  # no a-j, 1-10 in the margins


def _fmjd_square(number: int) -> str:
    """The cell of square ``number`` by the FMJD numbering, written out here apart from the
    engine: seen from White, 1 is the top-left dark square (b10, the top row's squares
    being b d f h j), numbers run left to right row by row, five to a row, and the rows
    begin alternately on the b and the a file."""
    row, place = divmod(number - 1, 5)
    column = 2 * place + (1 if row % 2 == 0 else 0)
    return f"{'abcdefghij'[column]}{10 - row}"


def _terminal_squares(lines: list[str]) -> dict[int, tuple[int, int, str]]:
    """Per number in the terminal board's key: its line, the column where its last digit
    ends, and the piece label drawn the same distance to its left on the same line."""
    found: dict[int, tuple[int, int, str]] = {}
    for number, line in enumerate(lines):
        labels = [(m.end(), m[0]) for m in re.finditer(r"[^\s\d]+", line)]
        keys = [(m.end(), int(m[0])) for m in re.finditer(r"\d+", line)]
        assert len(labels) == len(keys) == 5, line  # five playable squares a row
        for (end, label), (key_end, square) in zip(labels, keys, strict=True):
            found[square] = (number, key_end - end, label)
    return found


def test_the_terminal_board_names_squares_by_their_numbers() -> None:
    """Issue 26: the terminal board of a numbered game printed a1-j10 margins, names no
    move is written with. Now each row is followed by its squares' numbers, placed as the
    squares are; after 32-28 the white man shows at 28's place and 32's is empty."""
    from framework.render.text import board_lines

    state = GAME.new_initial_state()
    state.apply("32-28")
    lines = board_lines(state)
    # No line of file letters, and (five numbers a line, below) no rank names.
    assert len(lines) == 10
    squares = _terminal_squares(lines)
    assert sorted(squares) == list(range(1, 51))
    assert len({shift for _, shift, _ in squares.values()}) == 1  # the position's shape
    assert squares[1][0] == 0 and squares[5][0] == 0 and squares[46][0] == 9
    # Square 1 is the leftmost of the top line, 50 the rightmost of the bottom one, and the
    # bottom line begins further left (on a1) than the top one (on b10).
    assert lines[0].index(" 1 ") < lines[0].index(" 5")
    assert lines[9].rstrip().endswith("50")
    assert lines[9].index("w") < lines[0].index("b")
    board = GAME.board
    for number, (line, _, label) in squares.items():
        cell = _fmjd_square(number)
        assert line == (number - 1) // 5
        assert board.written[board.cell(cell)] == str(number)  # the notation's own mapping
        piece = state.owner_of(board.cell(cell))
        assert label == (".", "w", "b")[piece + 1], (number, cell, label)
    assert squares[28][2] == "w" and squares[32][2] == "." and squares[1][2] == "b"


def test_twenty_five_king_moves_each_draw() -> None:
    state = GAME.state_from_json({"to_move": "white", "halfmove": 49, "cells": {
        "a1": _king("white"), "c1": _king("white"), "j10": _king("black"),
        "h10": _king("black")}})
    state.apply(_n("a1-b2"))
    assert state.is_terminal() and state.returns() == [0.0, 0.0]


def test_one_king_against_two_pieces_with_a_king_draws_after_five_moves_each() -> None:
    cells = {"a1": _king("white"), "j10": _king("black"), "f10": "black"}
    state = GAME.state_from_json({"to_move": "white", "halfmove": 9, "cells": cells})
    state.apply(_n("a1-b2"))
    assert state.is_terminal() and state.returns() == [0.0, 0.0]
    three = {**cells, "e9": "black"}  # against three the limit is 16 moves each
    state = GAME.state_from_json({"to_move": "white", "halfmove": 9, "cells": three})
    state.apply(_n("a1-b2"))
    assert not state.is_terminal()


def test_the_same_position_a_third_time_draws() -> None:
    state = GAME.state_from_json({"to_move": "white", "cells": {
        "a1": _king("white"), "c1": _king("white"), "j10": _king("black"),
        "h10": _king("black")}})
    for move in ["c1-d2", "h10-g9", "d2-c1", "g9-h10"] * 2:
        assert not state.is_terminal()
        state.apply(_n(move))
    assert state.is_terminal() and state.returns() == [0.0, 0.0]  # the start, a third time


# pydraughts ----------------------------------------------------------------------------
@pytest.fixture(scope="module")
def draughts() -> Any:
    return pytest.importorskip("draughts")


def _cell(square: int) -> str:
    """Our cell of a pydraughts square (1 = b10, 5 = j10, 6 = a9, 46 = a1, 50 = i1)."""
    row_from_top, k = divmod(square - 1, 5)
    col = 2 * k + 1 if row_from_top % 2 == 0 else 2 * k
    return f"{'abcdefghij'[col]}{10 - row_from_top}"


def _their_turns(board: Any) -> set[tuple[str, ...]]:
    return {tuple(_cell(s) for s in m.steps_move) for m in board.legal_moves()}


def _our_turns(state: State) -> dict[tuple[str, ...], State]:
    found = {}
    for turn, child in turns_with_states(state):
        hops = [_named(a.notation).replace("x", "-").split("-") for a in turn.actions]
        found[(hops[0][0], *(to for _, to in hops))] = child
    return found


def _their_fen(state: State) -> str:
    """A position of ours as pydraughts reads it (``W:W31,K32:B1``)."""
    square = {_cell(s): s for s in range(1, 51)}
    written = state.to_json()
    sides: dict[str, list[str]] = {"white": [], "black": []}
    for cell, piece in written["cells"].items():
        sides[piece["owner"]].append(("K" if piece["piece"] == "king" else "") +
                                     str(square[cell]))
    return f"{written['to_move'][0].upper()}:W{','.join(sides['white'])}:" \
        f"B{','.join(sides['black'])}"


def test_the_numbering_is_pydraughts(draughts: Any) -> None:
    assert _their_turns(draughts.Board(variant="standard")) == set(
        _our_turns(GAME.new_initial_state()))
    assert [_cell(s) for s in (1, 5, 6, 46, 50)] == ["b10", "j10", "a9", "a1", "i1"]


def test_pydraughts_takes_the_same_pieces_in_the_positions_above(draughts: Any) -> None:
    for cells in (STRIKE, {"a1": _king("white"), "c3": _king("black"), "h8": "white",
                           "j4": "white", "i5": "black", "g7": "black"},
                  {"b8": "white", "c9": "black", "e9": "black", "a3": "black"}):
        state = _state("white", cells)
        board = draughts.Board(variant="standard", fen=_their_fen(state))
        assert _their_turns(board) == set(_our_turns(state))


def test_pydraughts_draws_the_same_repetition(draughts: Any) -> None:
    from draughts.core.game import Game

    state = _state("white", {"a1": _king("white"), "c1": _king("white"),
                             "j10": _king("black"), "h10": _king("black")})
    theirs = Game("standard", _their_fen(state))
    square = {_cell(s): s for s in range(1, 51)}
    for move in ["c1-d2", "h10-g9", "d2-c1", "g9-h10"] * 2:
        assert (theirs.get_winner() is not None) == state.is_terminal() is False
        state.apply(_n(move))
        theirs.push([[square[c] for c in move.split("-")]])
    assert theirs.get_winner() == 0 and state.returns() == [0.0, 0.0]


def _side_by_side(draughts: Any, seeds: range) -> dict[str, int]:
    """Random games played in both, one per seed, the legal turns and the result compared
    at every turn; what came up, counted. pydraughts' ``Game`` (what its ``Board`` wraps, on the
    same squares for this variant) is asked once a turn: its ``Board`` would build a
    ``Move`` object and convert a FEN for each, which is most of the time."""
    from draughts.core.game import Game

    seen = {"turns": 0, "king captures from afar": 0, "draws": 0, "wins": 0, "repetitions": 0}
    for seed in seeds:
        rng = random.Random(seed)
        theirs = Game("standard")
        state = GAME.new_initial_state()
        while True:
            winner = theirs.get_winner()
            assert (winner is not None) == state.is_terminal(), state.to_json()
            if state.is_terminal():
                break
            ours = _our_turns(state)
            moves = {tuple(_cell(s) for s in [m[0][0], *(step[1] for step in m)]): m
                     for m in theirs.legal_moves()[0]}
            assert set(ours) == set(moves), state.to_json()
            path = rng.choice(sorted(ours))
            kings = {c for c, p in state.to_json()["cells"].items() if p["piece"] == "king"}
            if path[0] in kings and len(path) > 1 and any(
                    abs(int(a[1:]) - int(b[1:])) > 2 for a, b in itertools.pairwise(path)):
                seen["king captures from afar"] += 1
            theirs.push(moves[path])
            state = ours[path]
            seen["turns"] += 1
        if theirs.is_threefold():
            seen["repetitions"] += 1
        expected = {0: [0.0, 0.0], draughts.WHITE: [1.0, -1.0],
                    draughts.BLACK: [-1.0, 1.0]}[winner]
        assert state.returns() == expected
        seen["draws" if winner == 0 else "wins"] += 1
    return seen


def test_random_games_side_by_side_with_pydraughts(draughts: Any) -> None:
    seen = _side_by_side(draughts, range(8, 9))
    assert seen["turns"] > 40 and seen["king captures from afar"]


@pytest.mark.slow
def test_a_thousand_random_games_side_by_side_with_pydraughts(draughts: Any) -> None:
    seen = _side_by_side(draughts, range(1000))
    print(seen)  # what the games went through (pytest -s shows it)
    assert seen["king captures from afar"] > 100 and seen["wins"]


# The native backend ----------------------------------------------------------------------
def test_the_native_backend_plays_it() -> None:
    from framework.native import support_of

    # 50 playable cells of the 100 squares: the light ones are holes, not cells, so the
    # board fits the kernels' 64-bit masks.
    assert GAME.board.size == 50 and support_of(GAME) is None


@pytest.fixture(scope="module")
def native() -> Any:
    pytest.importorskip("numba")
    from framework.native import NativeGame

    return NativeGame(GAME)


@pytest.mark.slow
def test_native_perft_by_whole_turns(native: Any) -> None:
    st = native.encode(GAME.state_from_fen(FEN))
    assert [native.perft_turns(st, d) for d in range(1, 7)] == PUBLISHED


@pytest.mark.slow
def test_native_captures_stay_until_the_capture_is_over(native: Any) -> None:
    state = _state("white", STRIKE)
    st = native.encode(state)
    for notation in ("j10xe5", "e5xg3", "g3xi1"):
        moves = {native.action_of(state, m).notation: m for m in native.legal(st)}
        assert set(moves) == {a.notation for a in state.legal_actions()}
        state.apply(_n(notation))
        st = native.play(st, moves[_n(notation)])
        assert native.snapshot(st) == native.python_snapshot(state)
    assert sorted(state.to_json()["cells"]) == ["b8", "d8", "e9", "h10", "i1"]
