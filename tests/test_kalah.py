"""Kalah as data (piles of seeds, ``sow``, ``collect``, ``pile``, ``again``), against
OpenSpiel's ``mancala``.

How the actions map: OpenSpiel numbers the board 0..13 counter-clockwise from North's
store (0); South's pits are 1..6 (our a1..f1, left to right), South's store 7 (our S),
North's pits 8..13 (our f2 back to a2), and an action is the number of the pit sown.
"""

from __future__ import annotations

import random
from pathlib import Path

import pyspiel
import pytest

from framework import load_game
from framework.errors import SpecError
from framework.perft import perft

from .conftest import ROOT
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
