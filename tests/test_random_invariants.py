"""Random games of every game that declares supplies or counters keep the laws those
declarations imply, after every single action:

- supplies are conserved: for each player, on the board plus the derived supply equals the
  declared supply (pieces, and each attribute), and no derived supply is negative;
- no piece is over an attribute's ``max`` or its kind's ``max_attributes_total``;
- counters never decrease;
- in its own turn a side loses at most the piece it moved (Adaptoid: the mover's pieces are
  never swept, only an attacker can fall);
- the invariants the game file declares (``invariants:``) hold;
- every game ends, and a game whose ``tie_break`` is ``last_mover`` and that has no
  ``result`` rule ends with exactly one winner.

The 200 games per file run in the default suite (a few seconds in all: Adaptoid games are
short); the seeds are fixed, so a failure names a reproducible game.
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

from framework import load_game
from framework.compiler import CompiledGame
from framework.engine.action import Action
from framework.engine.bits import iter_bits
from framework.engine.state import State
from framework.engine.supply import (
    attribute_on_board,
    attribute_supply,
    limits,
    piece_supply,
    pieces_on_board,
)
from framework.plugins import Invariant, plugins

from .conftest import GAME_FILES

GAMES_PER_FILE = 200
#: A game with hands (Nine Men's Morris) plays long games, up to 400 plies, and is played
#: side by side with OpenSpiel in its own tests, hundreds of games in the slow tier: here a
#: few keep the default run short.
GAMES_WITH_HANDS = 20
#: A game with dice (Backgammon) plays long games of slow move generation and is played
#: side by side with OpenSpiel in its own tests: two games here.
GAMES_WITH_CHANCE = 2


def _with_supplies_or_counters(path: Path) -> bool:
    spec = load_game(path).spec
    return bool(spec.counters) or any(
        p.supply is not None or p.attributes for p in spec.pieces.values())


FILES = [p for p in GAME_FILES if _with_supplies_or_counters(p)]


def supply_violations(state: State) -> list[str]:
    game = state.game
    table = limits(game)
    found = []
    for side, player in enumerate(game.players):
        for kind, name in enumerate(game.piece_kinds):
            declared = table.piece_supply[kind]
            left = piece_supply(state, side, kind)
            on_board = pieces_on_board(state, side, kind)
            if game.spec.pieces[name].hand:  # a hand keeps nothing that leaves the board
                if left is None or declared is None or left < 0 or left + on_board > declared:
                    found.append(f"{player}: {left} {name} in hand and {on_board} on the "
                                 f"board, declared {declared}")
            elif declared is not None and left is not None and (
                    left < 0 or left + on_board != declared):
                found.append(f"{player}: {name} supply {left}, declared {declared}")
        for a, name in enumerate(game.attributes):
            declared = table.attribute_supply[a]
            left = attribute_supply(state, side, a)
            if declared is not None and left is not None and (
                    left < 0 or left + attribute_on_board(state, side, a) != declared):
                found.append(f"{player}: {name} supply {left}, declared {declared}")
    for cell in iter_bits(state.occupied()):
        kind = state.kind_of(cell)
        values = [state.attrs[a][cell] for a in range(len(game.attributes))]
        caps = table.attribute_max[kind]
        for a, value in enumerate(values):
            cap = caps[a]
            if a not in table.carried_by[kind] and value:
                found.append(f"{game.board.names[cell]} carries {game.attributes[a]}")
            elif cap is not None and value > cap:
                found.append(f"{game.board.names[cell]}: {game.attributes[a]} {value} > {cap}")
        total = table.total_max[kind]
        if total is not None and sum(values) > total:
            found.append(f"{game.board.names[cell]}: {sum(values)} attributes > {total}")
    return found


#: Kinds of action the two step laws do not describe: a race action (Backgammon) moves up
#: to two checkers of the mover, and a checker entering from the bar lowers that counter.
MANY_PIECES_KINDS = {"race"}


def step_violations(before: State, action: Action, after: State) -> list[str]:
    found: list[str] = []
    if action.kind in MANY_PIECES_KINDS:
        return found
    for side, (old, new) in enumerate(zip(before.counters, after.counters, strict=True)):
        for c, (x, y) in enumerate(zip(old, new, strict=True)):
            if y < x:
                found.append(f"{before.game.players[side]}'s {before.game.counters[c]} "
                             f"went down from {x} to {y}")
    if before.setup == len(before.game.setups):
        mover = before.to_move
        lost = before.owner[mover] & ~after.owner[mover]
        allowed = 1 << action.src if action.src >= 0 else 0
        if lost & ~allowed:
            names = [before.game.board.names[c] for c in iter_bits(lost & ~allowed)]
            found.append(f"the mover lost {', '.join(names)} in its own turn")
    return found


def declared(game: CompiledGame) -> list[Invariant]:
    registry = plugins("invariants")
    made: list[Any] = [registry[p.type](p, game) for p in game.spec.invariants]
    return made


def play(game: CompiledGame, seed: int, invariants: list[Invariant]) -> State:
    rng = random.Random(seed)
    state = game.new_initial_state()
    limit = game.spec.max_plies or 5000
    for ply in range(limit):
        if state.is_terminal():
            break
        action = rng.choice(state.legal_actions())
        after = state.child(action)
        problems = supply_violations(after) + step_violations(state, action, after)
        problems += [v for inv in invariants if (v := inv.violation(after, state))]
        assert not problems, (f"{game.name}, seed {seed}, ply {ply + 1} "
                              f"({action.notation}): {problems}; from {state.to_json()}")
        state = after
    return state


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_random_games_keep_the_declared_laws(path: Path) -> None:
    game = load_game(path)
    invariants = declared(game)
    decisive = game.spec.tie_break == "last_mover" and game.spec.result is None
    hands = any(p.hand for p in game.spec.pieces.values())
    chance = any(p.chance for p in game.phases)
    games = GAMES_WITH_CHANCE if chance else GAMES_WITH_HANDS if hands else GAMES_PER_FILE
    for seed in range(games):
        final = play(game, seed, invariants)
        assert final.is_terminal(), f"{game.name}, seed {seed}: unfinished"
        if decisive:
            assert final.winners is not None and len(final.winners) == 1, \
                f"{game.name}, seed {seed}: winners {final.winners}"
            assert sorted(final.returns()) == [-1.0, 1.0]


def test_the_checks_catch_a_broken_state() -> None:
    game = load_game(FILES[0]) if FILES else pytest.skip("no game declares supplies")
    state = game.state_from_json({"cells": {}})
    cell = 0
    state.place(cell, 0, 0)
    for a in range(len(game.attributes)):
        state.attrs[a][cell] = 50
    assert supply_violations(state)
    before = state.clone()
    state.counters[0] = [-1] * len(game.counters)
    state.owner[before.to_move] = 0
    assert len(step_violations(before, game.pass_action, state)) >= 2
