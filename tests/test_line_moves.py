"""The line moves of issue 51 beyond the two games that use them (Fanorona, Abalone:
``tests/test_fanorona.py``, ``tests/test_abalone.py``): what ``validate`` refuses, where it
says so; the cell places ``ahead`` and ``behind``; ``line_capture`` after a slide; a chain
of steps that captures by replacement; ``push`` on a square grid, in line only; the
alquerque board; each compared with the reference twin where it plays."""

from __future__ import annotations

import pytest

from framework import SpecError, load_game_text
from framework.check.reference.game import ReferenceGame

HEAD = """
name: Lines
players: [white, black]
board: {type: grid, rows: 5, columns: 5, adjacency: king}
pieces:
  stone: {symbols: {white: o, black: x}}
turn:
  - name: move
    type: moves
    options:
      - OPTION
"""


def _game(option: str, board: str = "", setup: str = "") -> str:
    text = HEAD.replace("OPTION", option)
    if board:
        text = text.replace("{type: grid, rows: 5, columns: 5, adjacency: king}", board)
    return text + setup


@pytest.mark.parametrize(("option", "says"), [
    ("{type: step, chain: may}", "needs revisit: false"),
    ("{type: step, revisit: false}", "it needs chain: must or may"),
    ("{type: step, repeat_direction: false}", "it needs chain: must or may"),
    ("{type: step, chain: may, revisit: false, effect: place, piece: stone}",
     "needs from: piece"),
    ("{type: place, then: [{type: line_capture, side: ahead}]}", "under the 'then:' of a "
     "step or a slide, not of a 'place'"),
    ("{type: push, to_if: {owner: empty}}", "its tests are not supported"),
    ("{type: push, longest: 1}", "a line of one piece pushes nothing"),
    ("{type: place, to_if: {at: ahead, owner: enemy}}", "moves no piece from a cell"),
])
def test_what_cannot_act_is_refused_where_it_is_written(option: str, says: str) -> None:
    with pytest.raises(SpecError) as caught:
        load_game_text(_game(option))
    message = str(caught.value)
    assert says in message and ":11:" in message, message


def test_line_capture_is_refused_outside_a_move() -> None:
    text = _game("{type: step}") + "  - {name: take, type: line_capture, side: behind}\n"
    with pytest.raises(SpecError) as caught:
        load_game_text(text)
    assert "consequence under the 'then:' of a step or a slide" in str(caught.value)


SLIDE = _game(
    "{type: slide, kind: approach, notation: '{from}{to}A', to_if: {at: ahead, owner: enemy}, "
    "then: [{type: line_capture, side: ahead}]}\n      - {type: slide}",
    setup="""setup:
  - type: fixed
    cells: {a1: white, c3: black, d4: black, e5: black, e1: black}
""")


def test_a_slide_captures_the_enemy_line_ahead_of_where_it_stops() -> None:
    """From a1 the slide north-east stops on b2, c3 next: c3, d4 and e5 are taken."""
    game = load_game_text(SLIDE)
    state = game.new_initial_state()
    legal = {a.notation for a in state.legal_actions()}
    assert {"a1b2", "a1b2A", "a1d1A"} <= legal  # a plain slide, and approaches
    assert {n for n in legal if n.endswith("A")} == {"a1b2A", "a1d1A"}
    state.apply("a1b2A")
    cells = state.to_json()["cells"]
    assert {c for c, e in cells.items() if e["owner"] == "black"} == {"e1"}
    _agree_with_the_reference(SLIDE, ["a1b2A"])


def test_the_cell_behind_and_a_chain_of_captures_by_replacement() -> None:
    """A chain of steps onto enemy pieces (to: enemy), never back onto a visited cell."""
    text = _game("{type: step, to: enemy, chain: must, revisit: false}", setup="""setup:
  - type: fixed
    cells: {a1: white, b2: black, c3: black, c2: black, e5: white}
""")
    game = load_game_text(text)
    state = game.new_initial_state()
    assert [a.notation for a in state.legal_actions()] == ["a1b2"]
    state.apply("a1b2")
    assert sorted(a.notation for a in state.legal_actions()) == ["b2c2", "b2c3"]
    state.apply("b2c3")
    assert [a.notation for a in state.legal_actions()] == ["c3c2"]
    state.apply("c3c2")
    assert state.to_json()["to_move"] == "black"   # nothing left to take: the turn is over
    _agree_with_the_reference(text, ["a1b2", "b2c3", "c3c2"])


