"""The action codec, the observation planes and pickling, over every bundled game."""

from __future__ import annotations

import pickle
import random
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from framework import Action, Game, State, load_game, load_game_text
from framework.codec import CodecError
from framework.errors import IllegalActionError

from .conftest import GAME_FILES
from .third_party import DROP_PHASE, installed


def random_states(game: Game, seed: int) -> Iterator[State]:
    """Every state of one random game, from the start to the end."""
    rng = random.Random(seed)
    state = game.new_initial_state()
    yield state
    while not state.is_terminal():
        state = state.child(rng.choice(state.legal_actions()))
        yield state


def codec_round_trips(game: Game, games: int) -> int:
    """Check every legal action of ``games`` random games; return how many were checked."""
    codec = game.codec
    checked = 0
    for seed in range(games):
        for state in random_states(game, seed):
            legal = state.legal_actions()
            indices = [codec.index(a) for a in legal]
            assert len(set(indices)) == len(legal)
            assert [codec.action(i) for i in indices] == legal
            assert codec.legal_indices(state) == sorted(indices)
            checked += len(legal)
    return checked


@pytest.mark.parametrize("path", GAME_FILES, ids=[p.stem for p in GAME_FILES])
def test_the_codec_round_trips_every_legal_action_of_random_games(path: Path) -> None:
    assert codec_round_trips(load_game(path), 60) > 0


@pytest.mark.slow
@pytest.mark.parametrize("path", GAME_FILES, ids=[p.stem for p in GAME_FILES])
def test_the_codec_round_trips_every_legal_action_of_1000_random_games(path: Path) -> None:
    assert codec_round_trips(load_game(path), 1000) > 0


def test_indices_are_fixed_by_the_game_file(ataxx: Game) -> None:
    codec = ataxx.codec
    # A clone per cell, a jump per pair of cells two apart, and the pass.
    distance = ataxx.board.distance
    jumps = sum(1 for row in distance for d in row if d == 2)
    assert codec.num_distinct_actions == 49 + jumps + 1
    assert [(r.block, r.stop - r.start) for r in codec.ranges if r.stop > r.start] == \
        [("move", 49 + jumps), ("pass", 1)]
    assert codec.action(0).notation == "a1"
    assert codec.index(ataxx.pass_action) == codec.num_distinct_actions - 1
    again = load_game(Path(ataxx.file))
    assert [a.notation for a in again.codec.actions] == [a.notation for a in codec.actions]


def test_the_codec_speaks_in_clear_errors(ataxx: Game) -> None:
    codec = ataxx.codec
    with pytest.raises(CodecError, match=r"out of range.*0\.\.529"):
        codec.action(codec.num_distinct_actions)
    foreign = load_game(Path(ataxx.file).with_name("adaptoid.yaml")).codec.action(100)
    with pytest.raises(CodecError, match="not an action of Ataxx"):
        codec.index(foreign)
    state = ataxx.new_initial_state()
    assert codec.legal_action(state, codec.index(state.legal_actions()[0])) \
        == state.legal_actions()[0]
    with pytest.raises(IllegalActionError, match=r"\(a4\) is not legal here"):
        codec.legal_action(state, codec.index(Action("move", "clone",
                                                     dst=ataxx.board.cell("a4"))))


def test_the_mask_marks_exactly_the_legal_actions(any_game: Game) -> None:
    codec = any_game.codec
    for state in random_states(any_game, 7):
        mask = codec.mask(state)
        assert len(mask) == codec.num_distinct_actions
        assert [i for i, m in enumerate(mask) if m] == codec.legal_indices(state)
        assert sum(mask) == state.count_legal_actions()


DROP_GAME = """
name: Drop three
players: [white, black]
board: {type: grid, rows: 3, columns: 3}
pieces: {stone: {}}
turn: [{name: drop, type: drop}]
result: {type: majority}
"""


