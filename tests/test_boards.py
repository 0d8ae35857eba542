"""Board builders and their compiled tables, checked against the rule pages."""

from __future__ import annotations

from pathlib import Path

import pytest

from framework import SpecError, load_game_text

HEX4 = """
name: Hex test
players: [white, black]
board: {type: hexhex, side: 4}
pieces: {stone: {}}
turn: [{name: move, type: clone_or_jump}]
"""


def names_of(game: object, mask: int) -> set[str]:
    board = game.board  # type: ignore[attr-defined]
    return {board.names[i] for i in range(board.size) if mask >> i & 1}


def test_hexhex_side_4_matches_adaptoid_rules() -> None:
    game = load_game_text(HEX4)
    board = game.board
    assert board.size == 37
    assert [len(r) for r in board.rows] == [4, 5, 6, 7, 6, 5, 4]
    assert board.names[:4] == ("A1", "A2", "A3", "A4") and board.names[-1] == "G7"
    assert names_of(game, board.neighbour_masks[board.cell("D5")]) == \
        {"C4", "C5", "D4", "D6", "E5", "E6"}
    assert names_of(game, board.neighbour_masks[board.cell("D7")]) == {"C6", "D6", "E7"}
    degrees = sorted({len(n) for n in board.neighbours})
    assert degrees == [3, 4, 6]
    assert sum(len(n) == 3 for n in board.neighbours) == 6  # the corners


def test_grid_king_distance_is_chebyshev() -> None:
    game = load_game_text(HEX4.replace("{type: hexhex, side: 4}",
                                       "{type: grid, rows: 7, columns: 7, adjacency: king}"))
    board = game.board
    assert board.size == 49 and board.names[0] == "a1" and board.names[-1] == "g7"
    assert board.distance[board.cell("c3")][board.cell("d5")] == 2
    assert len(names_of(game, board.ring(1)[board.cell("d4")])) == 8
    assert len(names_of(game, board.ring(2)[board.cell("d4")])) == 16
    assert len(names_of(game, board.ring(2)[board.cell("a1")])) == 5


@pytest.mark.parametrize(("adjacency", "neighbours"), [("orthogonal", 4), ("diagonal", 4)])
def test_grid_adjacency(adjacency: str, neighbours: int) -> None:
    game = load_game_text(HEX4.replace(
        "{type: hexhex, side: 4}", f"{{type: grid, rows: 5, columns: 5, adjacency: {adjacency}}}"))
    assert len(game.board.neighbours[game.board.cell("c3")]) == neighbours


def test_holes_are_not_cells_but_distances_cross_them() -> None:
    game = load_game_text(HEX4.replace("side: 4}", "side: 4, holes: [D4]}"))
    board = game.board
    assert board.size == 36 and "D4" not in board.names
    assert board.distance[board.cell("D3")][board.cell("D5")] == 2  # straight over the hole
    with pytest.raises(Exception, match="not a cell"):
        board.cell("D4")


CROSS = [f"{c}{r}" for c in "abfg" for r in (1, 2, 6, 7)]


def test_holes_given_by_a_rule_over_row_and_column() -> None:
    from .conftest import ROOT

    # Fox and Geese's cross is its 7 x 7 grid less the 2 x 2 corners, written as a rule.
    fox = (ROOT / "games" / "fox-and-geese.yaml").read_text(encoding="utf-8")
    assert "where:" in fox
    by_rule = load_game_text(fox).board
    listed = fox.replace(
        '[{where: "(row <= 2 or row >= 6) and (column <= 2 or column >= 6)"}]',
        "[" + ", ".join(CROSS) + "]")
    by_name = load_game_text(listed).board
    assert by_rule.size == by_name.size == 33 and by_rule.names == by_name.names
    assert set(CROSS).isdisjoint(by_rule.names)
    # On a hexagon board, row is the row's letter and column the cell's number; a rule and
    # names mix, each hole once.
    game = load_game_text(HEX4.replace("side: 4}", 'side: 4, holes: [A1, {where: "row == 1"}]}'))
    assert game.board.size == 33 and not {"A1", "A2", "A3", "A4"} & set(game.board.names)


@pytest.mark.parametrize(("rule", "message"), [
    ("row +", "not an expression"),
    ("row + column", "must be true or false"),
    ("rank > 2", "unknown coordinate 'rank'"),
    ("row > 20", "makes no cell a hole")])
def test_a_hole_rule_that_cannot_act_is_refused(rule: str, message: str) -> None:
    with pytest.raises(SpecError, match=message) as caught:
        load_game_text(HEX4.replace("side: 4}", f'side: 4, holes: [{{where: "{rule}"}}]}}'))
    assert "board.holes[0].where" in str(caught.value) or "where" in str(caught.value)


def test_custom_board_and_its_checks() -> None:
    custom = """board:
  type: custom
  cells: {n1: [0, 0], n2: [1, 0], n3: [0.5, 1]}
  links: [n1-n2, n2-n3]"""
    game = load_game_text(HEX4.replace("board: {type: hexhex, side: 4}", custom))
    assert game.board.size == 3
    assert game.board.distance[game.board.cell("n1")][game.board.cell("n3")] == 2
    with pytest.raises(SpecError, match="names 'n9', which is not one of the board's cells"):
        load_game_text(HEX4.replace("board: {type: hexhex, side: 4}",
                                    custom.replace("n2-n3", "n2-n9")))
    with pytest.raises(SpecError, match="the board is not connected"):
        load_game_text(HEX4.replace("board: {type: hexhex, side: 4}",
                                    custom.replace(", n2-n3", "")))


