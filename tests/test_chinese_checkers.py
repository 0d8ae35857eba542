"""Chinese checkers (``games/chinese-checkers.yaml``) against a brute-force reference written
here from the file's description alone: the 121-hole star drawn row by row, steps, chains
of hops over either colour that capture nothing and never land where the marble has stood,
the opposite point filled (a blocker counts for the player), a draw after 100 rounds;
perft 1-4 from the start and from random positions, perft by whole turns, random games
side by side, for 2, 3, 4 and 6 players (the file's ``players`` parameter: each colour
starts from its own point of the star) — and the native backend (masks of two words, the
visited cells of a chain in two words of the compact state) against the same reference and
the engine."""

from __future__ import annotations

import string
from dataclasses import dataclass, replace
from typing import Any

import pytest

from framework import load_game
from framework.engine.turns import divide_turns, perft_turns
from framework.native import support_of
from framework.perft import perft

from .brute_games import (
    play_side_by_side,
    random_positions,
    ref_perft,
    ref_turns,
    same_perft,
)
from .conftest import ROOT, compiled_native

FILE = ROOT / "games" / "chinese-checkers.yaml"
GAME = load_game(FILE)
# The star row by row, bottom to top: (first number, last number) of each row's holes.
ROWS = ((5, 5), (5, 6), (5, 7), (5, 8), (1, 13), (2, 13), (3, 13), (4, 13), (5, 13),
        (5, 14), (5, 15), (5, 16), (5, 17), (10, 13), (11, 13), (12, 13), (13, 13))
HOLES = {(r, c) for r, (first, last) in enumerate(ROWS, 1) for c in range(first, last + 1)}
# Row and number changes to the six neighbours of a hole (each row half a hole to the right).
SIX = ((0, 1), (0, -1), (1, 0), (-1, 0), (1, 1), (-1, -1))
# The six points, going round the star from the bottom one.
BOTTOM = {(r, c) for r, c in HOLES if r <= 4}
BOTTOM_RIGHT = {(r, c) for r, c in HOLES if 5 <= r <= 8 and c >= r + 5}
TOP_RIGHT = {(r, c) for r, c in HOLES if 10 <= r <= 13 and c >= 14}
TOP = {(r, c) for r, c in HOLES if r >= 14}
TOP_LEFT = {(r, c) for r, c in HOLES if 10 <= r <= 13 and c <= r - 5}
BOTTOM_LEFT = {(r, c) for r, c in HOLES if 5 <= r <= 8 and c <= 4}
POINTS = (BOTTOM, BOTTOM_RIGHT, TOP_RIGHT, TOP, TOP_LEFT, BOTTOM_LEFT)
SIX_PLAYERS = ("red", "orange", "yellow", "green", "blue", "purple")


def _name(rc: tuple[int, int]) -> str:
    return f"{string.ascii_uppercase[rc[0] - 1]}{rc[1]}"


def _rc(name: str) -> tuple[int, int]:
    return string.ascii_uppercase.index(name[0]) + 1, int(name[1:])


@dataclass(frozen=True)
class S:
    cells: dict[tuple[int, int], str]
    to_move: str
    round: int
    chain: tuple[int, int] | None = None
    stood: frozenset[tuple[int, int]] = frozenset()
    over: frozenset[str] | None = None


#: Who plays, by how many play: each colour starts from its own point (red the bottom one,
#: then round the star), and the turns go round in that order.
SEATS = {2: ("red", "green"), 3: ("red", "yellow", "blue"),
         4: ("red", "orange", "green", "blue"), 6: SIX_PLAYERS}