def test_a_block_without_an_action_space_gets_a_clear_error(tmp_path: Path) -> None:
    with installed(tmp_path, "dropcodec", DROP_PHASE,
                   "[boardspec.rules]\nphases.drop = dropcodec:Drop\n"):
        game = load_game_text(DROP_GAME)
        game.new_initial_state().apply("*a1")  # it plays: only the codec needs the space
        with pytest.raises(CodecError, match=r"phase block 'drop' \(type: drop.*action_space"):
            _ = game.codec


# Observation planes ----------------------------------------------------------------------

def test_observations_have_one_fixed_shape_per_game(any_game: Game) -> None:
    observer = any_game.observer
    planes, height, width = observer.shape
    assert len(observer.plane_names) == planes
    assert height * width >= any_game.board.size
    for state in random_states(any_game, 3):
        for player in range(len(any_game.players)):
            flat = observer.tensor(state, player)
            assert len(flat) == observer.size == planes * height * width
            nested = observer.planes(state, player)
            assert [len(nested), len(nested[0]), len(nested[0][0])] == [planes, height, width]
            assert all(len(row) == width for plane in nested for row in plane)


def test_the_planes_hold_the_position(any_game: Game) -> None:
    """The piece, attribute and counter planes give back the state's masks and values."""
    observer = any_game.observer
    names = observer.plane_names
    area = observer.area
    for state in random_states(any_game, 5):
        flat = observer.tensor(state, 0)

        def plane(name: str, flat: list[float] = flat) -> list[float]:
            i = names.index(name)
            return flat[i * area:(i + 1) * area]

        def mask(values: list[float]) -> int:
            return sum(1 << c for c, offset in enumerate(observer.offsets) if values[offset])

        for k, kind in enumerate(any_game.piece_kinds):
            for s, side in enumerate(any_game.players):
                assert mask(plane(f"piece:{kind}:{side}")) == state.kinds[k] & state.owner[s]
        for a, attribute in enumerate(any_game.attributes):
            values = plane(f"attribute:{attribute}")
            assert [values[o] for o in observer.offsets] == state.attrs[a]
        for c, counter in enumerate(any_game.counters):
            for s, side in enumerate(any_game.players):
                assert set(plane(f"counter:{counter}:{side}")) == {state.counters[s][c]}
        assert mask(plane("gap")) == state.gaps
        assert mask(plane("cell")) == any_game.board.all_mask
        assert sum(plane("cell")) == any_game.board.size
        mover = any_game.players[state.to_move]
        assert set(plane(f"to_move:{mover}")) == {1.0}
        steps = [n for n in names if n.split(":")[0] in ("setup", "phase", "pass")]
        lit = [n for n in steps if set(plane(n)) == {1.0}]
        assert len(lit) == (0 if state.is_terminal() else 1)


def test_each_seat_sees_its_own_side(adaptoid_game: Game) -> None:
    state = adaptoid_game.new_initial_state()
    for action in ("white@D2", "black@D6", "white"):  # the second seat chooses white
        state.apply(action)
    observer = adaptoid_game.observer
    area = observer.area
    for seat, side in ((0, "black"), (1, "white")):
        flat = observer.tensor(state, seat)
        i = observer.plane_names.index(f"observer:{side}")
        assert set(flat[i * area:(i + 1) * area]) == {1.0}
        assert f"observer: {side}" in observer.string(state, seat)
    assert observer.tensor(state, 0) != observer.tensor(state, 1)


def test_the_string_form_shows_board_and_step(adaptoid_game: Game) -> None:
    state = adaptoid_game.state_from_json(
        {"to_move": "white", "phase": "build", "cells": {"D2": "white", "D6": "black"}})
    text = adaptoid_game.observer.string(state)
    assert "white to move" in text and "phase: build" in text and "w00" in text


def test_hex_boards_are_laid_out_on_their_lattice(adaptoid_game: Game) -> None:
    observer = adaptoid_game.observer
    assert observer.shape[1:] == (7, 7)
    d5 = adaptoid_game.board.cell("D5")
    assert observer.offsets[d5] == 3 * 7 + 4  # row D (the 4th), diagonal 5
    assert len(set(observer.offsets)) == adaptoid_game.board.size == 37


