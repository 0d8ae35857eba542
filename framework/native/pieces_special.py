"""Kernel pieces of the moves that carry state between turns, and of a choice folded into
the move: ``rush`` (the cell it passed over, for one turn), ``en_passant`` (a capture onto
that cell), ``castle`` (a compound move of two unmoved pieces, with its rights) and
``promote_choice`` (the kind a promoted piece becomes, chosen by its player).

Each move piece names the state slot it reads or writes in ``SLOTS``: the compact state
gets a field for it (``framework/native/slots.py``) and the piece reads it under the name
``slot_field`` gives. A piece with an ``upkeep`` function (``UPKEEPS``) has it called
after every move of its phase, as the Python engine calls ``Primitive.upkeep``: a rush's
passed cell lasts one turn, a castling right is lost once its pieces have left their cells.

A ``promote_choice`` phase right after the moves phase is played as part of the move (see
``framework/native/assemble.py``): ``due`` says, on the position right after a move,
whether the choice follows; ``apply`` makes the landed piece the chosen kind.
"""

from __future__ import annotations

from typing import Any

from framework.native.pieces import (
    CHOICE_PIECES,
    PRIMITIVE_PIECES,
    Piece,
    PrimitivePiece,
    Unsupported,
)
from framework.native.slots import slot_field


def _sources(option: Any) -> str:
    return "own" if option.piece < 0 else f"(own & st[KINDS + {option.piece}])"


class ScannedPiece(PrimitivePiece):
    """A primitive whose ``count`` and ``has`` are its ``gen`` into a small buffer of its
    own (few moves: a rush, an en passant capture, a castle)."""

    PLACES = False
    #: At most this many moves in one position.
    MOST = 64

    def count(self) -> list[str]:
        return [f"buf = np.empty({self.MOST}, np.int64)",
                f"return {self.prefix}gen(st, side, own, enemy, empty, buf, 0)"]

    def has(self) -> list[str]:
        return [*self.count()[:1],
                f"return {self.prefix}gen(st, side, own, enemy, empty, buf, 0) > 0"]


class RushPiece(ScannedPiece):
    """``rush``: a piece in its start zone moves straight ahead through empty cells; the cell
    it passed over is kept in the slot until the next move that is not a rush."""

    UPKEEPS = True
    KNOWN = frozenset({"piece", "zone", "direction", "distance", "passed", "kind",
                       "notation", "resets_halfmove_clock"})

    def __init__(self, option: Any, index: int) -> None:
        super().__init__(option, index)
        size = option.game.board.size
        self.size = size
        self.SLOTS = (option.params.passed,)
        self.slot = slot_field(option.game, option.params.passed)
        self.zone = self.table("ZONE", option.zone)
        rows = [row for table in option.paths for row in table]  # [side * size + cell]
        self.path = self.table("PATH", [r[0] for r in rows])
        self.end = self.table("END", [r[1] for r in rows], "int64")
        self.passed = self.table("PASSED", [r[2] for r in rows], "int64")
        self.resets = option.resets_clock
        self.sources = _sources(option)
        self.MOST = max(1, len(option.moves))

    def functions(self) -> list[str]:
        return [*super().functions(),
                self.function("upkeep", "st, side, opt", [
                    f"if opt != {self.index}:", f"    st[{self.slot}] = ZERO"])]

    def gen(self) -> list[str]:
        return [f"b = {self.sources} & {self.zone}[side]", "while b:", "    s = low(b)",
                "    b &= b - ONE", f"    at = side * {self.size} + s", f"    e = {self.end}[at]",
                f"    if e >= 0 and not ({self.path}[at] & ~empty):",
                f"        buf[n] = {self.code} | ((s + 1) << 8) | e", "        n += 1",
                "return n"]

    def apply(self) -> list[str]:
        return ["move_piece(st, src, dst)", *self.landing(self.resets),
                f"st[{self.slot}] = U64({self.passed}[side * {self.size} + src] + 1)"]


class EnPassantPiece(ScannedPiece):
    """``en_passant``: a step onto the cell a rush just passed over, capturing the rusher."""

    KNOWN = frozenset({"piece", "directions", "victim", "passed", "kind", "notation",
                       "resets_halfmove_clock"})

    def __init__(self, option: Any, index: int) -> None:
        super().__init__(option, index)
        self.size = option.game.board.size
        self.SLOTS = (option.params.passed,)
        self.slot = slot_field(option.game, option.params.passed)
        self.starts = self.table("STARTS", [m for table in option.starts for m in table])
        self.victims = self.table("VICTIM", [c for table in option.victims for c in table],
                                  "int64")
        self.resets = option.resets_clock
        self.sources = _sources(option)
        self.MOST = max(1, len(option.moves))

    def gen(self) -> list[str]:
        return [f"p = np.int64(st[{self.slot}]) - 1",
                "if p < 0 or not (empty >> U64(p)) & ONE:", "    return n",
                f"v = {self.victims}[side * {self.size} + p]",
                "if v < 0 or not (enemy >> U64(v)) & ONE:", "    return n",
                f"b = {self.sources} & {self.starts}[side * {self.size} + p]", "while b:",
                f"    buf[n] = {self.code} | ((low(b) + 1) << 8) | p", "    n += 1",
                "    b &= b - ONE", "return n"]

    def apply(self) -> list[str]:
        return [f"remove(st, {self.victims}[side * {self.size} + dst])",
                "move_piece(st, src, dst)", *self.landing(self.resets)]


