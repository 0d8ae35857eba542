"""``castle``: a compound move of two unmoved pieces of one player — a piece and its partner
change places along a row in one action (chess's castling: king and rook).

```yaml
      - type: castle
        piece: king
        partner: rook
        rights: castling            # the position slot of the rights, written KQkq
        routes:
          - {player: white, letter: K, from: e1, to: g1, partner_from: h1, partner_to: f1}
          - {player: white, letter: Q, from: e1, to: c1, partner_from: a1, partner_to: d1}
          - {player: black, letter: k, from: e8, to: g8, partner_from: h8, partner_to: f8}
          - {player: black, letter: q, from: e8, to: c8, partner_from: a8, partner_to: d8}
```

A route may be taken when its right is still held, the player's ``piece`` stands on
``from`` and its ``partner`` on ``partner_from``, every cell the two cross or land on
(other than their two start cells) is empty and — with ``safe: true``, the default — no
cell the piece stands on, crosses or lands on is attacked by an enemy piece (see
``framework/moves/attacks.py``). The piece goes to ``to`` and the partner to
``partner_to``.

Each route has a right, one bit of the ``rights`` slot, written as the route's ``letter``
in positions (``KQkq``, ``-`` for none). A right is lost for good once its piece or its
partner has left its start cell (or been captured there): after every action of the phase
the slot is brought up to date. Written as the piece's move, ``{from}{to}`` (``e1g1``),
kind ``castle``.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, Any, ClassVar, Literal

from pydantic import Field

from framework.engine.action import Action
from framework.engine.slots import Slot
from framework.moves.attacks import attacks_of
from framework.moves.base import Loc, Masks, Primitive, written
from framework.plugins import OptionParams, Rule, Translate, join_words, untranslated

if TYPE_CHECKING:
    from framework.compiler import CompiledBoard, CompiledGame
    from framework.engine.state import State
    from framework.spec.semantics import SpecContext


class Route(Rule):
    player: str = Field(description="whose route it is")
    letter: str = Field(min_length=1, max_length=1, description="the right's letter in "
                        "positions (K, Q, k, q)")
    from_: str = Field(alias="from", description="the piece's start cell")
    to: str = Field(description="where the piece lands")
    partner_from: str = Field(description="the partner's start cell")
    partner_to: str = Field(description="where the partner lands")


class CastleParams(OptionParams):
    type: Literal["castle"]
    piece: str | None = Field(default=None, description="the kind that castles (the "
                              "king; left out under the kind's own moves)")
    partner: str = Field(description="the kind it castles with (the rook)")
    routes: list[Route] = Field(min_length=1, max_length=30, description="every way to "
                                "castle, each with its right")
    rights: str = Field(default="castling", description="the position slot of the rights "
                        "(one bit per route)")
    safe: bool = Field(default=True, description="the piece may not castle out of, through "
                       "or into an attacked cell")
    kind: str = Field(default="castle", description="the action's kind in JSON and records")
    notation: str = Field(default="{from}{to}", description="how castling is written (the "
                          "piece's cells)")


def rights_slot(params: Any) -> Slot:
    letters = "".join(r.letter for r in params.routes)
    return Slot(params.rights, scope="position", default=(1 << len(letters)) - 1,
                kind="flags", letters=letters)


def crossed(board: CompiledBoard, src: int, dst: int) -> list[int]:
    """The cells from ``src`` (excluded) to ``dst`` (included) along a straight line; just
    ``dst`` when no line joins them."""
    for d in range(len(board.directions)):
        if board.rays[src][d] >> dst & 1:
            cells = []
            at = board.step[src][d]
            while at != dst:
                cells.append(at)
                at = board.step[at][d]
            return [*cells, dst]
    return [dst] if dst != src else []


class Castle(Primitive):
    keyword = "castle"
    reference = ".reference:RefCastle"
    native = ".native:CastlePiece"
    Params = CastleParams
    attacks: ClassVar[bool] = False  # it lands on empty cells only
    upkeeps: ClassVar[bool] = True

    def __init__(self, params: CastleParams, phase: str, game: CompiledGame) -> None:
        super().__init__(params, phase, game)
        board = game.board
        cell = board.index.__getitem__
        self.slot = game.slots.index[params.rights]
        self.piece = game.piece_kinds.index(params.piece or game.piece_kinds[0])
        self.partner = game.piece_kinds.index(params.partner)
        #: Per route: (bit, player, from, to, partner_from, partner_to, must be empty,
        #: must not be attacked).
        self.routes = []
        for i, r in enumerate(params.routes):
            src, dst, psrc, pdst = cell(r.from_), cell(r.to), cell(r.partner_from), \
                cell(r.partner_to)
            path = set(crossed(board, src, dst)) | set(crossed(board, psrc, pdst))
            empty = sum(1 << c for c in path - {src, psrc})
            safe = [src, *crossed(board, src, dst)] if params.safe else []
            self.routes.append((1 << i, game.players.index(r.player), src, dst, psrc, pdst,
                                empty, tuple(safe)))
        self.moves = {(r[2], r[3]): Action(phase, params.kind, src=r[2], dst=r[3],
                                           notation=written(params.notation, board.written,
                                                            r[2], r[3]))
                      for r in self.routes}

    @classmethod
    def check_spec(cls, params: Any, loc: Loc, ctx: SpecContext) -> Iterator[tuple[Loc, str]]:
        if params.piece is None:
            yield (*loc, "piece"), "name the kind that castles (the king)"
        for key in ("piece", "partner"):
            if getattr(params, key) not in (*ctx.pieces, None):
                yield (*loc, key), ctx.unknown("piece", getattr(params, key), ctx.pieces)
        letters: list[str] = []
        for i, route in enumerate(params.routes):
            if route.player not in ctx.players:
                yield (*loc, "routes", i, "player"), ctx.unknown("player", route.player,
                                                                 ctx.players)
            for key in ("from", "to", "partner_from", "partner_to"):
                value = getattr(route, "from_" if key == "from" else key)
                if value not in ctx.cells:
                    yield (*loc, "routes", i, key), f"{value!r} is not a cell of the board"
            if route.letter in letters or route.letter in "-/ ":
                yield (*loc, "routes", i, "letter"), (
                    f"the letter {route.letter!r} is already used or cannot be written in a "
                    "position: give each route a letter of its own")
            letters.append(route.letter)

    @classmethod
    def slots_of(cls, params: Any) -> tuple[Slot, ...]:
        return (rights_slot(params),)

    @classmethod
    def kinds_of(cls, params: Any) -> tuple[tuple[str, str], ...]:
        return ((params.kind, ""),)

    def action_space(self) -> tuple[Action, ...]:
        return tuple(self.moves.values())

    def _open(self, state: State, masks: Masks) -> list[tuple[Any, ...]]:
        """The routes of the player to move whose right, pieces and empty cells allow them
        (safety not yet looked at)."""
        me = state.to_move
        rights = state.vars[self.slot]
        found = []
        for route in self.routes:
            bit, player, src, _, psrc, _, empty, _ = route
            if player != me or not rights & bit:
                continue
            if not (masks.own & state.kinds[self.piece]) >> src & 1 or \
                    not (masks.own & state.kinds[self.partner]) >> psrc & 1:
                continue
            if empty & ~masks.empty:
                continue
            found.append(route)
        return found

    def sources(self, state: State, masks: Masks) -> int:
        if not state.vars[self.slot]:
            return 0
        found = 0
        for route in self._open(state, masks):
            found |= 1 << route[2]
        return found

    def targets(self, state: State, masks: Masks, src: int) -> int:
        found = 0
        attacks = None
        for route in self._open(state, masks):
            if route[2] != src:
                continue
            if route[7]:
                attacks = attacks or attacks_of(self.game)
                if any(attacks.attacked(state, c, state.to_move) for c in route[7]):
                    continue
            found |= 1 << route[3]
        return found

    def action(self, masks: Masks, src: int, dst: int) -> Action:
        return self.moves[src, dst]

    def apply(self, state: State, action: Action) -> None:
        me = state.to_move
        route = next(r for r in self.routes if r[1] == me and r[2] == action.src
                     and r[3] == action.dst)
        _, _, src, dst, psrc, pdst, _, _ = route
        state.remove(src)
        state.remove(psrc)
        state.place(dst, me, self.piece)
        state.place(pdst, me, self.partner)
        self.landed_on(state, dst)

    def upkeep(self, state: State, action: Action) -> None:
        rights = state.vars[self.slot]
        if not rights:
            return
        kinds = state.kinds
        for bit, player, src, _, psrc, _, _, _ in self.routes:
            if rights & bit:
                own = state.owner[player]
                if not (own & kinds[self.piece]) >> src & 1 or \
                        not (own & kinds[self.partner]) >> psrc & 1:
                    rights &= ~bit
        state.vars[self.slot] = rights

    def describe(self, _: Translate = untranslated) -> str:
        p = self.params
        text = _("castling: your {piece} and a {partner}, neither of which has moved yet, "
                 "move together along a route when every cell between them is empty"
                 ).format(piece=_(p.piece), partner=_(p.partner))
        if p.safe:
            text += " " + _("and the {piece} does not stand on, cross or land on an attacked "
                            "cell").format(piece=_(p.piece))
        routes = join_words(_, [_("{piece} {src} to {dst} with the {partner} {partner_src} to "
                                  "{partner_dst}").format(
            piece=_(p.piece), src=r.from_, dst=r.to, partner=_(p.partner),
            partner_src=r.partner_from, partner_dst=r.partner_to) for r in p.routes],
            either=True)
        return f"{text} ({routes})"
