"""Move primitives: the vocabulary a ``moves`` phase is written in.

Each primitive is one unit and one keyword (``framework/rules/moves/<keyword>/``): it says
where a piece (or a new piece) may go — as an int mask of target cells, from compiled board
tables — and what landing there does; this package holds what they share. The
``moves`` phase (``framework/rules/phases/moves/``) lists the primitives a player chooses
from; the engine derives every legal action, their number, whether there is one and
a uniformly random one from the masks, so a primitive is written once.

- ``reach``: cells at an exact board distance from an own piece; a clone appears there, or
  the piece moves there;
- ``walk``: cells a piece reaches in up to N steps through empty cells, and enemies next to
  them; the piece moves, and on an enemy it attacks;
- ``place``: empty cells, anywhere or next to an own piece; a new piece from the supply;
- ``grow``: own pieces that may carry more of an attribute; it grows from the supply;
- ``swap``: the pie rule, the second player takes over the first player's one piece;
- ``step``, ``slide``, ``leap``: one cell in given directions, along a line until blocked,
  to fixed offsets (``framework/moves/lines.py``: what they share, such as a shot from the
  piece that just landed);
- ``rush``, ``en_passant``, ``castle``: a double step from a start zone that leaves the
  cell it passed over for one turn, the capture onto that cell, and a compound move of two
  unmoved pieces (chess's special moves, each a block of its own);
- ``hop``: over the piece next to it to the empty cell beyond, capturing it or not, and on
  again with the same piece in the same turn (``chain``: draughts' multi-jumps).

Today's whole-game blocks (``clone_or_jump``, ``walk``, ``build``) are presets: each
expands into a ``moves`` phase of these primitives when the game is compiled, and the
reference interpreter of ``boardspec check`` reads them through the same expansion.
"""

from __future__ import annotations

from typing import Annotated, Any

from framework.moves.base import Primitive
from framework.plugins import Registered, plugins

#: A move option of a ``moves`` phase or a piece kind: any registered move primitive's
#: parameters, told apart by ``type:`` (the entries ``moves.<keyword>`` of the registry).
MoveOption = Annotated[Any, Registered("moves")]


def primitive(keyword: str) -> type[Primitive]:
    """The registered move primitive of that keyword."""
    found: type[Primitive] = plugins("moves")[keyword]
    return found


__all__ = ["MoveOption", "Primitive", "primitive"]