class ChineseCheckers:
    """Players on points of the star (each colour on its own point, going round the star
    from the bottom one); each player's target is the point opposite its own."""

    def __init__(self, players: tuple[str, ...] = ("red", "green")) -> None:
        self.players = players
        self.home = {p: POINTS[SIX_PLAYERS.index(p)] for p in players}
        self.target = {p: POINTS[(POINTS.index(h) + 3) % 6] for p, h in self.home.items()}

    def start(self) -> S:
        cells = {c: p for p, home in self.home.items() for c in home}
        return S(cells, self.players[0], 1)

    def from_position(self, p: dict[str, Any]) -> S:
        chain = p.get("chain")
        return S({_rc(c): e if isinstance(e, str) else e["owner"]
                  for c, e in p["cells"].items()}, p["to_move"],
                 p.get("fullmove", 1), _rc(chain) if chain else None,
                 frozenset(_rc(c) for c in p.get("visited", [])))

    def _hops(self, s: S, at: tuple[int, int]) -> list[tuple[int, int]]:
        r, c = at
        return [(r + 2 * dr, c + 2 * dc) for dr, dc in SIX
                if (r + dr, c + dc) in s.cells and (r + 2 * dr, c + 2 * dc) in HOLES
                and (r + 2 * dr, c + 2 * dc) not in s.cells
                and (r + 2 * dr, c + 2 * dc) not in s.stood]

    def legal(self, s: S) -> list[str]:
        if s.over is not None:
            return []
        if s.chain is not None:
            return [f"{_name(s.chain)}x{_name(t)}" for t in self._hops(s, s.chain)] + ["stop"]
        found = []
        for at, owner in s.cells.items():
            if owner != s.to_move:
                continue
            r, c = at
            found += [f"{_name(at)}-{_name((r + dr, c + dc))}" for dr, dc in SIX
                      if (r + dr, c + dc) in HOLES and (r + dr, c + dc) not in s.cells]
            found += [f"{_name(at)}x{_name(t)}" for t in self._hops(s, at)]
        assert found, "a player without a move: the reference does not play passes"
        return found

    def _end_turn(self, s: S) -> S:
        other = self.players[(self.players.index(s.to_move) + 1) % len(self.players)]
        after = S(s.cells, other, s.round + (other == self.players[0]))
        filled = frozenset(p for p in self.players
                           if all(t in s.cells for t in self.target[p])
                           and any(s.cells[t] == p for t in self.target[p]))
        if filled:   # both at once: a draw (the game's tie_break)
            return replace(after, over=filled if len(filled) == 1 else frozenset())
        if after.round > 100:
            return replace(after, over=frozenset())
        return after

    def play(self, s: S, m: str) -> S:
        if m == "stop":
            return self._end_turn(s)
        cells = dict(s.cells)
        if "-" in m:
            src, dst = map(_rc, m.split("-"))
            cells[dst] = cells.pop(src)
            return self._end_turn(replace(s, cells=cells))
        src, land = map(_rc, m.split("x"))
        cells[land] = cells.pop(src)
        after = replace(s, cells=cells, chain=land, stood=s.stood | {src, land})
        return after if self._hops(after, land) else self._end_turn(after)

    def to_move(self, s: S) -> str:
        return s.to_move

    def winners(self, s: S) -> frozenset[str] | None:
        return s.over

    def turn_key(self, s: S) -> Any:
        return (s.to_move, s.round)


REF = ChineseCheckers()
assert {len(p) for p in POINTS} == {10} and len(set().union(*POINTS)) == 60


def test_the_board_is_the_star_of_121_holes() -> None:
    assert len(HOLES) == 121
    assert sorted(GAME.board.names) == sorted(_name(h) for h in HOLES)
    for h in HOLES:
        near = {_name((h[0] + dr, h[1] + dc)) for dr, dc in SIX if (h[0] + dr, h[1] + dc) in HOLES}
        cell = GAME.board.cell(_name(h))
        assert {GAME.board.names[n] for n in GAME.board.neighbours[cell]} == near


def test_perft_from_the_start_matches_the_reference() -> None:
    same_perft(GAME, REF, GAME.new_initial_state(), 3)


def test_perft_from_random_positions_matches_the_reference() -> None:
    for state in random_positions(GAME, 2, seed=5):
        same_perft(GAME, REF, state, 2)


