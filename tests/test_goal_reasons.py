"""Every goal and result rule says, in a few words, why a game it ended ended (issue 29:
the page's result line, "winner: black — checkmate"), in the reader's language."""

from __future__ import annotations

import functools
from types import SimpleNamespace
from typing import Any

import pytest

from framework import load_game
from framework.i18n import translations
from framework.plugins import Goal, Result, plugins
from framework.web.app import _reason

from .conftest import ROOT

GAMES = ROOT / "games"


@pytest.mark.parametrize("kind", ["goals", "results"])
def test_every_bundled_goal_and_result_says_its_own_reason(kind: str) -> None:
    base = Goal if kind == "goals" else Result
    found = {keyword: unit for keyword, unit in plugins(kind).items()
             if unit.__module__.startswith("framework.")}
    assert len(found) >= (12 if kind == "goals" else 4)
    generic = [keyword for keyword, unit in found.items() if unit.reason is base.reason]
    assert not generic, f"{kind} without a reason of their own: {generic}"


@functools.cache
def game_of(name: str) -> Any:
    return load_game(GAMES / f"{name}.yaml")


def ended(game: str, plies: list[str], lang: str = "en") -> dict[str, object]:
    loaded = game_of(game)
    state = loaded.new_initial_state()
    for notation in plies:
        state.apply(notation)
    assert state.is_terminal()
    return _reason(loaded, state, translations(lang).gettext)


def test_the_reasons_are_said_in_words_and_translated() -> None:
    row = ["a1", "b1", "b2", "c1", "c3"]
    assert ended("tic-tac-toe", row) == {"reason": "line", "said": "3 in a row",
                                          "row": ["a1", "b2", "c3"], "scores": ""}
    assert ended("tic-tac-toe", row, "es")["said"] == "3 en línea"
    assert ended("tic-tac-toe", row, "ru")["said"] == "3 в ряд"
    # (A checkmate in a whole game: tests/test_web_players.py; chess is slow to load.)
    royal = plugins("results")["royal_attacked"]
    rule = royal.__new__(royal)  # what it says reads only who won
    for lang, mate, stalemate in (("en", "checkmate", "stalemate"),
                                  ("pt", "xeque-mate", "afogamento"),
                                  ("eo", "ŝakmato", "pato")):
        _ = translations(lang).gettext
        assert rule.reason(SimpleNamespace(winners=frozenset({1})), _) == mate
        assert rule.reason(SimpleNamespace(winners=frozenset()), _) == stalemate


def test_two_passes_end_go_by_the_passes_with_the_scores() -> None:
    """Go's superko goal is asked only after a placement (its ``if: landed``): two passes
    leave the board as it was, but it is the passes that ended the game, and the area
    scores (komi included) are said beside it, on the page and in the terminal."""
    from framework.render.text import board_text

    why = ended("go", ["e5", "pass", "pass"])
    assert why["reason"] == "outcome" and "passes" in str(why["said"]), why
    assert why["scores"] == "black 81, white 7.5"
    state = game_of("go").new_initial_state()
    for move in ("e5", "pass", "pass"):
        state.apply(move)
    assert board_text(state).splitlines()[-1] == (
        f"winner: black — {why['said']} (black 81, white 7.5)")