class CastlePiece(ScannedPiece):
    """``castle``: a piece and its partner, both unmoved (the route's right), move together
    when the cells between are empty and — ``safe`` — the piece's cells are not attacked
    (the attack tables read from the game's own moves, ``pieces_royal.AttackPiece``)."""

    UPKEEPS = True
    KNOWN = frozenset({"piece", "partner", "routes", "rights", "safe", "kind", "notation"})

    def __init__(self, option: Any, index: int) -> None:
        super().__init__(option, index)
        from framework.native.pieces_royal import AttackPiece

        game = option.game
        if len(option.routes) > 63:
            raise Unsupported("castle with more than 63 routes")
        self.SLOTS = (option.params.rights,)
        self.slot = slot_field(game, option.params.rights)
        self.piece, self.partner = option.piece, option.partner
        routes = option.routes  # (bit, player, from, to, partner_from, partner_to, empty, safe)
        self.count_routes = len(routes)
        self.width = max(1, max(len(r[7]) for r in routes))
        self.player = self.table("PLAYER", [r[1] for r in routes], "int64")
        self.src = self.table("SRC", [r[2] for r in routes], "int64")
        self.dst = self.table("DST", [r[3] for r in routes], "int64")
        self.psrc = self.table("PSRC", [r[4] for r in routes], "int64")
        self.pdst = self.table("PDST", [r[5] for r in routes], "int64")
        self.empty = self.table("EMPTY", [r[6] for r in routes])
        self.safe = self.table("SAFE", [r[7][i] if i < len(r[7]) else -1 for r in routes
                                        for i in range(self.width)], "int64")
        self.MOST = self.count_routes
        self.helpers = (AttackPiece.of(game),) if option.params.safe else ()
        self.attacked = "a_attacked"

    def _stands(self, side: str, kind: int, cell: str) -> str:
        return f"((st[{side}] & st[KINDS + {kind}]) >> U64({cell})) & ONE"

    def gen(self) -> list[str]:
        safe = [f"    for j in range({self.width}):",
                f"        c = {self.safe}[r * {self.width} + j]", "        if c < 0:",
                "            break", f"        if {self.attacked}(st, c, side):",
                "            ok = False", "            break"] if self.helpers else []
        return [f"rights = st[{self.slot}]", "if rights == ZERO:", "    return n",
                f"for r in range({self.count_routes}):",
                f"    if {self.player}[r] != side or not (rights >> U64(r)) & ONE:",
                "        continue", f"    src = {self.src}[r]",
                f"    if not {self._stands('side', self.piece, 'src')}:", "        continue",
                f"    if not {self._stands('side', self.partner, self.psrc + '[r]')}:",
                "        continue", f"    if {self.empty}[r] & ~empty:", "        continue",
                "    ok = True", *safe, "    if ok:",
                f"        buf[n] = {self.code} | ((src + 1) << 8) | {self.dst}[r]",
                "        n += 1", "return n"]

    def apply(self) -> list[str]:
        return [f"for r in range({self.count_routes}):",
                f"    if {self.player}[r] == side and {self.src}[r] == src and "
                f"{self.dst}[r] == dst:",
                "        remove(st, src)", f"        remove(st, {self.psrc}[r])",
                f"        place(st, dst, side, {self.piece})",
                f"        place(st, {self.pdst}[r], side, {self.partner})",
                "        break", *self.landing(False)]

    def functions(self) -> list[str]:
        return [*super().functions(), self.function("upkeep", "st, side, opt", [
            f"rights = st[{self.slot}]", "if rights == ZERO:", "    return",
            f"for r in range({self.count_routes}):", "    bit = ONE << U64(r)",
            "    if rights & bit:", f"        p = {self.player}[r]",
            f"        if not {self._stands('p', self.piece, self.src + '[r]')} or not "
            f"{self._stands('p', self.partner, self.psrc + '[r]')}:",
            "            rights &= ~bit", f"st[{self.slot}] = rights"])]


class PromoteChoicePiece(Piece):
    """``promote_choice``, folded into the move: due when the piece that just landed is the
    mover's ``piece`` in the mover's zone (``due_plain``: the same before a plain move from
    ``src`` to ``dst`` is played); the choice makes it the chosen kind."""

    KNOWN = frozenset({"zone", "piece", "choices"})

    def __init__(self, phase: Any, index: int) -> None:
        super().__init__(f"c{index}_", phase.keyword, phase.params)
        self.phase = phase
        self.zone = self.table("ZONE", phase.zone)
        self.piece = phase.piece
        self.kinds = self.table("KINDS", [phase.kinds[a.attribute] for a in phase.choices],
                                "int64")

    def functions(self) -> list[str]:
        return [
            self.function("due_plain", "st, side, src, dst", [
                f"return ((st[side] & st[KINDS + {self.piece}]) >> U64(src)) & ONE != ZERO "
                f"and ({self.zone}[side] >> U64(dst)) & ONE != ZERO"]),
            self.function("due", "st, side", [
                "c = np.int64(st[LANDED]) - 1", "if c < 0:", "    return False",
                "bit = ONE << U64(c)",
                f"return (st[side] & st[KINDS + {self.piece}] & {self.zone}[side] & bit) "
                "!= ZERO"]),
            self.function("apply", "st, side, choice", [
                "bit = ONE << U64(np.int64(st[LANDED]) - 1)",
                f"st[KINDS + {self.piece}] &= ~bit",
                f"st[KINDS + {self.kinds}[choice]] |= bit"])]


PRIMITIVE_PIECES.update({"rush": RushPiece, "en_passant": EnPassantPiece,
                         "castle": CastlePiece})
CHOICE_PIECES["promote_choice"] = PromoteChoicePiece
