"""What a designer's own game is told in (issue 58): a custom board labelled by its cells'
names, a race's notation examples and dice taken from the game itself, the draw sentence
that fits the game."""

from __future__ import annotations

import re

from framework import load_game
from framework.docs.rulebook import render_rulebook
from framework.render.svg import board_svg, margin_labels

from .conftest import ROOT

RING_RACE = ROOT / "tests" / "data" / "workbench" / "ring-race.yaml"


def test_a_ring_of_named_cells_is_labelled_by_its_names() -> None:
    game = load_game(RING_RACE)
    assert margin_labels(game.board) == []  # c0…c15 are names, not column c and row 0…15
    texts = re.findall(r"<text[^>]*>([^<]*)</text>", board_svg(game.new_initial_state()))
    names = {f"c{i}" for i in range(16)}
    assert names <= set(texts) and "c" not in texts
    # A board whose names are coordinates keeps its margins.
    assert {t for t, _, _ in margin_labels(load_game("nine-mens-morris").board)} == \
        set("abcdefg") | set("1234567")


def test_a_race_gives_notation_examples_of_its_own_track_and_dice() -> None:
    game = load_game(RING_RACE)
    race = next(p for p in game.phases if p.name == "move")
    names = set(game.board.names)
    assert race.notation_examples[-1] == "pass"
    for example in race.notation_examples[:-1]:
        assert "," not in example  # one die: one checker moved
        cells = set(re.findall(r"[a-z]\w*", example)) - {"bar", "off"}
        assert cells and cells <= names, example
    for example in race.notation_examples:  # each one reads as an action of the game
        assert re.fullmatch(race.pattern, example), example
    roll = next(p for p in game.phases if p.name == "roll")
    assert all(re.fullmatch(r"roll:\d", e) for e in roll.notation_examples)
    backgammon = next(p for p in load_game("backgammon").phases if p.name == "move")
    assert all(e == "pass" or e.count(",") == 1 for e in backgammon.notation_examples)


def test_one_die_is_told_as_one_die_and_a_race_ends_in_no_full_board() -> None:
    book = render_rulebook(load_game(RING_RACE), "en", "md", "ring-race")[0]
    assert "a roll of one die of 6 faces" in book and "1 dice" not in book
    assert "Play the die: it moves one of your checkers" in book
    # (the notation list shows one outcome of a chance phase, not each of them)
    assert "the higher one" not in book and re.search(r"The die is rolled: [1-6]\b", book)
    assert "A game that ends without a winner is a draw." in book
    assert "board is full" not in book
    for stale in ("p13", "p7", "p20"):  # Backgammon's points
        assert stale not in book
    # A game that fills its board keeps saying so.
    tic = render_rulebook(load_game("tic-tac-toe"), "en", "md", "tic-tac-toe")[0]
    assert "(for instance when the board is full)" in tic