def test_perft_by_turns_matches_the_reference_and_divide() -> None:
    state = GAME.new_initial_state()
    for depth in (1, 2):
        expected = ref_turns(REF, REF.start(), depth)
        assert perft_turns(state, depth) == expected
        assert sum(n for _, n in divide_turns(state, depth)) == expected


def test_random_games_agree_with_the_reference() -> None:
    assert play_side_by_side(GAME, REF, 1, seed=1, plies=120) == 120


def test_a_filled_target_wins_and_blockers_count() -> None:
    cells = {**dict.fromkeys(TOP - {(17, 13), (14, 10)}, "red"), (17, 13): "green",
             (13, 10): "red", (1, 5): "green"}
    position = {"to_move": "red", "cells": {_name(c): o for c, o in cells.items()}}
    state = GAME.state_from_json(position)
    state.apply("M10-N10")
    s = REF.play(REF.from_position(position), "M10-N10")
    assert state.is_terminal() and state.returns() == [1.0, -1.0]
    assert REF.winners(s) == {"red"}
    # Only green's marbles in red's target: not filled for red.
    only_green = {**dict.fromkeys(TOP - {(14, 10)}, "green"), (13, 10): "green",
                  (1, 5): "red"}
    state = GAME.state_from_json({"to_move": "green", "cells": {
        _name(c): o for c, o in only_green.items()}})
    state.apply("M10-N10")
    assert not state.is_terminal()


def test_the_native_backend_plays_it_for_every_number_of_players() -> None:
    for n in SEATS:
        assert support_of(load_game(FILE, {"players": str(n)})) is None, n


@pytest.mark.parametrize(("hop", "why"), [
    ("over: any, capture: true,\n         chain: must, removed: at_end,", "removed: at_end"),
    ("over: any, capture: false, landing: any,\n         chain: may, revisit: false,",
     "a long range")])
def test_hops_the_wide_piece_does_not_play_are_refused_by_name(hop: str, why: str) -> None:
    from framework.game import load_game_text

    text = FILE.read_text()
    written = "over: any, capture: false,\n         chain: may, revisit: false,"
    assert written in text
    found = support_of(load_game_text(text.replace(written, hop))) or ""
    assert f"hop with {why} on a board of 121 cells" in found


# The native kernels: one compile (about 10 s of CPU cold) for the module's two players.
@pytest.fixture(scope="module")
def native() -> Any:
    return compiled_native(GAME)


def check_native(native: Any, ref: ChineseCheckers, state: Any, depth: int, turns: int,
                 engine: int = 2) -> None:
    """Native perft by actions and by whole turns against the reference's (and the engine's
    to ``engine``)."""
    st, s = native.encode(state), ref.from_position(state.to_json())
    for d in range(1, depth + 1):
        assert native.perft(st, d) == ref_perft(ref, s, d), (d, state.to_json())
    for d in range(1, min(depth, engine) + 1):
        assert native.perft(st, d) == perft(state, d)
    for d in range(1, turns + 1):
        assert native.perft_turns(st, d) == ref_turns(ref, s, d), (d, state.to_json())


def test_native_perft_matches_the_reference_and_the_engine(native: Any) -> None:
    check_native(native, REF, GAME.new_initial_state(), 3, 2)
    for state in random_positions(GAME, 3, seed=5):
        check_native(native, REF, state, 2, 1)


def test_a_native_chain_never_lands_where_it_has_stood(native: Any) -> None:
    """In the middle of a chain (E5 hopped to G7: the visited cells in the compact state),
    the marble may hop on over H7 or stop, not hop back to E5; the position encodes with
    its visited cells, and the native moves are the engine's."""
    state = GAME.state_from_json({"to_move": "red", "cells": {
        "E5": "red", "F6": "red", "H7": "green", "A5": "red", "Q13": "green"}})
    state.apply("E5xG7")
    st = native.encode(state)
    assert native.snapshot(st) == native.python_snapshot(state)
    legal = sorted(native.action_of(state, m).notation for m in native.legal(st))
    assert legal == sorted(a.notation for a in state.legal_actions()) == ["G7xI7", "stop"]
    st = native.play(st, native.move_of(state.parse_action("G7xI7"), state))
    state.apply("G7xI7")
    assert native.snapshot(st) == native.python_snapshot(state)
    assert int(st[native.layout["TO_MOVE"]]) == 1  # nowhere left to hop: green's turn


