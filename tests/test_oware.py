"""Oware as data (``sow`` with ``skip_origin`` and ``feed``, ``collect`` with ``chain`` and
``spare``, a repetition scored by the seeds), against OpenSpiel's ``oware``.

How the actions map: OpenSpiel numbers the houses 0..11 counter-clockwise, South's
(player 0) 0..5 = our a1..f1 and North's 6..11 = our f2 back to a2; an action is the
house's number within the mover's row (0..5), written A..F for South and a..f for North.
OpenSpiel's observation string is "player | score0 score1 | seed0 ... seed11".
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pyspiel
import pytest

from framework import load_game
from framework.perft import perft

from .conftest import ROOT, compiled_native
from .spiel import openspiel_perft

GAME = load_game(ROOT / "games" / "oware.yaml")
HOUSES = ["a1", "b1", "c1", "d1", "e1", "f1", "f2", "e2", "d2", "c2", "b2", "a2"]
#: OpenSpiel's limit on a game's length (its MaxGameLength): a move past it is refused.
LIMIT = 1000


def cell_of(player: int, action: int) -> str:
    return HOUSES[6 * player + action]


def ours_as_spiel(state: Any) -> str:
    """Our position written as OpenSpiel's observation string."""
    position = state.to_json()
    seeds = " ".join(str(position[f"seed.{c}"]) for c in HOUSES)
    player = 0 if position["to_move"] == "south" else 1
    return f"{player} | {position['seed.S']} {position['seed.N']} | {seeds}"


def play_side_by_side(games: int, seed: int) -> tuple[Counter[tuple[float, ...]], int, int]:
    """Random games compared at every ply: the position, the legal set, the player to move,
    the terminal flag and the returns. Returns the outcomes, the plies and how many games
    reached OpenSpiel's length limit (where OpenSpiel refuses any further move)."""
    rng = random.Random(seed)
    spiel = pyspiel.load_game("oware")
    outcomes: Counter[tuple[float, ...]] = Counter()
    plies = capped = 0
    for _ in range(games):
        ours, theirs = GAME.new_initial_state(), spiel.new_initial_state()
        ply = 0
        while True:
            assert ours.is_terminal() == theirs.is_terminal(), str(theirs)
            assert ours.returns() == pytest.approx(theirs.returns()), str(theirs)
            if theirs.is_terminal():
                break
            if ply == LIMIT:  # OpenSpiel plays no further; this file ends and scores here
                capped += 1
                break
            assert ours.current_player == theirs.current_player(), str(theirs)
            assert ours_as_spiel(ours) == theirs.observation_string(0)
            player = theirs.current_player()
            named = {cell_of(player, a): a for a in theirs.legal_actions()}
            assert {a.notation for a in ours.legal_actions()} == set(named), str(theirs)
            move = rng.choice(sorted(named))
            theirs.apply_action(named[move])
            ours.apply(move)
            plies += 1
            ply += 1
        outcomes[tuple(theirs.returns())] += 1
    return outcomes, plies, capped


@pytest.mark.parametrize("depth", [1, 2, 3, 4, 5, 6])
def test_perft_matches_openspiel(depth: int) -> None:
    spiel = pyspiel.load_game("oware").new_initial_state()
    assert perft(GAME.new_initial_state(), depth) == openspiel_perft(spiel, depth)


@pytest.mark.slow
@pytest.mark.parametrize("depth", [7, 8])
def test_deep_perft_matches_openspiel(depth: int) -> None:
    spiel = pyspiel.load_game("oware").new_initial_state()
    assert perft(GAME.new_initial_state(), depth) == openspiel_perft(spiel, depth)


def test_random_games_agree_with_openspiel_at_every_ply() -> None:
    outcomes, plies, _ = play_side_by_side(6, 5)
    assert sum(outcomes.values()) == 6 and plies > 6 * 30


@pytest.mark.slow
def test_many_random_games_agree_with_openspiel_at_every_ply() -> None:
    outcomes, _, capped = play_side_by_side(300, 52)
    assert {(1.0, -1.0), (-1.0, 1.0)} <= set(outcomes)
    assert capped < 30


