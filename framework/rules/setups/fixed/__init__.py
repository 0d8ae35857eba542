"""``fixed``: pieces on given cells before the first turn.

```yaml
setup:
  - type: fixed
    cells: {a7: white, g1: white, a1: black, g7: black}
    to_move: white            # optional; default the first player
```

A cell's value is the owner, or ``{owner: white, piece: stone}`` for a game with several
kinds of piece; ``attributes`` gives the piece its numbers (a stack of five checkers:
``{owner: x, attributes: {count: 5}}``).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, Any, Literal

from pydantic import Field

from framework.plugins import Rule, Setup, Translate, counted, join_words, untranslated

if TYPE_CHECKING:
    from framework.engine.state import State
    from framework.spec.semantics import SpecContext


class Placement(Rule):
    owner: str
    piece: str | None = None
    attributes: dict[str, int] = Field(default_factory=dict, description="the piece's "
                                       "attributes, by name (default 0)")


class FixedParams(Rule):
    type: Literal["fixed"]
    name: str | None = Field(default=None, description="the step's name in positions and "
                                                       "messages (default: its type)")
    cells: dict[str, str | Placement] = Field(
        default_factory=dict, description="cell: its owner, or {owner, piece} for a kind other "
                                          "than the first")
    to_move: str | None = Field(default=None, description="the player who moves first "
                                                          "(default: the first player)")


class Fixed(Setup):
    """The game starts from a fixed position."""

    keyword = "fixed"
    reference = ".reference:RefFixed"
    native = None
    no_twin_reason = ("a setup runs before play: the native kernels start "
                      "from the engine's initial state")
    Params = FixedParams

    @classmethod
    def check_spec(cls, params: Any, loc: tuple[str | int, ...], ctx: SpecContext
                   ) -> Iterator[tuple[tuple[str | int, ...], str]]:
        for cell, value in params.cells.items():
            owner = value if isinstance(value, str) else value.owner
            if owner not in ctx.players:
                yield (*loc, "cells", cell), ctx.unknown("player", owner, ctx.players)
            if isinstance(value, Placement) and value.piece and value.piece not in ctx.pieces:
                yield (*loc, "cells", cell, "piece"), ctx.unknown("piece", value.piece,
                                                                  ctx.pieces)
            if isinstance(value, Placement):
                kind = value.piece or next(iter(ctx.spec.pieces))
                own = ctx.spec.pieces[kind].attributes if kind in ctx.spec.pieces else {}
                for name, number in value.attributes.items():
                    if name not in own:
                        yield (*loc, "cells", cell, "attributes", name), ctx.unknown(
                            "attribute", name, tuple(own))
                    elif number < 0 or (own[name].max is not None and number > own[name].max):
                        yield (*loc, "cells", cell, "attributes", name), (
                            f"{name} {number} is outside 0..{own[name].max}")
        yield from _over_supply(params, loc, ctx)
        if params.to_move is not None and params.to_move not in ctx.players:
            yield (*loc, "to_move"), ctx.unknown("player", params.to_move, ctx.players)

    def prepare(self, state: State) -> None:
        game = self.game
        for cell, value in self.params.cells.items():
            owner = value if isinstance(value, str) else value.owner
            piece = None if isinstance(value, str) else value.piece
            kind = game.piece_kinds.index(piece) if piece else 0
            at = game.board.cell(cell)
            state.place(at, game.players.index(owner), kind)
            if not isinstance(value, str):
                for name, number in value.attributes.items():
                    state.attrs[game.attributes.index(name)][at] = number
        if self.params.to_move:
            state.to_move = game.players.index(self.params.to_move)
            state.last_mover = game.turn_order.previous(state.to_move, state.fullmove)

    def describe(self, _: Translate = untranslated) -> str:
        kinds = self.game.piece_kinds
        board = self.game.board
        by_owner: dict[str, dict[str, list[str]]] = {}
        for cell, value in self.params.cells.items():
            owner = value if isinstance(value, str) else value.owner
            piece = (None if isinstance(value, str) else value.piece) or kinds[0]
            # A numbered board's cells by number (draughts' 31-50), in order.
            by_owner.setdefault(owner, {}).setdefault(piece, []).append(
                board.numbers[board.cell(cell)] if board.numbers else cell)
        if board.numbers:
            for pieces in by_owner.values():
                for cells in pieces.values():
                    cells.sort(key=int)
        if all(len(pieces) == 1 for pieces in by_owner.values()) and len(
                {p for pieces in by_owner.values() for p in pieces}) == 1:
            parts = [_("{player} on {cells}").format(player=_(owner), cells=join_words(
                _, cells)) for owner, pieces in by_owner.items() for cells in pieces.values()]
            return _("The game starts with these pieces on the board: {placements}.").format(
                placements="; ".join(parts))
        sentences = [_("The game starts with these pieces on the board.")]
        for owner, pieces in by_owner.items():
            placed = [(_("{n} {pieces} on {cells}") if len(cells) > 1 else
                       _("{pieces} on {cells}")).format(
                n=len(cells), pieces=counted(_, piece, len(cells)), cells=join_words(_, cells))
                for piece, cells in sorted(pieces.items(), key=lambda kv: kinds.index(kv[0]))]
            text = _("{player}: {pieces}.").format(player=_(owner), pieces=", ".join(placed))
            sentences.append(text[:1].upper() + text[1:])
        return " ".join(sentences)


def _over_supply(params: FixedParams, loc: tuple[str | int, ...], ctx: SpecContext
                 ) -> Iterator[tuple[tuple[str | int, ...], str]]:
    """More pieces of a kind on the board than a player's supply of it."""
    counts: dict[tuple[str, str], int] = {}
    kinds = list(ctx.spec.pieces)
    for value in params.cells.values():
        owner = value if isinstance(value, str) else value.owner
        piece = (value.piece if isinstance(value, Placement) else None) or kinds[0]
        counts[owner, piece] = counts.get((owner, piece), 0) + 1
    for (owner, piece), count in counts.items():
        supply = ctx.spec.pieces[piece].supply if piece in ctx.spec.pieces else None
        if supply is not None and count > supply:
            yield (*loc, "cells"), (f"{owner} gets {count} {piece} pieces, but the supply "
                                    f"of {piece} is {supply}")
