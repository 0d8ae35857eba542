"""Composition, Ludii's way: ``if:`` on phases, options, goals and consequences, ``then:``
on move options, and the units they are written with (``count``, ``turn``, ``outcome``,
``custodial``, ``again``). Each game here is checked against the reference interpreter —
an independent algorithm — and, where the native backend plays it, against the kernels."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

from framework import load_game, load_game_text
from framework.check.reference import ReferenceGame
from framework.errors import SpecError
from framework.perft import perft

from .conftest import ROOT

DATA = ROOT / "tests" / "data" / "composition"


def reference_perft(ref: ReferenceGame, s: Any, depth: int) -> int:
    """Leaves of the reference interpreter's move tree (its own turn flow and rules)."""
    if depth == 0:
        return 1
    if s.result is not None:
        return 0
    moves = ref.legal(s)
    if depth == 1:
        return len(moves)
    return sum(reference_perft(ref, ref.play_effect(s, e), depth - 1) for e in moves.values())


@pytest.mark.parametrize(("name", "depth", "opening"), [
    # two stones placed, then five plies: four place the hands' last stones, the fifth
    # moves one (the reference's depth 7 from the start is slow)
    ("hand-then-move.yaml", 5, ["a1", "b1"]),
    pytest.param("hand-then-move.yaml", 7, [], marks=pytest.mark.slow),
    ("twice-first.yaml", 4, []),
    ("small-hasami.yaml", 3, []),
    pytest.param("idle-turns.yaml", 4, [], marks=pytest.mark.slow)])
def test_perft_equals_the_reference_interpreters(name: str, depth: int,
                                                 opening: list[str]) -> None:
    game = load_game(DATA / name)
    ref = ReferenceGame(game.spec)
    state, mine = game.new_initial_state(), ref.initial()
    for notation in opening:  # the same actions in both, by their notation
        state.apply(notation)
        mine = ref.play_effect(mine, ref.legal(mine)[notation])
    for d in range(1, depth + 1):
        assert perft(state, d) == reference_perft(ref, mine, d), d


def test_a_phase_is_chosen_by_a_count_condition() -> None:
    """Placement while the hand has stones, then movement: the phase played follows the
    count of stones in hand, for each player on its own."""
    game = load_game(DATA / "hand-then-move.yaml")
    state = game.new_initial_state()
    for cell in ("a1", "c3", "b1", "a2", "c2", "b3"):  # three stones each, no line yet
        assert game.phases[state.phase].name == "place"
        state.apply(cell)
    assert game.phases[state.phase].name == "move"
    assert {a.kind for a in state.legal_actions()} == {"step"}
    assert state.legal_actions()[0].notation == "a1b2"  # a2 holds a stone of o's


def test_random_games_follow_the_reference_move_by_move() -> None:
    """Long random games reach the counts the conditions test (six marks, thirteen on the
    board, one piece left): every ply, the engine's legal set is the reference's."""
    rng = random.Random(7)
    for name in ("hand-then-move.yaml", "conditional-placement.yaml", "small-hasami.yaml",
                 "twice-first.yaml"):
        game = load_game(DATA / name)
        ref = ReferenceGame(game.spec)
        for _ in range(6):
            state, s = game.new_initial_state(), ref.initial()
            while not state.is_terminal():
                legal = ref.legal(s)
                assert sorted(a.notation for a in state.legal_actions()) == sorted(legal)
                notation = rng.choice(sorted(legal))
                state.apply(notation)
                s = ref.play(s, notation)
            assert s.result is not None
            assert {game.players[w] for w in state.winners or ()} == set(s.result)


