"""The native pieces of the ``counter`` condition and the ``counter_at_least`` goal, on a
game no bundled file is (the bundled games that use them, Backgammon and the Adaptoid
family, have dice or attributes the kernels lack): Dots and Boxes on 2 × 3 boxes raced to
four boxes, where a box gives the next turn only to a player with at most two, and a
position where every player together has five boxes and the mover's opponents two is a
draw. It is played natively as the engine plays it: perft from the start and from random
positions, and random games of the kernels replayed through ``State.apply``."""

from __future__ import annotations

from typing import Any

import pytest

from framework.game import Game, load_game_text
from framework.native import support_of

RACE = """
name: Boxes race
players: [red, blue]
board: {type: edges, rows: 2, columns: 3}
pieces:
  line:
    symbols: {red: R, blue: B}
counters: [boxes]
turn:
  - name: move
    type: moves
    options:
      - type: place
        piece: line
        then:
          - {type: complete_faces, counter: boxes}
          - {type: again, if: [{type: completes_face},
                               {type: counter, counter: boxes, at_most: 2}]}
goals:
  - {type: counter_at_least, counter: boxes, value: 4}
  - {type: outcome, winner: draw,
     if: [{type: counter, counter: boxes, of: all, exactly: 5},
          {type: counter, counter: boxes, of: opponents, at_least: 2}]}
  - {type: outcome, winner: blue,
     if: [{type: counter, counter: boxes, of: blue, at_least: 3},
          {type: counter, counter: boxes, of: red, at_least: 1, not: true}]}
result: {type: majority, counter: boxes}
max_plies: 17
"""


def race() -> Game:
    return load_game_text(RACE)


def test_the_race_is_native() -> None:
    assert support_of(race()) is None


numba = pytest.importorskip("numba")
from framework.native import NativeGame  # noqa: E402

from .test_native import check_perft, random_positions, replay  # noqa: E402


@pytest.fixture(scope="module")
def native() -> Any:
    found = NativeGame(race())
    found.compile()
    return found


def test_native_perft_equals_the_engines(native: Any) -> None:
    check_perft(native, native.game.new_initial_state(), 3)
    for state in random_positions(native, 4, seed=2):
        check_perft(native, state, 2)


def test_random_games_replay_through_the_engine(native: Any) -> None:
    """The games end by each goal (replay compares the winners after every action), so
    each piece decided some of them (others by the majority of a full board)."""
    endings = set()
    for seed in range(30):
        state = native.game.new_initial_state()
        replay(native, seed, state)
        assert state.is_terminal()
        red, blue = (c[0] for c in state.counters)
        endings.add("race" if max(red, blue) >= 4 else "blue" if (red, blue) == (0, 3)
                    else "draw" if red + blue == 5 else "majority")
    assert {"race", "blue", "draw"} <= endings
