"""Game parameters (``framework.spec.params``): a file's variants declared in the file,
substituted in the document before validation, chosen with ``--param`` or a call.

Hex is the oracle's game: OpenSpiel's C++ ``hex`` counts the same trees at every size
(``tests/test_hex.py`` plays them side by side); here 7 × 7 with the swap gives 49 first
stones and 48 replies plus the swap for each: 49 × 49 = 2401 at depth 2.
"""

from __future__ import annotations

import pickle
import subprocess
import sys

import pytest

from framework import load_game
from framework.errors import SpecError
from framework.game import load_game_text
from framework.perft import perft
from framework.spec.params import ParameterError, evaluate, settings_to_check

from .conftest import ROOT

HEX = ROOT / "games" / "hex.yaml"

TINY = """\
parameters:
  size: {type: int, default: 3, min: 3, max: 5, description: cells along a side}
  blocked: {type: bool, default: false}
  first: {type: choice, default: red, choices: [red, blue]}
name: "Tiny ${size}"
players: [red, blue]
board: {type: grid, rows: $size, columns: $size}
pieces:
  stone: {}
  wall: {}
turn:
  - name: place
    type: moves
    options:
      - {type: place, piece: stone}
      - $if: blocked
        then: {type: place, piece: wall, kind: wall}
max_plies: ${size * size}
result: {type: draw}
examples:
  - name: three
    parameters: {size: 3}
    actions: [a1]
  - name: any size
    actions: [b2]
"""


def boardspec(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "framework", *args], capture_output=True,
                          text=True, cwd=ROOT)


def test_perft_of_hex_7_is_2401_from_the_command_line() -> None:
    run = boardspec("perft", "games/hex.yaml", "2", "--param", "size=7")
    assert run.returncode == 0, run.stderr
    assert run.stdout.strip() == "2401"


@pytest.mark.parametrize(("size", "swap"), [(5, True), (7, False), (9, True), (19, False)])
def test_one_hex_file_plays_every_size(size: int, swap: bool) -> None:
    game = load_game(HEX, {"size": size, "swap": swap})
    assert game.board.size == size * size
    assert game.spec.max_plies == size * size + 1
    assert game.parameters == {"size": size, "swap": swap}
    last = "abcdefghijklmnopqrs"[size - 1]
    assert game.zone_mask("second_side", 1) == sum(
        1 << game.board.cell(f"{last}{row}") for row in range(1, size + 1))
    expected = size * size * (size * size - 1 + swap)
    assert perft(game.new_initial_state(), 2) == expected


def test_the_defaults_are_the_standard_game_and_text_values_are_read() -> None:
    game = load_game(HEX)
    assert game.parameters == {"size": 11, "swap": True} and game.board.size == 121
    assert load_game(HEX, {"size": "5", "swap": "no"}).parameters == {"size": 5,
                                                                      "swap": False}


@pytest.mark.parametrize(("given", "message"), [
    ({"size": 4}, r"parameter 'size': expected a whole number from 5 to 19; found 4"),
    ({"size": "x"}, r"expected a whole number from 5 to 19; found 'x'"),
    ({"swap": "maybe"}, r"parameter 'swap': expected true or false"),
    ({"sise": 7}, r"no parameter 'sise' \(did you mean 'size'\?\); it declares: size, swap"),
])
def test_bad_values_are_refused_with_what_is_allowed(given: dict[str, object],
                                                     message: str) -> None:
    with pytest.raises(ParameterError, match=message):
        load_game(HEX, given)


def test_the_command_line_refuses_a_bad_value_and_names_it() -> None:
    run = boardspec("perft", "games/hex.yaml", "1", "--param", "size=20")
    assert run.returncode == 2  # a refused input exits 2
    assert "parameter 'size': expected a whole number from 5 to 19; found '20'" in run.stderr
    run = boardspec("perft", "games/hex.yaml", "1", "--param", "size")
    assert run.returncode == 2 and "name=value" in run.stderr


def test_a_switch_a_choice_and_the_examples_of_a_setting() -> None:
    game = load_game_text(TINY)
    assert game.name == "Tiny 3" and game.board.size == 9
    assert [e.name for e in game.spec.examples] == ["three", "any size"]
    assert [o.type for o in game.spec.turn[0].options] == ["place"]
    bigger = load_game_text(TINY, parameters={"size": 4, "blocked": True})
    assert bigger.name == "Tiny 4" and bigger.spec.max_plies == 16
    assert [o.piece for o in bigger.spec.turn[0].options] == ["stone", "wall"]
    assert [e.name for e in bigger.spec.examples] == ["any size"]
    with pytest.raises(ParameterError, match="expected one of red, blue; found 'green'"):
        load_game_text(TINY, parameters={"first": "green"})


