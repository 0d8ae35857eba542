"""Each reproduction of issue 14, run under the issue's bounds (2 s of CPU, 200 MB): it gets
a clear boardspec message (or works), never a hang, a memory blow-up or a traceback."""

from __future__ import annotations

import itertools
import json
from pathlib import Path
from typing import Any

import pytest

from framework import load_game, load_game_text
from framework.errors import BoardspecError, NotationError
from framework.records import Record
from tests.conftest import ROOT
from tests.hostile.bounded import assert_refused, cli, run_bounded

GAMES = ROOT / "games"
ASSIMILATION = (GAMES / "assimilation.yaml").read_text(encoding="utf-8")
ADAPTOID = (GAMES / "adaptoid.yaml").read_text(encoding="utf-8")


def alias_bomb() -> str:
    """342 bytes that expand to 9**9 strings."""
    lines = ['a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]']
    previous = "a"
    for name in "bcdefghi":
        lines.append(f"{name}: &{name} [" + ",".join([f"*{previous}"] * 9) + "]")
        previous = name
    return "\n".join(lines) + "\n"


def chain(cells: int) -> str:
    names = "\n".join(f"    c{i}: [{i}, 0]" for i in range(cells))
    links = ", ".join(f"c{i}-c{i + 1}" for i in range(cells - 1))
    return f"""name: Chain
players: [white, black]
board:
  type: custom
  cells:
{names}
  links: [{links}]
pieces:
  stone: {{symbols: {{white: x, black: o}}}}
setup:
  - {{type: fixed, cells: {{c0: white, c1: black}}}}
turn:
  - {{name: move, type: clone_or_jump}}
result: {{type: majority, equal: draw}}
"""


def custom(cells: str, links: str, extra: str = "") -> str:
    return f"""name: Custom
players: [white, black]
board:
  type: custom
  cells: {cells}
  links: {links}
{extra}pieces:
  stone: {{symbols: {{white: x, black: o}}}}
turn:
  - {{name: move, type: clone_or_jump}}
result: {{type: majority, equal: draw}}
"""


def write(tmp_path: Path, name: str, text: str) -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def refused(text: str, *needles: str) -> None:
    assert_refused(run_bounded(lambda: load_game_text(text, "hostile.yaml")), *needles)


# 1. The alias bomb -------------------------------------------------------------------
def test_alias_bomb_is_refused(tmp_path: Path) -> None:
    bomb = write(tmp_path, "bomb.yaml", alias_bomb())
    assert bomb.stat().st_size == 342
    assert_refused(run_bounded(cli("validate", str(bomb))), "bomb.yaml:2:8", "aliases")


def test_alias_bomb_named_by_a_record_is_refused(tmp_path: Path) -> None:
    write(tmp_path, "bomb.yaml", alias_bomb())
    record = write(tmp_path, "game.txt", '[Game "x"]\n[File "bomb.yaml"]\n\n1. b6\n')
    assert_refused(run_bounded(cli("replay", str(record))), "aliases")


def test_an_unused_anchor_is_harmless() -> None:
    game = load_game_text(ASSIMILATION.replace("pieces:\n  stone:", "pieces:\n  stone: &s"))
    assert game.name == "Assimilation"


# 2. Sizes and numbers that set work ---------------------------------------------------
@pytest.mark.parametrize("cells", [5_000, 20_000])
def test_a_huge_custom_board_is_refused(cells: int) -> None:
    refused(chain(cells), "limit")


def test_the_largest_custom_board_allowed_loads() -> None:
    outcome = run_bounded(lambda: load_game_text(chain(676)).board.size)
    assert outcome.kind == "ok" and outcome.value == 676, str(outcome)


@pytest.mark.parametrize("distance", [10**5, 10**18])
def test_a_huge_distance_is_refused(tmp_path: Path, distance: int) -> None:
    text = ASSIMILATION.replace("type: convert_adjacent, distance: 1}",
                                f"type: convert_adjacent, distance: {distance}}}")
    path = write(tmp_path, "far.yaml", text)
    assert_refused(run_bounded(cli("validate", str(path))), "far.yaml:20:", "at most 676")
    assert_refused(run_bounded(cli("perft", str(path), "2")), "at most 676")


