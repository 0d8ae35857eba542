"""Walls on the lines between a grid's cells (``board: {type: grid, walls: 2}``, the
``wall`` move, the ``{crosses: walls}`` test; issue 54's first part of Quoridor), checked
against OpenSpiel's ``quoridor`` where the rules written so far are the whole of its rules:
the wall places and which walls may go up (overlap, crossing, the ``path_exists``
restriction: no wall may cut a pawn off from its goal row), the pawn steps that walls
block. The pawn jumps are not written yet: the random games below compare every ply while
the pawns are not next to each other (and a search written here finds the walls that
would cut a pawn off: none offered). Also against the reference twins, and validate.

OpenSpiel numbers rows 1..9 from the top: its pawn cell ``e8`` is our e2; its wall ``Xrh``
/ ``Xrv`` is our ``h@X(9-r)`` / ``v@X(9-r)``. The mapping is here, not in a game file."""

from __future__ import annotations

import random
from collections import deque

import pyspiel
import pytest

from framework import load_game_text
from framework.check.reference import ReferenceGame
from framework.errors import BoardspecError
from framework.perft import perft

RACE = """
name: Walled race
players: [white, black]
board: {type: grid, rows: 9, columns: 9, walls: 2}
zones:
  goal: {white: [{row: 9}], black: [{row: 1}]}
counters: [walls]
pieces: {pawn: {}}
setup:
  - type: fixed
    cells: {e1: white, e9: black}
turn:
  - name: play
    type: moves
    options:
      - {type: step, directions: [n, e, s, w], to: empty,
         to_if: {not: {crosses: walls}}}
      - {type: wall, counter: walls, if: {type: counter, counter: walls, at_most: 9}}
restrictions:
  - {type: path_exists, piece: pawn, zone: goal, kinds: [wall]}
goals:
  - {type: reach_zone, zone: goal}
  - {type: outcome, winner: draw, if: {type: turn, at_least: 163}}   # OpenSpiel: 324 plies
result: {type: draw}
max_plies: 324
"""


def ours_of(text: str, size: int = 9) -> str:
    """OpenSpiel's action string as ours."""
    if text[-1] in "hv":
        return f"{text[-1]}@{text[0]}{size - int(text[1:-1])}"
    return f"{text[0]}{size + 1 - int(text[1:])}"


def cut_off(walls: set[str], pawns: dict[str, str], size: int = 9) -> bool:
    """Whether some pawn has no path to its goal row past ``walls`` (a breadth-first
    search over (column, row), pawns not blocking)."""
    blocked = set()
    for wall in walls:
        orientation, cell = wall.split("@")
        x, y = ord(cell[0]) - ord("a"), int(cell[1:]) - 1
        for k in range(2):
            if orientation == "h":
                blocked.add(frozenset({(x + k, y), (x + k, y + 1)}))
            else:
                blocked.add(frozenset({(x, y + k), (x + 1, y + k)}))
    for player, cell in pawns.items():
        start = (ord(cell[0]) - ord("a"), int(cell[1:]) - 1)
        goal = size - 1 if player == "white" else 0
        seen, todo = {start}, deque([start])
        while todo:
            x, y = todo.popleft()
            for nx, ny in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)):
                if 0 <= nx < size and 0 <= ny < size and (nx, ny) not in seen and \
                        frozenset({(x, y), (nx, ny)}) not in blocked:
                    seen.add((nx, ny))
                    todo.append((nx, ny))
        if not any(y == goal for _, y in seen):
            return True
    return False


def test_the_wall_places_and_the_first_walls_match_openspiel() -> None:
    game = load_game_text(RACE)
    state = game.new_initial_state()
    spiel = pyspiel.load_game("quoridor").new_initial_state()
    theirs = {ours_of(spiel.action_to_string(a)) for a in spiel.legal_actions()}
    assert {a.notation if "@" in a.notation else a.notation[2:]
            for a in state.legal_actions()} == theirs
    assert len(theirs) == 3 + 128  # d1, f1, e2 and every wall place
    state.apply("h@e4")  # above e4 and f4: h@d4 and h@f4 overlap it, v@e4 crosses it
    assert not {"h@d4", "h@f4", "v@e4", "h@e4"} & {a.notation for a in state.legal_actions()}
    assert {"h@c4", "h@g4", "v@e3", "v@e5", "v@d4", "v@f4"} <= \
        {a.notation for a in state.legal_actions()}


