"""Every worked example written in a game file holds, and a wrong one is caught."""

from __future__ import annotations

from pathlib import Path

import pytest

from framework import load_game, load_game_text
from framework.examples import run_example

from .conftest import GAME_FILES, ROOT

EXAMPLES = [(path, i) for path in GAME_FILES
            for i in range(len(load_game(path).spec.examples))]


@pytest.mark.parametrize(("path", "index"), EXAMPLES,
                         ids=[f"{p.stem}-{i}" for p, i in EXAMPLES])
def test_example_holds(path: Path, index: int) -> None:
    game = load_game(path)
    example = game.spec.examples[index]
    assert run_example(game, example) == [], example.name


def test_the_rule_pages_examples_are_all_there() -> None:
    names = [e.name for e in load_game(ROOT / "games" / "adaptoid.yaml").spec.examples]
    assert len(names) >= 4


def _adaptoid_with_example(example: str) -> list[str]:
    text = (ROOT / "games" / "adaptoid.yaml").read_text(encoding="utf-8")
    text = text.split("examples:\n")[0] + "examples:\n" + example
    game = load_game_text(text)
    return run_example(game, game.spec.examples[0])


BASE = """  - name: probe
    position:
      to_move: white
      cells:
        D5: {owner: black, legs: 2, pincers: 2}
        D6: {owner: white, legs: 3}
        C5: black
        D3: white
"""


def test_a_wrong_target_is_reported() -> None:
    failures = _adaptoid_with_example(BASE + "    expect: {piece: D6, targets_include: [D5]}\n")
    assert len(failures) == 1 and "should include D5" in failures[0]


def test_a_wrong_exact_target_list_is_reported() -> None:
    failures = _adaptoid_with_example(
        BASE + "    expect: {piece: D6, targets: [D7]}\n")
    assert len(failures) == 1 and "should be exactly D7" in failures[0]


def test_a_wrong_position_is_reported() -> None:
    failures = _adaptoid_with_example(
        BASE + "    actions: [skip, +D4]\n"
               "    expect: {position: {counters: {white: {captures: 2}}}}\n")
    assert len(failures) == 1 and "counters" in failures[0]
    failures = _adaptoid_with_example(
        BASE + "    actions: [skip, +D4]\n"
               "    expect: {position: {cells: {D3: white}}}\n")
    assert len(failures) == 1 and failures[0].startswith("cells should be")


def test_an_illegal_action_in_an_example_is_reported() -> None:
    failures = _adaptoid_with_example(BASE + "    actions: [D6-D5]\n")
    assert len(failures) == 1 and "action 1 ('D6-D5') fails" in failures[0]


def test_legal_illegal_terminal_and_winner_are_checked() -> None:
    failures = _adaptoid_with_example(
        BASE + "    expect: {legal: [D6-D5], illegal: [D6-D7], terminal: true, "
               "winner: black}\n")
    assert len(failures) == 4