class Oware:
    """An independent Oware in a few lines, after OpenSpiel's rules: twelve houses indexed
    0..11 counter-clockwise (South's 0..5), two scores; it plays from any position, which
    OpenSpiel's Python API cannot start from."""

    def __init__(self, seeds: list[int], scores: list[int], player: int) -> None:
        self.seeds, self.scores, self.player = list(seeds), list(scores), player
        self.ending = ""
        self.slams = 0
        self.seen = {self.key()}
        self.over = self.decided()
        if not self.over and not self.legal():
            self.collect()

    def key(self) -> tuple[object, ...]:
        return (self.player, tuple(self.scores), tuple(self.seeds))

    def decided(self) -> bool:
        return max(self.scores) > 24 or self.scores == [24, 24]

    def row(self, player: int) -> range:
        return range(6 * player, 6 * player + 6)

    def legal(self) -> list[int]:
        if self.over:
            return []
        mine = self.row(self.player)
        if sum(self.seeds[h] for h in self.row(1 - self.player)) == 0:
            return [h for h in mine if self.seeds[h] > mine[-1] - h]
        return [h for h in mine if self.seeds[h]]

    def collect(self) -> None:
        for h in range(12):
            self.scores[h // 6] += self.seeds[h]
            self.seeds[h] = 0
        self.over = True

    def play(self, house: int) -> None:
        n, self.seeds[house], at = self.seeds[house], 0, house
        while n:
            at = (at + 1) % 12
            if at != house:
                self.seeds[at] += 1
                n -= 1
        theirs = self.row(1 - self.player)
        if at in theirs:
            taken = [h for h in range(at, theirs[0] - 1, -1)]
            run = []
            for h in taken:
                if self.seeds[h] not in (2, 3):
                    break
                run.append(h)
            left = sum(self.seeds[h] for h in theirs if h not in run)
            self.slams += bool(run and not left)
            if run and left:
                self.scores[self.player] += sum(self.seeds[h] for h in run)
                for h in run:
                    self.seeds[h] = 0
                self.seen = set()
        self.player = 1 - self.player
        if self.key() in self.seen:
            self.ending = "repetition"
            self.collect()
        self.seen.add(self.key())
        if self.decided():
            self.ending = self.ending or "captures"
            self.over = True
        if not self.over and not self.legal():
            self.ending = "no move"
            self.collect()

    def returns(self) -> list[float]:
        if not self.over:
            return [0.0, 0.0]
        a, b = self.scores
        return [1.0, -1.0] if a > b else [-1.0, 1.0] if a < b else [0.0, 0.0]


def random_position(rng: random.Random) -> tuple[list[int], list[int], int]:
    """A sparse position: a few seeds on the board, the rest captured below 25 each."""
    while True:
        seeds = [0] * 12
        for _ in range(rng.randint(1, 10)):
            seeds[rng.randrange(12)] += 1
        rest = 48 - sum(seeds)
        south = rng.randint(max(0, rest - 24), min(24, rest))
        scores = [south, rest - south]
        if max(scores) <= 24 and scores != [24, 24]:
            return seeds, scores, rng.randrange(2)


def compare_from_positions(count: int, seed: int) -> Counter[str]:
    rng = random.Random(seed)
    endings: Counter[str] = Counter()
    for _ in range(count):
        seeds, scores, player = random_position(rng)
        reference = Oware(seeds, scores, player)
        data: dict[str, object] = {"to_move": ["south", "north"][player],
                                   "seed.S": scores[0], "seed.N": scores[1]}
        data.update({f"seed.{c}": seeds[i] for i, c in enumerate(HOUSES)})
        ours = GAME.state_from_json(data)
        for _ply in range(LIMIT):
            assert ours.is_terminal() == reference.over, data
            assert ours.returns() == reference.returns(), data
            if reference.over:
                break
            assert ours.current_player == reference.player
            legal = {HOUSES[h]: h for h in reference.legal()}
            assert {a.notation for a in ours.legal_actions()} == set(legal), data
            move = rng.choice(sorted(legal))
            reference.play(legal[move])
            ours.apply(move)
        endings[reference.ending] += 1
        endings["grand slams"] += reference.slams
    return endings


def test_sparse_positions_agree_with_an_independent_oware() -> None:
    endings = compare_from_positions(150, 8)
    assert endings["repetition"] > 10 and endings["no move"] > 10 and endings["captures"] > 10
    assert endings["grand slams"] > 0


def test_a_lap_passes_over_the_house_sown_and_the_starved_opponent_must_be_fed() -> None:
    data: dict[str, object] = {"to_move": "south", "seed.S": 10, "seed.N": 24}
    data.update({f"seed.{c}": 0 for c in HOUSES})
    data.update({"seed.a1": 13, "seed.b2": 1})
    state = GAME.state_from_json(data)
    state.apply("a1")  # b1..a2 one each (11), a1 passed over, then b1 and c1 again
    after = state.to_json()
    assert [after[f"seed.{c}"] for c in HOUSES] == [0, 2, 2, 1, 1, 1, 1, 1, 1, 1, 2, 1]
    # North has no seed: only the sowings that reach North's row are South's to play.
    data.update({"seed.a1": 1, "seed.b2": 0, "seed.d1": 2, "seed.e1": 2, "seed.N": 23})
    state = GAME.state_from_json(data)
    assert {a.notation for a in state.legal_actions()} == {"e1"}


# The native kernels: sow's skip_origin and feed, collect's chain and spare, the
# repetition scored (its hashes read the piles' words). One compile for the module.
@pytest.fixture(scope="module")
def native() -> Any:
    return compiled_native(GAME)


def test_native_perft_matches_openspiel_and_the_engine(native: Any) -> None:
    spiel = pyspiel.load_game("oware").new_initial_state()
    st = native.encode(GAME.new_initial_state())
    for depth in range(1, 6):
        assert native.perft(st, depth) == openspiel_perft(spiel, depth) == perft(
            GAME.new_initial_state(), depth), depth


@pytest.mark.slow
def test_native_perft_to_depth_8_matches_openspiel(native: Any) -> None:
    spiel = pyspiel.load_game("oware").new_initial_state()
    assert native.perft(native.encode(GAME.new_initial_state()), 8) == openspiel_perft(
        spiel, 8)


def test_native_games_from_sparse_positions_agree_with_the_engine(native: Any) -> None:
    """Random games of the kernels from sparse positions (repetitions, starvation, grand
    slams), played move by move in the engine: the same legal houses and state at every
    ply, the same returns."""
    rng = random.Random(4)
    endings = Counter()
    for seed in range(40):
        seeds, scores, player = random_position(rng)
        data: dict[str, object] = {"to_move": ["south", "north"][player],
                                   "seed.S": scores[0], "seed.N": scores[1]}
        data.update({f"seed.{c}": seeds[i] for i, c in enumerate(HOUSES)})
        state = GAME.state_from_json(data)
        if state.is_terminal():
            continue
        st = native.encode(state)
        _, moves = native.random_game(st.copy(), seed)
        for move in moves:
            assert sorted(native.action_of(state, m).notation for m in native.legal(st)) == \
                sorted(a.notation for a in state.legal_actions())
            state.apply(native.action_of(state, move))
            st = native.play(st, move)
            assert native.snapshot(st) == native.python_snapshot(state)
        assert state.is_terminal()
        endings[tuple(state.returns())] += 1
    assert len(endings) >= 2
