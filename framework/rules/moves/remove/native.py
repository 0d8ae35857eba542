"""The native kernel pieces of ``remove``: a removal as a move of its own (``RemoveMovePiece``,
Konane's opening), or the removal after the move, folded into it as a choice of cells (as
Amazons' shot is: ``TARGETS``), in a deciding phase whose ``if:`` reads what the move did
(``line_formed``: Nine Men's Morris's mill; ``RemovePiece``)."""

from __future__ import annotations

from typing import Any

from framework.kernel.pieces import AtCellsPiece
from framework.kernel.rows import RowTables

#: The parameters both pieces cover.
KNOWN = frozenset({"piece", "spare_in_line", "directions", "whose", "zone", "next_to_empty",
                   "kind", "notation"})


class RemovalPiece(AtCellsPiece):
    """What both pieces share: the tables the cells that may be taken are read from (the
    zone per side, each cell's neighbours, the rows of ``spare_in_line``), and the lines
    that find those cells."""

    KNOWN = KNOWN
    PLACES = False

    def __init__(self, option: Any, index: int) -> None:
        super().__init__(option, index)
        self.zone = self.table("ZONE", option.zone)
        self.near = self.table("NEAR", option.neighbour_masks)
        self.rows = RowTables(self, option.rows) if option.rows is not None else None

    def cells(self) -> list[str]:
        """Lines that leave in ``t`` the cells whose piece may be taken, from ``own``,
        ``enemy`` and ``empty``, as ``Remove.targets`` finds them: an enemy piece (or an
        own one), of the kind, in the zone, next to an empty cell, and with
        ``spare_in_line`` none that stands in a row of its owner's pieces unless all of
        them do."""
        m, option = self.m, self.option
        kind = f" & {m.get(f'KINDS + {option.kind}')}" if option.kind >= 0 else ""
        taken = "own" if option.params.whose == "own" else "enemy"
        lines = [f"t = {taken}{kind} & {m.row(self.zone, 'side')}"]
        if option.params.next_to_empty:
            lines += ["b = t", f"t = {m.zero}", "while b:", "    c = low(b)",
                      "    b &= b - ONE", f"    if {m.row(self.near, 'c')} & empty:",
                      f"        t |= {m.bit('c')}"]
        if self.rows is not None:  # spared: in a row of their owner's pieces
            lines += [f"spared = {m.zero}", "b = t", "while b:", "    c = low(b)",
                      "    b &= b - ONE", f"    owned = {m.zero}", "    for s in range(S):",
                      f"        if {m.test(m.get('s'), 'c')}:",
                      f"            owned = {m.get('s')}{kind}",
                      *self.rows.in_row("c", "owned", [f"spared |= {m.bit('c')}", "break"],
                                        "    "),
                      "if t & ~spared:", "    t &= ~spared"]
        return lines


class RemoveMovePiece(RemovalPiece):
    """``remove`` as a move of the turn's moves phase: a move per piece that may be taken
    (named by its cell, as a placement is), which takes it off."""

    def apply(self) -> list[str]:
        return ["remove(st, dst)"]


class RemovePiece(RemovalPiece):
    """The removal folded into the move before it: ``targets(st, side)`` after the move
    gives the cells of the pieces that may be taken (none when the phase's ``if:``, the
    assembler's ``guard``, fails); ``apply(st, side, cell)`` takes the piece off.
    ``due(st, side)`` is the guard: when it holds and there is nothing to take, the mover
    has no legal action (``State._no_legal_action``)."""

    FOLDS = True
    #: The choices are cells (the cell + 1 in the choice bits), as many as there are pieces.
    TARGETS = True
    #: It plays its phase's if: (``guard``, set by the assembler).
    GUARDED = True
    #: Its functions' names: past any option's (``o0_`` …), one of its own.
    INDEX = 240

    def __init__(self, option: Any, index: int) -> None:
        super().__init__(option, self.INDEX + index)
        game = option.game
        #: The removals, by cell (choice = cell + 1), and the most of them one move has.
        self.choices = option.removals
        self.most = game.board.size
        #: The phase's if: as an expression (the assembler sets it; "" for none), and
        #: whether the phase is passed over when there is nothing to take
        #: (``when_impossible: skip``; else the mover has no legal action then).
        self.guard = ""
        self.skips = False

    def functions(self) -> list[str]:
        m = self.m
        lines = ([f"if not ({self.guard}):", f"    return {m.zero}"] if self.guard else [])
        lines += ["own, enemy, empty = masks(st, side)", *self.cells()]
        return [self.function("targets", "st, side", [*lines, "return t"]),
                self.function("due", "st, side", [f"return {self.guard or 'True'}"]),
                self.function("apply", "st, side, cell", ["remove(st, cell)"])]


def _folded(option: Any, phase: Any) -> type:
    """The piece of a removal in a deciding phase right after the moves phase: folded
    into the move before it."""
    return RemovePiece


RemoveMovePiece.folded = staticmethod(_folded)  # type: ignore[attr-defined]