def test_custodial_takes_closed_lines_only() -> None:
    game = load_game(DATA / "small-hasami.yaml")
    # a4 slides to a2... a line of two whites (b3, c3) closed by d3: both taken.
    state = game.state_from_json({"to_move": "black", "cells": {
        "a3": "white", "b3": "white", "c3": "white", "e3": "black", "a5": "black",
        "e1": "white", "b5": "black"}})
    state.apply("b5b4")  # nothing closed: lands next to nothing
    assert state.owner_of(game.board.index["b3"]) == 1
    state = game.state_from_json({"to_move": "black", "cells": {
        "b3": "white", "c3": "white", "d3": "black", "a5": "black", "a4": "black",
        "e2": "white"}})
    state.apply("a4a3")  # closes b3 c3 against d3: a line of two, max_length 2
    assert {game.board.names[c] for c in range(game.board.size)
            if state.owner_of(c) == 1} == {"e2"}
    state = game.state_from_json({"to_move": "black", "cells": {
        "b1": "white", "b2": "black", "a5": "black", "d5": "white", "c4": "white"}})
    state.apply("b2c2")  # b1 beside the empty corner a1 is not taken by a move elsewhere
    assert state.owner_of(game.board.index["b1"]) == 1
    state = game.state_from_json({"to_move": "black", "cells": {
        "b1": "white", "c2": "black", "a5": "black", "d5": "white", "c4": "white"}})
    state.apply("c2c1")  # c1 closes b1 against the empty hostile corner a1
    assert state.owner_of(game.board.index["b1"]) == -1


@pytest.mark.parametrize(("mutation", "message"), [
    ("      - {type: swap}\n", "a 'swap' lands no piece: it cannot follow one"),
    ("      - {type: place, piece: mark, then: [{type: again}]}\n", "'again' without 'if:'"),
    ("      - {type: place, piece: mark, if: {type: count, where: hand, piece: mark, "
     "at_least: 1}}\n", "has an unlimited supply"),
    ("      - {type: place, piece: mark, if: {type: count, of: nobody, at_least: 1}}\n",
     "unknown side 'nobody'"),
    ("      - {type: place, piece: mark, if: {type: count}}\n",
     "give at_least, at_most or exactly"),
    ("      - {type: place, piece: mark, if: {type: nonsense}}\n", "if.type"),
])
def test_combinations_that_cannot_act_are_refused_with_the_reason(mutation: str,
                                                                 message: str) -> None:
    text = TEMPLATE.replace("      - {type: place, piece: mark}\n", mutation)
    if "swap" in mutation:
        text = text.replace("{type: swap}", "{type: swap, then: [{type: convert_adjacent}]}")
    with pytest.raises(SpecError) as found:
        load_game_text(text, "broken.yaml")
    assert message in str(found.value)
    assert "broken.yaml:" in str(found.value)  # the file and the line


def test_an_outcome_goal_needs_its_condition() -> None:
    text = TEMPLATE.replace("goals: []", "goals: [{type: outcome, winner: mover}]")
    with pytest.raises(SpecError, match="without 'if:' would end the game"):
        load_game_text(text, "broken.yaml")


TEMPLATE = """\
name: Template
players: [x, o]
board: {type: grid, rows: 3, columns: 3}
pieces: {mark: {}}
turn:
  - name: place
    type: moves
    options:
      - {type: place, piece: mark}
goals: []
result: {type: draw}
"""


def test_the_bundled_hasami_shogi_captures_by_its_then() -> None:
    game = load_game(ROOT / "games" / "hasami-shogi.yaml")
    option = game.phases[0].options[0]  # type: ignore[attr-defined]
    assert [c.keyword for c in option.consequences] == ["custodial"]


def test_unit_folders_hold_twin_and_piece() -> None:
    from framework.plugins import plugins, twin

    for kind, keyword in (("conditions", "count"), ("conditions", "turn"),
                          ("goals", "outcome"), ("phases", "custodial")):
        unit = plugins(kind)[keyword]
        folder = Path(__import__(unit.__module__, fromlist=["_"]).__file__).parent
        assert {p.name for p in folder.glob("*.py")} >= {"__init__.py", "reference.py",
                                                          "native.py"}
        assert twin(unit, "reference") is not None and twin(unit, "native") is not None


@pytest.mark.parametrize("name", ["conditional-placement.yaml", "small-hasami.yaml",
                                  # the moves phase's if: and the result's (a compile
                                  # of its own: slow)
                                  pytest.param("idle-turns.yaml", marks=pytest.mark.slow)])