@pytest.mark.parametrize(("edit", "message"), [
    (("rows: $size", "rows: $sise"), r"7:.*board.rows: unknown parameter 'sise' \(did you "
                                     r"mean 'size'\?\); this file declares: size, blocked"),
    (("${size * size}", "${size ** 2}"), r"max_plies: .*an expression of parameters uses"),
    (("${size * size}", "${size.__class__}"), r"an expression of parameters uses"),
    (("${size * size}", "${open('x')}"), r"an expression of parameters uses"),
    (("${size * size}", "${blocked + 1}"), r"max_plies: .*take numbers"),
    (("$if: blocked", "$if: size"), r"a \$if condition is true or false; found 3"),
    (("default: 3, min: 3", "default: 2, min: 3"), r"parameters.size: .*expected a whole "
                                                    r"number from 3 to 5; found 2"),
    (("{size: 3}", "{colour: 3}"), r"examples\[0\].parameters.colour: unknown parameter"),
    (("then: {type: place", "than: {type: place"), r"unknown key 'than': a \$if takes"),
])
def test_mistakes_in_a_file_are_located(edit: tuple[str, str], message: str) -> None:
    old, new = edit
    assert old in TINY
    with pytest.raises(SpecError, match=message):
        load_game_text(TINY.replace(old, new), "tiny.yaml")


def test_expressions_are_small_and_safe() -> None:
    assert evaluate("size * size + 1", {"size": 7}) == 50
    assert evaluate("letter(size)", {"size": 11}) == "k"
    assert evaluate("'a' if size > 3 else 'b'", {"size": 3}) == "b"
    assert evaluate("min(size, 4) // 2", {"size": 9}) == 2
    for bad in ("__import__('os')", "size.real", "[1, 2]", "size ** size", "lambda: 1",
                "x" * 300):
        with pytest.raises(ValueError):
            evaluate(bad, {"size": 7})


def test_a_game_pickles_with_its_parameters() -> None:
    game = load_game(HEX, {"size": 7})
    state = game.new_initial_state()
    state.apply("d4")
    again = pickle.loads(pickle.dumps(state))
    assert again.game.parameters == {"size": 7, "swap": True}
    assert again.game.board.size == 49 and again == state


def test_check_runs_a_few_other_settings() -> None:
    declared = load_game(HEX).spec.parameters
    assert list(settings_to_check(declared)) == [{"size": 5}, {"size": 19}, {"swap": False}]
    # One other setting, the first: Hex 19 x 19's check (the second) is left to the slow
    # tier's check of every setting; --settings is seen to stop at its number.
    run = boardspec("check", "games/hex.yaml", "--examples", "2", "--settings", "1",
                    "--param", "size=7")
    assert run.returncode == 0, run.stdout + run.stderr
    assert "--param size=5" in run.stdout and "--param size=19" not in run.stdout


def test_a_match_record_names_its_variant_and_replays_it(tmp_path: object) -> None:
    from pathlib import Path

    out = Path(str(tmp_path)) / "m"
    run = boardspec("match", "hex", "--agents", "random,greedy", "--games", "2",
                    "--param", "size=5", "--out", str(out))
    assert run.returncode == 0, run.stderr
    records = sorted(out.glob("game-*.txt"))
    assert records and '[Parameters "size=5 swap=true"]' in records[0].read_text()
    replayed = boardspec("replay", str(records[0]), "--game", "games/hex.yaml")
    assert replayed.returncode == 0, replayed.stderr
    assert "every action verified" in replayed.stdout


GO_LIKE = """\
parameters:
  size: {type: int, default: 19, min: 5, max: 19, description: lines along each side}
  komi: {type: number, default: 7.5, min: 0, max: 20, description: points white gets}
name: "Stones ${size}×${size}"
players: [black, white]
board: {type: grid, rows: $size, columns: $size}
zones:
  corners: {black: [a1, "${letter(size)}${size}"], white: [a1, "${letter(size)}${size}"]}
pieces: {stone: {symbols: {black: x, white: o}}}
turn:
  - name: place
    type: moves
    options: [{type: place, piece: stone}]
max_plies: ${size * size * 3}
result: {type: draw}
evaluation:
  terms: [{piece: stone, weight: 1}]
  mobility: $komi
"""


@pytest.mark.parametrize("size", [9, 19])
def test_what_a_go_file_needs_size_9_to_19_and_a_komi(size: int) -> None:
    """games/go.yaml (written elsewhere) takes ``size`` and ``komi``: a square board of
    any size up to 19 (column letters to s), a number, expressions and zones of the size;
    its board keeps the square's eight symmetries at every size."""
    game = load_game_text(GO_LIKE, "go-like.yaml", {"size": size, "komi": "6.5"})
    assert game.parameters == {"size": size, "komi": 6.5}
    assert game.board.size == size * size and game.spec.max_plies == 3 * size * size
    assert game.spec.name == f"Stones {size}×{size}"
    assert game.spec.evaluation is not None and game.spec.evaluation.mobility == 6.5
    corner = f"{'abcdefghijklmnopqrs'[size - 1]}{size}"
    assert game.zone_mask("corners", 0) == 1 | 1 << game.board.cell(corner)
    assert len(game.new_initial_state().legal_actions()) == size * size
    assert len(game.board.symmetries().symmetries) == 8
    with pytest.raises(ParameterError, match="expected a number from 0 to 20; found 'x'"):
        load_game_text(GO_LIKE, "go-like.yaml", {"komi": "x"})
