"""The reference twin of ``pass_turn``: one action, written as the option says, that adds
one to the passes in a row and clears the ko cell; any other action of the phase sets the
passes back to 0."""

from __future__ import annotations

from typing import Any

from framework.reference.moves import Moves, RefPrimitive, Upkeep, tagged
from framework.reference.position import RefState

PASS_TURN = "pass_turn"


def _pass(s: RefState) -> None:
    s.vars["passes"] += 1
    if "ko" in s.vars:
        s.vars["ko"] = None


class RefPassTurn(RefPrimitive):
    @staticmethod
    def moves(phase: Any, option: Any, s: RefState) -> Moves:
        return {option.notation: tagged(PASS_TURN, _pass)}

    @staticmethod
    def upkeep(option: Any) -> Upkeep | None:
        def reset(s: RefState, kind: str) -> None:
            if kind != PASS_TURN:
                s.vars["passes"] = 0
        return reset
