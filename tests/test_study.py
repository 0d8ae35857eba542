"""Resumable studies and the local backends: every game once, whatever stops or kills the
run, and the same records whatever runs them."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from framework import backend_base, load_game
from framework import match as match_module
from framework.agents import make_agent
from framework.agents.base import Agent
from framework.backend_base import Interrupted, StoppedEarly
from framework.backends import Backend, BackendError, ProcessBackend, make_backend
from framework.engine.action import Action
from framework.engine.state import State
from framework.match import (
    GamePlan,
    GameSource,
    MatchResult,
    is_interrupted,
    plan_problem,
    play_game,
    play_planned,
    play_plans,
    schedule,
)
from framework.records import Record
from framework.study import StudyError, StudyFolder

from .conftest import ROOT

GAME = str(ROOT / "games" / "assimilation.yaml")
AGENTS = ["random", "greedy"]


def texts(records: dict[int, Record] | list[Record]) -> list[str]:
    values = [records[i] for i in sorted(records)] if isinstance(records, dict) else records
    return [r.to_text() for r in values]


def test_serial_and_process_pool_give_the_same_records() -> None:
    plans = schedule(AGENTS, 12, seed=4)
    source = GameSource.read(GAME)
    serial = play_plans(source, plans, backend=Backend())
    with ProcessBackend(2) as pool:
        pooled = play_plans(source, plans, backend=pool)
    assert texts(serial) == texts(pooled)
    assert len(serial) == 12


def test_a_killed_worker_has_its_games_played_again_none_lost_or_twice() -> None:
    plans = schedule(AGENTS, 60, seed=9)
    source = GameSource.read(GAME)
    expected = play_plans(source, plans, backend=Backend())
    pool = ProcessBackend(2)
    seen: list[int] = []
    killed: list[int] = []

    def on_game(index: int, _: Record) -> None:
        seen.append(index)
        if len(seen) == 10 and pool.pids:
            killed.append(pool.pids[0])
            os.kill(pool.pids[0], signal.SIGKILL)

    with pool:
        records = play_plans(source, plans, backend=pool, on_game=on_game)
    assert killed and pool.restarts >= 1  # the kill landed mid-run and broke the pool
    assert sorted(seen) == list(range(60))  # every game reported exactly once
    assert texts(records) == texts(expected)


def _suicide(_: int) -> int:
    os.kill(os.getpid(), signal.SIGKILL)
    return 0


def test_a_crashing_task_is_an_error_not_a_loop() -> None:
    with ProcessBackend(1) as pool, pytest.raises(BackendError, match="died 4 times"):
        list(pool.run(_suicide, {0: (0,)}))


def test_unknown_backend_and_address_without_ray_are_refused() -> None:
    with pytest.raises(BackendError, match="unknown backend 'spark'"):
        make_backend("spark")
    with pytest.raises(BackendError, match="--address names a Ray cluster"):
        make_backend("local", address="10.0.0.1:6379")


def _study(folder: Path, seed: int = 2, games: int = 20) -> tuple[StudyFolder, list]:
    plans = schedule(AGENTS, games, seed)
    identity = {"kind": "match", "game_sha256": "x", "agents": AGENTS,
                "games_per_pair": games, "seed": seed}
    return StudyFolder(folder, identity, len(plans)), plans


#: The games of the study below that end by themselves before the Ctrl-C; the others wait
#: (in their worker, two turns in) until the stop is asked, so that what a Ctrl-C finds
#: depends on a count, never on how fast the machine is.
STOPPED_AFTER = 7
_PLAY_PLANNED = match_module.play_planned
#: Where each game waiting at the gate says so (set before the workers are forked).
_GATE: list[Path] = []


class _WaitForStop(Agent):
    """Plays as ``agent``, but its third decision waits until the run is asked to stop."""

    def __init__(self, agent: Agent, index: int) -> None:
        super().__init__(agent.game, agent.seed, agent.spec)
        self.agent, self.decisions, self.index = agent, 0, index

    def act(self, state: State) -> list[Action]:
        self.decisions += 1
        if self.decisions == 3:
            (_GATE[0] / f"waiting-{self.index}").touch()
            while not backend_base.stop_requested():
                time.sleep(0.01)  # a wait for an event, not a race: no time limit
        return self.agent.act(state)


def _gated_play(source: GameSource | str, plan: GamePlan, max_plies: int | None
                ) -> Record | None:
    """``play_planned`` in a worker, where games after the first ``STOPPED_AFTER`` wait for
    the stop (and then end after their current turn, as any game asked to stop does)."""
    if plan.index < STOPPED_AFTER or backend_base.stop_requested():
        return _PLAY_PLANNED(source, plan, max_plies)
    assert isinstance(source, GameSource)
    game = match_module.compiled(source)
    agents: list[Agent] = [make_agent(spec, game, (plan.seed + seat) % 2**63)
                           for seat, spec in enumerate(plan.seats)]
    agents[0] = _WaitForStop(agents[0], plan.index)
    return play_game(game, agents, max_plies=max_plies,
                     headers={"File": source.file, "Round": str(plan.index + 1),
                              "Seed": str(plan.seed)})


def test_an_interrupted_study_resumes_to_the_uninterrupted_totals(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    source = GameSource.read(GAME)
    players = ("white", "black")
    whole, plans = _study(tmp_path / "whole")
    whole.open()
    uninterrupted = play_plans(source, plans, backend=Backend(), on_game=whole.write)

    cut, _ = _study(tmp_path / "cut")
    assert cut.open() == {}

    gate = tmp_path / "gate"
    gate.mkdir()

    stopped: list[int] = []

    def stop_midway(index: int, record: Record) -> None:
        cut.write(index, record)  # again for the game being kept when Ctrl-C came
        if len(list(cut.folder.glob("game-*.txt"))) == STOPPED_AFTER and not stopped:
            while len(list(gate.iterdir())) < 2:  # both workers are in a game, at the gate
                time.sleep(0.01)
            stopped.append(index)
            raise KeyboardInterrupt  # one Ctrl-C

    partial: dict[int, Record] = {}

    def keep_unfinished(index: int, record: Record) -> None:
        partial[index] = record
        cut.write_unfinished(index, record)

    # The workers are forked with the gate in place; the games waiting at it get all the
    # time they need to stop (no grace period to race against).
    monkeypatch.setattr(match_module, "play_planned", _gated_play)
    monkeypatch.setattr(match_module, "STOP_GRACE", 3600.0)
    monkeypatch.setattr(sys.modules[__name__], "_GATE", [gate])
    with ProcessBackend(2) as pool, pytest.raises(KeyboardInterrupt):
        play_plans(source, plans, backend=pool, on_game=stop_midway,
                   on_unfinished=keep_unfinished)
    monkeypatch.undo()
    # The two games being played (one per worker) stopped after their current turn, each
    # kept whole and replayable as the start of the very game an uninterrupted run plays.
    assert sorted(partial) == [STOPPED_AFTER, STOPPED_AFTER + 1]
    game = load_game(GAME)
    for index, record in partial.items():
        assert is_interrupted(record) and record.result == "unfinished"
        assert Record.load(cut.unfinished_path_of(index)).to_text() == record.to_text()
        record.verify(game)
        whole_game = uninterrupted[index]
        assert whole_game.plies[:len(record.plies)] == record.plies
        assert len(record.plies) < len(whole_game.plies)
    assert [p.name for p in cut.unfinished()] == \
        [cut.unfinished_path_of(i).name for i in sorted(partial)]
    again, _ = _study(tmp_path / "cut")
    done = again.open(lambda i, r: plan_problem(plans[i], r, players))
    assert sorted(done) == list(range(STOPPED_AFTER))  # the games finished before Ctrl-C
    replayed: list[int] = []
    resumed = play_plans(source, plans, backend=Backend(), done=done,
                         on_game=lambda i, r: (replayed.append(i), again.write(i, r)))
    assert replayed == list(range(STOPPED_AFTER, len(plans)))
    assert set(partial) <= set(replayed) and again.unfinished() == []
    assert texts(resumed) == texts(uninterrupted)
    summary = MatchResult(players, list(resumed.values())).summary()
    assert summary == MatchResult(players, list(uninterrupted.values())).summary()
    assert sorted(p.name for p in (tmp_path / "cut").iterdir()) == \
        sorted(p.name for p in (tmp_path / "whole").iterdir())


class StopAfter:
    """A stop flag that is set from its ``checks + 1``-th look on."""

    def __init__(self, checks: int) -> None:
        self.left = checks

    def is_set(self) -> bool:
        self.left -= 1
        return self.left < 0


def test_a_game_asked_to_stop_ends_after_its_current_turn(
        monkeypatch: pytest.MonkeyPatch) -> None:
    source = GameSource.read(GAME)
    plan = schedule(AGENTS, 2, seed=1)[1]
    whole = play_planned(source, plan, None)
    assert whole is not None and not is_interrupted(whole)
    # Looked at once before the game, then before each turn: 6 turns are played.
    monkeypatch.setattr(backend_base, "_stop_flag", StopAfter(7))
    cut = play_planned(source, plan, None)
    assert cut is not None and is_interrupted(cut) and cut.result == "unfinished"
    assert cut.turns == whole.turns[:6] and cut.headers["Plies"] == str(len(cut.plies))
    assert {k: v for k, v in cut.headers.items() if k not in ("Termination", "Plies")} == \
        {k: v for k, v in whole.headers.items() if k not in ("Plies", "Ending")} | \
        {"Result": "unfinished"}  # a game stopped before its end says no Ending
    assert "Ending" not in cut.headers
    cut.verify(load_game(GAME))
    assert Record.from_text(cut.to_text()).headers["Termination"] == "interrupted"
    monkeypatch.setattr(backend_base, "_stop_flag", StopAfter(0))
    assert play_planned(source, plan, None) is None  # asked to stop before it began


class CtrlCOnTurn(Agent):
    """An agent whose ``turn``-th decision is cut by Ctrl-C (as in this process)."""

    def __init__(self, agent: Agent, turn: int) -> None:
        super().__init__(agent.game, agent.seed, agent.spec)
        self.agent, self.turn = agent, turn

    def act(self, state: State) -> list[Action]:
        self.turn -= 1
        if self.turn == 0:
            raise KeyboardInterrupt
        return self.agent.act(state)


def test_ctrl_c_in_this_process_keeps_the_whole_turns_played() -> None:
    game = load_game(GAME)

    def agents() -> list[Agent]:
        return [make_agent("random", game, 1), make_agent("greedy", game, 2)]

    whole = play_game(game, agents())
    first, second = agents()
    with pytest.raises(StoppedEarly) as stop:
        play_game(game, [CtrlCOnTurn(first, 4), second])
    cut = stop.value.result
    assert is_interrupted(cut) and cut.turns == whole.turns[:6]
    cut.verify(game)

    def task(number: int) -> None:
        raise StoppedEarly(f"game {number} so far")

    with pytest.raises(Interrupted) as interrupted:
        list(Backend().run(task, {3: (7,)}, grace=1))
    assert interrupted.value.partial == [(3, "game 7 so far")]


def test_another_command_or_a_foreign_folder_is_refused(tmp_path: Path) -> None:
    folder, _ = _study(tmp_path / "s", seed=2)
    folder.open()
    other, _ = _study(tmp_path / "s", seed=3)
    with pytest.raises(StudyError, match=r"holds another study \(seed: 2 there, 3 here\)"):
        other.open()
    (tmp_path / "f").mkdir()
    (tmp_path / "f" / "notes.txt").write_text("mine")
    stranger, _ = _study(tmp_path / "f")
    with pytest.raises(StudyError, match=r"not empty and holds no study\.json"):
        stranger.open()
    assert (tmp_path / "f" / "notes.txt").read_text() == "mine"


def test_a_record_that_is_not_the_planned_game_is_refused(tmp_path: Path) -> None:
    source = GameSource.read(GAME)
    folder, plans = _study(tmp_path / "s", games=2)
    folder.open()
    records = play_plans(source, plans, backend=Backend(), on_game=folder.write)
    folder.write(0, records[1])  # game 2's record at game 1's place
    with pytest.raises(StudyError, match=r"game-0001\.txt: expected the game with Round '1'"):
        folder.open(lambda i, r: plan_problem(plans[i], r, ("white", "black")))


def boardspec_process(*args: str) -> subprocess.Popen[str]:
    # A child started from a non-interactive shell may inherit an ignored SIGINT: give it
    # the default back, as a terminal would.
    return subprocess.Popen([sys.executable, "-m", "framework", *args], cwd=ROOT,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            start_new_session=True,
                            preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))


def test_ctrl_c_keeps_every_finished_record_and_the_same_command_finishes(
        tmp_path: Path) -> None:
    out = tmp_path / "m"
    args = ["match", "games/assimilation.yaml", "--agents", "random,greedy", "--games",
            "120", "--jobs", "2", "--seed", "3", "--out", str(out)]
    run = boardspec_process(*args)
    deadline = time.monotonic() + 60
    while len(list(out.glob("game-*.txt"))) < 3 and time.monotonic() < deadline:
        time.sleep(0.05)
    os.killpg(run.pid, signal.SIGINT)  # Ctrl-C reaches the whole foreground group
    _, err = run.communicate(timeout=30)
    assert run.returncode == 130, err
    partial = sorted(out.glob("game-*.unfinished.txt"))
    kept = sorted(set(out.glob("game-*.txt")) - set(partial))
    assert 3 <= len(kept) < 120 and len(partial) <= 2  # one game per worker at most
    assert f"interrupted: {len(kept)} of 120 games are in {out}" in err
    if partial:
        assert f"and {len(partial)} unfinished game" in err
    assert "Traceback" not in err and len(err.strip().splitlines()) == 1
    assert not list(out.glob(".*.part"))  # the atomic writer's temporary files
    for path in kept:
        Record.load(path)  # whole records only
    game = load_game(GAME)
    cut_short: dict[str, list[str]] = {}
    for path in partial:
        record = Record.load(path)
        assert record.headers["Termination"] == "interrupted"
        record.verify(game)
        assert record.result == "unfinished"
        cut_short[path.name.replace(".unfinished", "")] = record.plies
    finished = subprocess.run([sys.executable, "-m", "framework", *args], cwd=ROOT,
                              capture_output=True, text=True, timeout=300)
    assert finished.returncode == 0, finished.stderr
    assert f"{len(kept)} of 120 games already played; continuing" in finished.stderr
    assert not list(out.glob("*.unfinished.txt"))  # played again from their start
    summary = json.loads((out / "summary.json").read_text())
    assert summary["games"] == 120
    fresh = subprocess.run([sys.executable, "-m", "framework", *args[:-1],
                            str(tmp_path / "fresh")], cwd=ROOT, capture_output=True,
                           text=True, timeout=300)
    assert fresh.returncode == 0, fresh.stderr
    assert json.loads((tmp_path / "fresh" / "summary.json").read_text()) == summary
    assert finished.stdout == fresh.stdout
    for name, cut in cut_short.items():  # each kept game: the start of the game played again
        again = Record.load(out / name)
        assert again.to_text() == Record.load(tmp_path / "fresh" / name).to_text()
        assert again.plies[:len(cut)] == cut and len(cut) < len(again.plies)
    refused = subprocess.run([sys.executable, "-m", "framework", *args[:-3], "4", "--out",
                              str(out)], cwd=ROOT, capture_output=True, text=True)
    assert refused.returncode == 2
    assert "holds another study (seed: 3 there, 4 here)" in refused.stderr


def test_a_bad_backend_is_refused_before_anything_is_written(tmp_path: Path) -> None:
    out = tmp_path / "m"
    run = subprocess.run([sys.executable, "-m", "framework", "match", "games/ataxx.yaml",
                          "--agents", "random,greedy", "--games", "2", "--backend", "spark",
                          "--out", str(out)], cwd=ROOT, capture_output=True, text=True)
    assert run.returncode == 2 and "expected one of local, ray, found 'spark'" in run.stderr
    assert not out.exists()


def test_the_core_imports_neither_ray_nor_matplotlib() -> None:
    code = ("import sys; import framework.cli as c; c._register(); "
            "import framework.match, framework.backends, framework.balance, framework.study; "
            "from framework.backends import make_backend; make_backend('local', jobs=2); "
            "print(sorted(m for m in ('ray', 'matplotlib') if m in sys.modules))")
    run = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True,
                         text=True)
    assert run.returncode == 0, run.stderr
    assert run.stdout.strip() == "[]"