def test_a_wall_blocks_the_steps_across_it() -> None:
    game = load_game_text(RACE)
    state = game.new_initial_state()
    state.apply("h@d1")  # white's wall above d1 and e1
    state.apply("v@d8")  # black's to the right of d8 and d9
    assert {a.notation for a in state.legal_actions() if "@" not in a.notation} == \
        {"e1d1", "e1f1"}  # not north across the wall
    state.apply("e1f1")
    assert {a.notation for a in state.legal_actions() if "@" not in a.notation} == \
        {"e9e8", "e9f9"}  # not west: v@d8 lies between d9 and e9
    assert state.to_json()["walls"] > 0 and state.to_json()["counters"]["white"]["walls"] == 1


def test_ten_walls_each_and_no_more() -> None:
    game = load_game_text(RACE)
    state = game.new_initial_state()
    walls = [f"h@{f}{r}" for r in (2, 4, 6, 8, 3) for f in "aceg"]  # 20, none touching
    for wall in walls:
        state.apply(wall)
    assert not [a for a in state.legal_actions() if "@" in a.notation]  # white has none left


def play_side_by_side(games: int, seed: int) -> tuple[int, int]:
    """Random games chosen among OpenSpiel's actions, compared at every ply while the pawns
    are apart (no jump is possible); returns the plies compared and how many walls that
    would cut a pawn off were refused along the way."""
    rng = random.Random(seed)
    game = load_game_text(RACE)
    spiel = pyspiel.load_game("quoridor")
    compared = refused = 0
    wall_names = [a.notation for a in game.new_initial_state().legal_actions()
                  if "@" in a.notation]
    for _ in range(games):
        ours, theirs = game.new_initial_state(), spiel.new_initial_state()
        walls: set[str] = set()
        pawns = {"white": "e1", "black": "e9"}
        while not theirs.is_terminal():
            (wx, wy), (bx, by) = ((ord(c[0]), int(c[1:])) for c in pawns.values())
            if abs(wx - bx) + abs(wy - by) <= 1:  # a jump would be possible: not written
                break
            assert not ours.is_terminal()
            assert ours.current_player == theirs.current_player()
            named = {ours_of(theirs.action_to_string(a)): a for a in theirs.legal_actions()}
            # our steps are written from-to, OpenSpiel's by the target alone
            mine = {a.notation if "@" in a.notation else a.notation[2:]
                    for a in ours.legal_actions()}
            assert set(named) == mine, str(theirs)
            for wall in wall_names:  # the search here: no wall offered cuts a pawn off
                if wall not in walls and cut_off(walls | {wall}, pawns):
                    assert wall not in mine, (wall, str(theirs))
                    refused += 1
            move = rng.choice(sorted(named))
            theirs.apply_action(named[move])
            mover = game.players[ours.current_player]
            if "@" in move:
                ours.apply(move)
                walls.add(move)
            else:
                ours.apply(pawns[mover] + move)
                pawns[mover] = move
            compared += 1
        assert ours.is_terminal() == theirs.is_terminal()
        if theirs.is_terminal():
            assert ours.returns() == pytest.approx(theirs.returns())
    return compared, refused


def test_random_plies_agree_with_openspiel() -> None:
    assert play_side_by_side(3, 54)[0] > 30


@pytest.mark.slow
def test_many_random_plies_agree_with_openspiel() -> None:
    compared, refused = play_side_by_side(60, 4545)
    assert compared > 1000 and refused > 0


def test_the_reference_twins_agree() -> None:
    from .test_composition import reference_perft

    small = RACE.replace("rows: 9, columns: 9", "rows: 3, columns: 3").replace(
        "{row: 9}", "{row: 3}").replace("{e1: white, e9: black}", "{b1: white, b3: black}")
    game = load_game_text(small)
    ref = ReferenceGame(game.spec)
    counts = [perft(game.new_initial_state(), d) for d in (1, 2, 3)]
    assert counts == [reference_perft(ref, ref.initial(), d) for d in (1, 2, 3)]
    assert counts[0] == 3 + 8  # a 3 × 3 board has 4 wall places of each kind


def test_validate_refuses_walls_that_cannot_act() -> None:
    with pytest.raises(BoardspecError, match="no wall places"):
        load_game_text(RACE.replace(", walls: 2}", "}"))
    with pytest.raises(BoardspecError, match="moves no piece from a cell"):
        load_game_text(RACE.replace("{type: wall, counter: walls,",
                                    "{type: place, to_if: {crosses: walls}, piece: pawn,"))


def test_the_native_backend_refuses_walls_by_name() -> None:
    from framework.native.assemble import support_of

    assert "crosses: walls" in (support_of(load_game_text(RACE)) or "")
