"""Piece kinds with their own moves: a ``moves:`` list under a kind in ``pieces:``, played
by every ``moves`` phase that says ``piece_moves: true``.

```yaml
pieces:
  amazon:
    moves:
      - {type: slide}                       # each option as under a phase's options
  knight:
    moves:
      - {type: leap, offsets: [[1, 2]], symmetric: true, to: empty_or_enemy}
turn:
  - {name: move, type: moves, piece_moves: true}
```

Each listed move is the option it spells with ``piece:`` set to its kind, so only pieces of
that kind make it; its action kind is the piece kind's name (``knight``) unless it gives
``kind`` (a kind with two moves names at least one). The options come after the phase's
own ``options``, in the order of ``pieces:``.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from framework.plugins import Loc


def piece_options(spec: Any) -> list[tuple[Loc, Any]]:
    """Every kind's moves as options (with where each is written in the file)."""
    found: list[tuple[Loc, Any]] = []
    for kind, piece in spec.pieces.items():
        for i, move in enumerate(piece.moves):
            update: dict[str, Any] = {}
            if "piece" in type(move).model_fields:
                update["piece"] = kind
            if getattr(move, "kind", "") is None:
                update["kind"] = kind
            found.append((("pieces", kind, "moves", i), move.model_copy(update=update)))
    return found


def check_piece_moves(spec: Any) -> Iterator[tuple[Loc, str]]:
    """A kind's own moves are about that kind: they may not name another."""
    for kind, piece in spec.pieces.items():
        for i, move in enumerate(piece.moves):
            if "piece" not in type(move).model_fields:
                yield (("pieces", kind, "moves", i, "type"),
                       f"a {move.type!r} is not made by one piece: list it under a phase's "
                       "options instead")
            elif move.piece is not None:
                yield (("pieces", kind, "moves", i, "piece"),
                       f"a move listed under {kind!r} is made by a {kind}: leave 'piece' out")
            if getattr(move, "from_", "piece") == "landed":
                yield (("pieces", kind, "moves", i, "from"),
                       "a kind's own moves start from its pieces: a move 'from: landed' "
                       "goes under the options of the phase that follows the landing")
