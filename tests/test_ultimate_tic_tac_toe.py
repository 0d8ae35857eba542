"""Ultimate tic-tac-toe (games/ultimate-tic-tac-toe.yaml) side by side with OpenSpiel's C++
``ultimate_tic_tac_toe``, by whole turns: where the mover may pick the small board
(OpenSpiel's "Forced board: any"), OpenSpiel takes two actions, "Choose local board B"
then the mark, and the same player moves again after the first; ours is one placement. So
perft counts turns, and the random games compare at every turn (legal marks, player to
move, terminal flag, returns, the board) and check that OpenSpiel's choosing action keeps
its player. The regions, the region test, ``win_region`` and ``line`` over regions on
their own, against the reference twins and validate.

OpenSpiel's ``Local board B: x(r,c)`` is board B (0..8 row by row from the top left as
printed), row r from the top of that board, column c from its left: our cell
FILES[3 (B % 3) + c] + (9 - (3 (B // 3) + r)). The mapping is here, not in the game file."""

from __future__ import annotations

import random
import re
from collections import Counter
from typing import Any

import pyspiel
import pytest

from framework import load_game, load_game_text
from framework.check.reference import ReferenceGame
from framework.errors import BoardspecError
from framework.perft import perft

from .conftest import ROOT

FILE = ROOT / "games" / "ultimate-tic-tac-toe.yaml"
FILES = "abcdefghi"
MARK = re.compile(r"Local board (\d): [xo]\((\d),(\d)\)")


def cell_of(text: str) -> str:
    """OpenSpiel's ``Local board 4: x(0,0)`` as our cell (d6)."""
    found = MARK.fullmatch(text)
    assert found, text
    board, r, c = map(int, found.groups())
    return f"{FILES[3 * (board % 3) + c]}{9 - (3 * (board // 3) + r)}"


def choosing(state: pyspiel.State) -> bool:
    return not state.is_terminal() and \
        state.action_to_string(state.legal_actions()[0]).startswith("Choose")


def spiel_turns(state: pyspiel.State) -> dict[str, list[int]]:
    """OpenSpiel's legal turns by our cell: the actions that play each (a board's choice
    first where the mover picks the board)."""
    if not choosing(state):
        return {cell_of(state.action_to_string(a)): [a] for a in state.legal_actions()}
    found: dict[str, list[int]] = {}
    for choice in state.legal_actions():
        child = state.child(choice)
        assert child.current_player() == state.current_player()  # the same player marks
        for a in child.legal_actions():
            found[cell_of(child.action_to_string(a))] = [choice, a]
    return found


def spiel_perft_turns(state: pyspiel.State, depth: int) -> int:
    if state.is_terminal():
        return 0
    turns = spiel_turns(state)
    if depth == 1:
        return len(turns)
    total = 0
    for actions in turns.values():
        child = state.clone()
        for a in actions:
            child.apply_action(a)
        total += spiel_perft_turns(child, depth - 1)
    return total


def spiel_board(state: pyspiel.State) -> dict[str, str]:
    """The marks of OpenSpiel's drawing (three bands of three rows, the top row first)."""
    rows = [line.replace(" ", "") for line in str(state).splitlines()[:11] if line.strip()]
    assert len(rows) == 9 and all(len(r) == 9 for r in rows), str(state)
    return {f"{FILES[col]}{9 - k}": mark for k, row in enumerate(rows)
            for col, mark in enumerate(row) if mark in "xo"}


def our_board(state: Any) -> dict[str, str]:
    game = state.game
    return {game.board.names[c]: game.players[side] for side, mask in enumerate(state.owner)
            for c in range(game.board.size) if mask >> c & 1}


@pytest.fixture(scope="module")
def uttt():  # type: ignore[no-untyped-def]
    return load_game(FILE)


