"""Actions: small frozen values with a notation string that round-trips.

Two actions are equal when they do the same thing (phase, kind and operands); the notation
is derived from those and kept beside them for printing and parsing.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from framework.compiler import CompiledGame


#: The kind of the action that ends a chain of hops which may stop (``chain: may``).
STOP_KIND = "stop"
#: The kind of the engine's pass, for a player without a move (``no_legal_move: pass``).
PASS_KIND = "pass"
#: The kind of an optional phase's skip (``optional: true``).
SKIP_KIND = "skip"
#: Kinds whose actions the engine, ``check`` and the native kernels handle themselves: a
#: block's option may not give its own actions one of them (``validate`` refuses it).
RESERVED_KINDS = {PASS_KIND: "the engine's pass of a player without a move",
                  SKIP_KIND: "the skip of an optional phase",
                  STOP_KIND: "the stop that ends a chain of hops"}


@dataclass(frozen=True, slots=True)
class Action:
    """One decision of one player. Cells are int ids of the compiled board (-1 = unused)."""

    phase: str
    kind: str
    src: int = -1
    dst: int = -1
    at: int = -1
    attribute: str = ""
    side: int = -1
    notation: str = field(default="", compare=False)

    def __str__(self) -> str:
        return self.notation

    def to_json(self, game: CompiledGame) -> dict[str, Any]:
        names = game.board.names
        data: dict[str, Any] = {"notation": self.notation, "phase": self.phase,
                                "kind": self.kind}
        if self.src >= 0:
            data["from"] = names[self.src]
        if self.dst >= 0:
            data["to"] = names[self.dst]
        if self.at >= 0:
            data["at"] = names[self.at]
        if self.attribute:
            data["attribute"] = self.attribute
        if self.side >= 0:
            data["side"] = game.players[self.side]
        return data
