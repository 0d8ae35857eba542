"""Which rule units of a compiled game lack their reference twin or their native piece.

Every unit names both (``framework.plugins.Unit``); one that names none says so, and this is
what ``boardspec validate`` reports and ``boardspec check --strict`` refuses: a game whose
rules ``check`` cannot compare with an independent twin, or that the native backend could
never play for want of a piece. A preset (a phase that expands into ``moves``) is checked
and compiled as what it expands into; setups and turn orders are laid into the compact
state by the native assembler itself, and invariants only serve ``check``: none of those
needs a piece of its own.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from framework.compiler import CompiledGame

#: The kinds whose units the native assembler asks for a piece.
PIECED = ("moves", "phases", "conditions", "goals", "results", "restrictions")


def used_units(game: CompiledGame) -> Iterator[Any]:
    """Every compiled block of the game, the options, consequences and conditions inside
    them included (a preset's expansion stands for it)."""
    blocks: list[Any] = [*game.setups, *(p.block for p in game.turn_phases), *game.goals,
                         *game.restrictions]
    if game.result is not None:
        blocks.append(game.result)
    seen: set[int] = set()
    while blocks:
        block = blocks.pop()
        if id(block) in seen:
            continue
        seen.add(id(block))
        yield block
        blocks += getattr(block, "options", ())
        blocks += getattr(block, "consequences", ())
        blocks += getattr(block, "conditions", ())


def missing_twins(game: CompiledGame) -> list[str]:
    """A sentence per unit of the game without a reference twin or a native piece (with
    the reason its unit gives, ``no_twin_reason``)."""
    from framework.plugins import plugins

    moves_phase = plugins("phases")["moves"]
    found: dict[tuple[str, str, str], str] = {}
    for block in used_units(game):
        unit = type(block)
        family = getattr(unit, "family", "")
        assembled = isinstance(unit, type) and issubclass(unit, moves_phase)
        preset = assembled and unit is not moves_phase  # checked as its expansion
        if preset or family == "invariants":
            continue
        why = getattr(unit, "no_twin_reason", None)
        because = f" ({why})" if why else ""
        if getattr(unit, "reference", None) is None:
            found[(family, unit.keyword, "reference")] = (
                f"the {family} unit {unit.keyword!r} has no reference twin, so boardspec "
                f"check cannot compare it{because}")
        if family in PIECED and not assembled and getattr(unit, "native", None) is None:
            found[(family, unit.keyword, "native")] = (
                f"the {family} unit {unit.keyword!r} has no native kernel piece{because}")
    return [found[k] for k in sorted(found)]
