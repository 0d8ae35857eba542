"""Agent specs: ``kind[:option...]`` text naming a player, as typed on the command line.

```text
random            greedy            human
alphabeta:d3      alphabeta:0.5s    alphabeta:d4:2s:turns  alphabeta:1s:python
mcts:2s           mcts:500i         mcts:500i:c1.4:r30     mcts:1s:native
```

Options: ``d<N>`` search depth, ``<X>s``/``<X>ms`` time per decision, ``<N>i`` iterations,
``c<X>`` exploration constant, ``r<N>`` playout length, ``turns`` a ply is a whole turn,
``python`` the search in the Python engine, ``native`` in the game's numba kernels
(``framework/native``, the [fast] extra: for ``mcts`` the whole tree where it can, else the
playouts; for ``alphabeta`` the whole search where it can, else in Python; the reason is
said once). With neither, ``mcts`` and ``alphabeta`` search natively where they can unless
``$BOARDSPEC_ENGINE`` is ``python`` (a command's ``--engine python`` sets it).
Each kind accepts only the options it understands; anything else is an error that says what
was expected.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from framework.agents.alphabeta import AlphaBetaAgent
from framework.agents.base import Agent
from framework.agents.greedy import GreedyAgent
from framework.agents.mcts import MctsAgent
from framework.agents.random_agent import RandomAgent
from framework.errors import BoardspecError

if TYPE_CHECKING:
    from framework.compiler import CompiledGame

AGENTS: dict[str, type[Agent]] = {cls.keyword: cls for cls in
                                  (RandomAgent, GreedyAgent, AlphaBetaAgent, MctsAgent)}
HUMAN = "human"

#: option name -> (pattern, converter, how it is written)
OPTIONS: dict[str, tuple[str, Any, str]] = {
    "depth": (r"d(\d+)", int, "d<depth>, e.g. d3"),
    "seconds": (r"(\d+(?:\.\d*)?|\.\d+)s", float, "<seconds>s, e.g. 0.5s"),
    "milliseconds": (r"(\d+)ms", int, "<ms>ms, e.g. 200ms"),
    "iterations": (r"(\d+)i", int, "<iterations>i, e.g. 500i"),
    "exploration": (r"c(\d+(?:\.\d*)?)", float, "c<exploration>, e.g. c1.4"),
    "rollout": (r"r(\d+)", int, "r<playout length>, e.g. r20"),
    "turns": (r"(turns)", bool, "turns"),
    "native": (r"(native)", bool, "native"),
    "python": (r"(python)", bool, "python"),
}

#: Options that switch another off: ``python`` is ``native`` turned off.
ENGINE_SWITCH = {"python": "native"}


class AgentSpecError(BoardspecError):
    """An agent spec that names no agent, or an option the agent does not take."""


@dataclass(frozen=True)
class AgentSpec:
    """A parsed agent spec."""

    text: str
    kind: str
    options: dict[str, Any] = field(default_factory=dict)

    @property
    def is_human(self) -> bool:
        return self.kind == HUMAN


def parse_agent(text: str) -> AgentSpec:
    """Parse ``kind[:option...]``; raise AgentSpecError naming what is wrong."""
    kind, *parts = text.strip().split(":")
    kind = kind.lower()
    if kind == HUMAN and not parts:
        return AgentSpec(text.strip(), kind)
    if kind not in AGENTS:
        raise AgentSpecError(f"unknown agent {text!r}; expected one of: "
                             f"{', '.join([*AGENTS, HUMAN])} (e.g. alphabeta:d3, mcts:2s)")
    accepted = AGENTS[kind].budgets
    options: dict[str, Any] = {}
    for part in parts:
        name, value = _option(part)
        if name == "milliseconds":
            name, value = "seconds", value / 1000
        if name in ENGINE_SWITCH:  # the engine: the same switch as native, off
            name, value = ENGINE_SWITCH[name], False
        if name == "native" and options.get(name, value) != value:
            raise AgentSpecError(f"{text.strip()!r} asks for both native and python; "
                                 "expected one of them")
        if name not in accepted:
            expected = ", ".join(OPTIONS[n][2] for n in OPTIONS
                                 if ENGINE_SWITCH.get(n, n) in accepted) or "none"
            raise AgentSpecError(f"{kind} does not take {part!r} (in {text!r}); its options: "
                                 f"{expected}")
        options[name] = value
    return AgentSpec(text.strip(), kind, options)


def _option(part: str) -> tuple[str, Any]:
    for name, (pattern, convert, _) in OPTIONS.items():
        # ASCII: \d would take any script's digits ('d٣' for depth 3, '²s').
        found = re.fullmatch(pattern, part.strip().lower(), re.ASCII)
        if found:
            return name, True if convert is bool else convert(found.group(1))
    raise AgentSpecError(f"{part!r} is not an agent option; expected one of: "
                         f"{', '.join(o[2] for o in OPTIONS.values())}")


def make_agent(spec: str | AgentSpec, game: CompiledGame, seed: int | None = None) -> Agent:
    """A computer agent for ``game`` from its spec (``human`` is the caller's business)."""
    parsed = parse_agent(spec) if isinstance(spec, str) else spec
    if parsed.is_human:
        raise AgentSpecError("'human' is played from the terminal (boardspec play), not "
                             "by a computer agent")
    return AGENTS[parsed.kind](game, seed, parsed.text, **parsed.options)
