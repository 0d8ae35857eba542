"""A fuzzer over everything a user can give: game files (text and structure), positions,
FEN strings, records and actions, the command line, the web API and ``boardspec uai``.
Whatever it is given, boardspec either succeeds or raises one of its own errors, within 2 s
of CPU per input and 200 MB for the whole run; never anything else. Inputs made bad on
purpose (a foreign Origin or Host, a body that is not JSON, a seat beyond the budgets, a
``go`` past its limits) must be refused: a 4xx with ``{"error": ...}`` that changes nothing,
or ``info string error: ...``.

Each fuzz run happens in a forked child under the memory limit (tests/hostile/bounded.py).
The default run tries a few dozen inputs per target; ``pytest -m slow`` a few thousand.

Every game file that loads has its native module checked for text of the file
(``generated_source``), and every bundled game with hidden information is played as twin
games its first seat cannot tell apart (``tests/hostile/leaks.py``): nothing the Python
state, the web API or the native batches tell that seat may differ between them.
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
    st.floats(allow_nan=False, allow_infinity=False))  # JSON carries neither
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
    configured = settings(max_examples=examples, deadline=None, derandomize=True,
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
            bounded(lambda: generated_source(compiled))
    fuzz(run, examples)


def generated_source(compiled: CompiledGame) -> None:
    """The native module of a game file that loads holds only the generator's text."""
    from framework.native.assemble import plan_of, source_of
    from tests.hostile.test_generated_source import assert_generated_by_the_package

    assert_generated_by_the_package(source_of(plan_of(compiled)))


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


# The web API ------------------------------------------------------------------------------
#: One change to a valid request that must be refused (4xx and {"error": ...}).
BAD_SEATS = ["mcts:31s", "alphabeta:d9", "mcts:200001i", "", "nobody", "humans", 7, None,
             ["human"], "random:d3", "human:x"]
BAD_BODIES: list[Callable[[dict[str, Any]], Any]] = [
    lambda b: {**b, "game": "no-such-game"},
    lambda b: {**b, "game": "../games/ataxx"},
    lambda b: {**b, "seats": ["human"]},
    lambda b: {**b, "seats": "human,random"},
    lambda b: {**b, "seed": 2**63},
    lambda b: {**b, "seed": -1},
    lambda b: {**b, "seed": "1"},
    lambda b: {**b, "seed": True},
    lambda b: {**b, "seed": 1.5},
    lambda b: [b],
    lambda b: "text",
]
BAD_RAW = [b"{", b"[" * 5000, b'{"game": "ataxx", "seed": ' + b"9" * 5000 + b"}",
           '{"game": "ataxx"}'.encode("utf-16"), b"\xff\xfe{}", b"{" + b" " * 20_000 + b"}",
           b'{"game": "\\ud800"}', b"null", b"1e999"]


def _web_app() -> Any:
    from starlette.testclient import TestClient

    from framework.web import create_app

    paths = [p for p in GAME_FILES if p.stem in ("ataxx", "tic-tac-toe", "adaptoid")]
    return TestClient(create_app(paths, games_per_client=10**9), base_url="http://localhost")


def _refusal(response: Any) -> None:
    assert 400 <= response.status_code < 500, (response.status_code, response.text[:300])
    error = response.json()["error"]
    assert isinstance(error, str) and error and "Traceback" not in error


def _answered(response: Any) -> None:
    """Any answer but a 5xx; a refusal carries its reason."""
    assert response.status_code < 500, (response.status_code, response.text[:300])
    if response.status_code >= 400:
        _refusal(response)


