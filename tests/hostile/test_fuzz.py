"""A fuzzer over everything a user can give: game files (text and structure), positions,
FEN strings, records and actions. Whatever it is given, boardspec either succeeds or raises
one of its own errors, within 2 s of CPU per input and 200 MB for the whole run; never
anything else.

Each fuzz run happens in a forked child under the memory limit (tests/hostile/bounded.py).
The default run tries a few dozen inputs per target; ``pytest -m slow`` a few thousand.
"""

from __future__ import annotations

import copy
import json
import random
import time
from collections.abc import Callable
from functools import cache
from typing import Any

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from framework import CompiledGame, load_game, load_game_text
from framework.errors import BoardspecError
from framework.records import Record
from tests.conftest import GAME_FILES
from tests.hostile.bounded import (
    CPU_SECONDS,
    MEMORY_MB,
    cli,
    peak_growth_mb,
    reset_peak,
    run_bounded,
)

BUDGETS = [40, pytest.param(2_000, marks=pytest.mark.slow, id="slow")]
TEXTS = {p.stem: p.read_text(encoding="utf-8") for p in GAME_FILES}

WORDS = ["white", "black", "red", "blue", "stone", "adaptoid", "legs", "pincers", "move",
         "build", "a1", "d4", "A1", "D4", "g7", "custom", "grid", "hexhex", "fixed",
         "place_each", "clone_or_jump", "walk", "convert_adjacent", "majority", "type",
         "name", "cells", "holes", "distance", "supply", "max", "c{d", "x", "o", "-", "",
         "a1-b1", "²", "é"]
SCALARS = st.one_of(
    st.none(), st.booleans(), st.sampled_from(WORDS), st.text(max_size=12),
    st.sampled_from([0, 1, 2, 3, 7, 26, 27, 676, 677, 10**6, 10**6 + 1, 10**18, -1]),
    st.integers(min_value=-(2**70), max_value=2**70),
    st.floats(allow_nan=True, allow_infinity=True))
VALUES = st.recursive(SCALARS, lambda inner: st.lists(inner, max_size=4) | st.dictionaries(
    st.sampled_from(WORDS) | st.text(max_size=6), inner, max_size=4), max_leaves=12)
YAML_TOKENS = ["&a ", "*a", "[", "]", "{", "}", ": ", "- ", "\n", "  ", "\t",
               "!!python/name:os.system", "!!binary", "1e999", "9" * 30, ".inf", ".nan", "~",
               "'", '"', "#", "<<: *a",
               "? ", "|", ">", "é", "²", "\x00", "\ufeff", "---\n", "...\n", "%YAML 1.1\n"]


def bounded(call: Callable[[], Any]) -> Any:
    """Run one input: a boardspec error counts as an answer (None); anything else raised
    fails the test; so does more than the CPU or memory budget."""
    resident = reset_peak()
    start = time.process_time()
    try:
        result = call()
    except BoardspecError:
        result = None
    spent = time.process_time() - start
    assert spent <= CPU_SECONDS, f"{spent:.2f} s of CPU for one input"
    grown = peak_growth_mb(resident)
    assert grown <= MEMORY_MB, f"{grown:.0f} MB for one input"
    return result


def fuzz(test: Callable[..., None], examples: int) -> None:
    """Run a hypothesis test for ``examples`` inputs in a forked child (whose hard limits
    keep a runaway input from taking the machine down)."""
    configured = settings(max_examples=examples, deadline=None, derandomize=False,
                          suppress_health_check=list(HealthCheck), database=None)(test)
    outcome = run_bounded(configured, cpu_seconds=examples * CPU_SECONDS,
                          wall_seconds=60 + examples * CPU_SECONDS)
    assert outcome.kind == "ok", str(outcome)


@cache
def game(stem: str) -> CompiledGame:
    return load_game(next(p for p in GAME_FILES if p.stem == stem))


def exercise(compiled: CompiledGame, seed: int, plies: int = 30) -> None:
    """Play a few random plies and round-trip the positions met."""
    rng = random.Random(seed)
    state = compiled.new_initial_state()
    for _ in range(plies):
        if state.is_terminal():
            break
        again = compiled.state_from_json(state.to_json())
        assert again.to_json() == state.to_json()
        if compiled.spec.notation.fen is not None and not compiled.setups:
            assert compiled.state_from_fen(state.to_fen()).to_fen() == state.to_fen()
        actions = state.legal_actions()
        if not actions:
            break
        state.apply(rng.choice(actions))


