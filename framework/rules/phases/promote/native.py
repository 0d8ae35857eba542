"""The native kernel pieces of ``promote``: their share of a game's generated numba
module, as Python source (``framework.kernel``; no numba import here).
"""

from __future__ import annotations

from typing import Any

from framework.engine.slots import DEPARTED
from framework.kernel.pieces import Piece, Unsupported, check_params
from framework.kernel.slots import slot_field


class PromotePiece(Piece):
    """``promote`` to one kind: the mover's piece on the landing cell, in the mover's zone,
    becomes the kind (a list of kinds is the player's choice: ``PromoteChoicesPiece``)."""

    KNOWN = frozenset({"zone", "to", "piece"})

    HANDLED = frozenset({"if_"})
    WIDE = True
    #: It has ``fires_plain``: whether a plain move will promote, before it is played
    #: (so a choice folded after it needs no trial to know whether it is due).
    FIRES_PLAIN = True

    def __init__(self, phase: Any, index: int | str) -> None:
        super().__init__(f"p{index}_", phase.keyword, phase.params, phase.game)
        self.zone = self.table("ZONE", phase.zone)
        self.to = phase.to
        self.piece = phase.piece

    @property
    def makes(self) -> int:
        """The kind it makes (``FIRES_PLAIN``: the assembler checks no folded choice reads
        it)."""
        return int(self.to)

    def _promotes(self, cell: str) -> str:
        """Whether the piece on ``cell`` is of a kind that promotes: the named kind, or
        (none named) any kind but the one it becomes."""
        kinds = self.m.get(f"KINDS + {self.piece if self.piece >= 0 else self.to}")
        test = self.m.test(kinds, cell)
        return test if self.piece >= 0 else f"not {test}"

    def functions(self) -> list[str]:
        m = self.m
        mine = f"({m.row(self.zone, 'side')} & {m.get('side')})"
        return [
            self.function("fires_plain", "st, side, src, dst", [
                f"return ({m.test(m.row(self.zone, 'side'), 'dst')}) != 0 and "
                f"({self._promotes('src')})"]),
            self.function("run", "st, side", [
                "c = np.int64(st[LANDED]) - 1", "if c < 0:", "    return",
                f"if not ({m.test(mine, 'c')}) or not ({self._promotes('c')}):", "    return",
                f"clear = ~({m.bit('c')})", "for k in range(KINDS, KINDS + K):",
                f"    {m.update('k', '&', 'clear')}",
                m.update(f"KINDS + {self.to}", "|", m.bit("c"))])]


class PromoteChoicesPiece(Piece):
    """``promote`` with a list of kinds, folded into the move: the player picks the kind
    its piece becomes. Several such phases, each for its own ``piece`` (shogi's six "may
    promote" steps), fold as one choice: the piece that landed has one kind, so at most
    one of them is due after a move, and the choice's bits (``k``: the phase's ``k``-th
    kind) are read by the kind on the landing cell. Due as ``Promote.due``: the mover's
    piece of the phase's kind on the landing cell in the mover's zone — or, with
    ``from_zone``, a piece that moved (``DEPARTED``) into, out of or within it."""

    KNOWN = frozenset({"zone", "to", "piece", "notation", "from_zone"})
    WIDE = True
    #: Whether several phases of this kind may fold into one piece (``phases``).
    GROUPS = True

    def __init__(self, phases: list[Any], index: int) -> None:
        first = phases[0]
        super().__init__(f"c{index}_", first.keyword, first.params, first.game)
        for phase in phases[1:]:
            check_params(phase.keyword, phase.params, set(self.KNOWN))
        game = first.game
        self.phase = first
        self.phases = phases
        kinds, sides = len(game.piece_kinds), len(game.players)
        self.most = len(first.kinds)
        names = [p.name for p in phases]
        if any(p.piece < 0 for p in phases) or len({p.piece for p in phases}) < len(phases):
            raise Unsupported(f"the promotions {names} folded into the move: each must name "
                              "a piece of its own (so that one at most is due after a move)")
        if any(len(p.kinds) != self.most for p in phases):
            raise Unsupported(f"the promotions {names} folded into the move: each must offer "
                              "as many kinds")
        to = [-1] * (kinds * self.most)
        zones = [0] * (kinds * sides)
        moved = [0] * kinds
        for p in phases:
            for j, kind in enumerate(p.kinds):
                to[p.piece * self.most + j] = kind
            for side in range(sides):
                zones[p.piece * sides + side] = p.zone[side]
            moved[p.piece] = int(p.departed >= 0)
        #: The kinds whose landing it reads (``_fires_plain``).
        self.reads = frozenset(p.piece for p in phases)
        self.to = self.table("TO", to, "int64")
        self.zones = self.table("ZONE", zones)
        self.moved = self.table("MOVED", moved, "int64")
        self.departed = slot_field(game, DEPARTED.name) if any(moved) else ""
        self.SLOTS = (DEPARTED.name,) if any(moved) else ()

    def action_after(self, state: Any, k: int) -> Any:
        """The Python action of choice ``k`` in ``state``, the position after the move
        (the due phase's ``k``-th kind, as its actions list them)."""
        return state.legal_actions()[k]

    def index_after(self, state: Any, action: Any) -> int:
        """``action_after`` read backwards."""
        return state.legal_actions().index(action)

    def _due_at(self, piece: str, cell: str, start: str) -> list[str]:
        """The lines that return whether the mover's piece on ``piece`` is due to promote
        on landing on ``cell``, having started on ``start`` (-1: put on the board)."""
        m = self.m
        zone = m.row(self.zones, "k * S + side")
        return ["for k in range(K):", f"    if {m.test(m.get('KINDS + k'), piece)}:",
                f"        if {self.to}[k * {self.most}] < 0:", "            return False",
                f"        z = {zone}",
                f"        if {self.moved}[k] == 0:", f"            return {m.test('z', cell)} != 0",
                f"        return {start} >= 0 and ({m.test('z', cell)} | "
                f"{m.test('z', start)}) != 0", "return False"]

    def functions(self) -> list[str]:
        m = self.m
        start = f"np.int64(st[{self.departed}]) - 1" if self.departed else "np.int64(-1)"
        chosen = f"KINDS + {self.to}[k * {self.most} + choice]"
        return [
            self.function("due_plain", "st, side, src, dst", self._due_at("src", "dst", "src")),
            self.function("due", "st, side", [
                "c = np.int64(st[LANDED]) - 1",
                f"if c < 0 or not {m.test(m.get('side'), 'c')}:", "    return False",
                f"d = {start}", *self._due_at("c", "c", "d")]),
            self.function("apply", "st, side, choice", [
                "c = np.int64(st[LANDED]) - 1", f"bit = {m.bit('c')}", "for k in range(K):",
                f"    if {m.test(m.get('KINDS + k'), 'c')}:",
                f"        {m.update('KINDS + k', '&', '~bit')}",
                f"        {m.update(chosen, '|', 'bit')}", "        return"])]