@pytest.mark.parametrize("examples", BUDGETS)
def test_fuzz_web_api(examples: int) -> None:
    seats = st.sampled_from(["human", "random", "greedy"]) | st.sampled_from(BAD_SEATS)

    @given(st.data())
    def run(data: st.DataObject) -> None:
        with _web_app() as client:
            game = data.draw(st.sampled_from(["ataxx", "tic-tac-toe", "adaptoid"]))
            body: dict[str, Any] = {"game": game, "seats": ["human", "human"], "seed": 1}
            if data.draw(st.booleans()):  # a request made bad on purpose: refused
                bad = data.draw(st.sampled_from(BAD_BODIES))(body) if data.draw(
                    st.booleans()) else {**body, "seats": [data.draw(seats), "x"]}
                _refusal(client.post("/api/play", json=bad))
                raw = data.draw(st.sampled_from(BAD_RAW))
                _refusal(client.post("/api/play", content=raw,
                                     headers={"Content-Type": "application/json"}))
                _refusal(client.post("/api/play", content=b'{"game": "ataxx"}',
                                     headers={"Content-Type": data.draw(st.sampled_from(
                                         ["text/plain", "application/x-www-form-urlencoded",
                                          "multipart/form-data", ""]))}))
                _refusal(client.post("/api/play", json=body, headers={
                    "Origin": data.draw(st.sampled_from(["http://evil.example", "null",
                                                         "http://localhost.evil"]))}))
                _refusal(client.get("/api/games", headers={"Host": data.draw(
                    st.sampled_from(["evil.example", "localhost.evil", "", "a" * 300]))}))
                assert client.get("/api/recent").json()["games"] == []
            anything = data.draw(VALUES | st.fixed_dictionaries(
                {"game": st.just(game) | VALUES, "seats": st.lists(seats, max_size=3) | VALUES,
                 "seed": VALUES}))
            response = client.post("/api/play", json=anything)
            _answered(response)
            created = client.post("/api/play", json=body)
            assert created.status_code == 201, created.text
            game_id, tokens = created.json()["id"], created.json()["tokens"]
            before = client.get(f"/api/play/{game_id}").json()
            move = data.draw(st.fixed_dictionaries({}, optional={
                "token": st.sampled_from(tokens) | VALUES, "ply": st.just(0) | VALUES,
                "action": st.text(max_size=20) | VALUES, "from": VALUES, "to": VALUES,
                "at": st.text(max_size=4) | VALUES}) | VALUES)
            response = client.post(f"/api/play/{game_id}/apply", json=move)
            _answered(response)
            if response.status_code >= 400:  # a refused move changes nothing
                assert client.get(f"/api/play/{game_id}").json() == before
            path = data.draw(st.sampled_from(["/api/play/{}", "/api/play/{}/legal",
                                              "/api/play/{}/record?format={}",
                                              "/api/games/{}", "/play/{}",
                                              "/rulebooks/{}/{}.html"]))
            word = data.draw(st.text(alphabet="abc-_./%0123456789é", max_size=12))
            _answered(client.get(path.format(word, word)))
    fuzz(run, examples)


# boardspec uai ------------------------------------------------------------------------------
UAI_WORDS = ["uai", "isready", "uainewgame", "position", "startpos", "fen", "moves", "go",
             "depth", "movetime", "nodes", "wtime", "btime", "winc", "binc", "movestogo",
             "infinite", "stop", "perft", "setoption", "name", "agent", "value", "d", "g2",
             "a7b5", "x5o/7/7/7/7/7/o5x", "x", "o", "0", "1", "2", "-1", "9" * 30, "²", "٣",
             "1e9", "nan", "random", "human", "mcts:1s", "0000", "\t", "\x00"]
UAI_BAD = ["go depth 0", "go depth 65", "go depth x", "go nodes", "go movetime -1",
           "go movetime 99999999999999", "go wtime ²", "perft", "perft 0", "perft ٣",
           "perft " + "9" * 5000, "position", "position fen", "position fen x/y z",
           "position startpos moves zz", "setoption name agent value human",
           "setoption name agent value nobody", "setoption name colour value red", "frobnicate"]


