"""Margins read from the result rule's scores (``margins: [{difference: result}]``):
Othello's ``scoring=margin`` is worth the disc margin and Go's the area-score margin with
komi, each checked against a count written here from the position JSON alone; the default
``winloss`` stays OpenSpiel's ±1; a margin without a scoring result rule is refused."""

from __future__ import annotations

import random
from typing import Any

import pytest

from framework import SpecError, load_game, load_game_text

from .conftest import ROOT

GAMES = ROOT / "games"


def finished(path: str, parameters: dict[str, Any], seed: int) -> Any:
    """A game played to its end by seeded random actions."""
    state = load_game(GAMES / path, parameters).new_initial_state()
    rng = random.Random(seed)
    while not state.is_terminal():
        state.apply_unchecked(rng.choice(state.legal_actions()))
    return state


def discs(position: dict[str, Any]) -> dict[str, int]:
    counts = {"black": 0, "white": 0}
    for piece in position["cells"].values():
        counts[piece["owner"]] += 1
    return counts


def area(position: dict[str, Any], size: int, komi: float) -> dict[str, float]:
    """Tromp-Taylor area: stones, plus each empty region touching one colour only."""
    cells = position["cells"]
    names = [f"{chr(ord('a') + c)}{r + 1}" for r in range(size) for c in range(size)]

    def around(name: str) -> list[str]:
        c, r = ord(name[0]) - ord("a"), int(name[1:]) - 1
        return [f"{chr(ord('a') + c + dc)}{r + dr + 1}" for dc, dr in
                ((1, 0), (-1, 0), (0, 1), (0, -1)) if 0 <= c + dc < size and 0 <= r + dr < size]

    totals = {"black": 0.0, "white": komi}
    for piece in cells.values():
        totals[piece["owner"]] += 1
    seen: set[str] = set()
    for start in names:
        if start in cells or start in seen:
            continue
        region, todo, touching = {start}, [start], set()
        while todo:
            for n in around(todo.pop()):
                if n in cells:
                    touching.add(cells[n]["owner"])
                elif n not in region:
                    region.add(n)
                    todo.append(n)
        seen |= region
        if len(touching) == 1:
            totals[touching.pop()] += len(region)
    return totals


def expected(counts: dict[str, float]) -> list[float]:
    """The seats' returns a margin gives: black is seat 0, white seat 1."""
    margin = counts["black"] - counts["white"]
    return [margin, -margin] if margin else [0.0, 0.0]


@pytest.mark.parametrize("seed", range(3))
def test_othello_margin_is_the_disc_difference(seed: int) -> None:
    state = finished("othello.yaml", {"scoring": "margin"}, seed)
    assert state.returns() == expected(discs(state.to_json()))
    plain = finished("othello.yaml", {}, seed)  # the same game, by default: ±1 or 0
    assert plain.to_json() == state.to_json()
    assert plain.returns() == [(v > 0) - (v < 0) for v in state.returns()]


@pytest.mark.parametrize("seed", range(3))
def test_go_margin_is_the_area_score_difference_with_komi(seed: int) -> None:
    state = finished("go.yaml", {"size": 5, "scoring": "margin"}, seed)
    position = state.to_json()
    if state.winners:  # (a superko ends it as a draw: 0, whatever the scores)
        assert state.returns() == expected(area(position, 5, 7.5))
        assert abs(state.returns()[0]) % 1 == 0.5  # komi's half point: never even
    else:
        assert state.returns() == [0.0, 0.0]
    plain = finished("go.yaml", {"size": 5}, seed)
    assert plain.to_json() == position
    assert plain.returns() == [(v > 0) - (v < 0) for v in state.returns()]


def test_the_defaults_are_win_or_loss() -> None:
    for path in ("othello.yaml", "go.yaml"):
        game = load_game(GAMES / path)
        assert game.parameters["scoring"] == "winloss" and game.max_win_value() == 1.0
    assert load_game(GAMES / "othello.yaml", {"scoring": "margin"}).max_win_value() == 64
    assert load_game(GAMES / "go.yaml", {"scoring": "margin"}).max_win_value() == 81 + 7.5


BAD = """
name: Race
players: [a, b]
board: {type: grid, rows: 1, columns: 3}
pieces: {stone: {}}
turn: [{name: place, type: moves, options: [{type: place, piece: stone}]}]
goals: [{type: line, length: 2}]
margins: MARGINS
"""


def test_a_margin_needs_a_result_rule_that_scores() -> None:
    with pytest.raises(SpecError, match="needs a result rule that scores the sides"):
        load_game_text(BAD.replace("MARGINS", "[{difference: result}]"))
    with pytest.raises(SpecError, match="either a 'value' or 'difference: result'"):
        load_game_text(BAD.replace("MARGINS", "[{value: 2, difference: result}]"))
    with pytest.raises(SpecError, match="either a 'value' or 'difference: result'"):
        load_game_text(BAD.replace("MARGINS", "[{}]"))
