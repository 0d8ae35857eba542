"""The evaluation fits the goals: a count of stones is no guide in a game won by a shape
(issue 58: a connection game with flips judged by its stones)."""

from __future__ import annotations

from typer.testing import CliRunner

from framework import load_game
from framework.agents.evaluation import Evaluator, _pieces_leave, evaluation_misfit
from framework.game import load_game_text

from .conftest import ROOT

FLIP_CONNECT = ROOT / "tests" / "data" / "workbench" / "flip-connect.yaml"


def _without_evaluation() -> str:
    text = FLIP_CONNECT.read_text(encoding="utf-8")
    return text[:text.index("evaluation:")]


def test_counting_stones_in_a_game_won_by_a_chain_is_warned_of() -> None:
    said = evaluation_misfit(load_game(FLIP_CONNECT))
    assert said is not None and "counts pieces (stone)" in said and "(connect)" in said
    assert evaluation_misfit(load_game("hex")) is None  # its stones weigh 0
    assert evaluation_misfit(load_game("breakthrough")) is None  # won by reaching a row


def test_validate_says_so() -> None:
    from framework.cli import _register, app

    _register()
    result = CliRunner().invoke(app, ["validate", str(FLIP_CONNECT)])
    assert result.exit_code == 0, result.output
    assert "warning: the evaluation counts pieces (stone)" in result.output


def test_the_default_evaluation_of_a_game_won_by_a_shape_is_flat() -> None:
    game = load_game_text(_without_evaluation(), "flip-connect.yaml", {})
    assert game.spec.evaluation is None and evaluation_misfit(game) is None
    evaluate = Evaluator(game)
    assert evaluate.flat  # MCTS plays every playout to the end
    state = game.new_initial_state()
    state.apply("c3")  # black has a stone more: it does not count
    assert evaluate(state, 0) == evaluate(state, 1) == 0.0
    # A game won by taking pieces keeps the count of pieces.
    assert not Evaluator(load_game("adaptoid")).flat


def test_whether_pieces_leave_the_board_is_seen_in_play() -> None:
    assert _pieces_leave(load_game("breakthrough"))  # captures
    assert not _pieces_leave(load_game("hex", {"size": 5}))
    assert not _pieces_leave(load_game_text(_without_evaluation(), "f.yaml", {}))  # flips
