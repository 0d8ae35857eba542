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
act once the chain is over, on the cell it ended on (a man that passes the crown row in the
middle of a chain is not crowned there).

**Long-range hops.** ``approach`` is how many empty cells may lie between the hopping piece
and the piece it jumps (0, the default: next to it; ``any``: any number), ``landing`` how
far beyond the jumped piece it may land (1, the default: just beyond; ``any``: on any cell
of the line beyond, every cell up to it empty). International draughts' flying king hops
with ``approach: any, landing: any``:

```yaml
      - {type: hop, piece: king, directions: [ne, nw, se, sw], kind: king_jump,
         chain: must, approach: any, landing: any, removed: at_end}
```

**When the jumped piece leaves.** With ``removed: at_end`` (for a chain only), a captured
piece stays on the board until the chain is over, then all leave together: until then it
cannot be jumped again, and it blocks the line (nothing hops over two pieces, nor lands on
one), as the international rules say. A position in the middle of such a chain lists them
under ``captured``. With ``removed: at_once`` (the default) each leaves as it is jumped.

**Straight chains.** With ``straight: true``, every hop of a chain after the first goes the
way the first went (Konane: a piece jumps on along one line only, never turning); the
position keeps the cell the last hop started from (``hopped_from``) to tell the way.

**Hops that take nothing.** With ``capture: false`` the jumped piece stays where it is
(Chinese checkers: over any piece, own or enemy). Such a hop may chain only with
``revisit: false``: a chain may not land on a cell it has already stood on in this turn,
its starting cell included (the position lists them under ``visited``), so every chain
ends.

```yaml
      - {type: hop, over: any, capture: false, chain: may, revisit: false,
         directions: [e, w, ne, nw, se, sw]}
```

**Stacks.** In a game of stacks (``stacks:``) the jumped piece is the top of the jumped
stack, and its owner says whether it may be jumped (``over``). ``takes`` says what a capture
takes: the whole jumped stack (``stack``, the default) or only its top piece (``top``: the
piece beneath becomes the top, and controls the stack); ``taken_to`` where the taken pieces
go: off the board (``off``, the default) or under the capturing stack, at its bottom
(``under``), so nothing leaves the board. Lasca's capture takes the top of the jumped column
and puts it under the jumper's:

```yaml
stacks: {moves: whole, max_height: 22, conserved: true}
turn:
  - name: move
    type: moves
    options:
      - {type: hop, piece: soldier, directions: [forward_left, forward_right], kind: jump,
         chain: must, takes: top, taken_to: under}
```

A stack jumped once may be jumped again in the same chain while an enemy piece is its top.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, Annotated, Any, Literal

from pydantic import Field

from framework.board.direction_words import directions_phrase
from framework.engine.action import Action
from framework.engine.bits import iter_bits
from framework.engine.slots import CAPTURED, CHAIN, HOPPED_FROM, VISITED, Slot
from framework.moves.base import Loc, Masks, Primitive, kind_index, own_of_kind, written
from framework.plugins import OptionParams, Translate, untranslated

if TYPE_CHECKING:
    from framework.compiler import CompiledGame
    from framework.engine.state import State
    from framework.spec.semantics import SpecContext




#: The longest ``approach`` or ``landing`` a file may give as a number.
MAX_REACH = 64
Approach = Annotated[int, Field(ge=0, le=MAX_REACH)] | Literal["any"]
Landing = Annotated[int, Field(ge=1, le=MAX_REACH)] | Literal["any"]


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
    approach: Approach = Field(
        default=0, description="how many empty cells may lie between "
        "the piece and the piece it jumps (0: next to it; any: any number, a flying king)")
    landing: Landing = Field(
        default=1, description="how far beyond the jumped piece the "
        "piece may land, every cell up to there empty (1: just beyond; any: anywhere on "
        "the line beyond)")
    removed: Literal["at_once", "at_end"] = Field(
        default="at_once", description="when a captured piece leaves the board: as it is "
        "jumped, or when the chain is over (until then it blocks the line and cannot be "
        "jumped again)")
    straight: bool = Field(default=False, description="every hop of a chain goes the way "
                           "its first hop went (Konane)")
    takes: Literal["stack", "top"] = Field(
        default="stack", description="in a game of stacks, what a capture takes: the whole "
        "jumped stack, or only its top piece (the piece beneath becomes the top)")
    taken_to: Literal["off", "under"] = Field(
        default="off", description="where the captured pieces go: off the board, or (in a "
        "game of stacks) to the bottom of the capturing stack (Lasca)")
    revisit: bool = Field(default=True, description="a chain may land on a cell it has "
                          "already stood on this turn (false: never, its start included; a "
                          "chain that captures nothing needs false)")


