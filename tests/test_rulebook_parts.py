"""The rulebook's parts a game file fills (issue 30): the components counted from the file,
the credits from its metadata, the designer's own prose placed where the file says, and a
board drawn the way its players draw it (Othello: row 1 at the top, a green board). The
bundled games' books are read as docs/rulebooks keeps them; a scratch game is rendered."""

from __future__ import annotations

import re
from functools import cache

import pytest

from framework import load_game
from framework.docs.rulebook import render_rulebook
from framework.errors import SpecError
from framework.game import Game, load_game_text
from framework.render.svg import board_svg
from framework.render.text import board_lines

from .conftest import ROOT

GAMES = ROOT / "games"
SCRATCH = """
name: Scratch
description: A game to place prose in.
players: [white, black]
board: {type: grid, rows: 3, columns: 3}
pieces: {stone: {symbols: {white: W, black: B}}}
turn: [{name: place, type: moves, options: [{type: place, piece: stone}]}]
goals: [{type: line, length: 3}]
"""


@cache
def book(stem: str, lang: str = "en") -> str:
    """A bundled game's rulebook as kept in docs/rulebooks (test_docs keeps them current)."""
    return (ROOT / "docs" / "rulebooks" / lang / f"{stem}.md").read_text(encoding="utf-8")


def section(text: str, heading: str) -> str:
    found = re.search(rf"^## {re.escape(heading)}\n(.*?)(?=^## |\Z)", text, re.M | re.S)
    assert found, heading
    return found.group(1)


def test_components_count_the_board_and_each_kind_with_its_picture() -> None:
    parts = section(book("chess"), "Components")
    assert "- a board of 64 cells" in parts
    assert "![](../svg/chess/component-pawn.svg) 16 pawns: 8 for each player" in parts
    assert "2 kings: 1 for each player" in parts
    # Othello's start has four discs, but the game brings more: none are counted.
    assert "discs in each player's colour, as the game needs them" in section(
        book("othello"), "Components")


def test_credits_come_from_the_file_and_every_book_has_them() -> None:
    credits = section(book("othello"), "Credits")
    assert "- **Game by**: Goro Hasegawa (1971)" in credits
    assert "- **Rules from**: OpenSpiel (othello)" in credits
    assert "- **Licence**: MIT" in credits
    plain = section(book("tic-tac-toe"), "Credits")
    assert "Game by" not in plain and "written by boardspec from the game file" in plain


def test_the_designers_prose_is_placed_in_its_language() -> None:
    english = book("othello")
    assert section(english, "Strategy").strip().startswith("A disc on a corner can never")
    assert english.index("## Strategy") < english.index("## Examples")
    russian = book("othello", "ru")
    assert "Фишку в углу уже нельзя перевернуть" in russian
    text = SCRATCH + """
prose:
  en:
    introduction: |
      Three in a row, on the smallest board.

      A second paragraph.
    end: A note after the generated end.
"""
    game = load_game_text(text)
    written = render_rulebook(game, "en", "md", "scratch")[0]
    assert written.index("A game to place prose in.") < written.index(
        "Three in a row") < written.index("A second paragraph.") < written.index(
        "## Components")
    end = section(written, "End of the game")
    assert end.strip().endswith("A note after the generated end.")
    # A language without its own prose reads the English through the catalogs.
    assert "A note after the generated end." in render_rulebook(game, "eo", "md",
                                                                "scratch")[0]


@pytest.mark.parametrize("prose,message", [
    ("{xx: {strategy: Hold the centre.}}", "'xx' is not a rulebook language"),
    ("{en: {tactics: Hold the centre.}}", "introduction"),  # the places are listed
    ("{en: {strategy: ' '}}", "not blank"),
])
def test_wrong_prose_is_refused_by_validate(prose: str, message: str) -> None:
    with pytest.raises(SpecError, match=message):
        load_game_text(SCRATCH + f"prose: {prose}\n")


@cache
def othello() -> Game:
    return load_game(GAMES / "othello.yaml")


def _centre(svg: str, cell: str) -> tuple[float, float]:
    found = re.search(rf'data-cell="{cell}"><rect x="([\d.]+)" y="([\d.]+)"', svg)
    assert found, cell
    return float(found.group(1)), float(found.group(2))


def test_othello_is_drawn_with_row_one_at_the_top_on_a_green_board() -> None:
    start = othello().new_initial_state()
    svg = board_svg(start)
    (ax, a1), (_, a8) = _centre(svg, "a1"), _centre(svg, "a8")
    assert a1 < a8  # row 1 at the top of the page
    (hx, _) = _centre(svg, "h1")
    assert ax < hx  # columns still from a on the left
    assert 'fill="#2e7d4f"' in svg
    lines = board_lines(start)
    assert lines[0].split() == list("abcdefgh") and lines[1].startswith("  1")
    assert lines[4].split()[1:] == [".", ".", ".", "o", "x", ".", ".", "."]  # d4 white
    # Turned half round in the web app, row 1 comes at the bottom and h on the left.
    flipped = board_svg(start, flip=True)
    assert _centre(flipped, "a1")[1] > _centre(flipped, "a8")[1]
    assert _centre(flipped, "a1")[0] > _centre(flipped, "h1")[0]
    assert "(1 at the top)" in section(book("othello"), "Notation")


def test_a_board_colour_must_be_a_colour() -> None:
    with pytest.raises(SpecError, match="colour"):
        load_game_text(SCRATCH.replace("columns: 3}", "columns: 3, colour: green}"))


def test_russian_declines_the_moved_piece_and_the_promotions_kinds() -> None:
    russian = book("chess", "ru")
    assert "Белые перемещают пешку с a2 на a3" in russian  # not «перемещают пешка»
    assert "превращается по выбору игрока в ферзя, ладью, слона или коня" in russian
    assert "перемещают пешка" not in russian
    # Kalah's zones in the reader's words, the sentences round them in the right case.
    assert "на каждой клетке в ваших лунках" in book("kalah", "ru")
    assert "your pits" not in book("kalah", "es")