def test_the_largest_distance_allowed_works() -> None:
    text = ASSIMILATION.replace("type: convert_adjacent, distance: 1}",
                                "type: convert_adjacent, distance: 676}")
    outcome = run_bounded(lambda: len(load_game_text(text).new_initial_state()
                                      .legal_actions()))
    assert outcome.kind == "ok" and outcome.value == 16, str(outcome)


def test_millions_of_holes_are_refused(tmp_path: Path) -> None:
    path = tmp_path / "holes.yaml"
    path.write_text(ASSIMILATION.replace(
        "adjacency: king}", "adjacency: king, holes: [" + "d4, " * 13_000_000 + "d4]}"))
    assert_refused(run_bounded(cli("validate", str(path))), "bytes", "limit")


def test_many_holes_in_a_small_file_are_refused() -> None:
    refused(ASSIMILATION.replace("adjacency: king}",
                                 "adjacency: king, holes: [" + "d4," * 200_000 + "d4]}"),
            "100,000 values")


def test_infinite_coordinates_are_refused() -> None:
    refused(custom("{a1: [.inf, 0], b1: [1, 0]}", "[a1-b1]"), "board.cells", "finite")


# 3. Files that are not files ----------------------------------------------------------
def test_dev_zero_as_a_game_file() -> None:
    assert_refused(run_bounded(cli("validate", "/dev/zero")), "not a file")


def test_dev_zero_named_by_a_record(tmp_path: Path) -> None:
    record = write(tmp_path, "game.txt", '[Game "x"]\n[File "/dev/zero"]\n\n1. b6\n')
    assert_refused(run_bounded(cli("replay", str(record))), "not a file")


def test_a_folder_and_a_pipe_as_game_files(tmp_path: Path) -> None:
    import os

    assert_refused(run_bounded(cli("validate", str(tmp_path))), "folder")
    fifo = tmp_path / "pipe.yaml"
    os.mkfifo(fifo)
    assert_refused(run_bounded(cli("validate", str(fifo))), "pipe")


# 4. Tracebacks that are now messages --------------------------------------------------
@pytest.mark.parametrize("depth", [499, 999, 5_000])
def test_deeply_nested_yaml(depth: int) -> None:
    refused("name: " + "[" * depth + "]" * depth + "\n", "nest")


def test_holes_covering_the_whole_board() -> None:
    every = ", ".join(f"{f}{r}" for f in "abcdefg" for r in range(1, 8))
    text = ASSIMILATION.replace("adjacency: king}", f"adjacency: king, holes: [{every}]}}")
    text = text.replace("    cells: {a7: white, g1: white, a1: black, g7: black}",
                        "    cells: {}")
    refused(text, "the holes cover the whole board")


def test_deeply_nested_position(tmp_path: Path) -> None:
    deep = '{"cells":' * 1000 + "1" + "}" * 1000
    game = str(GAMES / "assimilation.yaml")
    assert_refused(run_bounded(cli("show", game, "--position", deep)), "nested")
    path = write(tmp_path, "deep.json", deep)
    assert_refused(run_bounded(cli("show", game, "--position", str(path))), "nested")


def test_a_position_file_that_is_not_utf8(tmp_path: Path) -> None:
    path = tmp_path / "bad.json"
    path.write_bytes(b'{"cells": "\xff\xfe"}')
    assert_refused(run_bounded(cli("show", str(GAMES / "assimilation.yaml"), "--position",
                                   str(path))), "not UTF-8")


def test_a_binary_record(tmp_path: Path) -> None:
    path = tmp_path / "game.txt"
    path.write_bytes(bytes(range(256)) * 10)
    assert_refused(run_bounded(cli("replay", str(path))), "not UTF-8")


