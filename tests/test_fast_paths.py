"""Every fast path agrees with the generic one it stands in for, on every bundled game.

Speed is measured in ``benchmarks/``; here only sameness is checked: the same seed plays the
same game through ``random_playout`` and the plain ``legal_actions``/``apply`` loop, counts
equal the length of the action list, and the fast perft equals the plain recursion.
"""

from __future__ import annotations

import random

from framework import CompiledGame, State
from framework.engine.playout import plain_random_playout, random_playout
from framework.perft import perft, plain_perft


def sample_states(game: CompiledGame, seed: int, plies: int = 400) -> list[State]:
    rng = random.Random(seed)
    state = game.new_initial_state()
    found = [state.clone()]
    while not state.is_terminal() and len(found) < plies:
        state.apply(rng.choice(state.legal_actions()))
        found.append(state.clone())
    return found


def test_random_playout_plays_the_same_games_as_the_plain_loop(any_game: CompiledGame) -> None:
    for seed in range(6):
        fast, plain = any_game.new_initial_state(), any_game.new_initial_state()
        fast_plies = random_playout(fast, random.Random(seed), max_plies=600)
        plain_plies = plain_random_playout(plain, random.Random(seed), max_plies=600)
        assert fast_plies == plain_plies
        assert fast == plain, f"{any_game.name}, seed {seed}: the games differ"


def test_random_action_is_the_choice_of_the_action_list(any_game: CompiledGame) -> None:
    for state in sample_states(any_game, 3):
        if state.is_terminal() or state.must_pass or state.setup < len(any_game.setups):
            continue
        phase = any_game.phases[state.phase]
        for seed in range(4):
            expected = random.Random(seed).choice(state.legal_actions())
            assert phase.random_action(state, random.Random(seed)) == expected


def test_counts_are_the_length_of_the_action_list(any_game: CompiledGame) -> None:
    for state in sample_states(any_game, 5):
        assert state.count_legal_actions() == len(state.legal_actions())


def test_fast_perft_equals_the_plain_recursion(any_game: CompiledGame) -> None:
    for state in sample_states(any_game, 11)[::40]:
        for depth in range(4):
            leaves = perft(state, depth)
            assert leaves == plain_perft(state, depth)
            if leaves * state.count_legal_actions() > 100_000:
                break  # the next depth (Tablut's third ply: a million, a minute) is too big


def test_fast_playouts_agree_with_the_reference_interpreter() -> None:
    # The phases with fast paths, played by their fast paths, position by position against
    # the slow and plain reference interpreter of framework.check.
    from framework import load_game
    from framework.check.reference import ReferenceGame

    from .conftest import ROOT

    for name in ("ataxx", "assimilation", "hexxagon"):
        game = load_game(ROOT / "games" / f"{name}.yaml")
        ref = ReferenceGame(game.spec)
        rng = random.Random(4)
        state, mirror = game.new_initial_state(), ref.initial()
        for _ in range(120):
            if state.is_terminal():
                break
            action = game.pass_action if state.must_pass \
                else game.phases[state.phase].random_action(state, rng)
            state.apply_unchecked(action)
            mirror = ref.play(mirror, action.notation)
            ours, theirs = state.to_json(), ref.to_json(mirror)
            assert {**ours, "gaps": sorted(ours["gaps"])} == \
                {**theirs, "gaps": sorted(theirs["gaps"])}, f"{name}: after {action.notation}"
