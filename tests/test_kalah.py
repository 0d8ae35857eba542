"""Kalah as data (piles of seeds, ``sow``, ``collect``, ``pile``, ``again``), against
OpenSpiel's ``mancala``.

How the actions map: OpenSpiel numbers the board 0..13 counter-clockwise from North's
store (0); South's pits are 1..6 (our a1..f1, left to right), South's store 7 (our S),
North's pits 8..13 (our f2 back to a2), and an action is the number of the pit sown.
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pyspiel
import pytest

from framework import load_game
from framework.errors import SpecError
from framework.perft import perft

from .conftest import ROOT, compiled_native
from .spiel import openspiel_perft

GAME = load_game(ROOT / "games" / "kalah.yaml")
PITS = {i + 1: c for i, c in enumerate(["a1", "b1", "c1", "d1", "e1", "f1"])}
PITS.update({8 + i: c for i, c in enumerate(["f2", "e2", "d2", "c2", "b2", "a2"])})
#: OpenSpiel's board index of each of our cells (the stores: 0 North's, 7 South's).
INDEX = {**{c: i for i, c in PITS.items()}, "N": 0, "S": 7}


def seeds(state: object) -> list[int]:
    """Our position as OpenSpiel's board: 14 numbers, index 0 North's store."""
    position = state.to_json()  # type: ignore[attr-defined]
    board = [0] * 14
    for cell, i in INDEX.items():
        board[i] = position[f"seed.{cell}"]
    return board


def spiel_board(state: pyspiel.State) -> list[int]:
    """OpenSpiel's board read from its text: North's pits 13..8, the two stores, South's
    pits 1..6."""
    top, middle, bottom = str(state).splitlines()[:3]
    board = [0] * 14
    for i, n in enumerate(top.strip("-").split("-")):
        board[13 - i] = int(n)
    board[0], board[7] = (int(n) for n in middle.replace("-", " ").split())
    for i, n in enumerate(bottom.strip("-").split("-")):
        board[1 + i] = int(n)
    return board


def play_side_by_side(games: int, seed: int) -> tuple[dict[tuple[float, ...], int], int]:
    rng = random.Random(seed)
    spiel = pyspiel.load_game("mancala")
    outcomes: dict[tuple[float, ...], int] = {}
    plies = 0
    for _ in range(games):
        mine, theirs = GAME.new_initial_state(), spiel.new_initial_state()
        while True:
            assert mine.is_terminal() == theirs.is_terminal(), str(theirs)
            assert mine.returns() == pytest.approx(theirs.returns()), str(theirs)
            if theirs.is_terminal():
                break
            assert mine.current_player == theirs.current_player(), str(theirs)
            assert seeds(mine) == spiel_board(theirs), str(theirs)
            named = {PITS[a]: a for a in theirs.legal_actions()}
            assert {a.notation for a in mine.legal_actions()} == set(named), str(theirs)
            move = rng.choice(sorted(named))
            theirs.apply_action(named[move])
            mine.apply(move)
            plies += 1
        key = tuple(theirs.returns())
        outcomes[key] = outcomes.get(key, 0) + 1
    return outcomes, plies


@pytest.mark.parametrize("depth", [1, 2, 3, 4, 5])
def test_perft_matches_openspiel(depth: int) -> None:
    spiel = pyspiel.load_game("mancala").new_initial_state()
    assert perft(GAME.new_initial_state(), depth) == openspiel_perft(spiel, depth)


def test_random_games_agree_with_openspiel_at_every_ply() -> None:
    outcomes, plies = play_side_by_side(12, 3)
    assert sum(outcomes.values()) == 12 and plies > 12 * 20


@pytest.mark.slow
def test_many_random_games_agree_with_openspiel() -> None:
    outcomes, _plies = play_side_by_side(400, 29)
    assert {(1.0, -1.0), (-1.0, 1.0), (0.0, 0.0)} <= set(outcomes)


@pytest.mark.slow
@pytest.mark.parametrize("depth", [6, 7, 8, 9])
def test_deep_perft_matches_openspiel(depth: int) -> None:
    spiel = pyspiel.load_game("mancala").new_initial_state()
    assert perft(GAME.new_initial_state(), depth) == openspiel_perft(spiel, depth)


def position(to_move: str, **piles: int) -> dict[str, object]:
    """A position with these piles, every other cell empty."""
    data: dict[str, object] = {"to_move": to_move}
    for cell in INDEX:
        data[f"seed.{cell}"] = piles.get(cell, 0)
    return data


def test_the_start_four_seeds_a_pit_and_sowing_into_the_own_store_plays_again() -> None:
    state = GAME.new_initial_state()
    assert seeds(state) == [0, 4, 4, 4, 4, 4, 4, 0, 4, 4, 4, 4, 4, 4]
    assert [a.notation for a in state.legal_actions()] == ["a1", "b1", "c1", "d1", "e1",
                                                           "f1"]
    state.apply("c1")  # d1 e1 f1 S: the last seed in South's store
    assert seeds(state)[1:8] == [4, 4, 0, 5, 5, 5, 1]
    assert state.to_json()["to_move"] == "south"
    state.apply("f1")  # S f2 e2 d2 c2: the turn passes
    assert state.to_json()["to_move"] == "north"


def test_the_opponents_store_is_skipped_and_a_lap_passes_the_pit_sown() -> None:
    state = GAME.state_from_json(position("south", f1=14, a2=1, b1=1))
    state.apply("f1")
    board = seeds(state)
    # 14 seeds from f1: S, f2..a2 (6), then N is skipped, a1..e1 (5), f1 itself, S again.
    assert board[0] == 0 and board[7] == 2
    assert board[8:14] == [1, 1, 1, 1, 1, 2]
    assert board[1:7] == [1, 2, 1, 1, 1, 1]


def test_the_last_seed_in_an_own_empty_pit_takes_the_pit_across() -> None:
    state = GAME.state_from_json(position("south", a1=2, d1=0, b1=1, d2=3, e2=1))
    state.apply("b1")  # into c1, empty: across is c2, empty: no capture
    assert seeds(state)[3] == 1 and seeds(state)[7] == 0
    state = GAME.state_from_json(position("south", b1=2, d2=3, e2=1))
    state.apply("b1")  # c1 then d1 (empty, now 1); across d2 holds 3: 4 to the store
    board = seeds(state)
    assert board[4] == 0 and board[INDEX["d2"]] == 0 and board[7] == 4
    assert state.to_json()["to_move"] == "north"


def test_the_game_ends_when_either_side_is_empty_and_the_rest_counts_for_its_owner() -> None:
    # South sows its last seed into its store: South's pits are empty, and North, with
    # 10 seeds left in its pits, has 10 + 2 against South's 1 + 8.
    state = GAME.state_from_json(position("south", f1=1, S=8, a2=6, b2=4, N=2))
    state.apply("f1")
    assert state.is_terminal() and state.returns() == [-1.0, 1.0]
    state = GAME.state_from_json(position("south", f1=1, S=11, a2=6, b2=4, N=2))
    state.apply("f1")
    assert state.returns() == [0.0, 0.0]


def test_positions_and_fen_carry_the_piles() -> None:
    state = GAME.new_initial_state()
    state.apply("a1")
    fen = state.to_fen()
    assert "seed.b1=5" in fen and "seed.a1=0" in fen
    assert seeds(GAME.state_from_fen(fen)) == seeds(state)
    with pytest.raises(Exception, match="kept in piles"):
        GAME.state_from_json({"cells": {"a1": "south"}})


def test_piles_refuse_what_cannot_act(tmp_path: Path) -> None:
    text = (ROOT / "games" / "kalah.yaml").read_text(encoding="utf-8")
    path = tmp_path / "kalah.yaml"
    path.write_text(text.replace("piles: {pits: 4}", "supply: 4"), encoding="utf-8")
    with pytest.raises(SpecError, match="not kept in piles"):
        load_game(path)
    path.write_text(text.replace("into: store", "into: pits"), encoding="utf-8")
    with pytest.raises(SpecError, match="exactly one per player"):
        load_game(path)
    path.write_text(text.replace("piles: {pits: 4}", "piles: {holes: 4}"), encoding="utf-8")
    with pytest.raises(SpecError, match="unknown zone"):
        load_game(path)
    path.write_text(text.replace("      - type: sow ", "      - {type: place, piece: seed}\n"
                                 "      - type: sow "), encoding="utf-8")
    with pytest.raises(SpecError, match="'place' plays pieces one by one"):
        load_game(path)
    path.write_text(text.replace("where: pile, piece: seed, zone: pits, of: mover",
                                 "piece: seed, zone: pits, of: mover"), encoding="utf-8")
    with pytest.raises(SpecError, match="count it with where: pile"):
        load_game(path)


def test_the_observation_planes_hold_the_piles() -> None:
    observer = GAME.observer
    state = GAME.new_initial_state()
    state.apply("c1")
    plane = observer.planes(state)[observer.plane_names.index("pile:seed")][0]
    assert plane == [float(seeds(state)[INDEX[name]]) for name in GAME.board.names]


def test_the_1001st_action_ends_the_game_and_counts_the_seeds() -> None:
    # OpenSpiel's mancala is over once its move number passes max_game_length (1000) and
    # scores the seeds as at any other end (not a draw). South leads 2 + 20 to 1 + 3.
    data = position("south", a1=1, c1=1, S=20, a2=1, N=3)
    spiel = pyspiel.load_game("mancala")
    assert spiel.max_game_length() == 1000
    state = GAME.state_from_json({**data, "halfmove": 999})
    state.apply("a1")
    assert not state.is_terminal()
    state = GAME.state_from_json({**data, "halfmove": 1000})
    state.apply("a1")  # the 1,001st action, which ends nothing by itself
    assert state.is_terminal() and state.returns() == [1.0, -1.0]


# The native kernels (framework/native): the piles as words of the compact state, the
# pieces of sow, collect, pile, landed, the piles' count and majority. tests/test_native.py
# compares them with the engine as it does every game the backend plays; here OpenSpiel's
# mancala is the oracle beside it. One compile for the module.
@pytest.fixture(scope="module")
def native() -> Any:
    return compiled_native(GAME)


def native_board(native: Any, st: Any) -> list[int]:
    """The compact state's piles as OpenSpiel's board."""
    (piles,) = native.piles_of(st)
    board = [0] * 14
    for cell, i in INDEX.items():
        board[i] = piles[GAME.board.cell(cell)]
    return board


def test_native_perft_matches_openspiel_and_the_engine(native: Any) -> None:
    spiel = pyspiel.load_game("mancala").new_initial_state()
    st = native.encode(GAME.new_initial_state())
    for depth in range(1, 7):
        assert native.perft(st, depth) == openspiel_perft(spiel, depth) == perft(
            GAME.new_initial_state(), depth), depth


@pytest.mark.slow
@pytest.mark.parametrize("depth", [7, 8, 9])
def test_deep_native_perft_matches_openspiel(native: Any, depth: int) -> None:
    spiel = pyspiel.load_game("mancala").new_initial_state()
    assert native.perft(native.encode(GAME.new_initial_state()), depth) == openspiel_perft(
        spiel, depth)


def test_native_random_games_agree_with_openspiel_and_the_engine(native: Any) -> None:
    """Random games of the kernels, played move by move in the engine and in OpenSpiel:
    the same legal pits, player to move and seeds on every cell at every ply, the same
    returns."""
    spiel = pyspiel.load_game("mancala")
    outcomes = set()
    for seed in range(20):
        state, theirs = GAME.new_initial_state(), spiel.new_initial_state()
        st = native.encode(state)
        _, moves = native.random_game(st.copy(), seed)
        for move in moves:
            named = {PITS[a]: a for a in theirs.legal_actions()}
            assert sorted(native.action_of(state, m).notation for m in native.legal(st)) == \
                sorted(named) == sorted(a.notation for a in state.legal_actions())
            action = native.action_of(state, move)
            assert native.move_of(action, state) == move
            theirs.apply_action(named[action.notation])
            state.apply(action)
            st = native.play(st, move)
            assert native.snapshot(st) == native.python_snapshot(state)
            assert native_board(native, st) == spiel_board(theirs) == seeds(state)
            if not theirs.is_terminal():
                assert int(st[native.layout["TO_MOVE"]]) == theirs.current_player()
        assert theirs.is_terminal() and state.is_terminal()
        assert state.returns() == pytest.approx(theirs.returns())
        outcomes.add(tuple(theirs.returns()))
    assert {(1.0, -1.0), (-1.0, 1.0)} <= outcomes


@pytest.mark.parametrize(("data", "pit", "after"), [
    # The last seed in the own store: South plays again.
    (None, "c1", {"to_move": "south", "seed.d1": 5, "seed.S": 1}),
    # The last seed in an own empty pit: it and the three across go to the store.
    (position("south", b1=2, f1=1, d2=3, e2=1), "b1",
     {"to_move": "north", "seed.c1": 1, "seed.d1": 0, "seed.d2": 0, "seed.S": 4}),
    # Thirteen seeds: a lap past North's store, the last seed back in the pit sown, empty
    # then: it and the two across (one there, one sown) go to the store, beside the one
    # sown there.
    (position("south", a1=13, a2=1), "a1",
     {"to_move": "north", "seed.a1": 0, "seed.a2": 0, "seed.N": 0, "seed.S": 4}),
])
def test_native_sowing_captures_and_plays_again_as_the_engine(
        native: Any, data: dict[str, object] | None, pit: str,
        after: dict[str, object]) -> None:
    state = GAME.new_initial_state() if data is None else GAME.state_from_json(data)
    st = native.play(native.encode(state), native.move_of(state.parse_action(pit), state))
    state.apply(pit)
    assert native.snapshot(st) == native.python_snapshot(state)
    written = state.to_json()
    assert {key: written[key] for key in after} == after


def test_native_ends_on_the_1001st_action_and_counts_the_seeds(native: Any) -> None:
    data = position("south", a1=1, c1=1, S=20, a2=1, N=3)
    for halfmove, ends in ((999, False), (1000, True)):
        state = GAME.state_from_json({**data, "halfmove": halfmove})
        st = native.play(native.encode(state), native.move_of(state.parse_action("a1"), state))
        state.apply("a1")
        assert native.snapshot(st) == native.python_snapshot(state)
        assert state.is_terminal() == ends
    assert state.returns() == [1.0, -1.0] and native.snapshot(st)[6] == frozenset({0})


@pytest.mark.slow  # perft_turns compiles on its first use: seconds
def test_native_perft_by_turns_keeps_the_turns_played_again_in_one(native: Any) -> None:
    from framework.engine.turns import perft_turns

    st = native.encode(GAME.new_initial_state())
    for depth in (1, 2, 3):
        assert native.perft_turns(st, depth) == perft_turns(GAME.new_initial_state(), depth)
    assert native.perft_turns(st, 1) == 10 != native.perft(st, 1)  # c1, then any of five


def test_mcts_with_native_playouts_plays_kalah(native: Any) -> None:
    from framework.agents.registry import make_agent

    agent = make_agent("mcts:30i:native", GAME, seed=4)
    assert agent.native is not None  # type: ignore[attr-defined]
    state = GAME.new_initial_state()
    for _ in range(12):
        chosen = agent.decide(state)[0]
        assert chosen in state.legal_actions()
        state.apply(chosen)


def long_kalah(pits: int) -> str:
    """Kalah with ``pits`` pits a side and one seed in each: ``2 * pits + 2`` cells."""
    south = [f"s{i}" for i in range(pits)]
    north = [f"n{i}" for i in range(pits)]
    cells = {"N": [0, 0.5], **{c: [i + 1, 0] for i, c in enumerate(south)},
             **{c: [i + 1, 1] for i, c in enumerate(north)}, "S": [pits + 1, 0.5]}
    rows = [south, north]
    links = [f"{r[i]}-{r[i + 1]}" for r in rows for i in range(pits - 1)]
    across = [f"{s}-{n}" for s, n in zip(south, north, strict=True)]
    ways = {**{link: "e" for link in links}, **{link: "n" for link in across}}
    import yaml

    spec = yaml.safe_load((ROOT / "games" / "kalah.yaml").read_text(encoding="utf-8"))
    spec["board"] = {"type": "custom", "shape": "circle", "cells": cells,
                     "links": [*links, *across, f"{south[-1]}-S", f"{north[-1]}-S",
                               f"N-{south[0]}", f"N-{north[0]}"],
                     "directions": {"n": "s", "e": "w"}, "link_directions": ways}
    spec["zones"] = {"pits": {"south": south, "north": north},
                     "store": {"south": ["S"], "north": ["N"]}}
    spec["pieces"]["seed"]["piles"] = {"pits": 1}
    spec["turn"][0]["options"][0]["track"] = [*south, "S", *reversed(north), "N"]
    spec.pop("examples")
    return yaml.safe_dump(spec, allow_unicode=True)


@pytest.mark.slow
def test_native_kalah_over_64_cells() -> None:
    """34 pits a side: 70 cells, masks of two words (sow's and the piles' counts' wide
    spelling), against the engine: perft, and random games replayed with every pile
    compared at every ply."""
    pytest.importorskip("numba")
    from framework.game import load_game_text
    from framework.native import NativeGame

    from .test_native import check_perft, replay

    game = load_game_text(long_kalah(34))
    assert game.board.size == 70
    native = NativeGame(game)
    assert native.plan.masks.width == 2
    check_perft(native, game.new_initial_state(), 4)
    for seed in range(6):
        assert replay(native, seed) > 10


def test_validate_says_the_native_backend_plays_kalah_and_sow_refuses_what_it_does_not_know(
        monkeypatch: pytest.MonkeyPatch) -> None:
    from framework.native import support_of
    from framework.native.support import native_line
    from framework.rules.moves.sow.native import SowPiece

    assert native_line(GAME).startswith("native backend: yes")
    monkeypatch.setattr(SowPiece, "KNOWN", SowPiece.KNOWN - {"skip"})
    found = support_of(GAME)
    assert found is not None and "sow with skip: 'store'" in found