def test_native_random_games_replay_through_the_engine(native: Any) -> None:
    from .test_native import replay

    for seed in range(3):
        assert replay(native, seed, plies=150) == 150
    for state in random_positions(GAME, 2, seed=8):
        replay(native, 9, state, plies=60)


@pytest.fixture(scope="module", params=[3, 4, 6])
def many(request: pytest.FixtureRequest) -> tuple[Any, ChineseCheckers]:
    """The file for 3, 4 or 6 players, and the reference for the same seats."""
    n = request.param
    return load_game(FILE, {"players": str(n)}), ChineseCheckers(SEATS[n])


def test_more_players_start_each_on_their_own_point(many: tuple[Any, ChineseCheckers]
                                                    ) -> None:
    game, ref = many
    state = game.new_initial_state()
    assert game.players == ref.players
    cells = state.to_json()["cells"]
    assert {_rc(c): e["owner"] for c, e in cells.items()} == ref.start().cells
    same_perft(game, ref, state, 2)
    assert play_side_by_side(game, ref, 1, seed=4, plies=40) == 40


@pytest.mark.slow
@pytest.mark.parametrize("n", [3, 4, 6])
def test_more_player_random_games_agree_with_the_reference(n: int) -> None:
    game, ref = load_game(FILE, {"players": str(n)}), ChineseCheckers(SEATS[n])
    outcomes: list[frozenset[str]] = []
    assert play_side_by_side(game, ref, 200, seed=6, outcomes=outcomes) > 200 * 100 * n
    assert len(outcomes) == 200
    same_perft(game, ref, game.new_initial_state(), 3)
    for state in random_positions(game, 20, seed=7):
        same_perft(game, ref, state, 2)
    assert perft_turns(game.new_initial_state(), 2) == ref_turns(ref, ref.start(), 2)


@pytest.mark.slow
@pytest.mark.parametrize("n", [3, 4, 6])
def test_native_for_more_players_matches_the_reference(n: int) -> None:
    """Each number of players compiles its own kernels (about 10 s of CPU cold)."""
    pytest.importorskip("numba")
    from framework.native import NativeGame

    from .test_native import replay

    game, ref = load_game(FILE, {"players": str(n)}), ChineseCheckers(SEATS[n])
    native = NativeGame(game)
    check_native(native, ref, game.new_initial_state(), 3, 2)
    for state in random_positions(game, 5, seed=7):
        check_native(native, ref, state, 2, 1)
    for seed in range(3):
        replay(native, seed, plies=300)
    winners, plies = native.playouts(native.encode(game.new_initial_state()), 20, seed=1)
    assert plies > 0 and all(-1 <= w < 1 << n for w in winners.tolist())


@pytest.mark.slow
def test_native_whole_games_and_deep_perft_match_the_reference(native: Any) -> None:
    from .test_native import replay

    check_native(native, REF, GAME.new_initial_state(), 4, 3)
    for state in random_positions(GAME, 10, seed=3):
        check_native(native, REF, state, 3, 2)
    for seed in range(3):  # whole games, to a filled point or the draw after 100 rounds
        replay(native, seed)


@pytest.mark.slow
def test_many_random_games_and_deep_perft_agree_with_the_reference() -> None:
    outcomes: list[frozenset[str]] = []
    played = play_side_by_side(GAME, REF, 200, seed=2, outcomes=outcomes)
    assert played > 200 * 200 and len(outcomes) == 200
    same_perft(GAME, REF, GAME.new_initial_state(), 4)
    for state in random_positions(GAME, 20, seed=3):
        same_perft(GAME, REF, state, 3)
    assert perft_turns(GAME.new_initial_state(), 3) == ref_turns(REF, REF.start(), 3)