@pytest.mark.parametrize("fen", ["x5o/7/7/7/7/7/o5x x ² 1", "x5o/7/²/7/7/7/o5x x 0 1",
                                 "x5o/7/7/7/7/7/o5x x 0 " + "9" * 5000,
                                 "x5o/7/7/7/7/7/o" + "9" * 50 + " x 0 1"])
def test_fen_with_odd_digits(fen: str) -> None:
    assert_refused(run_bounded(cli("show", str(GAMES / "assimilation.yaml"), "--fen", fen)))


@pytest.mark.parametrize("bad", [None, 42, b"b6", ["b6"]])
def test_apply_with_something_that_is_not_an_action(assimilation: Any, bad: Any) -> None:
    state = assimilation.new_initial_state()
    before = state.to_json()
    with pytest.raises(NotationError, match="expected an action or its notation"):
        state.apply(bad)
    assert state.to_json() == before


@pytest.mark.parametrize("bad", [None, 42, ["x"]])
def test_positions_of_the_wrong_type(assimilation: Any, bad: Any) -> None:
    with pytest.raises(BoardspecError):
        assimilation.state_from_fen(bad)
    with pytest.raises(BoardspecError):
        assimilation.state_from_json(bad)


def output_commands(target: str) -> list[tuple[str, ...]]:
    game = str(GAMES / "assimilation.yaml")
    return [("match", game, "--agents", "random,random", "--games", "1", "--out", target),
            ("docs", game, "--out", target, "--lang", "en", "--format", "md"),
            ("show", game, "--svg", target),
            ("play", game, "--max-plies", "2", "--save", target)]


def test_output_paths_that_are_a_file_or_a_folder(tmp_path: Path) -> None:
    a_file = write(tmp_path, "taken.txt", "keep me\n")
    for args in output_commands(str(a_file))[:2] + output_commands(str(tmp_path))[2:]:
        outcome = run_bounded(cli(*args))
        assert_refused(outcome, "cannot write")
        assert "game" not in outcome.output.split("cannot write")[0], outcome.output
    for args in output_commands(str(a_file / "below"))[:]:
        assert_refused(run_bounded(cli(*args)), "is a file, not a folder")
    assert a_file.read_text() == "keep me\n"


# 5. Nonsense that was accepted --------------------------------------------------------
def test_a_fen_row_too_long(assimilation: Any) -> None:
    with pytest.raises(BoardspecError, match="more than 7 cells"):
        assimilation.state_from_fen("x6o/7/7/7/7/7/o5x x 0 1")


def test_more_pieces_than_the_supply() -> None:
    game = load_game(GAMES / "adaptoid.yaml")
    cells = {f"{r}{c}": "white" for r in "ABC" for c in range(1, 6) if game.board.index.get(
        f"{r}{c}") is not None}
    assert len(cells) >= 13
    with pytest.raises(BoardspecError, match="supply is 12"):
        game.state_from_json({"cells": cells})


def test_a_fixed_setup_on_a_hole() -> None:
    refused(ASSIMILATION.replace("adjacency: king}", "adjacency: king, holes: [a7]}"),
            "setup[0].cells.a7", "is a hole")


def test_a_fixed_setup_over_the_supply() -> None:
    refused(ASSIMILATION.replace("    symbols: {white: x, black: o}",
                                 "    symbols: {white: x, black: o}\n    supply: 1"),
            "supply of stone is 1")


@pytest.mark.parametrize(("links", "needle"), [
    ("[a1-b1, b1-b1]", "joins a cell to itself"),
    ("[a1-b1, b1-a1]", "repeats 'a1-b1'"),
])
def test_bad_links(links: str, needle: str) -> None:
    refused(custom("{a1: [0, 0], b1: [1, 0]}", links), needle)


def test_a_cell_twice_in_rows() -> None:
    refused(custom("{a1: [0, 0], b1: [1, 0]}", "[a1-b1]", "  rows: [[a1, b1, a1]]\n"),
            "listed in the rows twice")