def reach_of(value: int | str, board_size: int) -> int:
    """An ``approach`` or ``landing`` as a number of cells (``any``: the whole line)."""
    return board_size if value == "any" else int(value)


def direction_words(_: Translate, names: list[str]) -> str:
    """Directions as a rulebook words them: "diagonally", "diagonally forward"."""
    return directions_phrase(names, _)


class Hop(Primitive):
    keyword = "hop"
    reference = ".reference:RefHop"
    native = ".native:HopPiece"
    Params = HopParams

    @classmethod
    def has_path(cls, params: Any) -> bool:
        return True  # the cells a hop passes: the jumped piece's and those beside it

    def __init__(self, params: HopParams, phase: str, game: CompiledGame) -> None:
        super().__init__(params, phase, game)
        board = game.board
        names = board.written
        step = board.step
        self.piece = kind_index(game, params.piece)
        self.chain = params.chain
        self.capture = params.capture
        self.takes_top = params.takes == "top"
        self.under = params.taken_to == "under"
        self.approach = reach_of(params.approach, board.size)
        self.landing = reach_of(params.landing, board.size)
        #: Whether the piece may hop from afar or land further than just beyond.
        self.long_range = self.approach > 0 or self.landing > 1
        #: The slot of the pieces a chain has captured and not yet removed (-1: at once).
        self.captured = game.slots.index.get(CAPTURED.name, -1) \
            if params.removed == "at_end" else -1
        directions = self._directions(game)
        slots = game.slots.index
        self.straight = params.straight
        self.revisit = params.revisit
        #: The slots of a chain: the chaining cell, where its last hop began (straight),
        #: the cells it has stood on (revisit: false); -1 when the option has none.
        self.chain_slot = slots.get(CHAIN.name, -1) if params.chain != "none" else -1
        self.hopped_from = slots.get(HOPPED_FROM.name, -1) if params.straight else -1
        self.visited = slots.get(VISITED.name, -1) if not params.revisit else -1
        #: Per player, per cell: (direction, jumped cell, landing cell) of its hops next to it.
        self.heading_jumps: tuple[tuple[tuple[tuple[int, int, int], ...], ...], ...] = tuple(
            tuple(tuple((d, step[c][d], step[step[c][d]][d]) for d in dirs
                        if step[c][d] >= 0 and step[step[c][d]][d] >= 0)
                  for c in range(board.size))
            for dirs in directions)
        #: The direction of each hop next to it, by (source, landing) and player.
        self.heading: tuple[dict[tuple[int, int], int], ...] = tuple(
            {(c, land): d for c, triples in enumerate(per_player) for d, _, land in triples}
            for per_player in self.heading_jumps)
        # Per player, per cell: the (jumped cell, landing cell) pairs of its directions.
        self.jumps: tuple[tuple[tuple[tuple[int, int], ...], ...], ...] = tuple(
            tuple(tuple((step[c][d], step[step[c][d]][d]) for d in dirs
                        if step[c][d] >= 0 and step[step[c][d]][d] >= 0)
                  for c in range(board.size))
            for dirs in directions)
        # Per player, per cell: the line of cells along each direction, as far as a hop
        # can reach (the approach, the jumped piece and the landing).
        longest = min(board.size, self.approach + 1 + self.landing)
        self.rays: tuple[tuple[tuple[tuple[int, ...], ...], ...], ...] = tuple(
            tuple(tuple(ray for d in dirs if len(ray := _ray(step, c, d, longest)) >= 2)
                  for c in range(board.size))
            for dirs in directions)
        #: The cells a hop from ``src`` to ``dst`` passes (the same for every player): the
        #: jumped piece is the one of them that is taken.
        self.path: dict[tuple[int, int], tuple[int, ...]] = {
            (c, ray[k]): ray[:k] for per_player in self.rays
            for c, rays in enumerate(per_player) for ray in rays
            for k in range(1, len(ray)) if k <= self.approach + self.landing}
        #: The cell a hop next to it from ``src`` to ``dst`` jumps.
        self.between: dict[tuple[int, int], int] = {
            (c, land): over for per_player in self.jumps
            for c, pairs in enumerate(per_player) for over, land in pairs}
        by_source: list[list[int]] = [[] for _ in range(board.size)]
        for src, land in self.path:
            by_source[src].append(land)
        self.hops: tuple[dict[int, Action], ...] = tuple(
            {land: Action(phase, params.kind, src=src, dst=land,
                          notation=written(self.template, names, src, land))
             for land in dict.fromkeys(lands)} for src, lands in enumerate(by_source))

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
        if params.chain != "none" and not params.capture and params.revisit:
            yield (*loc, "chain"), ("a chain of hops that capture nothing needs revisit: "
                                    "false (else it could go round the board forever)")
        if params.chain == "none":
            for name, value in (("straight", params.straight), ("revisit", not params.revisit)):
                if value:
                    yield (*loc, name), (f"{name} says how a chain goes on: it needs chain: "
                                         "must or may")
        if params.straight and (params.approach != 0 or params.landing != 1):
            yield (*loc, "straight"), ("straight chains are supported for hops next to the "
                                       "piece only (approach: 0, landing: 1)")
        stacked = ctx.spec.stacks is not None
        for name, value, default in (("takes", params.takes, "stack"),
                                     ("taken_to", params.taken_to, "off")):
            if value == default:
                continue
            if not stacked:
                yield (*loc, name), (f"{name}: {value} is for a game of stacks: declare "
                                     "'stacks:' in the file (a cell holds one piece "
                                     "otherwise)")
            elif not params.capture:
                yield (*loc, name), (f"{name}: {value} says what a capture does with the "
                                     "jumped pieces: it needs capture: true")
            elif params.removed != "at_once":
                yield (*loc, name), (f"{name}: {value} is supported with removed: at_once "
                                     "only")
        if params.removed == "at_end" and not params.revisit:
            yield (*loc, "revisit"), ("revisit: false is for chains that take nothing or "
                                      "take at once, not with removed: at_end")
        if params.removed == "at_end":
            if not params.capture:
                yield (*loc, "removed"), ("removed: at_end says when a captured piece "
                                          "leaves: it needs capture: true")
            elif params.chain != "must":
                yield (*loc, "removed"), (
                    "removed: at_end takes the captured pieces off when the chain is over: "
                    "it needs chain: must (a hop alone ends at once; a chain that may stop "
                    "is not supported with it)")

    @classmethod
    def slots_of(cls, params: Any) -> tuple[Slot, ...]:
        return ((CAPTURED,) if params.removed == "at_end" else ()) + \
            ((HOPPED_FROM,) if params.straight else ()) + \
            ((VISITED,) if not params.revisit and params.chain != "none" else ())

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
        if self.captured >= 0:  # a piece the chain has taken is not taken twice
            jumpable &= ~state.vars[self.captured]
        empty = masks.empty
        found = 0
        chaining = self.chain_slot >= 0 and state.vars[self.chain_slot] >= 0
        if chaining and self.visited >= 0:  # never back onto a cell the chain stood on
            empty &= ~state.vars[self.visited]
        if chaining and self.hopped_from >= 0:  # on the way the chain's hops went
            me = state.to_move
            way = self.heading[me].get((state.vars[self.hopped_from], src), -1)
            for d, jumped, land in self.heading_jumps[me][src]:
                if d == way and jumpable >> jumped & 1 and empty >> land & 1:
                    found |= 1 << land
            return found
        if not self.long_range:
            for jumped, land in self.jumps[state.to_move][src]:
                if jumpable >> jumped & 1 and empty >> land & 1:
                    found |= 1 << land
            return found
        approach, landing = self.approach, self.landing
        for ray in self.rays[state.to_move][src]:
            j, n = 0, len(ray)
            while j < n and empty >> ray[j] & 1:  # the empty cells before a piece
                j += 1
            if j > approach or j >= n or not jumpable >> ray[j] & 1:
                continue
            for k in range(j + 1, min(n, j + 1 + landing)):
                if not empty >> ray[k] & 1:
                    break
                found |= 1 << ray[k]
        return found

    def action(self, masks: Masks, src: int, dst: int) -> Action:
        return self.hops[src][dst]

    def jumped(self, state: State, src: int, dst: int) -> int:
        """The cell of the piece a hop from ``src`` to ``dst`` jumps (before it moves)."""
        if not self.long_range:
            return self.between[src, dst]
        occupied = state.occupied()
        return next(c for c in self.path[src, dst] if occupied >> c & 1)

    def apply(self, state: State, action: Action) -> None:
        src, dst = action.src, action.dst
        jumped = self.jumped(state, src, dst) if self.capture else -1
        state.move_piece(src, dst)
        if self.hopped_from >= 0:
            state.vars[self.hopped_from] = src
        if self.visited >= 0:
            state.vars[self.visited] |= 1 << src | 1 << dst
        if self.captured >= 0:
            state.vars[self.captured] |= 1 << jumped
        elif self.takes_top or self.under:
            self._take(state, jumped, dst)
        elif self.capture:
            state.remove(jumped)
        self.landed_on(state, dst)

    def _take(self, state: State, jumped: int, dst: int) -> None:
        """A capture in a game of stacks: the top of the jumped stack (or all of it) is
        taken, and goes under the capturing stack on ``dst`` or off the board."""
        taken = [state.take_top(jumped)]
        if not self.takes_top:
            while state.owner_of(jumped) >= 0:
                taken.append(state.take_top(jumped))
        if self.under:
            for code in taken:
                state.put_under(dst, code)

    def chain_over(self, state: State) -> None:
        if self.captured >= 0 and state.vars[self.captured]:
            for cell in iter_bits(state.vars[self.captured]):
                state.remove(cell)
            state.vars[self.captured] = 0

    def describe(self, _: Translate = untranslated) -> str:
        p = self.params
        directions = direction_words(_, p.directions)
        over = {"enemy": _("an enemy piece"), "own": _("one of your pieces"),
                "any": _("a piece")}[p.over]
        if not self.long_range:
            if p.piece:
                text = _("a {piece} jumps {direction} over {over} next to it to the empty "
                         "cell beyond").format(piece=_(p.piece), direction=directions,
                                               over=over)
            else:
                text = _("one of your pieces jumps {direction} over {over} next to it to the "
                         "empty cell beyond").format(direction=directions, over=over)
        else:
            who = _(p.piece) if p.piece else _("one of your pieces")
            text = _("a {piece} jumps {direction} along the line over {over} {where} to "
                     "{to}, every cell it passes empty").format(
                piece=who, direction=directions, over=over, where=self._where(_),
                to=self._to(_))
        if p.takes == "top" or p.taken_to == "under":
            text += " " + {
                ("top", "under"): _("(the top piece of the jumped stack is captured and put "
                                    "at the bottom of the jumping stack; the piece beneath "
                                    "it, if any, now commands the jumped stack)"),
                ("top", "off"): _("(the top piece of the jumped stack is captured and leaves "
                                  "the board; the piece beneath it, if any, now commands "
                                  "the jumped stack)"),
                ("stack", "under"): _("(the whole jumped stack is captured and put at the "
                                      "bottom of the jumping stack)"),
            }[p.takes, p.taken_to]
        elif not p.capture:
            text += " " + _("(the jumped piece stays where it is)")
        else:
            text += " " + (_("(the jumped piece is captured)") if self.captured < 0 else
                           _("(the jumped piece is captured, but stays on the board until "
                             "the chain is over: until then it cannot be jumped again and "
                             "blocks the line)"))
        if p.chain == "must":
            text += ", " + _("and must jump again with the same piece while it can, in the "
                             "same turn")
        elif p.chain == "may":
            text += ", " + _("and may jump again with the same piece, in the same turn")
        if p.straight:
            text += " " + _("(each further jump goes the same way as the first, along one "
                            "line)")
        if not p.revisit and p.chain != "none":
            text += " " + _("(never landing on a cell it has already stood on in this turn, "
                            "its starting cell included)")
        return text

    def _where(self, _: Translate) -> str:
        if self.approach == 0:
            return _("next to it")
        if self.params.approach == "any":
            return _("at any distance")
        return _("at most {n} cells away").format(n=self.approach + 1)

    def _to(self, _: Translate) -> str:
        if self.landing == 1:
            return _("the empty cell just beyond")
        if self.params.landing == "any":
            return _("any cell beyond it")
        return _("one of the {n} cells beyond it").format(n=self.landing)


def _ray(step: Any, cell: int, direction: int, longest: int) -> tuple[int, ...]:
    """The cells from ``cell`` along ``direction``, at most ``longest`` of them."""
    ray: list[int] = []
    at = step[cell][direction]
    while at >= 0 and at != cell and at not in ray and len(ray) < longest:
        ray.append(at)
        at = step[at][direction]
    return tuple(ray)
