"""The Universal Ataxx Interface: ``boardspec uai games/ataxx.yaml [--agent A]``.

UAI is UCI for Ataxx: a GUI or a tournament manager starts the engine and talks to it one
line at a time over stdin/stdout. Any game file with a FEN (``notation.fen``) can be
served; a move is one action in the game's notation (Ataxx ``f2``, ``g1e3``, ``0000`` for a
pass).

```text
> uai                                   < id name boardspec Ataxx (alphabeta:d3)
                                        < id author boardspec
                                        < option name agent type string default alphabeta:d3
                                        < uaiok
> isready                               < readyok
> uainewgame
> position startpos moves g2 a7b5
> go wtime 60000 btime 60000            < info time 210 string depth 4, 4412 nodes ...
                                        < bestmove f3
> perft 3                               < info depth 1 nodes 16 time 0
                                        < ...
                                        < nodes 6460
> quit
```

- ``position startpos|fen <FEN> [moves <m1> <m2> ...]``: the game's start (after its
  setup) or a FEN, then the moves. A bad FEN or an illegal move leaves the previous
  position and says why (``info string error: ...``).
- ``go``: ``depth N``, ``movetime MS``, ``nodes N`` (iterations of ``mcts``), ``wtime`` /
  ``btime`` / ``winc`` / ``binc`` (``b`` is the game's first player, as Ataxx's x; the engine
  spends its clock over ``movestogo`` moves, default 30, plus its increment), ``infinite``
  (the agent's own budget). Each is given to the agent if its kind takes such a budget
  (``alphabeta`` takes depth and time, ``mcts`` time and iterations), else ignored. The
  search runs in a thread: ``isready`` is answered meanwhile, and ``stop`` waits for the
  search (every budget is finite) and its ``bestmove``.
- ``perft N``: ``info depth d nodes n time ms`` for d = 1..N, then ``nodes <total>`` (the
  counts of ``boardspec perft``).
- ``setoption name agent value <spec>``: change the agent (``mcts:500i``); ``d`` prints
  the board and its FEN; ``quit`` ends.
"""

from __future__ import annotations

import sys
import threading
import time
from collections.abc import Callable
from typing import TYPE_CHECKING, TextIO

from framework.agents.registry import AGENTS, AgentSpec, make_agent, parse_agent
from framework.errors import BoardspecError
from framework.limits import (
    MAX_PERFT_DEPTH,
    MAX_SEARCH_DEPTH,
    MAX_SEARCH_MILLISECONDS,
    MAX_SEARCH_NODES,
)
from framework.numerals import is_digits

if TYPE_CHECKING:
    from framework.engine.state import State
    from framework.game import Game

DEFAULT_AGENT = "alphabeta:d3"
#: A clock is shared out over this many moves still to play.
MOVES_TO_GO = 30


