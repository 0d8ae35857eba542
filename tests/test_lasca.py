"""Lasca (``games/lasca.yaml``) against a brute-force reference written here from Lasker's
published rules alone, on columns (lists of pieces, top first): a column moves one square
diagonally (a soldier on top: forward only), jumping is compulsory and goes on with the
same column while it can, a jump takes only the top piece of the jumped column and puts it
at the bottom of the jumping one, a soldier on top of a column that ends its move on the
far row becomes an officer, and a player who cannot move loses.

Perft from the start and from random positions, perft by whole turns, and random games
played side by side with the columns compared piece by piece at every ply (stack order,
the commander of each column, promotions)."""

from __future__ import annotations

import json
import random
from dataclasses import dataclass
from typing import Any

import pytest

from framework import load_game
from framework.engine.turns import perft_turns
from framework.perft import perft

from .brute_games import random_positions, ref_perft, ref_turns, returns_of, same_perft
from .conftest import ROOT

GAME = load_game(ROOT / "games" / "lasca.yaml")
FILES = "abcdefg"
Piece = tuple[str, str]          # (owner, "soldier" | "officer")
Column = tuple[Piece, ...]       # top first


def _name(x: int, y: int) -> str:
    return f"{FILES[x]}{y + 1}"


def _xy(name: str) -> tuple[int, int]:
    return FILES.index(name[0]), int(name[1:]) - 1


def _dark(x: int, y: int) -> bool:
    return 0 <= x < 7 and 0 <= y < 7 and (x + y) % 2 == 0


@dataclass(frozen=True)
class S:
    board: dict[str, Column]
    to_move: str
    chain: str | None = None             # the column in the middle of a capture
    over: frozenset[str] | None = None   # the winners, once the game is over


