"""More than two players: turn orders, results and returns, agents, the command line, and
the four-player game (games/ataxx.yaml with players=4) playing, checking and documenting itself."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path

import pytest

from framework import CompiledGame, SpecError, load_game, load_game_text
from framework.agents import make_agent
from framework.agents.zobrist import zobrist_hash
from framework.check.reference import ReferenceGame
from framework.check.runner import check_game
from framework.docs.rulebook import render_rulebook
from framework.i18n import LANGUAGES
from framework.match import play_game, schedule
from framework.records import Record

from .conftest import ROOT

ATAXX = ROOT / "games" / "ataxx.yaml"
FOUR = ["games/ataxx.yaml", "--param", "players=4"]  # the command line's four-player game


@pytest.fixture(scope="module")
def four() -> CompiledGame:
    return load_game(ATAXX, {"players": 4})


def small_game(players: list[str], *, turn_order: str = "rotate", extra: str = "") -> str:
    """A tiny clone-only game for any number of players, one piece each in a row."""
    cells = ", ".join(f"{'abcdefghi'[i]}1: {p}" for i, p in enumerate(players))
    firsts = [p[0] for p in players]
    symbols = ", ".join(f"{p}: {p[0] if firsts.count(p[0]) == 1 else p[-1]}" for p in players)
    return f"""
name: Small
players: [{", ".join(players)}]
turn_order: {turn_order}
board: {{type: grid, rows: 4, columns: {max(4, len(players))}, adjacency: king}}
pieces:
  stone: {{symbols: {{{symbols}}}}}
setup:
  - type: fixed
    cells: {{{cells}}}
turn:
  - {{name: move, type: clone_or_jump, clone: {{distance: 1}}}}