class UaiEngine:
    """One UAI session: ``handle`` reads a line, ``emit`` writes the answers."""

    def __init__(self, game: Game, agent: str = DEFAULT_AGENT,
                 emit: Callable[[str], None] | None = None, seed: int | None = 0) -> None:
        if game.spec.notation.fen is None:
            raise BoardspecError(f"{game.name} declares no FEN (notation.fen): UAI sends "
                                 "positions as FEN, so this game cannot be served")
        self.game = game
        self.agent_spec = parse_agent(agent)
        if self.agent_spec.is_human:
            raise BoardspecError("UAI needs a computer agent, not 'human'")
        self.seed = seed
        self.state: State = game.new_initial_state()
        self._emit = emit or _print
        self._lock = threading.Lock()
        self._search: threading.Thread | None = None
        self.running = True

    def emit(self, line: str) -> None:
        with self._lock:
            self._emit(line)

    # The loop ----------------------------------------------------------------------------
    def run(self, lines: TextIO) -> None:
        """Answer ``lines`` until ``quit`` or their end. A search still running then is not
        waited for: a closed input means nobody reads its answer (its thread ends with the
        process)."""
        for line in lines:
            self.handle(line)
            if not self.running:
                break
        else:
            return
        self._wait()

    def handle(self, line: str) -> None:
        words = line.split()
        if not words:
            return
        command, args = words[0], words[1:]
        handler = getattr(self, "cmd_" + command, None)
        if handler is None:
            self.emit(f"info string unknown command {command!r}")
            return
        try:
            handler(args)
        except BoardspecError as exc:
            self.emit(f"info string error: {exc}")

    # Commands ------------------------------------------------------------------------------
    def cmd_uai(self, args: list[str]) -> None:
        self.emit(f"id name boardspec {self.game.name} ({self.agent_spec.text})")
        self.emit("id author boardspec")
        self.emit(f"option name agent type string default {self.agent_spec.text}")
        self.emit("uaiok")

    def cmd_isready(self, args: list[str]) -> None:
        self.emit("readyok")

    def cmd_uainewgame(self, args: list[str]) -> None:
        self._wait()
        self.state = self.game.new_initial_state()

    def cmd_setoption(self, args: list[str]) -> None:
        text = " ".join(args)
        name, _, value = text.partition(" value ")
        name = name.removeprefix("name ").strip().lower()
        if name != "agent":
            self.emit(f"info string unknown option {name!r}; options: agent")
            return
        spec = parse_agent(value.strip())
        if spec.is_human:
            raise BoardspecError("UAI needs a computer agent, not 'human'")
        self.agent_spec = spec

    def cmd_position(self, args: list[str]) -> None:
        self._wait()
        moves: list[str] = []
        if "moves" in args:
            at = args.index("moves")
            args, moves = args[:at], args[at + 1:]
        if args[:1] == ["startpos"]:
            state = self.game.new_initial_state()
        elif args[:1] == ["fen"] and len(args) > 1:
            state = self.game.state_from_fen(" ".join(args[1:]))
        else:
            raise BoardspecError(f"expected 'position startpos' or 'position fen <FEN>', "
                                 f"found 'position {' '.join(args)}'")
        for ply, move in enumerate(moves, start=1):
            try:
                state.apply(move)
            except BoardspecError as exc:
                raise BoardspecError(f"move {ply} ({move!r}): {exc}") from None
        self.state = state

    def cmd_go(self, args: list[str]) -> None:
        self._wait()
        spec = self._budgeted(_go_options(args))
        state = self.state.clone()
        self._search = threading.Thread(target=self._think, args=(state, spec), daemon=True)
        self._search.start()

    def cmd_stop(self, args: list[str]) -> None:
        self._wait()

    def cmd_quit(self, args: list[str]) -> None:
        self.running = False

    def cmd_perft(self, args: list[str]) -> None:
        from framework.perft import perft

        self._wait()
        if len(args) != 1 or not _is_count(args[0]) or not 1 <= int(args[0]) <= \
                MAX_PERFT_DEPTH:
            raise BoardspecError(f"expected 'perft <depth>' (1 to {MAX_PERFT_DEPTH}), found "
                                 f"'perft {' '.join(args)[:40]}'")
        nodes = 1
        for depth in range(1, int(args[0]) + 1):
            start = time.perf_counter()
            nodes = perft(self.state, depth)
            ms = int((time.perf_counter() - start) * 1000)
            self.emit(f"info depth {depth} nodes {nodes} time {ms}")
        self.emit(f"nodes {nodes}")

    def cmd_d(self, args: list[str]) -> None:
        for line in str(self.state).splitlines():
            self.emit(f"info string {line}")
        self.emit(f"info string fen {self.state.to_fen()}")

    # Searching -----------------------------------------------------------------------------
    def _budgeted(self, go: dict[str, float]) -> AgentSpec:
        """The agent spec with the budgets of ``go`` that its kind takes."""
        spec = self.agent_spec
        accepted = AGENTS[spec.kind].budgets
        options = dict(spec.options)
        side = self.state.to_move
        clock = go.get("btime" if side == 0 else "wtime")
        increment = go.get("binc" if side == 0 else "winc", 0.0)
        seconds = None
        if "movetime" in go:
            seconds = go["movetime"] / 1000
        elif clock is not None:
            share = clock / go.get("movestogo", MOVES_TO_GO) + increment
            seconds = max(0.01, min(clock / 2, share) / 1000)
        if seconds is not None and "seconds" in accepted:
            options["seconds"] = seconds
            if "depth" in options and "depth" not in go:
                del options["depth"]  # a clock replaces the spec's fixed depth
        if "depth" in go and "depth" in accepted:
            options["depth"] = int(go["depth"])
        if "nodes" in go and "iterations" in accepted:
            options["iterations"] = int(go["nodes"])
        return AgentSpec(spec.text, spec.kind, options)

    def _think(self, state: State, spec: AgentSpec) -> None:
        if state.is_terminal():
            self.emit("info string the game is over")
            self.emit("bestmove (none)")
            return
        start = time.perf_counter()
        agent = make_agent(spec, self.game, self.seed)
        actions = agent.act(state)
        ms = int((time.perf_counter() - start) * 1000)
        info = f" string {agent.info}" if agent.info else ""
        self.emit(f"info time {ms}{info}")
        self.emit(f"bestmove {actions[0].notation}")

    def _wait(self) -> None:
        if self._search is not None:
            self._search.join()
            self._search = None


#: The largest value of each numeric ``go`` option: a search of a finite, sane budget (a
#: depth no game needs, a day of thinking), so that every search ends.
GO_LIMITS = {"depth": MAX_SEARCH_DEPTH, "nodes": MAX_SEARCH_NODES,
             "movetime": MAX_SEARCH_MILLISECONDS, "wtime": MAX_SEARCH_MILLISECONDS,
             "btime": MAX_SEARCH_MILLISECONDS, "winc": MAX_SEARCH_MILLISECONDS,
             "binc": MAX_SEARCH_MILLISECONDS, "movestogo": 1_000}


def _is_count(word: str) -> bool:
    """ASCII digits only (``framework.numerals``), a few of them."""
    return is_digits(word, 12)


def _go_options(args: list[str]) -> dict[str, float]:
    found: dict[str, float] = {}
    i = 0
    while i < len(args):
        word = args[i]
        if word in GO_LIMITS:
            if i + 1 >= len(args):
                raise BoardspecError(f"'go {word}' needs a number")
            text, most = args[i + 1], GO_LIMITS[word]
            value = int(text) if _is_count(text) else None
            if value is None or not (1 if word in ("depth", "movestogo") else 0) <= value \
                    <= most:
                raise BoardspecError(f"'go {word}' needs a whole number up to {most:,}, "
                                     f"found {text[:40]!r}")
            found[word] = value
            i += 2
        else:  # infinite, ponder, simulations...: the agent's own budget
            i += 1
    return found


def _print(line: str) -> None:
    sys.stdout.write(line + "\n")
    sys.stdout.flush()


def serve(game: Game, agent: str = DEFAULT_AGENT, lines: TextIO | None = None) -> None:
    """Answer UAI commands from ``lines`` (default stdin) until ``quit`` or the end."""
    UaiEngine(game, agent).run(lines or sys.stdin)
