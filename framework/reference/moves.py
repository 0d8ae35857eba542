"""What the reference twins of the move primitives share: the ``Moves`` they return,
notations written from a template, effects tagged with their action's kind, the base
of a primitive's twin and the look-up of one by keyword (through the registry).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, ClassVar

from framework.plugins import plugins, twin
from framework.reference.position import RefState
from framework.reference.rules import Effect, MissingReference

Moves = dict[str, Effect]
#: A primitive's upkeep: called after every action of its phase with the action's kind.
Upkeep = Callable[[RefState, str], None]


def tagged(kind: str, effect: Effect) -> Effect:
    """An effect that knows the kind of its action (restrictions filter by kind)."""
    effect.kind = kind  # type: ignore[attr-defined]
    return effect


def _written(template: str, src: str = "", dst: str = "") -> str:
    return template.replace("{from}", src).replace("{to}", dst).replace("{at}", dst)


class RefPrimitive:
    """The reference twin of a move primitive (the unit's ``reference``): ``moves`` lists
    the actions of one option of a ``moves`` phase in a state, each notation mapped to its
    effect; ``upkeep``, for a primitive that keeps slots up to date after every action of
    its phase (a castle's rights, a rush's passed cell), gives the function that does it.
    ``attacks`` says whether its moves may capture a piece standing on a cell: the attacks
    of ``royal``, ``castle`` and ``royal_attacked`` play the moves of the twins that may
    (``framework/reference/attacks.py``)."""

    attacks: ClassVar[bool] = True

    @staticmethod
    def moves(phase: Any, option: Any, s: RefState) -> Moves:
        raise NotImplementedError

    @staticmethod
    def upkeep(option: Any) -> Upkeep | None:
        return None

    @staticmethod
    def template(option: Any) -> str | None:
        """How the option's moves are written, when the primitive writes them otherwise
        than ``{from}{to}`` (``{to}`` for a placement) by default."""
        return None

    @staticmethod
    def ways(phase: Any, option: Any, s: RefState, src: str, dst: str) -> list[set[str]]:
        """The cells a move from ``src`` to ``dst`` passes over, one set per way it may go
        (what ``between`` reads): along the board's straight line from one to the other."""
        from framework.reference.straight import straight_ways

        return straight_ways(phase, src, dst)

    @staticmethod
    def repetition_values(phase: Any, option: Any, s: RefState) -> dict[str, Any]:
        """The slots this option reads, by name, as a repetition counts them (a slot not
        named counts as it stands)."""
        return {}


def primitive_twin(keyword: str) -> type[RefPrimitive]:
    """The reference twin of the move primitive ``keyword`` (``MissingReference`` when its
    unit names none)."""
    unit = plugins("moves").get(keyword)
    found: type[RefPrimitive] | None = twin(unit, "reference") if unit is not None else None
    if found is None:
        raise MissingReference("moves", keyword)
    return found


def outflanked_from(block: Any, s: RefState, cell: str,
                    directions: Any = None) -> set[str]:
    """The enemy pieces outflanked from ``cell``: along each direction, one or more enemy
    pieces in a row and then one of the mover's (the rule text of ``flip_flanked``)."""
    taken: set[str] = set()
    for direction in directions or block.board.directions:
        run = []
        at = block.board.step(cell, direction)
        while at is not None and at != cell and at in s.cells and \
                s.cells[at]["owner"] != s.to_move:
            run.append(at)
            at = block.board.step(at, direction)
        if run and at is not None and at in s.cells and s.cells[at]["owner"] == s.to_move:
            taken.update(run)
    return taken