def test_the_native_kernels_play_if_then_and_the_new_units_as_the_engine(name: str) -> None:
    """Options and goals guarded by their if:, an option's then: (custodial), the count,
    turn and outcome units: perft from the start and from random positions, and random
    games replayed move by move through the Python engine (``tests/test_native.py``)."""
    pytest.importorskip("numba")
    from .test_native import check_equivalence

    game = load_game(DATA / name)
    check_equivalence(game, games=20)


DESCRIBED = """
name: Described
players: PLAYERS
board: {type: grid, rows: 5, columns: 5, adjacency: orthogonal}
pieces:
  stone: {symbols: STONES}
  king: {symbols: KINGS}
counters: [captures]
turn:
  - name: move
    type: moves
    options:
      - {type: slide, directions: [n, e, s, w]}
  - {name: take, type: custodial, CUSTODIAL}
goals:
  - {type: outcome, winner: mover, if: COUNT}
"""


def _described(custodial: str = "max_length: 1", count: str = "{type: count, at_least: 1}",
               players: str = "[black, white]") -> tuple[str, str]:
    three = "red" in players
    text = DESCRIBED.replace("STONES", "{black: b, white: w%s}" % (", red: r" * three))
    text = text.replace("KINGS", "{black: k, white: q%s}" % (", red: s" * three))
    game = load_game_text(text.replace("CUSTODIAL", custodial).replace("COUNT", count)
                          .replace("PLAYERS", players))
    return game.phases[1].describe(), game.goals[0].describe()


def test_a_count_reads_as_its_bounds_say_for_whom_and_of_what() -> None:
    """A count of every kind says "pieces" (not the first kind's word), two bounds read
    as one range, and the opponents of a two-player game are "your opponent"."""
    _, goal = _described(count="{type: count, of: opponents, at_least: 2, at_most: 4}")
    assert goal == ("The game ends when your opponent has between 2 and 4 pieces: the "
                    "player who just moved wins.")
    _, goal = _described(count="{type: count, of: opponents, at_most: 1}",
                         players="[black, white, red]")
    assert goal.startswith("The game ends when your opponents have at most 1 piece:")
    _, goal = _described(count="{type: count, piece: king, exactly: 0}")
    assert goal.startswith("The game ends when you have exactly 0 kings:")
    one_kind = load_game(ROOT / "games" / "nine-mens-morris.yaml")  # its men alone
    assert "2 men" in " ".join(goal.describe() for goal in one_kind.goals)


def test_custodial_says_which_pieces_how_many_and_what_it_counts() -> None:
    phase, _ = _described("piece: stone, counter: captures, min_length: 2, max_length: null")
    assert phase == ("A line of at least 2 enemy stones caught between the piece that just "
                     "moved and another of yours is taken off the board; each piece taken "
                     "adds 1 to your captures.")
    phase, _ = _described("min_length: 2, max_length: 3")
    assert phase.startswith("A line of 2 to 3 enemy pieces caught between")
    phase, _ = _described("piece: king")
    assert phase.startswith("An enemy king caught between")


def test_hasami_shogi_names_its_pawn_in_every_language() -> None:
    """The goal's count names no kind, and the game has one: its word, "pawn"; the
    catalogs word Hasami's kind as the game's own piece (ficha), not as the chess pawn
    (peón)."""
    from framework.i18n import game_translations
    from framework.plugins import counted

    game = load_game(ROOT / "games" / "hasami-shogi.yaml")
    assert game.goals[0].describe().startswith(
        "The game ends when your opponent has at most 1 pawn:")
    words = {"es": ("ficha", "fichas"), "pt": ("peça", "peças"), "ru": ("фишка", "фишек"),
             "eo": ("peco", "pecoj")}
    for lang, (one, five) in words.items():
        _ = game_translations(lang, "hasami-shogi").gettext
        assert (_("pawn"), counted(_, "pawn", 1), counted(_, "pawn", 5)) == (one, one, five)