def play_side_by_side(game: Any, games: int, seed: int) -> Counter[tuple[float, ...]]:
    rng = random.Random(seed)
    spiel = pyspiel.load_game("ultimate_tic_tac_toe")
    outcomes: Counter[tuple[float, ...]] = Counter()
    for _ in range(games):
        ours, theirs = game.new_initial_state(), spiel.new_initial_state()
        while True:
            assert ours.is_terminal() == theirs.is_terminal(), str(theirs)
            assert ours.returns() == pytest.approx(theirs.returns()), str(theirs)
            assert our_board(ours) == spiel_board(theirs), str(theirs)
            if theirs.is_terminal():
                break
            assert ours.current_player == theirs.current_player()
            turns = spiel_turns(theirs)
            assert {a.notation for a in ours.legal_actions()} == set(turns), str(theirs)
            move = rng.choice(sorted(turns))
            for a in turns[move]:
                theirs.apply_action(a)
            ours.apply(move)
        outcomes[tuple(theirs.returns())] += 1
    return outcomes


def test_openspiels_marks_are_read_as_our_cells() -> None:
    spiel = pyspiel.load_game("ultimate_tic_tac_toe").new_initial_state()
    spiel.apply_action(4)  # choose the centre board
    assert cell_of(spiel.action_to_string(0)) == "d6"  # its top-left cell
    spiel.apply_action(0)
    assert spiel_board(spiel) == {"d6": "x"}
    # d6 is the top-left cell of its board: noughts are sent to the top-left board.
    assert set(spiel_turns(spiel)) == {f"{f}{r}" for f in "abc" for r in (7, 8, 9)}


def test_perft_4_by_turns_matches_openspiel(uttt) -> None:  # type: ignore[no-untyped-def]
    start = pyspiel.load_game("ultimate_tic_tac_toe").new_initial_state()
    counts = [perft(uttt.new_initial_state(), d) for d in (1, 2, 3, 4)]
    assert counts == [spiel_perft_turns(start, d) for d in (1, 2, 3, 4)] == \
        [81, 720, 6336, 55080]


def test_perft_3_matches_the_reference_twin(uttt) -> None:  # type: ignore[no-untyped-def]
    from .test_composition import reference_perft

    ref = ReferenceGame(uttt.spec)
    assert reference_perft(ref, ref.initial(), 3) == perft(uttt.new_initial_state(), 3)


@pytest.mark.slow
def test_perft_5_by_turns_matches_openspiel(uttt) -> None:  # type: ignore[no-untyped-def]
    start = pyspiel.load_game("ultimate_tic_tac_toe").new_initial_state()
    assert perft(uttt.new_initial_state(), 5) == spiel_perft_turns(start, 5)


def test_a_few_random_games_agree_with_openspiel(uttt) -> None:  # type: ignore[no-untyped-def]
    assert sum(play_side_by_side(uttt, 4, 54).values()) == 4


@pytest.mark.slow
def test_many_random_games_agree_with_openspiel(uttt) -> None:  # type: ignore[no-untyped-def]
    outcomes = play_side_by_side(uttt, 150, 5454)
    assert outcomes[(1.0, -1.0)] and outcomes[(-1.0, 1.0)] and outcomes[(0.0, 0.0)]


#: A smaller family member: a 4 × 4 grid of four 2 × 2 blocks, two in a row win a block, two
#: won blocks in a row the game.
QUADS = """
name: Quads
players: [red, blue]
board: {type: grid, rows: 4, columns: 4, adjacency: king}
regions:
  quads: {rows: 2, columns: 2}
pieces: {stone: {}}
turn:
  - name: place
    type: moves
    options:
      - type: place
        where: {region: quads, sent_by: last.to}
        then: [{type: win_region, regions: quads, length: 2}]
goals: [{type: line, length: 2, regions: quads}]
result: {type: draw}
max_plies: 16
"""


def _refused(text: str, match: str) -> None:
    with pytest.raises(BoardspecError, match=match):
        load_game_text(text)