no_legal_move: pass
max_plies: 500
notation:
  fen: {{clocks: true}}
{extra}
"""


def movers(game: CompiledGame, turns: int) -> list[tuple[str, int]]:
    """(player to move, full-move number) at the start of each of the first turns."""
    state = game.new_initial_state()
    seen = []
    for _ in range(turns):
        seen.append((game.players[state.to_move], state.fullmove))
        state.apply(state.legal_actions()[0])
    return seen


# Turn orders ----------------------------------------------------------------------------
def test_rotate_is_the_default_and_goes_round_all_players(four: CompiledGame) -> None:
    assert four.spec.turn_order == "rotate"
    seen = movers(four, 9)
    assert [p for p, _ in seen] == ["red", "green", "blue", "yellow"] * 2 + ["red"]
    assert [n for _, n in seen] == [1, 1, 1, 1, 2, 2, 2, 2, 3]


def test_snake_reverses_every_other_round() -> None:
    three = load_game_text(small_game(["a", "b", "c"], turn_order="snake"))
    assert [p for p, _ in movers(three, 9)] == list("abccbaabc")
    two = load_game_text(small_game(["a", "b"], turn_order="snake"))
    seen = movers(two, 6)
    assert [p for p, _ in seen] == list("abbaab")
    assert [n for _, n in seen] == [1, 1, 2, 2, 3, 3]


def test_snake_previous_undoes_next() -> None:
    game = load_game_text(small_game(["a", "b", "c", "d"], turn_order="snake"))
    order = game.turn_order
    for fullmove in (1, 2, 3):
        for side in range(4):
            after, new_round = order.next(side, fullmove)
            assert order.previous(after, fullmove + new_round) == side


def test_an_unknown_turn_order_is_refused_with_the_known_ones() -> None:
    with pytest.raises(SpecError, match="rotate"):
        load_game_text(small_game(["a", "b", "c"], turn_order="clockwise"))


def test_check_passes_on_a_snake_game_against_the_reference() -> None:
    game = load_game_text(small_game(["a", "b", "c"], turn_order="snake"))
    report = check_game(game, examples=6)
    assert [(o.name, o.failure) for o in report.failed] == []
    assert not report.unchecked
    assert "same as the reference interpreter" in [o.name for o in report.outcomes]


def test_zobrist_tells_snake_rounds_apart() -> None:
    game = load_game_text(small_game(["a", "b"], turn_order="snake"))
    position = {"to_move": "a", "cells": {"a1": "a", "b1": "b"}}
    odd = game.state_from_json({**position, "fullmove": 1})
    even = game.state_from_json({**position, "fullmove": 2})
    assert zobrist_hash(odd) != zobrist_hash(even)  # a moves twice in a row only in round 2
    rotate = load_game_text(small_game(["a", "b"]))
    assert zobrist_hash(rotate.state_from_json({**position, "fullmove": 1})) == \
        zobrist_hash(rotate.state_from_json({**position, "fullmove": 2}))


# Players and results ----------------------------------------------------------------------
def test_up_to_eight_players() -> None:
    names = ["ann", "bob", "cid", "dan", "eve", "fay", "gus", "hal", "ida"]
    assert len(load_game_text(small_game(names[:8])).players) == 8
    with pytest.raises(SpecError, match="players"):
        load_game_text(small_game(names))


def test_a_shared_win_returns_one_to_each_winner(four: CompiledGame) -> None:
    state = four.state_from_json({"to_move": "red", "cells": {
        "b2": "red", "c3": "yellow", "h8": "green", "h7": "green", "a9": "blue"}})
    state.apply("b2c4")
    assert state.is_terminal()
    assert state.returns() == [1.0, 1.0, -1.0, -1.0]
    data = state.to_json()
    assert data["result"] == {"winners": ["red", "green"]}
    assert four.state_from_json(data) == state
    reference = ReferenceGame(four.spec)
    assert reference.to_json(reference.from_json(data))["result"] == data["result"]


def test_a_tie_for_the_most_is_a_draw_unless_shared() -> None:
    # Nobody can move (every empty cell is blocked): the game ends at once and is scored,
    # a and b with two pieces each, c with one.
    cells = {"a1": "a", "a2": "a", "b1": "b", "b2": "b", "a4": "c"}
    gaps = ["a3", "b3", "b4", "c1", "c2", "c3", "c4", "d1", "d2", "d3", "d4"]
    for equal, result, returns in (("draw", {"draw": True}, [0.0, 0.0, 0.0]),
                                   ("shared", {"winners": ["a", "b"]}, [1.0, 1.0, -1.0])):
        game = load_game_text(small_game(["a", "b", "c"], extra=(
            f"result: {{type: majority, equal: {equal}}}")))
        state = game.state_from_json({"to_move": "a", "cells": cells, "gaps": gaps})
        assert state.is_terminal(), state
        assert state.to_json()["result"] == result
        assert state.returns() == returns
        reference = ReferenceGame(game.spec)
        assert reference.to_json(reference.from_json(state.to_json()))["result"] == result


def test_no_pieces_opponent_wins_goes_to_the_last_player_left() -> None:
    game = load_game_text(small_game(["a", "b", "c"], extra=(
        "goals: [{type: no_pieces, then: opponent_wins}]")))
    # b has no piece, but a and c play on (b passes).
    state = game.state_from_json({"to_move": "b", "cells": {"a1": "a", "c4": "c"}})
    assert not state.is_terminal() and state.legal_actions() == [game.pass_action]
    state = game.state_from_json({"to_move": "a", "cells": {"c4": "c"}})
    assert state.is_terminal() and state.winners == {2}
    assert state.returns() == [-1.0, -1.0, 1.0]


def test_the_pie_rule_is_refused_for_more_than_two_players() -> None:
    text = small_game(["a", "b", "c"]).replace(
        "setup:\n", "setup:\n  - {type: choose_side, by: second}\n", 1)
    with pytest.raises(SpecError, match=r"choose_side \(the pie rule\) is for two players"):
        load_game_text(text)


def test_fen_writes_every_players_symbol(four: CompiledGame) -> None:
    start = four.new_initial_state()
    assert start.to_fen() == "r7g/9/9/9/9/9/9/9/y7b r 0 1"
    state = four.state_from_fen("r7g/9/9/9/9/9/9/9/y7b b 3 2")
    assert four.players[state.to_move] == "blue"
    assert state.to_fen() == "r7g/9/9/9/9/9/9/9/y7b b 3 2"


# The four-player game ------------------------------------------------------------------------
def test_four_players_play_random_games_to_the_end(four: CompiledGame) -> None:
    for seed in range(3):
        rng = random.Random(seed)
        state = four.new_initial_state()
        movers_seen = set()
        while not state.is_terminal():
            movers_seen.add(state.current_player)
            state.apply(rng.choice(state.legal_actions()))
        assert movers_seen == {0, 1, 2, 3}
        values = state.returns()
        assert sorted(set(values)) in ([0.0], [-1.0, 1.0])
        assert [v == 1.0 for v in values] == [s in state.winners for s in range(4)]


def test_four_players_check_clean(four: CompiledGame, native_later: str) -> None:
    report = check_game(four, examples=4)
    assert [(o.name, o.failure) for o in report.failed] == []
    # 81 cells: its kernels are compared with the engine in the slow run.
    assert [o.note for o in report.unchecked] == [native_later]


def test_four_players_rulebook_in_every_language(four: CompiledGame) -> None:
    for lang in LANGUAGES:
        text, svgs = render_rulebook(four, lang, "md", "ataxx-4")
        diagrams = [name for name in svgs if not name.startswith(("legend-", "component-"))]
        assert len(diagrams) == 6  # the start and five examples (besides swatches, pieces)
        assert all(f"../svg/ataxx-4/{name}" in text for name in svgs)
        if lang != "en":  # the four-player setting's own texts are translated too
            assert "Ataxx for four players on a 9×9 board" not in text
    english, _ = render_rulebook(four, "en", "md", "ataxx-4")
    assert "Ataxx for four players on a 9×9 board" in english
    assert "red, green, blue, yellow, then red again" in english
    assert "red and green share the win" in english
    assert "the game ends when no player can move" in english


def test_agents_play_four_seats(four: CompiledGame) -> None:
    specs = ["alphabeta:d1", "mcts:20i", "greedy", "random"]
    agents = [make_agent(spec, four, seat) for seat, spec in enumerate(specs)]
    record = play_game(four, agents, max_plies=24)
    assert [record.player(four, seat) for seat in range(4)] == specs
    assert record.verify(four).to_json()["fullmove"] >= 6


def test_alphabeta_takes_an_immediate_four_player_win(four: CompiledGame) -> None:
    # Red's jump c6e5 converts yellow's last piece and ends the game with red ahead.
    state = four.state_from_json({"to_move": "red", "cells": {
        "c6": "red", "c7": "red", "e4": "yellow", "h8": "green", "a1": "blue"}})
    for spec in ("alphabeta:d2", "greedy"):
        agent = make_agent(spec, four, 1)
        move = agent.act(state)
        after = state.clone()
        for action in move:
            after.apply(action)
        assert after.is_terminal() and after.winners == {0}, spec


# Seats on the command line and in matches ------------------------------------------------------
def boardspec(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "framework", *args], capture_output=True,
                          text=True, cwd=ROOT)


def test_play_takes_an_agent_per_seat(tmp_path: Path) -> None:
    saved = tmp_path / "game.json"
    run = boardspec("play", *FOUR, "--seat", "green=greedy", "--seat",
                    "yellow=mcts:5i", "--seed", "3", "--max-plies", "20", "--quiet",
                    "--save", str(saved))
    assert run.returncode == 0, run.stderr
    record = Record.load(saved)
    assert [record.headers[k] for k in ("Red", "Green", "Blue", "Yellow")] == \
        ["random", "greedy", "random", "mcts:5i"]
    two = boardspec("play", "games/ataxx.yaml", "--white", "greedy", "--seat", "o=random",
                    "--seed", "1", "--max-plies", "6", "--quiet")
    assert two.returncode == 0, two.stderr


@pytest.mark.parametrize(("args", "message"), [
    (["--seat", "pink=greedy"], "'pink' is not a player of this game"),
    (["--seat", "green"], "expected PLAYER=AGENT"),
    (["--seat", "red=greedy", "--white", "random"], "the seat of red is given twice"),
    (["--seat", "blue=mtcs"], "unknown agent"),
])
def test_bad_seats_are_usage_errors(args: list[str], message: str) -> None:
    run = boardspec("play", *FOUR, *args)
    assert run.returncode == 2
    assert message in " ".join(run.stderr.replace("│", " ").split())


def test_match_rotates_the_seats_of_four_players(tmp_path: Path) -> None:
    plans = schedule(["A", "B"], 4, seed=0, players=4)
    assert [p.seats for p in plans] == [("A", "B", "A", "B"), ("B", "A", "B", "A")] * 2
    plans = schedule(["A", "B", "C", "D"], 4, seed=0, players=4)
    for seat in range(4):
        assert sorted(p.seats[seat] for p in plans) == ["A", "B", "C", "D"]
    run = boardspec("match", *FOUR, "--agents", "greedy,random", "--games", "2",
                    "--max-plies", "40", "--out", str(tmp_path))
    assert run.returncode == 0, run.stderr
    summary = json.loads((tmp_path / "summary.json").read_text())
    assert summary["games"] == 2
    assert summary["agents"]["greedy"]["games"] == 4  # two seats in each of two games


def test_position_strings_must_tell_players_apart() -> None:
    clash = small_game(["red", "rose", "blue"]).replace("red: d, rose: e", "red: r, rose: r")
    with pytest.raises(SpecError, match="the symbol 'r' is used for red's stone and for rose"):
        load_game_text(clash)
    fixed = clash.replace("rose: r,", "rose: o,")
    for bad in ("5", "/", "-"):  # a run of empty cells, a row break, the gap
        with pytest.raises(SpecError, match="cannot be a piece symbol"):
            load_game_text(clash.replace("rose: r,", f"rose: '{bad}',"))
    assert load_game_text(fixed).state_from_fen(load_game_text(fixed).new_initial_state()
                                                .to_fen()).to_fen().endswith("r 0 1")
    snake = small_game(["a", "b", "c"], turn_order="snake")
    with pytest.raises(SpecError, match="depends on the round"):
        load_game_text(snake.replace("fen: {clocks: true}", "fen: {clocks: false}"))


def test_the_reference_catches_a_wrong_turn_order() -> None:
    game = load_game_text(small_game(["a", "b", "c"], turn_order="snake"))

    def rotate_instead(side: int, fullmove: int) -> tuple[int, bool]:
        return (side + 1) % 3, side == 2

    game.turn_order.next = rotate_instead  # type: ignore[method-assign]
    report = check_game(game, examples=6)
    failed = {o.name for o in report.failed}
    assert "same as the reference interpreter" in failed
