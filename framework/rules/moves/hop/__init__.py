"""``hop``: a piece jumps over the piece next to it, in one of the given directions, to the
empty cell just beyond — capturing the piece it jumped or not — and may (or must) hop on
with the same piece in the same turn (draughts' multi-jumps).

```yaml
players: [{name: black, forward: n}, {name: white, forward: s}]
turn:
  - name: move
    type: moves
    options:
      - {type: hop, piece: man, directions: [forward_left, forward_right], kind: jump,
         chain: must}
      - {type: hop, piece: king, directions: [ne, nw, se, sw], kind: king_jump,
         chain: must}
```

``directions`` are the board's own (``ne``) or named from the player's forward
(``forward_left``): each player hops along its own. ``over`` says what may be jumped (an
``enemy`` piece, an ``own`` one, ``any`` piece); with ``capture: true`` (the default) the
jumped piece is taken off the board at once. A hop is written ``{from}x{to}`` (``c3xe5``).

**Chains.** With ``chain: must``, a piece that has just hopped and can hop again (by any
chaining option of the phase for its kind) must do so: the phase stays the player's, with
that piece's hops as the only actions, until it cannot hop on; ``chain: may`` adds a
``stop`` action that ends the turn there. Each hop of a chain is one action, and the whole
chain is one turn. A captured piece leaves the board when it is jumped, so it can never be
jumped twice (in English draughts removing it at once or at the end of the chain makes no
difference: a cell one diagonal step from a landing cell is never a landing cell). A chain
needs ``capture: true``, so that it always ends. Consequences after the phase (``promote``)
act once the chain is over, on the cell it ended on.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, Any, Literal

from pydantic import Field

from framework.engine.action import Action
from framework.moves.base import Loc, Masks, Primitive, kind_index, own_of_kind, written
from framework.plugins import OptionParams, Translate, join_words, untranslated

if TYPE_CHECKING:
    from framework.compiler import CompiledGame
    from framework.engine.state import State
    from framework.spec.semantics import SpecContext




class HopParams(OptionParams):
    type: Literal["hop"]
    piece: str | None = Field(default=None, description="the kind that hops (default: any)")
    directions: list[str] = Field(min_length=1, description="the directions a hop may take: "
                                  "the board's (ne) or named from the player's forward "
                                  "(forward_left)")
    over: Literal["enemy", "own", "any"] = Field(default="enemy", description="what the "
                                                 "jumped piece may be")
    capture: bool = Field(default=True, description="the jumped piece is taken off the board")
    chain: Literal["none", "must", "may"] = Field(
        default="none", description="after a hop the same piece must (or may) hop again in "
                                    "the same turn while it can")
    kind: str = Field(default="hop", description="the action's kind in JSON and records "
                      "(give men's and kings' hops different kinds)")
    notation: str = Field(default="{from}x{to}", description="how a hop is written")
    resets_halfmove_clock: bool = Field(default=True, description="a hop resets the "
                                        "half-move clock (at the end of the turn)")


def N_(text: str) -> str:  # gettext's "mark now, translate later"
    return text


#: How a rulebook words each direction named from the player's forward.
RELATIVE_WORDS = {
    "forward": N_("forward"), "backward": N_("backward"), "left": N_("left"),
    "right": N_("right"), "forward_left": N_("diagonally forward to the left"),
    "forward_right": N_("diagonally forward to the right"),
    "backward_left": N_("diagonally backward to the left"),
    "backward_right": N_("diagonally backward to the right")}


def direction_words(_: Translate, names: list[str]) -> str:
    """Directions as a rulebook words them: "ne or nw", "diagonally forward to the left or
    diagonally forward to the right"."""
    return join_words(_, [_(RELATIVE_WORDS[n]) if n in RELATIVE_WORDS else n for n in names],
                      either=True)