def test_engine_never_imports_networkx() -> None:
    import pathlib

    root = pathlib.Path(__file__).resolve().parent.parent / "framework"
    # Every unit's engine part (its __init__.py); its reference twin may use networkx.
    units = [*(root / "rules").glob("*/*/__init__.py")]
    assert len(units) > 40
    for path in [*(root / "engine").rglob("*.py"), *(root / "moves").rglob("*.py"),
                 *units, *(root / "kernel").rglob("*.py")]:
        assert "networkx" not in path.read_text(), path


def _shown(text: str) -> list[str]:
    from framework import load_game_text
    from framework.render.text import board_lines

    return board_lines(load_game_text(text).new_initial_state())


SHOWN = """
name: Shown
players: [white, black]
board: BOARD
pieces: {stone: {}}
turn:
  - {name: drop, type: moves, options: [{type: place}]}
max_plies: 4
"""


def test_a_row_of_one_cell_is_labelled_by_its_row() -> None:
    """Before, the row holding only b3 was labelled "b3"."""
    lines = _shown(SHOWN.replace("BOARD", "{type: grid, rows: 3, columns: 3, holes: [a3, c3]}"))
    assert lines == ["  3   .", "  2 . . .", "  1 . . .", "    a b c"]


def test_hex_rhombus_column_letters_stand_under_their_cells() -> None:
    """Before, the letters were spread twice as wide as the staggered cells (a   b   c)."""
    lines = _shown(SHOWN.replace("BOARD", "{type: hex_rhombus, size: 4}"))
    bottom, letters = lines[-2], lines[-1]
    assert bottom == "  1 . . . ."
    assert [i for i, ch in enumerate(letters) if ch.isalpha()] == \
        [i for i, ch in enumerate(bottom) if ch == "."]


def test_a_plural_player_name_wins_without_a_verb_to_agree() -> None:
    """Before: "swedes wins" (the terminal) and "The game is over: swedes wins." (the
    rulebook). Every language words the win as a noun now."""
    from framework import load_game_text
    from framework.i18n import translations
    from framework.render.text import board_text

    game = load_game_text(SHOWN.replace("BOARD", "{type: grid, rows: 2, columns: 2}")
                          .replace("[white, black]", "[swedes, danes]")
                          + "goals: [{type: line, length: 2}]\n")
    state = game.new_initial_state()
    for cell in ("a1", "a2", "b1"):
        state.apply(cell)
    assert board_text(state).splitlines()[-1] == "winner: swedes — 2 in a row"
    for language in ("en", "es", "pt", "ru", "eo"):
        sentence = translations(language).gettext("The game is over. Winner: {player}.")
        assert sentence.count("{player}") == 1
        if language != "en":
            assert sentence != "The game is over. Winner: {player}."  # translated


def test_chess_and_english_draughts_keep_their_coordinates() -> None:
    """Issue 26 gave numbered boards (international draughts) their numbers in the
    terminal; the boards whose moves name cells keep rank names and file letters, as
    printed before that change."""
    from framework import load_game
    from framework.render.text import board_lines

    games = Path(__file__).resolve().parent.parent / "games"
    assert board_lines(load_game(games / "checkers.yaml").new_initial_state()) == [
        "  8   w   w   w   w", "  7 w   w   w   w", "  6   w   w   w   w",
        "  5 .   .   .   .", "  4   .   .   .   .", "  3 b   b   b   b",
        "  2   b   b   b   b", "  1 b   b   b   b", "    a   c   e   g"]
    assert board_lines(load_game(games / "chess.yaml").new_initial_state()) == [
        "  8 r n b q k b n r", "  7 p p p p p p p p", *[f"  {r} . . . . . . . ." for r in
                                                       (6, 5, 4, 3)],
        "  2 P P P P P P P P", "  1 R N B Q K B N R", "    a b c d e f g h"]


def test_grid_columns_may_skip_a_letter_and_a_bad_set_is_refused() -> None:
    """Go players name the columns a … h, j (no i): the grid's column_letters."""
    game = load_game_text(HEX4.replace(
        "{type: hexhex, side: 4}",
        "{type: grid, rows: 9, columns: 9, column_letters: abcdefghjklmnopqrst}"))
    board = game.board
    assert board.names[7:9] == ("h1", "j1") and "i1" not in board.names
    assert board.names[-1] == "j9"
    upper = load_game_text(HEX4.replace(
        "{type: hexhex, side: 4}",
        "{type: grid, rows: 2, columns: 2, case: upper, column_letters: xz}"))
    assert upper.board.names == ("X1", "Z1", "X2", "Z2")
    for letters, found in (("abca", "expected 3 different letters"),
                           ("ab", "expected 3 different letters")):
        with pytest.raises(SpecError, match=found):
            load_game_text(HEX4.replace(
                "{type: hexhex, side: 4}",
                f"{{type: grid, rows: 3, columns: 3, column_letters: {letters}}}"))
