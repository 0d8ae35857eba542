"""Move primitives (``framework/rules/moves/``) and the ``moves`` phase: presets play exactly
as their expansion, the fast paths of ``clone_or_jump`` agree with the derived loops, and a
game written with primitives directly counts the published perft."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from framework import SpecError, load_game, load_game_text
from framework.engine.state import State
from framework.game import Game
from framework.perft import perft
from framework.rules.phases.moves import Moves

from .conftest import DATA, ROOT

GAMES = sorted((ROOT / "games").glob("*.yaml"))


def expanded(game: Game) -> Game:
    """The same game with every preset phase replaced by the ``moves`` phase it stands for."""
    turn = [type(p).expand(p.params) if isinstance(p, Moves) else p.params
            for p in game.phases]
    return Game(game.spec.model_copy(update={"turn": turn}))


def _random_start(game: Game, rng: random.Random) -> State:
    state = game.new_initial_state()
    for _ in range(rng.randrange(40)):
        if state.is_terminal():
            break
        state.apply(rng.choice(state.legal_actions()))
    return state


@pytest.mark.parametrize("path", GAMES, ids=lambda p: p.stem)
def test_every_preset_plays_as_its_expansion(path: Path) -> None:
    game = load_game(path)
    plain = expanded(game)
    assert all(type(p) in (Moves,) or not isinstance(p, Moves) for p in plain.phases)
    rng = random.Random(path.stem)
    for _ in range(15):
        state = game.new_initial_state()
        twin = plain.state_from_json(state.to_json())
        for _ in range(300):
            if state.is_terminal():
                break
            ours = [a.notation for a in state.legal_actions()]
            assert ours == [a.notation for a in twin.legal_actions()]
            assert state.count_legal_actions() == twin.count_legal_actions()
            choice = rng.choice(ours)
            state.apply(choice)
            twin.apply(choice)
            assert state.to_json() == twin.to_json()
        assert state.returns() == twin.returns()


@pytest.mark.parametrize("name", ["ataxx", "assimilation", "hexxagon"])
def test_clone_or_jump_fast_paths_agree_with_the_derived_loops(name: str) -> None:
    game = load_game(ROOT / "games" / f"{name}.yaml")
    phase = game.phases[0]
    assert isinstance(phase, Moves) and type(phase) is not Moves
    rng = random.Random(name)
    for _ in range(200):
        state = _random_start(game, rng)
        if state.is_terminal() or state.must_pass:
            continue
        assert phase.actions(state) == Moves.actions(phase, state)
        assert phase.count(state) == Moves.count(phase, state)
        assert phase.has_action(state) == Moves.has_action(phase, state)
        seed = rng.random()
        assert phase.random_action(state, random.Random(seed)) == \
            Moves.random_action(phase, state, random.Random(seed))
        for action in phase.actions(state)[:5]:
            fast, derived = state.clone(), state.clone()
            phase.apply(fast, action)
            Moves.apply(phase, derived, action)
            assert fast == derived


ATAXX_IN_PRIMITIVES = """
name: Ataxx in primitives
players: [x, o]
board: {type: grid, rows: 7, columns: 7, adjacency: king}
pieces: {stone: {symbols: {x: x, o: o}}}
setup: [{type: fixed, cells: {a7: x, g1: x, a1: o, g7: o}}]
turn:
  - name: move
    type: moves
    options:
      - {type: reach, distance: 1, effect: clone, resets_halfmove_clock: true}
      - {type: reach, distance: 2, effect: move, kind: jump}
  - {name: convert, type: convert_adjacent}
no_legal_move: pass
goals: [{type: no_pieces, then: score}, {type: halfmove_clock, limit: 100}]
result: {type: majority}
notation: {pass: "0000", fen: {gap: "-"}}
"""


def _published(depth: int) -> int:
    for line in (DATA / "ataxx.tsv").read_text().splitlines()[1:]:
        fen, d, nodes = line.split("\t")
        if fen.startswith("x5o/7/7/7/7/7/o5x x") and int(d) == depth:
            return int(nodes)
    raise LookupError(depth)


def test_a_game_written_in_primitives_counts_the_published_perft() -> None:
    game = load_game_text(ATAXX_IN_PRIMITIVES)
    state = game.state_from_fen("x5o/7/7/7/7/7/o5x x 0 1")
    for depth in (1, 2, 3):
        assert perft(state, depth) == _published(depth)


def test_a_clone_respects_the_supply() -> None:
    game = load_game_text(ATAXX_IN_PRIMITIVES.replace(
        "pieces: {stone: {symbols: {x: x, o: o}}}",
        "pieces: {stone: {supply: 3, symbols: {x: x, o: o}}}"))
    state = game.state_from_fen("x5o/7/7/7/7/7/o5x x 0 1")
    assert any(a.kind == "clone" for a in state.legal_actions())
    full = game.state_from_fen("x5o/7/7/7/7/7/o4xx x 0 1")  # x has its 3 pieces out
    assert {a.kind for a in full.legal_actions()} == {"jump"}
    preset = load_game_text((ROOT / "games" / "ataxx.yaml").read_text().replace(
        "stone:\n    symbols", "stone:\n    supply: 3\n    symbols"))
    assert {a.kind for a in preset.state_from_fen("x5o/7/7/7/7/7/o4xx x 0 1")
            .legal_actions()} == {"jump"}


def test_an_unknown_name_in_a_primitive_is_located() -> None:
    text = ATAXX_IN_PRIMITIVES.replace("effect: move, kind: jump",
                                       "effect: move, kind: jump, piece: stones")
    with pytest.raises(SpecError, match=r"turn\[0\]\.options\[1\]\.piece.*unknown piece"):
        load_game_text(text)


def test_a_syntax_error_is_told_from_an_illegal_move() -> None:
    game = load_game_text(ATAXX_IN_PRIMITIVES)
    state = game.state_from_fen("x5o/7/7/7/7/7/o5x x 0 1")
    with pytest.raises(Exception, match="not legal here"):
        state.apply("d4")
    with pytest.raises(Exception, match="written like"):
        state.apply("d4-d5")


def test_two_options_making_the_same_kind_are_refused() -> None:
    text = ATAXX_IN_PRIMITIVES.replace("effect: move, kind: jump", "effect: move").replace(
        "effect: clone, resets_halfmove_clock: true", "effect: move")
    with pytest.raises(SpecError, match=r"options 0 and 1 both make actions of kind 'move'"):
        load_game_text(text)