# Game files -------------------------------------------------------------------------
def _pick_path(data: Any, draw: Callable[[Any], Any]) -> list[Any]:
    """A random path into nested data (possibly empty: the root)."""
    path: list[Any] = []
    node = data
    while isinstance(node, dict | list) and node and draw(st.booleans()):
        keys = list(node) if isinstance(node, dict) else list(range(len(node)))
        key = draw(st.sampled_from(keys))
        path.append(key)
        node = node[key]
    return path


def _mutate(data: Any, draw: Callable[[Any], Any]) -> Any:
    data = copy.deepcopy(data)
    for _ in range(draw(st.integers(1, 3))):
        path = _pick_path(data, draw)
        if not path:
            continue
        parent = data
        for key in path[:-1]:
            parent = parent[key]
        action = draw(st.sampled_from(["replace", "delete", "add"]))
        if action == "replace":
            parent[path[-1]] = draw(VALUES)
        elif action == "delete":
            del parent[path[-1]]
        elif isinstance(parent, dict):
            parent[draw(st.sampled_from(WORDS))] = draw(VALUES)
        else:
            parent.insert(path[-1], draw(VALUES))
    return data


@pytest.mark.parametrize("examples", BUDGETS)
def test_fuzz_game_structure(examples: int) -> None:
    @given(st.sampled_from(sorted(TEXTS)), st.data(), st.integers(0, 2**32))
    def run(stem: str, data: st.DataObject, seed: int) -> None:
        mutated = _mutate(yaml.safe_load(TEXTS[stem]), data.draw)
        text = yaml.safe_dump(mutated, allow_unicode=True, sort_keys=False)
        compiled = bounded(lambda: load_game_text(text, "fuzz.yaml"))
        if compiled is not None:
            bounded(lambda: exercise(compiled, seed))
    fuzz(run, examples)


@pytest.mark.parametrize("examples", BUDGETS)
def test_fuzz_game_text(examples: int) -> None:
    @given(st.sampled_from(sorted(TEXTS)), st.data())
    def run(stem: str, data: st.DataObject) -> None:
        text = TEXTS[stem]
        for _ in range(data.draw(st.integers(1, 4))):
            start = data.draw(st.integers(0, len(text)))
            end = data.draw(st.integers(start, min(len(text), start + 40)))
            piece = data.draw(st.sampled_from(YAML_TOKENS) | st.text(max_size=8))
            text = text[:start] + piece + text[end:]
        compiled = bounded(lambda: load_game_text(text, "fuzz.yaml"))
        if compiled is not None:
            bounded(lambda: exercise(compiled, 1, plies=10))
    fuzz(run, examples)


# Positions ---------------------------------------------------------------------------
def _positions(compiled: CompiledGame) -> st.SearchStrategy[Any]:
    names = list(compiled.board.names)
    players = list(compiled.players)
    entry = st.sampled_from(players) | st.fixed_dictionaries(
        {"owner": st.sampled_from(players) | VALUES},
        optional={"piece": st.sampled_from(list(compiled.piece_kinds)) | VALUES,
                  **{a: st.integers(-2, 20) | VALUES for a in compiled.attributes}})
    cells = st.dictionaries(st.sampled_from(names) | st.text(max_size=4), entry, max_size=60)
    keys = {"to_move": st.sampled_from(players) | VALUES, "cells": cells | VALUES,
            "gaps": st.lists(st.sampled_from(names), max_size=5) | VALUES,
            "phase": st.sampled_from([p.name for p in compiled.phases]) | VALUES,
            "setup": st.sampled_from([s.name for s in compiled.setups] or ["x"]) | VALUES,
            "counters": VALUES, "halfmove": st.integers(-1, 10**7) | VALUES,
            "fullmove": st.integers(-1, 10**7) | VALUES, "seats": VALUES,
            "result": VALUES, "game": st.just(compiled.name) | VALUES, "extra": VALUES}
    return st.fixed_dictionaries({}, optional=keys) | VALUES


@pytest.mark.parametrize("examples", BUDGETS)
def test_fuzz_positions(examples: int) -> None:
    @given(st.sampled_from(sorted(TEXTS)), st.data())
    def run(stem: str, data: st.DataObject) -> None:
        compiled = game(stem)
        position = data.draw(_positions(compiled))
        state = bounded(lambda: compiled.state_from_json(position))
        if state is not None:
            bounded(lambda: (state.legal_actions(), state.to_json(), state.is_terminal()))
        text = json.dumps(position) if data.draw(st.booleans()) else data.draw(st.text())
        bounded(lambda: compiled.state_from_json(text))
    fuzz(run, examples)