class Hop(Primitive):
    keyword = "hop"
    reference = ".reference:RefHop"
    native = ".native:HopPiece"
    Params = HopParams

    def __init__(self, params: HopParams, phase: str, game: CompiledGame) -> None:
        super().__init__(params, phase, game)
        board = game.board
        names = board.names
        step = board.step
        self.piece = kind_index(game, params.piece)
        self.chain = params.chain
        self.capture = params.capture
        # Per player, per cell: the (jumped cell, landing cell) pairs of its directions.
        self.jumps: tuple[tuple[tuple[tuple[int, int], ...], ...], ...] = tuple(
            tuple(tuple((step[c][d], step[step[c][d]][d]) for d in dirs
                        if step[c][d] >= 0 and step[step[c][d]][d] >= 0)
                  for c in range(board.size))
            for dirs in self._directions(game))
        #: The cell a hop from ``src`` to ``dst`` jumps (the same for every player).
        self.between: dict[tuple[int, int], int] = {
            (c, land): over for per_player in self.jumps
            for c, pairs in enumerate(per_player) for over, land in pairs}
        self.hops: tuple[dict[int, Action], ...] = tuple(
            {land: Action(phase, params.kind, src=src, dst=land,
                          notation=written(self.template, names, src, land))
             for (s, land) in self.between if s == src} for src in range(board.size))

    def _directions(self, game: CompiledGame) -> list[tuple[int, ...]]:
        found = []
        for player in range(len(game.players)):
            dirs = (game.board_direction(name, player) for name in self.params.directions)
            found.append(tuple(dict.fromkeys(d for d in dirs if d >= 0)))
        return found

    @classmethod
    def check_spec(cls, params: Any, loc: Loc, ctx: SpecContext) -> Iterator[tuple[Loc, str]]:
        if params.piece and params.piece not in ctx.pieces:
            yield (*loc, "piece"), ctx.unknown("piece", params.piece, ctx.pieces)
        yield from ctx.check_directions(params.directions, (*loc, "directions"))
        if params.chain != "none" and not params.capture:
            yield (*loc, "chain"), ("a chain of hops needs capture: true (hops that take "
                                    "nothing could go round the board forever)")

    @classmethod
    def kinds_of(cls, params: Any) -> tuple[tuple[str, str], ...]:
        return ((params.kind, ""),)

    def action_space(self) -> tuple[Action, ...]:
        return tuple(a for row in self.hops for a in row.values())

    def sources(self, state: State, masks: Masks) -> int:
        return own_of_kind(state, masks, self.piece)

    def targets(self, state: State, masks: Masks, src: int) -> int:
        over = self.params.over
        jumpable = masks.enemy if over == "enemy" else \
            masks.own if over == "own" else masks.enemy | masks.own
        empty = masks.empty
        found = 0
        for jumped, land in self.jumps[state.to_move][src]:
            if jumpable >> jumped & 1 and empty >> land & 1:
                found |= 1 << land
        return found

    def action(self, masks: Masks, src: int, dst: int) -> Action:
        return self.hops[src][dst]

    def apply(self, state: State, action: Action) -> None:
        src, dst = action.src, action.dst
        state.move_piece(src, dst)
        if self.capture:
            state.remove(self.between[src, dst])
        self.landed_on(state, dst)

    def describe(self, _: Translate = untranslated) -> str:
        p = self.params
        directions = direction_words(_, p.directions)
        over = {"enemy": _("an enemy piece"), "own": _("one of your pieces"),
                "any": _("a piece")}[p.over]
        if p.piece:
            text = _("a {piece} jumps {direction} over {over} next to it to the empty cell "
                     "beyond").format(piece=_(p.piece), direction=directions, over=over)
        else:
            text = _("one of your pieces jumps {direction} over {over} next to it to the "
                     "empty cell beyond").format(direction=directions, over=over)
        if p.capture:
            text += " " + _("(the jumped piece is captured)")
        if p.chain == "must":
            text += ", " + _("and must jump again with the same piece while it can, in the "
                             "same turn")
        elif p.chain == "may":
            text += ", " + _("and may jump again with the same piece, in the same turn")
        return text
