"""What a goal's native piece may know of a turn when every turn puts one piece down and
changes nothing else (Havannah's, Y's): a shape the goal looks for can only be new where
that piece went.

Before the turn no side had the shape (the game would have ended), the other sides' pieces
are as they were, and a shape of the mover's that does not hold the new piece was there
before. So ``ring`` and ``connect`` look only at the mover's chain through the ``landed``
cell, which the kernels keep until the goals have run (``framework/native/assemble.py``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from framework.rules.phases.moves import Moves

if TYPE_CHECKING:
    from framework.compiler import CompiledGame
    from framework.kernel.masks import Masks


def places_one_piece(game: CompiledGame) -> bool:
    """Whether a turn changes no piece but the one its mover puts down: one moves phase
    whose options all ``place``, none with a ``then:`` (no swap, no capture, no flip)."""
    phases = game.turn_phases
    if len(phases) != 1 or not isinstance(phases[0].block, Moves):
        return False
    options = type(phases[0].block).expand(phases[0].block.params).options
    return all(o.type == "place" and not o.then for o in options)


#: The lines that open a goal's ``evaluate`` under ``places_one_piece``: the cell put down
#: on (-1 when the turn put nothing down: a pass) and the side that moved.
OPENING = ["at = np.int64(st[LANDED]) - 1", "mover = np.int64(st[LAST_MOVER])"]


def unchanged(masks: Masks) -> list[str]:
    """Inside ``for s in range(S)``, once ``pieces`` holds the side's pieces of the goal's
    kind and the turn put a piece down (``at >= 0``): the lines that go on to the next side
    unless this one moved and the new piece is among ``pieces`` (nothing else changed)."""
    return [f"if s != mover or not {masks.test('pieces', 'at')}:", "    continue"]
