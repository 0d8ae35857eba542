"""Perft against the published tables in tests/data (copied from shared/perft).

The default run stops at depth 4 (CI time); ``pytest -m slow`` adds every depth-5+ row.
"""

from __future__ import annotations

import csv
import os
from pathlib import Path

import pytest

from framework import load_game
from framework.perft import divide, perft

from .conftest import DATA, ROOT


def rows(name: str) -> list[tuple[str, int, int]]:
    with (DATA / f"{name}.tsv").open() as handle:
        return [(r["fen"], int(r["depth"]), int(r["nodes"]))
                for r in csv.DictReader(handle, delimiter="\t")]


def cases(max_depth: int | None, min_depth: int = 0) -> list[object]:
    found = []
    for name in ("ataxx", "assimilation"):
        for fen, depth, nodes in rows(name):
            if depth >= min_depth and (max_depth is None or depth <= max_depth):
                found.append(pytest.param(name, fen, depth, nodes, id=f"{name}-{fen}-d{depth}"))
    return found


GAMES = {name: load_game(ROOT / "games" / f"{name}.yaml") for name in ("ataxx", "assimilation")}


@pytest.mark.parametrize(("name", "fen", "depth", "nodes"), cases(4))
def test_perft_matches_published_counts(name: str, fen: str, depth: int, nodes: int) -> None:
    assert perft(GAMES[name].state_from_fen(fen), depth) == nodes


@pytest.mark.slow
@pytest.mark.parametrize(("name", "fen", "depth", "nodes"), cases(None, min_depth=5))
def test_perft_deep_rows(name: str, fen: str, depth: int, nodes: int) -> None:
    assert perft(GAMES[name].state_from_fen(fen), depth) == nodes


def test_perft_start_depth_5_ataxx() -> None:
    # One deep row in the default run: the start position, where clone identity matters most.
    assert perft(GAMES["ataxx"].new_initial_state(), 5) == 4_752_668


def test_every_table_row_is_checked_somewhere() -> None:
    assert {r[0] for r in rows("ataxx")} == {r[0] for r in rows("assimilation")}
    assert len(rows("ataxx")) == 116 and len(rows("assimilation")) == 116


def test_divide_sums_to_perft() -> None:
    state = GAMES["ataxx"].new_initial_state()
    parts = divide(state, 3)
    assert len(parts) == 16
    assert sum(n for _, n in parts) == 6460


def test_tables_are_the_shared_facts() -> None:
    # The copies in tests/data are what the tests read, so a plain clone runs them; where
    # the project's shared facts are at hand (beside the checkout, or BOARDSPEC_SHARED),
    # the copies must still be the same.
    shared = Path(os.environ.get("BOARDSPEC_SHARED", ROOT.parent / "shared")) / "perft"
    if not shared.is_dir():
        pytest.skip("the shared perft tables are not beside this checkout "
                    "(set BOARDSPEC_SHARED to compare the copies in tests/data)")
    for name in ("ataxx", "assimilation"):
        assert (shared / f"{name}.tsv").read_text() == (DATA / f"{name}.tsv").read_text()


def test_game_with_no_moves_counts_zero_below_the_root(tmp_path: Path) -> None:
    state = GAMES["assimilation"].state_from_fen("7/7/7/7/7/7/7 x 0 1")
    assert state.is_terminal() and perft(state, 0) == 1 and perft(state, 1) == 0


def test_a_turn_no_later_step_can_follow_is_counted_without_playing_it(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Chess by whole turns: a move that cannot promote ends the turn, so the last ply's
    moves are counted as they are listed, not each cloned and played (the restriction
    wrapping the moves step once made every move look as if it might chain)."""
    from framework.engine.state import State
    from framework.engine.turns import perft_turns

    game = load_game(ROOT / "games" / "chess.yaml")
    start = game.new_initial_state()
    clones = 0
    clone = State.clone

    def counted(self: State) -> State:
        nonlocal clones
        clones += 1
        return clone(self)

    monkeypatch.setattr(State, "clone", counted)
    assert perft_turns(start, 3) == 8902
    # 420 children of the first two plies and the royal rule's trial moves, not 8,902 leaves
    assert clones < 2000, clones


def test_a_turn_ends_where_the_dice_are_thrown() -> None:
    """Mensch ärgere dich nicht: a six rolls again within the mover's turn, so listing
    whole turns through the dice never ended (sixes without end, until memory ran out);
    a whole turn is the player's own choices, up to the next throw."""
    from framework.engine.chance import sample
    from framework.engine.turns import turns_with_states

    game = load_game(ROOT / "games" / "maedn.yaml")
    state = game.new_initial_state()
    rng = __import__("random").Random(1)
    listed = 0
    for _ in range(80):
        if state.is_terminal():
            break
        if state.is_chance_node():
            state = state.child(sample(state, rng))
            continue
        for _turn, after in turns_with_states(state):
            assert after.is_terminal() or after.is_chance_node() or \
                after.to_move != state.to_move
            listed += 1
        state = state.child(rng.choice(state.legal_actions()))
    assert listed > 0
