"""The numpy batch backend plays by the engine's rules: every recorded batch game replays
through ``State.apply`` (each ply legal) to the same board, length and result."""

from __future__ import annotations

import pytest

from framework import CompiledGame, load_game, load_game_text
from framework.batch.playouts import BatchPlayouts
from framework.errors import BoardspecError

from .conftest import ROOT

BATCH_GAMES = ("ataxx", "assimilation", "hexxagon")


def replay(game: CompiledGame, plies: list[tuple[int, int]]) -> object:
    state = game.new_initial_state()
    for source, target in plies:
        if target < 0:
            (action,) = [a for a in state.legal_actions() if a.kind == "pass"]
        else:
            kind = "clone" if source < 0 else "jump"
            (action,) = [a for a in state.legal_actions()
                         if a.kind == kind and a.dst == target and (source < 0 or a.src == source)]
        state.apply(action)
    return state


@pytest.mark.parametrize("name", BATCH_GAMES)
def test_batch_games_replay_through_the_engine(name: str) -> None:
    game = load_game(ROOT / "games" / f"{name}.yaml")
    result = BatchPlayouts(game, games=24, seed=5).run(record=True)
    assert result.plies == sum(len(r) for r in result.records)
    for i, plies in enumerate(result.records):
        state = replay(game, plies)
        assert state.owner == [int(result.boards[i, 0]), int(result.boards[i, 1])]  # type: ignore[attr-defined]
        assert result.lengths[i] == len(plies)
        winner = int(result.winners[i])
        if winner == -2:
            assert not state.is_terminal()  # type: ignore[attr-defined]
        else:
            expected = frozenset() if winner == -1 else frozenset({winner})
            assert state.winners == expected  # type: ignore[attr-defined]


def test_games_the_batch_cannot_play_are_refused() -> None:
    game = load_game(ROOT / "games" / "adaptoid.yaml")
    with pytest.raises(BoardspecError, match="batch backend cannot play Adaptoid"):
        BatchPlayouts(game, games=4)


def test_a_game_written_in_primitives_plays_in_the_batch() -> None:
    from .test_primitives import ATAXX_IN_PRIMITIVES

    game = load_game_text(ATAXX_IN_PRIMITIVES)
    result = BatchPlayouts(game, games=12, seed=3).run(record=True)
    for i, plies in enumerate(result.records):
        state = replay(game, plies)
        assert state.owner == [int(result.boards[i, 0]), int(result.boards[i, 1])]  # type: ignore[attr-defined]


def test_a_block_without_a_kernel_is_named() -> None:
    from .test_primitives import ATAXX_IN_PRIMITIVES

    text = ATAXX_IN_PRIMITIVES.replace(
        "      - {type: reach, distance: 2, effect: move, kind: jump}\n",
        "      - {type: place, where: anywhere}\n")
    with pytest.raises(BoardspecError, match="the move primitive 'place' has no batch kernel"):
        BatchPlayouts(load_game_text(text), games=4)