class Lasca:
    players: tuple[str, ...] = ("white", "black")

    def start(self) -> S:
        board: dict[str, Column] = {}
        for y in range(7):
            for x in range(7):
                if _dark(x, y) and y != 3:
                    board[_name(x, y)] = ((("white" if y < 3 else "black"), "soldier"),)
        return self._settle(S(board, "white"))

    def from_position(self, p: dict[str, Any]) -> S:
        board = {c: tuple((e["owner"], e["piece"]) for e in [entry, *entry.get("below", [])])
                 for c, entry in p["cells"].items()}
        return self._settle(S(board, p["to_move"], p.get("chain")))

    @staticmethod
    def _ways(piece: Piece) -> list[tuple[int, int]]:
        if piece[1] == "officer":
            return [(1, 1), (-1, 1), (1, -1), (-1, -1)]
        dy = 1 if piece[0] == "white" else -1
        return [(1, dy), (-1, dy)]

    def _jumps(self, s: S, at: str) -> list[str]:
        x, y = _xy(at)
        found = []
        for dx, dy in self._ways(s.board[at][0]):
            if not _dark(x + 2 * dx, y + 2 * dy):
                continue
            over, land = _name(x + dx, y + dy), _name(x + 2 * dx, y + 2 * dy)
            if over in s.board and s.board[over][0][0] != s.to_move and land not in s.board:
                found.append(f"{at}x{land}")
        return found

    def _moves(self, s: S) -> list[str]:
        if s.chain is not None:
            return self._jumps(s, s.chain)
        mine = [c for c, column in s.board.items() if column[0][0] == s.to_move]
        jumps = [j for c in mine for j in self._jumps(s, c)]
        if jumps:
            return jumps
        steps = []
        for c in mine:
            x, y = _xy(c)
            for dx, dy in self._ways(s.board[c][0]):
                if _dark(x + dx, y + dy) and _name(x + dx, y + dy) not in s.board:
                    steps.append(f"{c}-{_name(x + dx, y + dy)}")
        return steps

    def legal(self, s: S) -> list[str]:
        return [] if s.over is not None else self._moves(s)

    def _settle(self, s: S) -> S:
        if s.chain is None and not self._moves(s):
            return S(s.board, s.to_move, None,
                     frozenset(p for p in self.players if p != s.to_move))
        return s

    def _end_move(self, s: S, at: str) -> S:
        board = dict(s.board)
        (owner, kind), *rest = board[at]
        far = 6 if owner == "white" else 0
        if kind == "soldier" and _xy(at)[1] == far:
            board[at] = ((owner, "officer"), *rest)
        other = "black" if s.to_move == "white" else "white"
        return self._settle(S(board, other))

    def play(self, s: S, m: str) -> S:
        board = dict(s.board)
        if "-" in m:
            src, dst = m.split("-")
            board[dst] = board.pop(src)
            return self._end_move(S(board, s.to_move), dst)
        src, land = m.split("x")
        (sx, sy), (lx, ly) = _xy(src), _xy(land)
        over = _name((sx + lx) // 2, (sy + ly) // 2)
        taken, *left = board[over]
        if left:
            board[over] = tuple(left)
        else:
            del board[over]
        board[land] = (*board.pop(src), taken)
        after = S(board, s.to_move, land)
        if self._jumps(after, land):
            return after
        return self._end_move(after, land)

    def to_move(self, s: S) -> str:
        return s.to_move

    def winners(self, s: S) -> frozenset[str] | None:
        return s.over

    def turn_key(self, s: S) -> Any:
        return (s.to_move, len(s.board), sum(len(c) for c in s.board.values()))


REF = Lasca()


def _columns(state: Any) -> dict[str, Column]:
    """The engine's board as the reference writes it: each column, top first."""
    return {c: tuple((e["owner"], e["piece"]) for e in [entry, *entry.get("below", [])])
            for c, entry in state.to_json()["cells"].items()}


def _side_by_side(games: int, seed: int, plies: int = 300) -> int:
    """Random games from the start: at every ply the same legal set, player to move,
    terminal flag, returns and columns, piece by piece. The number of plies played."""
    rng = random.Random(seed)
    played = 0
    for _ in range(games):
        state, s = GAME.new_initial_state(), REF.start()
        for _ply in range(plies):
            legal = sorted(a.notation for a in state.legal_actions())
            assert legal == sorted(REF.legal(s)), (state.to_json(), legal)
            assert _columns(state) == s.board, state.to_json()
            assert state.is_terminal() == (REF.winners(s) is not None), state.to_json()
            assert state.returns() == returns_of(REF, s), state.to_json()
            if state.is_terminal():
                break
            assert GAME.players[state.current_player] == REF.to_move(s)
            assert sum(len(c) for c in s.board.values()) == 22  # nothing leaves the board
            choice = rng.choice(legal)
            state.apply(choice)
            s = REF.play(s, choice)
            played += 1
    return played


def test_the_start() -> None:
    state = GAME.new_initial_state()
    assert sorted(a.notation for a in state.legal_actions()) == \
        ["a3-b4", "c3-b4", "c3-d4", "e3-d4", "e3-f4", "g3-f4"]
    assert len(state.to_json()["cells"]) == 22


def test_perft_from_the_start_matches_the_reference() -> None:
    state, s = GAME.new_initial_state(), REF.start()
    for depth in range(1, 8):
        assert perft(state, depth) == ref_perft(REF, s, depth), depth


def test_perft_from_random_positions_matches_the_reference() -> None:
    for state in random_positions(GAME, 4, seed=5):
        same_perft(GAME, REF, state, 3)


def test_perft_by_turns_matches_the_reference() -> None:
    state = GAME.new_initial_state()
    for depth in (1, 2, 3, 4):
        assert perft_turns(state, depth) == ref_turns(REF, REF.start(), depth)


def test_a_jump_takes_the_top_and_puts_it_under() -> None:
    """White's column (white soldier over a black one) jumps black's column (black officer
    over two white soldiers): the officer goes to the bottom of white's column, and the
    white soldier beneath it now commands the jumped column, a white column."""
    state = GAME.new_initial_state().from_json(GAME, {
        "to_move": "white",
        "cells": {"c3": {"owner": "white", "piece": "soldier", "below": ["black"]},
                  "d4": {"owner": "black", "piece": "officer",
                         "below": ["white", "white"]},
                  "a7": "black"}})
    assert [a.notation for a in state.legal_actions()] == ["c3xe5"]
    state.apply("c3xe5")
    cells = state.to_json()["cells"]
    assert cells["e5"] == {"owner": "white", "piece": "soldier",
                           "below": [{"owner": "black", "piece": "soldier"},
                                     {"owner": "black", "piece": "officer"}]}
    assert cells["d4"] == {"owner": "white", "piece": "soldier",
                           "below": [{"owner": "white", "piece": "soldier"}]}
    assert state.height(GAME.board.cell("e5")) == 3
    assert state.to_json()["to_move"] == "black"
    again = type(state).from_json(GAME, state.to_json())  # JSON in and out
    assert again == state and again.to_json() == state.to_json()
    copy = state.clone()
    copy.apply(copy.legal_actions()[0])
    assert state.to_json()["cells"]["e5"]["below"][1]["piece"] == "officer"


def test_a_chain_may_jump_the_same_column_twice() -> None:
    """An officer jumps a column of two black pieces, and later in the chain jumps it
    again while a black piece is still on top (Ludii's Lasca plays the same)."""
    state = type(GAME.new_initial_state()).from_json(GAME, {
        "to_move": "white",
        "cells": {"b2": {"owner": "white", "piece": "officer"},
                  "c3": {"owner": "black", "piece": "soldier", "below": ["black"]},
                  "e3": "black", "e5": "black", "c5": "black", "g7": "black"}})
    s = REF.from_position(state.to_json())
    assert sorted(a.notation for a in state.legal_actions()) == sorted(REF.legal(s))
    for depth in range(1, 7):
        assert perft(state, depth) == ref_perft(REF, s, depth)


def test_a_stack_cannot_be_written_in_a_game_without_stacks() -> None:
    checkers = load_game(ROOT / "games" / "checkers.yaml")
    with pytest.raises(ValueError, match="no stacks"):
        type(checkers.new_initial_state()).from_json(
            checkers, {"to_move": "black", "cells": {"a1": {"owner": "black",
                                                            "below": ["white"]}}})


def test_random_games_agree_with_the_reference() -> None:
    assert _side_by_side(6, seed=1) > 6 * 20


@pytest.mark.slow
def test_many_random_games_and_deep_perft_agree_with_the_reference() -> None:
    assert _side_by_side(120, seed=2, plies=600) > 120 * 20
    for state in random_positions(GAME, 20, seed=3):
        same_perft(GAME, REF, state, 4)
    state = GAME.new_initial_state()
    assert perft(state, 9) == ref_perft(REF, REF.start(), 9)


def _check_outcomes(examples: int = 12) -> dict[str, str]:
    from framework.check.runner import check_game

    report = check_game(GAME, examples=examples, random_seed=3)
    return {o.name: o.status for o in report.outcomes}


def test_check_passes_with_the_conservation_of_stacks() -> None:
    outcomes = _check_outcomes()
    assert outcomes["pieces on the board stay as many (stacks.conserved)"] == "passed"
    assert outcomes["same as the reference interpreter"] == "passed"
    assert not [name for name, status in outcomes.items() if status == "failed"]


def test_check_catches_a_planted_bug_in_stack_order(monkeypatch: pytest.MonkeyPatch) -> None:
    """A capture that puts the taken piece on top of the jumping stack instead of at its
    bottom (so the captured piece commands it): the reference interpreter disagrees. (A
    taken piece put just under the top instead shows only where the pieces beneath
    differ, which the default budget does not always reach.)"""
    from framework.engine.state import State

    def on_top(self: State, cell: int, code: int) -> None:
        assert self.below is not None
        kinds = len(self.game.piece_kinds)
        top = self.owner_of(cell) * kinds + self.kind_of(cell)
        self.owner = [m & ~(1 << cell) for m in self.owner]
        self.kinds = [m & ~(1 << cell) for m in self.kinds]
        self.below[cell] = (top, *self.below[cell])
        self.place(cell, *divmod(code, kinds))

    monkeypatch.setattr(State, "put_under", on_top)
    outcomes = _check_outcomes()
    assert outcomes["same as the reference interpreter"] == "failed"


def test_check_catches_a_capture_that_loses_a_piece(monkeypatch: pytest.MonkeyPatch) -> None:
    from framework.engine.state import State

    monkeypatch.setattr(State, "put_under", lambda self, cell, code: None)
    outcomes = _check_outcomes()
    assert outcomes["pieces on the board stay as many (stacks.conserved)"] == "failed"


def test_the_native_backend_refuses_stacks_by_name() -> None:
    from framework.native import support_of

    reason = support_of(GAME)
    assert reason is not None and "stacks" in reason


def _stacked_position() -> Any:
    return type(GAME.new_initial_state()).from_json(GAME, {
        "to_move": "black",
        "cells": {"e5": {"owner": "white", "piece": "soldier",
                         "below": ["black", {"owner": "black", "piece": "officer"}]},
                  "a7": "black"}})


def test_text_and_diagrams_show_a_stack_and_its_height() -> None:
    from framework.render.svg import board_svg

    state = _stacked_position()
    text = str(state)
    assert "w3" in text.splitlines()[2]  # row 5: the top's symbol and the height
    assert "e5: w b B" in text  # the stack listed top first
    svg = board_svg(state)
    assert 'class="height"' in svg and ">3</text>" in svg
    assert "e5: soldier (white), soldier (black), officer (black)" in svg


def test_observation_planes_hold_every_level_of_a_stack() -> None:
    state = _stacked_position()
    observer = GAME.observer
    names = observer.plane_names
    assert len([n for n in names if n.startswith("below:")]) == 21 * 2 * 2
    flat = observer.tensor(state)
    offset = observer.offsets[GAME.board.cell("e5")]

    def at(plane: str) -> float:
        return flat[names.index(plane) * observer.area + offset]

    assert at("height") == 3.0
    assert at("piece:soldier:white") == 1.0
    assert at("below:1:soldier:black") == 1.0 and at("below:2:officer:black") == 1.0
    assert at("below:1:officer:black") == 0.0 and at("below:3:soldier:black") == 0.0
    _low, high = observer.bounds()
    assert high[names.index("height")] == 22.0
    checkers = load_game(ROOT / "games" / "checkers.yaml").observer.plane_names
    assert "height" not in checkers  # a game without stacks keeps its planes


def test_a_stack_over_the_declared_height_is_refused() -> None:
    with pytest.raises(ValueError, match="at most 21 pieces"):
        type(GAME.new_initial_state()).from_json(GAME, {
            "to_move": "white", "cells": {"a1": {"owner": "white", "below": ["black"] * 22},
                                          "g7": "black"}})


def test_games_without_stacks_keep_no_stack_state() -> None:
    checkers = load_game(ROOT / "games" / "checkers.yaml")
    state = checkers.new_initial_state()
    assert state.below is None and state.clone().below is None
    assert "below" not in json.dumps(state.to_json())


# A stack's height read by the rules: a variant where a column of three or more pieces
# under a soldier may also step diagonally backward (``to_if: {stack: from, at_least: 3}``).
TALL_STEP = ('      - {type: reach, piece: soldier, distance: 1, directions: [backward_left, '
             'backward_right], kind: back, notation: "{from}-{to}", '
             'to_if: {stack: from, at_least: 3}}\n')


class TallLasca(Lasca):
    def _moves(self, s: S) -> list[str]:
        found = super()._moves(s)
        if s.chain is not None or any("x" in m for m in found):
            return found
        for c, column in s.board.items():
            if column[0] != (s.to_move, "soldier") or len(column) < 3:
                continue
            x, y = _xy(c)
            dy = -1 if s.to_move == "white" else 1
            for dx in (1, -1):
                if _dark(x + dx, y + dy) and _name(x + dx, y + dy) not in s.board:
                    found.append(f"{c}-{_name(x + dx, y + dy)}")
        return found


def _tall_game(tmp_path: Any) -> Any:
    text = (ROOT / "games" / "lasca.yaml").read_text(encoding="utf-8")
    anchor = "      - {type: hop, piece: soldier"
    path = tmp_path / "tall.yaml"
    path.write_text(text.replace(anchor, TALL_STEP + anchor, 1).split("examples:")[0],
                    encoding="utf-8")
    return load_game(path)


def test_a_rule_reads_the_height_of_a_stack(tmp_path: Any) -> None:
    game, ref = _tall_game(tmp_path), TallLasca()
    rng = random.Random(4)
    backward = 0
    for _ in range(12):
        state, s = game.new_initial_state(), ref.start()
        while not state.is_terminal():
            legal = sorted(a.notation for a in state.legal_actions())
            assert legal == sorted(ref.legal(s)), state.to_json()
            backward += any(state.height(game.board.cell(m.split("-")[0])) >= 3
                            for m in legal if "-" in m)
            choice = rng.choice(legal)
            state.apply(choice)
            s = ref.play(s, choice)
        assert ref.winners(s) is not None
    assert backward > 0  # the tall columns' backward steps were met and agreed on
    from framework.check.runner import check_game

    report = check_game(game, examples=8, random_seed=2)
    assert not report.failed, [o.failure for o in report.failed]


def test_a_height_test_needs_stacks(tmp_path: Any) -> None:
    from framework.errors import SpecError

    text = (ROOT / "games" / "checkers.yaml").read_text(encoding="utf-8")
    anchor = "      - {type: hop, piece: man"
    path = tmp_path / "flat.yaml"
    path.write_text(text.replace(anchor, TALL_STEP.replace("soldier", "man") + anchor, 1),
                    encoding="utf-8")
    with pytest.raises(SpecError, match="a game of stacks"):
        load_game(path)


# ``stacks.moves: top``: a variant where every move (a step, each jump of a chain) lifts
# only the top piece of its column, uncovering the piece beneath; a jump's taken piece goes
# under the jumping piece where it lands.
class TopLasca(Lasca):
    def play(self, s: S, m: str) -> S:
        board = dict(s.board)
        sep = "-" if "-" in m else "x"
        src, land = m.split(sep)
        mover, *rest = board.pop(src)
        if rest:
            board[src] = tuple(rest)
        if sep == "-":
            board[land] = (mover,)
            return self._end_move(S(board, s.to_move), land)
        (sx, sy), (lx, ly) = _xy(src), _xy(land)
        over = _name((sx + lx) // 2, (sy + ly) // 2)
        taken, *left = board[over]
        if left:
            board[over] = tuple(left)
        else:
            del board[over]
        board[land] = (mover, taken)
        after = S(board, s.to_move, land)
        if self._jumps(after, land):
            return after
        return self._end_move(after, land)


def test_a_game_whose_moves_lift_the_top_piece_alone(tmp_path: Any) -> None:
    text = (ROOT / "games" / "lasca.yaml").read_text(encoding="utf-8")
    path = tmp_path / "top.yaml"
    path.write_text(text.replace("moves: whole ", "moves: top   ", 1).split("examples:")[0],
                    encoding="utf-8")
    game, ref = load_game(path), TopLasca()
    assert game.spec.stacks is not None and game.spec.stacks.moves == "top"
    rng = random.Random(6)
    for _ in range(10):
        state, s = game.new_initial_state(), ref.start()
        for _ply in range(400):
            legal = sorted(a.notation for a in state.legal_actions())
            assert legal == sorted(ref.legal(s)), state.to_json()
            assert _columns(state) == s.board, state.to_json()
            if state.is_terminal():
                break
            choice = rng.choice(legal)
            state.apply(choice)
            s = ref.play(s, choice)
    for state in random_positions(game, 3, seed=7):
        same_perft(game, ref, state, 3)
    from framework.check.runner import check_game

    report = check_game(game, examples=8, random_seed=2)
    assert not report.failed, [o.failure for o in report.failed]


def test_state_with_stacks_pickles_and_pops() -> None:
    import pickle

    state = _stacked_position()
    again = pickle.loads(pickle.dumps(state))
    assert again == state and again.below == state.below
    data = state.to_json()
    data["to_move"] = "white"
    state = type(state).from_json(GAME, data)
    before = state.to_json()
    state.push("e5-d6")
    assert state.to_json()["cells"]["d6"]["below"][1]["piece"] == "officer"
    state.pop()
    assert state.to_json() == before


def test_validate_refuses_what_a_game_of_stacks_cannot_hold(tmp_path: Any) -> None:
    from framework.errors import SpecError

    text = (ROOT / "games" / "lasca.yaml").read_text(encoding="utf-8")
    path = tmp_path / "supply.yaml"
    path.write_text(text.replace('    glyph: ""', '    glyph: ""\n    supply: 11', 1),
                    encoding="utf-8")
    with pytest.raises(SpecError, match="supply of soldier"):
        load_game(path)
    path.write_text(text.replace("taken_to: under}", "taken_to: under, capture: false}", 1),
                    encoding="utf-8")
    with pytest.raises(SpecError, match="needs capture: true"):
        load_game(path)
    ataxx = (ROOT / "games" / "ataxx.yaml").read_text(encoding="utf-8")
    path.write_text(ataxx.replace("\nturn:", "\nstacks: {max_height: 4}\nturn:", 1),
                    encoding="utf-8")
    with pytest.raises(SpecError, match="clone_or_jump is not supported in a game of stacks"):
        load_game(path)


def test_search_hashes_tell_stacks_apart() -> None:
    from framework.agents.zobrist import zobrist_hash

    def state_with(below: list[str]) -> Any:
        return type(GAME.new_initial_state()).from_json(GAME, {
            "to_move": "white", "cells": {"c3": {"owner": "white", "below": below},
                                          "a7": "black"}})

    hashes = {zobrist_hash(state_with(b)) for b in ([], ["black"], ["white"],
                                                     ["black", "white"], ["white", "black"])}
    assert len(hashes) == 5
    assert zobrist_hash(state_with(["black"])) == zobrist_hash(state_with(["black"]))


def test_a_repetition_reads_the_columns(tmp_path: Any) -> None:
    """A Lasca with a draw on the third repetition: the repetition compares whole columns
    (engine and reference interpreter alike), so check agrees with the reference."""
    text = (ROOT / "games" / "lasca.yaml").read_text(encoding="utf-8")
    path = tmp_path / "repeat.yaml"
    path.write_text(text.replace("no_legal_move: lose", "no_legal_move: lose\ngoals:\n"
                                 "  - {type: repetition, times: 2}", 1).split("examples:")[0],
                    encoding="utf-8")
    game = load_game(path)
    a = type(game.new_initial_state()).from_json(game, {
        "to_move": "white", "cells": {"c3": {"owner": "white", "piece": "officer",
                                             "below": ["black"]}, "a7": "black"}})
    b = type(game.new_initial_state()).from_json(game, {
        "to_move": "white", "cells": {"c3": {"owner": "white", "piece": "officer",
                                             "below": ["white"]}, "a7": "black"}})
    assert game.trail_key is not None and game.trail_key(a) != game.trail_key(b)
    from framework.check.runner import check_game

    report = check_game(game, examples=8, random_seed=2)
    assert not report.failed, [o.failure for o in report.failed]


def test_symmetries_carry_the_columns() -> None:
    """Lasca keeps the left-right mirror; the mirror moves every column with its top, so
    legal actions, results and observation planes map onto each other all game long."""
    from .test_symmetry import play_through

    symmetries = GAME.symmetries()
    assert len(symmetries) == 2
    assert play_through(GAME, games=3, plies=80, seed=5) > 100
    state = _stacked_position()
    mirrored = symmetries[1].state(state)
    assert _columns(mirrored)["c5"] == _columns(state)["e5"]  # e5's column, mirrored


# ``stacks.moves: 2``: every move lifts the top two pieces of its column (the whole column
# when it holds two or fewer); a jump's taken piece goes to the bottom of what landed.
class TopTwoLasca(Lasca):
    def play(self, s: S, m: str) -> S:
        board = dict(s.board)
        sep = "-" if "-" in m else "x"
        src, land = m.split(sep)
        column = board.pop(src)
        moving, staying = column[:2], column[2:]
        if staying:
            board[src] = staying
        if sep == "-":
            board[land] = moving
            return self._end_move(S(board, s.to_move), land)
        (sx, sy), (lx, ly) = _xy(src), _xy(land)
        over = _name((sx + lx) // 2, (sy + ly) // 2)
        taken, *left = board[over]
        if left:
            board[over] = tuple(left)
        else:
            del board[over]
        board[land] = (*moving, taken)
        after = S(board, s.to_move, land)
        if self._jumps(after, land):
            return after
        return self._end_move(after, land)


def test_a_game_whose_moves_lift_the_top_two(tmp_path: Any) -> None:
    text = (ROOT / "games" / "lasca.yaml").read_text(encoding="utf-8")
    path = tmp_path / "two.yaml"
    path.write_text(text.replace("moves: whole ", "moves: 2     ", 1).split("examples:")[0],
                    encoding="utf-8")
    game, ref = load_game(path), TopTwoLasca()
    rng = random.Random(8)
    tall = 0
    for _ in range(10):
        state, s = game.new_initial_state(), ref.start()
        for _ply in range(400):
            legal = sorted(a.notation for a in state.legal_actions())
            assert legal == sorted(ref.legal(s)), state.to_json()
            assert _columns(state) == s.board, state.to_json()
            tall += any(len(c) > 2 for c in s.board.values())
            if state.is_terminal():
                break
            choice = rng.choice(legal)
            state.apply(choice)
            s = ref.play(s, choice)
    assert tall > 0
    from framework.check.runner import check_game

    report = check_game(game, examples=8, random_seed=2)
    assert not report.failed, [o.failure for o in report.failed]