@pytest.mark.parametrize("examples", BUDGETS)
def test_fuzz_fen(examples: int) -> None:
    stems = sorted(s for s in TEXTS if game(s).spec.notation.fen is not None)

    @given(st.sampled_from(stems), st.data())
    def run(stem: str, data: st.DataObject) -> None:
        compiled = game(stem)
        fen = data.draw(st.one_of(
            st.text(alphabet="xo-/0123456789 wbXOr²٣\t", max_size=80), st.text(max_size=40)))
        if data.draw(st.booleans()):
            start = compiled.new_initial_state().to_fen()
            at = data.draw(st.integers(0, len(start)))
            fen = start[:at] + fen[:5] + start[at + data.draw(st.integers(0, 3)):]
        state = bounded(lambda: compiled.state_from_fen(fen))
        if state is not None:
            bounded(lambda: compiled.state_from_fen(state.to_fen()))
    fuzz(run, examples)


# Records and actions -----------------------------------------------------------------
@pytest.mark.parametrize("examples", BUDGETS)
def test_fuzz_records(examples: int) -> None:
    compiled = game("assimilation")
    valid = Record({"Game": "Assimilation", "Result": "unfinished", "Plies": "4"},
                   [["b6"], ["b2"], ["c6"], ["a1c3"]]).to_text()

    @given(st.data())
    def run(data: st.DataObject) -> None:
        text = valid
        for _ in range(data.draw(st.integers(0, 3))):
            at = data.draw(st.integers(0, len(text)))
            piece = data.draw(st.sampled_from(['[', ']', '"', "\\", "{", "}", "\n", "9" * 12,
                                               "1. ", "a1", "²", "\x00"]) | st.text(max_size=6))
            text = text[:at] + piece + text[at + data.draw(st.integers(0, 4)):]
        record = bounded(lambda: Record.from_text(text))
        if record is not None:
            bounded(lambda: record.verify(compiled))
        blob = data.draw(VALUES | st.fixed_dictionaries(
            {"format": st.just("boardspec-record"), "version": st.just(1) | VALUES,
             "headers": VALUES, "turns": st.lists(st.lists(st.sampled_from(
                 ["b6", "b2", "zz", ""]) | VALUES, max_size=3), max_size=4) | VALUES}))
        record = bounded(lambda: Record.from_json(blob))
        if record is not None:
            bounded(lambda: record.verify(compiled))
    fuzz(run, examples)


@pytest.mark.parametrize("examples", BUDGETS)
def test_fuzz_actions(examples: int) -> None:
    @given(st.sampled_from(sorted(TEXTS)), st.data())
    def run(stem: str, data: st.DataObject) -> None:
        state = game(stem).new_initial_state()
        legal = [a.notation for a in state.legal_actions()]
        action = data.draw(st.sampled_from(legal) | st.text(max_size=12) | VALUES)
        before = state.to_json()
        played = bounded(lambda: state.apply(action) or True)
        if played is None:
            assert state.to_json() == before  # a refused action changes nothing
    fuzz(run, examples)


# The command line ---------------------------------------------------------------------
def _one_screen(args: list[str]) -> None:
    """``boardspec ARGS`` ends with exit code 0, 1 or 2 and at most a screenful of
    output, never a traceback, within the bounds."""
    outcome = run_bounded(cli(*args))
    assert outcome.kind == "exit" and outcome.exit_code in (0, 1, 2), str(outcome)
    assert "Traceback" not in outcome.output, outcome.output
    assert outcome.cpu <= CPU_SECONDS and outcome.memory_mb <= MEMORY_MB, str(outcome)
    if outcome.exit_code:
        assert len(outcome.output.strip().splitlines()) <= 25, outcome.output


@pytest.mark.parametrize("examples", [12, pytest.param(300, marks=pytest.mark.slow,
                                                        id="slow")])
def test_fuzz_command_line(examples: int, tmp_path_factory: pytest.TempPathFactory) -> None:
    folder = tmp_path_factory.mktemp("cli")
    game_file = str(next(p for p in GAME_FILES if p.stem == "assimilation"))

    @settings(max_examples=examples, deadline=None, database=None,
              suppress_health_check=list(HealthCheck))
    @given(st.binary(max_size=300) | st.text(max_size=300).map(str.encode) | st.sampled_from(
        [t.encode() for t in TEXTS.values()]), st.text(max_size=60), st.integers(0, 3))
    def run(content: bytes, text: str, which: int) -> None:
        path = folder / "input"
        path.write_bytes(content)
        _one_screen([["validate", str(path)], ["replay", str(path), "--game", game_file],
                     ["show", game_file, "--fen", text or "-"],
                     ["moves", game_file, "--position", text or "{"]][which])
    run()
