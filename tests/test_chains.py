"""Chains of hops that may stop (a Konane-like game) and draughts' majority capture on a
10×10 board: perft by whole turns, positions written inside a chain, and a ``longest``
rule whose "can the next player move?" does not play out the turns after it."""

from __future__ import annotations

from typing import Any

from framework import load_game_text
from framework.check.runner import check_game
from framework.engine.turns import divide_turns, perft_turns
from framework.rules.restrictions.compulsory import Compulsory

from .conftest import ROOT

# Konane's hops on 6×6: a stone jumps an orthogonally adjacent enemy onto the empty cell
# beyond (capturing it) and may go on jumping with the same stone, in any direction.
# Two stones are out of the checkerboard, so hops are possible at once.
KONANE = """
name: Konane-like
players: [black, white]
board: {type: grid, rows: 6, columns: 6, adjacency: orthogonal}
pieces:
  stone: {symbols: {black: x, white: o}}
setup:
  - type: fixed
    cells: {a1: black, b1: white, c1: black, d1: white, e1: black, f1: white,
            a2: white, b2: black, c2: white, d2: black, e2: white, f2: black,
            a3: black, b3: white, c3: black, d3: white, e3: black, f3: white,
            a4: white, b4: black, c4: white, e4: white, f4: black,
            a5: black, b5: white, c5: black, d5: white, e5: black, f5: white,
            a6: white, b6: black, c6: white, e6: white, f6: black}
turn:
  - name: move
    type: moves
    options:
      - {type: hop, directions: [n, e, s, w], chain: may}
no_legal_move: lose
max_plies: 40
"""

COLUMNS = "abcdef"
STEPS = ((0, 1), (1, 0), (0, -1), (-1, 0))


def _board(position: dict[str, Any]) -> dict[tuple[int, int], str]:
    return {(COLUMNS.index(name[0]), int(name[1:]) - 1): entry["owner"]
            for name, entry in position["cells"].items()}


def _chains(board: dict[tuple[int, int], str], at: tuple[int, int], mover: str
            ) -> list[dict[tuple[int, int], str]]:
    """The boards after every chain of one or more hops by the stone on ``at``: each
    hop's landing may end the turn (stop, or no hop left), so every prefix is a turn."""
    found = []
    x, y = at
    for dx, dy in STEPS:
        over, land = (x + dx, y + dy), (x + 2 * dx, y + 2 * dy)
        if not (0 <= land[0] < 6 and 0 <= land[1] < 6):
            continue
        if board.get(over) not in (None, mover) and land not in board:
            after = dict(board)
            del after[at], after[over]
            after[land] = mover
            found.append(after)
            found += _chains(after, land, mover)
    return found


def _brute_turns(board: dict[tuple[int, int], str], mover: str, depth: int) -> int:
    """Perft by whole turns, from the rules above alone (no engine code)."""
    turns = [after for at, owner in board.items() if owner == mover
             for after in _chains(board, at, mover)]
    if depth == 1:
        return len(turns)
    other = "white" if mover == "black" else "black"
    return sum(_brute_turns(after, other, depth - 1) for after in turns)


def test_perft_by_turns_counts_each_way_a_chain_may_stop() -> None:
    """Before, with one phase and no later step, every first hop counted as one turn:
    5 at depth 1 from the start, while --divide listed 10 turns."""
    game = load_game_text(KONANE)
    state = game.new_initial_state()
    board = _board(state.to_json())
    for depth in (1, 2, 3):
        expected = _brute_turns(board, "black", depth)
        assert perft_turns(state, depth) == expected
        assert sum(n for _, n in divide_turns(state, depth)) == expected
    assert perft_turns(state, 1) == 10


def test_a_position_inside_a_chain_reads_back() -> None:
    """Before: "'clock_reset' belongs to a turn in progress", as a one-phase game wrote
    no 'phase' in the middle of its turn."""
    game = load_game_text(KONANE)
    state = game.new_initial_state()
    state.apply("d2xd4")
    written = state.to_json()
    assert written["chain"] == "d4" and written["phase"] == "move"
    again = game.state_from_json(written)
    assert again.to_json() == written
    assert [a.notation for a in again.legal_actions()] == \
        [a.notation for a in state.legal_actions()]
    assert game.state_from_json(game.new_initial_state().to_json()).to_json().get(
        "phase") is None  # at the start of a turn the phase is still left out