@pytest.mark.parametrize("examples", BUDGETS)
def test_fuzz_uai(examples: int) -> None:
    from hypothesis import assume

    from framework.interop.uai import UaiEngine

    ataxx = next(p for p in GAME_FILES if p.stem == "ataxx")

    @given(st.lists(st.lists(st.sampled_from(UAI_WORDS) | st.text(max_size=6), max_size=6),
                    max_size=6), st.sampled_from(UAI_BAD))
    def run(commands: list[list[str]], bad: str) -> None:
        lines: list[str] = []
        engine = UaiEngine(game(ataxx.stem), "random", emit=lines.append)
        for words in commands:
            if words[:1] == ["perft"]:  # the user's choice of work: keep it small
                assume(not any(w.isascii() and w.isdigit() and int(w) > 2 for w in words))
            if words[:1] == ["setoption"]:
                assume("value" not in words)  # another agent might search for minutes
            bounded(lambda words=words: engine.handle(" ".join(words)))
            engine._wait()
        before = engine.state.to_json()
        lines.clear()
        bounded(lambda: engine.handle(bad))
        engine._wait()
        assert lines and lines[-1].startswith("info string"), (bad, lines)
        assert engine.state.to_json() == before  # a refused command changes nothing
        assert engine.agent_spec.text == "random"
    fuzz(run, examples)


# Hidden information: no view leaks -------------------------------------------------------
#: Every bundled game with hidden information (read from the files, not compiled here).
HIDDEN = sorted(stem for stem, text in TEXTS.items() if "view" in (yaml.safe_load(text) or {}))
LEAK_BUDGETS = [12, pytest.param(1_000, marks=pytest.mark.slow, id="slow")]
WEB_BUDGETS = [3, pytest.param(200, marks=pytest.mark.slow, id="slow")]


def _leak_settings(examples: int) -> Callable[[Any], Any]:
    return settings(max_examples=examples, deadline=None, derandomize=True, database=None,
                    suppress_health_check=list(HealthCheck))


def test_every_hidden_information_game_is_fuzzed_for_leaks() -> None:
    assert {"phantom-tic-tac-toe", "dark-hex"} <= set(HIDDEN)
    assert all(game(stem).view is not None for stem in HIDDEN)


@pytest.mark.parametrize("stem", HIDDEN)
@pytest.mark.parametrize("examples", LEAK_BUDGETS)
def test_fuzz_views_of_the_python_state(stem: str, examples: int) -> None:
    """Each seat's view against the oracle of the file's ``view:``; twin games the first
    seat cannot tell apart tell it the same (observations, information states, legal
    actions and turns); the agents' determinisation keeps what the mover knows."""
    from tests.hostile.leaks import check_python, twin_games

    differed = []

    @_leak_settings(examples)
    @given(st.randoms(use_true_random=False))
    def run(rng: random.Random) -> None:
        twins = twin_games(game(stem), rng)
        differed.append(twins.differ)
        check_python(twins, rng)
    run()
    assert any(differed)  # the other seat's pieces did differ (the check could fail)


@pytest.mark.parametrize("stem", HIDDEN)
@pytest.mark.parametrize("examples", WEB_BUDGETS)
def test_fuzz_views_of_the_web_api(stem: str, examples: int) -> None:
    """Twin games played on ``boardspec serve``: the first seat and a spectator read the
    same of both by every route, and the first seat's pieces are its Python view."""
    from tests.hostile.leaks import check_web, twin_games

    path = next(p for p in GAME_FILES if p.stem == stem)
    differed = []

    @_leak_settings(examples)
    @given(st.randoms(use_true_random=False))
    def run(rng: random.Random) -> None:
        twins = twin_games(game(stem), rng)
        differed.append(twins.differ)
        check_web(path, twins)
    run()
    assert any(differed)


@pytest.mark.parametrize("stem", HIDDEN)
@pytest.mark.parametrize("examples", LEAK_BUDGETS)
def test_fuzz_views_of_the_native_batches(stem: str, examples: int) -> None:
    """``NativeVectorEnv`` and ``NativeAgentBatch`` stepped with drawn actions observe
    each side's view of the Python state."""
    pytest.importorskip("numba")
    pytest.importorskip("gymnasium")
    from framework.interop.gym_vector import NativeVectorEnv
    from framework.interop.pettingzoo_batch import NativeAgentBatch
    from tests.hostile.leaks import check_batches

    compiled = game(stem)
    env, agents = NativeVectorEnv(compiled, 3), NativeAgentBatch(compiled, 3)

    @_leak_settings(examples)
    @given(st.integers(0, 2**31), st.lists(st.integers(0, 80), min_size=3, max_size=90))
    def run(seed: int, choices: list[int]) -> None:
        check_batches(compiled, env, agents, seed, choices)
    run()