def test_push_on_a_grid_in_line_only() -> None:
    text = _game("{type: push, longest: 2, broadside: false}", setup="""setup:
  - type: fixed
    cells: {a1: white, a2: white, a3: black, e5: black, e4: black}
""")
    game = load_game_text(text)
    state = game.new_initial_state()
    legal = sorted(a.notation for a in state.legal_actions())
    # a1 then a2 push a3 north (a1a3); a2 alone cannot push; the others step.
    assert "a1a3" in legal and "a2a3" not in legal
    assert not any(len(n) > 4 for n in legal)
    state.apply("a1a3")
    cells = state.to_json()["cells"]
    assert cells["a4"]["owner"] == "black" and "a1" not in cells
    _agree_with_the_reference(text, ["a1a3"])


def test_the_alquerque_board_has_the_diagonals_of_its_even_points() -> None:
    game = load_game_text(_game("{type: step}", board="{type: grid, rows: 5, columns: 9, "
                                "adjacency: alquerque}"))
    board = game.board
    neighbours = {board.names[c]: {board.names[n] for n in board.neighbours[c]}
                  for c in range(board.size)}
    assert neighbours["a1"] == {"a2", "b1", "b2"}
    assert neighbours["b1"] == {"a1", "c1", "b2"}
    assert neighbours["e3"] == {"d2", "e2", "f2", "d3", "f3", "d4", "e4", "f4"}
    assert len(neighbours["d3"]) == 4


def _agree_with_the_reference(text: str, actions: list[str]) -> None:
    game = load_game_text(text)
    ref = ReferenceGame(game.spec)
    state, s = game.new_initial_state(), ref.initial()
    for action in [*actions, None]:
        assert sorted(a.notation for a in state.legal_actions()) == sorted(ref.legal(s))
        assert ref.from_json(state.to_json()) is not None
        if action is None:
            break
        state.apply(action)
        s = ref.play(s, action)


def test_the_rulebook_says_the_new_moves() -> None:
    fanorona = load_game_text(_game(
        "{type: step, kind: approach, to_if: {at: ahead, owner: enemy}, "
        "then: [{type: line_capture, side: ahead}], chain: may, revisit: false, "
        "repeat_direction: false}"))
    text = fanorona.phases[0].describe()
    assert "may step again with the same piece" in text
    assert "never twice in a row in the same direction" in text
    assert "the cell just beyond the target cell on the line of the move holds an enemy " \
        "piece" in text
    assert "(capture by approach)" in text
    push = load_game_text(_game("{type: push}")).phases[0].describe()
    assert "a line of 1 to 3 of your pieces" in push and "sideways" in push


def test_the_rulebook_words_a_line_moving_and_pushing() -> None:
    from framework import load_game
    from framework.docs.wording import action_sentence

    from .conftest import ROOT

    game = load_game(ROOT / "games" / "abalone.yaml")
    start = game.new_initial_state()
    words = {a.notation: action_sentence(game, start, a, lambda t: t)
             for a in start.legal_actions()}
    assert words["A1C1"] == ("Black moves the line of 2 pieces from A1 to B1 one cell along "
                             "its line, its front piece onto C1 (A1C1)")
    assert words["B1B2C1"] == ("Black moves the line of 2 pieces from B1 to B2 one cell "
                               "sideways, the piece on B1 onto C1 (B1B2C1)")
    assert words["B1C1"] == "Black moves the marble on B1 to C1 (B1C1)"


@pytest.mark.parametrize("text", [SLIDE, _game("{type: push, longest: 2, broadside: false}",
                                               setup="""setup:
  - type: fixed
    cells: {a1: white, a2: white, a3: black, e5: black, e4: black}
""")], ids=["slide-capture", "push-grid"])
def test_the_native_kernels_play_them(text: str) -> None:
    from framework.native import NativeGame, support_of
    from framework.perft import perft

    game = load_game_text(text)
    assert support_of(game) is None
    native = NativeGame(game)
    assert native.perft(native.initial(), 3) == perft(game.new_initial_state(), 3)