# Pickling ---------------------------------------------------------------------------------

def sample_states(game: Game) -> list[State]:
    """The start, some states on the way (mid-turn ones included) and the end of a game."""
    states = list(random_states(game, 11))
    return [states[0], *states[1:-1:max(1, len(states) // 6)], states[-1]]


def test_every_state_pickles(any_game: Game) -> None:
    for state in sample_states(any_game):
        copy = pickle.loads(pickle.dumps(state))
        assert copy.game is any_game
        assert copy == state
        assert {s: getattr(copy, s) for s in State.__slots__} == \
            {s: getattr(state, s) for s in State.__slots__}
        assert copy.legal_actions() == state.legal_actions()


def test_games_pickle_as_a_reference(any_game: Game) -> None:
    assert pickle.loads(pickle.dumps(any_game)) is any_game
    assert len(pickle.dumps(any_game)) < 20_000  # the game file's data, not its tables


def test_a_game_built_from_text_or_a_spec_pickles() -> None:
    text = (Path(GAME_FILES[0]).parent / "ataxx.yaml").read_text()
    game = load_game_text(text, "ataxx-copy.yaml")
    state = game.new_initial_state()
    state.apply("a6")
    assert pickle.loads(pickle.dumps(state)) == state
    from_spec = Game(game.spec)
    copy = pickle.loads(pickle.dumps(from_spec.new_initial_state()))
    assert copy.to_json() == from_spec.new_initial_state().to_json()


def test_states_unpickle_in_a_fresh_process(ataxx: Game) -> None:
    states = sample_states(ataxx)
    data = pickle.dumps(states)
    code = ("import pickle, sys\n"
            "states = pickle.loads(sys.stdin.buffer.read())\n"
            "assert len({id(s.game) for s in states}) == 1\n"
            "print('\\n'.join(s.to_fen() + ' ' + str(len(s.legal_actions())) "
            "for s in states))\n")
    out = subprocess.run([sys.executable, "-c", code], input=data, capture_output=True,
                         check=True).stdout.decode()
    assert out.split("\n")[:-1] == [f"{s.to_fen()} {len(s.legal_actions())}" for s in states]


def test_new_initial_state_is_typed() -> None:
    from typing import get_type_hints

    hints = get_type_hints(Game.new_initial_state,
                           {"State": State, **vars(sys.modules["framework.compiler"])})
    assert hints["return"] is State


@pytest.fixture(scope="session")
def adaptoid_game() -> Game:
    return load_game(Path(GAME_FILES[0]).parent / "adaptoid.yaml")


def test_the_core_imports_no_interop_library() -> None:
    """Codec, planes, pickling and UAI work on a core install: numpy, OpenSpiel, PettingZoo,
    Gymnasium and python-ataxx stay unimported."""
    code = ("import pickle, sys\n"
            "from framework import load_game\n"
            "import framework.interop.uai\n"
            "game = load_game(sys.argv[1])\n"
            "state = game.new_initial_state()\n"
            "game.codec.mask(state); game.observer.planes(state, 0)\n"
            "pickle.loads(pickle.dumps(state))\n"
            "heavy = {'numpy', 'pyspiel', 'open_spiel', 'pettingzoo', 'gymnasium', 'ataxx'}\n"
            "print(sorted(m for m in sys.modules if m.split('.')[0] in heavy))\n")
    out = subprocess.run([sys.executable, "-c", code, str(GAME_FILES[0])],
                         capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"


@pytest.mark.parametrize("path", GAME_FILES[:2], ids=[p.stem for p in GAME_FILES[:2]])
def test_the_pickling_process_gets_its_very_game_back(path: Path) -> None:
    one, two = load_game(path), load_game(path)  # the same file, loaded twice
    assert pickle.loads(pickle.dumps(two)) is two
    assert pickle.loads(pickle.dumps(one)) is one
    state = two.new_initial_state()
    assert pickle.loads(pickle.dumps(state)) == state  # so states compare equal