def test_a_cell_sends_the_next_move_to_the_block_at_its_place() -> None:
    game = load_game_text(QUADS)
    state = game.new_initial_state()
    assert len(state.legal_actions()) == 16  # no previous move: any open block
    legal = {  # after each move, where the next may go
        "b1": {"c1", "d1", "c2", "d2"},  # b1: the bottom-right cell of its block
        "c2": {"a3", "b3", "a4", "b4"},  # top-left cell: the top-left block
        "a3": {"a1", "a2", "b2"},  # bottom-left: the bottom-left block, b1 taken
        "a2": {"b3", "a4", "b4"},
        "b3": {"c1", "d1", "d2"},  # red's a3, b3: a row, the top-left block is red's
        # blue's c2, d1: a diagonal, the bottom-right block is blue's; d1 names it, so any
        # open block (not the won top-left one)
        "d1": {"a1", "b2", "c3", "d3", "c4", "d4"},
    }
    for move, then in legal.items():
        state.apply(move)
        assert {a.notation for a in state.legal_actions()} == then, move
    assert state.to_json()["won.quads.red"] == ["a3", "a4", "b3", "b4"]
    assert state.to_json()["won.quads.blue"] == ["c1", "c2", "d1", "d2"]
    state.apply("a1")  # red's b1, a1 win the bottom-left block: two blocks in a column
    assert state.is_terminal() and state.returns() == [1.0, -1.0]


def test_the_reference_twin_plays_the_same_blocks() -> None:
    from .test_composition import reference_perft

    game = load_game_text(QUADS)
    ref = ReferenceGame(game.spec)
    assert [perft(game.new_initial_state(), d) for d in range(1, 6)] == \
        [reference_perft(ref, ref.initial(), d) for d in range(1, 6)]


def test_a_won_block_stays_its_first_winners() -> None:
    game = load_game_text(QUADS.replace("where: {region: quads, sent_by: last.to}",
                                        "where: anywhere"))
    state = game.new_initial_state()
    for move in ("a1", "a2", "b2", "b1"):  # red's a1-b2, then blue's a2-b1, one block
        state.apply(move)
    assert state.to_json()["won.quads.red"] == ["a1", "a2", "b1", "b2"]
    assert state.to_json()["won.quads.blue"] == []
    assert not state.is_terminal()


def test_validate_refuses_regions_that_cannot_act() -> None:
    _refused(QUADS.replace("type: grid, rows: 4, columns: 4, adjacency: king",
                           "type: hexhex, side: 3"), "regions cut a grid into blocks")
    _refused(QUADS.replace("rows: 4, columns: 4", "rows: 5, columns: 4"),
             "do not tile the board")
    # A 6 × 4 board of 3 × 2 blocks is a 2 × 2 board of blocks: no cell names a block.
    wide = QUADS.replace("rows: 4, columns: 4", "rows: 6, columns: 4").replace(
        "quads: {rows: 2, columns: 2}", "quads: {rows: 3, columns: 2}")
    _refused(wide, "no cell names a block")
    load_game_text(wide.replace(", sent_by: last.to", ""))  # open blocks only: fine
    _refused(QUADS.replace("then: [{type: win_region, regions: quads, length: 2}]", "then: []"),
             "no block of 'quads' is ever won")
    _refused(QUADS.replace("regions: quads, length: 2}]", "regions: quads, length: 3}]"),
             "no row of 3 fits in a block of 2 × 2 cells")
    _refused(QUADS.replace("where: {region: quads", "where: {region: squares"),
             "unknown regions 'squares'")
    _refused(QUADS.replace("length: 2, regions: quads}", "length: 2, regions: quads, "
                           "exactly: true}"), "exactly does not go with regions")
    _refused(QUADS.replace("where: {region: quads, sent_by: last.to}",
                           "path_if: {region: quads}"), "goes under where or to_if")


def test_the_native_backend_refuses_regions_by_name() -> None:
    from framework.native.assemble import support_of

    game = load_game_text(QUADS)
    assert "region test" in (support_of(game) or "")
    assert "line with regions" in (support_of(load_game_text(QUADS.replace(
        "where: {region: quads, sent_by: last.to}", "where: anywhere"))) or "")
    plain = load_game_text(QUADS.replace("where: {region: quads, sent_by: last.to}",
                                         "where: anywhere").replace(
        "goals: [{type: line, length: 2, regions: quads}]", "goals: [{type: line, length: 3}]"))
    assert "win_region" in (support_of(plain) or "")


def test_the_rulebook_says_the_rules(uttt) -> None:  # type: ignore[no-untyped-def]
    from framework.docs import render_rulebook

    text, _ = render_rulebook(uttt, "en", "md", "ultimate-tic-tac-toe")
    text = " ".join(text.split())
    assert "names by its place in its own block" in text
    assert "you win that block" in text
    assert "won 3 blocks (boards) in a row" in text