@pytest.mark.parametrize(("cells", "needle"), [
    ("{a: [0, 0], ba: [1, 0], aba: [2, 0]}", "'a' then 'ba' is written like the cell 'aba'"),
    ("{ab: [0, 0], c: [1, 0], a: [2, 0], bc: [3, 0]}", "written like"),
    ("{a1: [0, 0], A1: [1, 0]}", "differ only in case"),
])
def test_ambiguous_cell_names(cells: str, needle: str) -> None:
    names = [n.split(":")[0].strip(" {") for n in cells.split("], ")]
    links = "[" + ", ".join(f"{x}-{y}" for x, y in itertools.pairwise(names)) + "]"
    refused(custom(cells, links), needle)


def test_unambiguous_custom_names_load() -> None:
    cells = ", ".join(f"n{i}: [{i}, 0]" for i in range(1, 13))
    links = "[" + ", ".join(f"n{i}-n{i + 1}" for i in range(1, 12)) + "]"
    assert load_game_text(custom("{" + cells + "}", links)).board.size == 12


def test_a_cell_name_with_record_syntax() -> None:
    refused(custom('{"c{d": [0, 0], b1: [1, 0]}', '["c{d-b1"]'), "board.cells")


def test_place_each_with_no_supply() -> None:
    text = ADAPTOID.replace("    supply: 12  ", "    supply: 0  ", 1)
    assert text != ADAPTOID
    refused(text, "place_each", "supply of adaptoid is 0")


def test_a_record_whose_plies_header_is_wrong(assimilation: Any) -> None:
    record = Record({"Game": "Assimilation", "Result": "unfinished", "Plies": "5"},
                    [["b6"], ["b2"]])
    with pytest.raises(BoardspecError, match="Plies header says '5'"):
        record.verify(assimilation)


def test_a_json_record_of_another_version(tmp_path: Path) -> None:
    data = {"format": "boardspec-record", "version": 99, "headers": {}, "turns": []}
    path = write(tmp_path, "game.json", json.dumps(data))
    with pytest.raises(BoardspecError, match="version 99"):
        Record.load(path)


def test_a_record_longer_than_the_game_can_be(tmp_path: Path) -> None:
    path = write(tmp_path, "long.txt", '[Game "Assimilation"]\n\n' + "".join(
        f"{n}. b6\n" for n in range(1, 90_001)))
    assert_refused(run_bounded(cli("replay", str(path), "--game", str(GAMES /
                                                                    "assimilation.yaml"))),
                   "90,000 plies", "at most 2,000")


def test_a_record_longer_than_any_game_is_refused_at_the_limit(tmp_path: Path) -> None:
    """The most turns a record may hold bounds the work of reading it, whatever its bytes:
    it is refused at the first turn past the limit (300,000 turns took 2.08 s of CPU on a
    loaded machine when every turn was read first), and a text of blank lines by its lines
    before any is split."""
    turns = write(tmp_path, "turns.txt", '[Game "Assimilation"]\n\n' + "".join(
        f"{n}. b6\n" for n in range(1, 150_001)))
    assert_refused(run_bounded(cli("replay", str(turns), "--game", str(GAMES /
                                                                     "assimilation.yaml"))),
                   "more than 100,000 turns", "limits.md")
    blank = write(tmp_path, "blank.txt", '[Game "Assimilation"]\n' + "\n" * 3_000_000)
    assert_refused(run_bounded(cli("replay", str(blank))), "3,000,001 lines",
                   "at most 200,000")
    as_json = write(tmp_path, "turns.json", json.dumps(
        {"format": "boardspec-record", "version": 1, "headers": {},
         "turns": [["b6"]] * 300_000}))
    assert_refused(run_bounded(cli("replay", str(as_json))), "300,000 turns",
                   "at most 100,000")


def test_a_turn_where_no_one_acts() -> None:
    """Found by the fuzzer: a turn of automatic phases only looped until RecursionError."""
    text = ASSIMILATION.replace("""  - name: move
    type: clone_or_jump
    clone: {distance: 1}
    jump: {distance: 2}
""", "")
    assert text != ASSIMILATION
    refused(text, "turn", "every phase of the turn is automatic")