def test_konane_keeps_every_property() -> None:
    game = load_game_text(KONANE)
    report = check_game(game, examples=8, random_seed=1)
    assert not [(o.name, o.note) for o in report.outcomes
                if o.status not in ("passed", "not required")]


def _international_like() -> str:
    """English draughts' rules on 10×10, men capturing backward too, majority capture."""
    text = (ROOT / "games" / "checkers.yaml").read_text(encoding="utf-8")
    head, _, _ = text.partition("board:")
    _, _, tail = text.partition("pieces:")
    tail = tail.split("examples:")[0]
    columns = "abcdefghij"
    holes = [f"{c}{r}" for r in range(1, 11) for i, c in enumerate(columns) if (r + i) % 2 == 0]
    board = ("board: {type: grid, rows: 10, columns: 10, adjacency: diagonal, holes: ["
             + ", ".join(holes) + "]}\npieces:")
    dark = [f"{c}{r}" for r in range(1, 11) for i, c in enumerate(columns) if (r + i) % 2]
    cells = {name: "black" for name in dark if int(name[1:]) <= 4} | \
        {name: "white" for name in dark if int(name[1:]) >= 7}
    tail = tail.replace("{row: 8}", "{row: 10}")
    start = tail.index("    cells:")
    end = tail.index("turn:")
    tail = tail[:start] + "    cells: {" + ", ".join(f"{k}: {v}" for k, v in cells.items()) \
        + "}\n" + tail[end:]
    tail = tail.replace("{type: hop, piece: man, directions: [forward_left, forward_right]",
                        "{type: hop, piece: man, directions: [ne, nw, se, sw]")
    tail = tail.replace("{type: compulsory, kinds: [jump]}",
                        "{type: compulsory, kinds: [jump], longest: true}")
    tail = tail.replace("fen: {sides: {black: b, white: w}}", "fen: {sides: {black: b, "
                        "white: w}}\nmax_plies: 2000\n").replace("max_plies: 1024\n", "")
    return head + board + tail


def test_longest_asks_whether_the_next_player_can_move_without_playing_its_chains(
        monkeypatch: Any) -> None:
    """Before, each chain's end asked whether the next player could move through the
    longest rule, which played out that player's chains, whose ends asked the same of the
    player after: a 10×10 check never finished. The work is watched, not timed: choosing
    among one turn's chains plays out chains of that turn only."""
    game = load_game_text(_international_like())
    turns: list[tuple[int, int]] = []
    measured = Compulsory._run

    def watched(self: Compulsory, state: Any, action: Any) -> int:
        turns.append((state.to_move, state.fullmove))
        return measured(self, state, action)

    monkeypatch.setattr(Compulsory, "_run", watched)
    state = game.state_from_json({"to_move": "black", "cells": {
        "d4": "black", "b2": "black", "f2": "black", "h2": "black", "j2": "black",
        "e5": "white", "g7": "white", "c5": "white", "a7": "white", "c7": "white",
        "e7": "white", "i7": "white", "g3": "white"}})
    assert [a.notation for a in state.legal_actions()] == ["h2xf4", "d4xb6"]  # four, two
    assert set(turns) == {(0, 1)}
    for hop in ("h2xf4", "f4xd6", "d6xf8", "f8xh6"):
        state.apply(hop)
    turns.clear()
    state.apply("h6xj8")  # the chain's end: can white move? (it can capture: yes)
    assert turns == [] and state.to_move == 1
    assert [a.notation for a in state.legal_actions()] == ["c5xe3"]


def test_majority_capture_on_10x10_checks_clean() -> None:
    game = load_game_text(_international_like())
    report = check_game(game, examples=4, random_seed=0)
    assert not [(o.name, o.note) for o in report.outcomes
                if o.status not in ("passed", "not required")]
