"""How a kernel piece writes masks, for its board's width: one word, or several.

A board of at most 64 cells has every mask as one ``uint64`` (a cell is a bit), and a
piece's code reads the state's masks as ``st[i]``, a table's as ``T[i]``, one cell as
``ONE << U64(c)``. A board of more cells has masks of ``width`` words
(``framework/native/wide.py``: a numba type with the same operators), laid out in the
compact state ``width`` words a field; a piece writes the few things that differ through
``Masks``, which gives back the one-word spelling unchanged on a small board — so the
kernels of a game of at most 64 cells are the same source, and the same speed, as they were
before there were wide masks. A piece that has been written this way says so (``WIDE``);
the others refuse a board over 64 cells by name.
"""

from __future__ import annotations

from typing import Any

WORD = 64
#: The most cells a move keeps in 8 bits (a source cell + 1 is at most 255); a bigger
#: board's moves keep their cells in 16 bits.
NARROW_CELLS = 255


def width_of(cells: int) -> int:
    """The 64-bit words a mask of ``cells`` cells takes."""
    return max(1, -(-cells // WORD))


class Masks:
    """The spelling of mask operations in a piece's code for boards of ``cells`` cells."""

    def __init__(self, cells: int) -> None:
        self.width = width_of(cells)
        self.wide = self.width > 1
        # A move is ``choice << choice_shift | option << opt_shift | (source + 1) <<
        # src_shift | target``: cells in 8 bits up to 255 cells (the codes, and so the
        # kernels, of those games unchanged), in 16 above.
        self.cell_bits = 8 if cells <= NARROW_CELLS else 16
        self.src_shift = self.cell_bits
        self.opt_shift = 2 * self.cell_bits
        self.choice_shift = self.opt_shift + 8
        #: The mask of a cell field of a move, and the flag a vetted move is marked with
        #: while its folded choices are spread out (above the choice's bits).
        self.cell_mask = (1 << self.cell_bits) - 1
        self.due_shift = self.choice_shift + 16

    def code(self, option: int) -> int:
        """The bits of a move that name its option (``PASS``: 255, ``SKIP`` 254,
        ``STOP`` 253)."""
        return option << self.opt_shift

    @classmethod
    def of(cls, game: Any) -> Masks:
        return cls(game.board.size if game is not None else 0)

    def get(self, field: str, st: str = "st") -> str:
        """Mask field ``field`` (a side, ``KINDS + k``, ``GAPS``) of the state ``st``."""
        return f"mget({st}, {field})" if self.wide else f"{st}[{field}]"

    def set(self, field: str, value: str, st: str = "st") -> str:
        return f"mset({st}, {field}, {value})" if self.wide else f"{st}[{field}] = {value}"

    def update(self, field: str, op: str, value: str, st: str = "st") -> str:
        """``st[field] op= value`` (``op`` one of ``| & ^``)."""
        if self.wide:
            return f"mset({st}, {field}, mget({st}, {field}) {op} {value})"
        return f"{st}[{field}] {op}= {value}"

    def row(self, table: str, index: str) -> str:
        """Row ``index`` of a mask table (``Piece.table`` with dtype uint64)."""
        return f"mrow({table}, {index})" if self.wide else f"{table}[{index}]"

    def bit(self, cell: str) -> str:
        """The mask of the one cell ``cell`` (spelled as the one-word pieces spell it)."""
        return f"wbit({cell})" if self.wide else f"ONE << U64({cell})"

    def test(self, mask: str, cell: str) -> str:
        """Whether ``cell`` is in ``mask``, as 0 or 1 (parenthesised as the callers had it)."""
        return f"wtest({mask}, {cell})" if self.wide else f"({mask} >> U64({cell})) & ONE"

    def const(self, value: int) -> str:
        """A mask known when the game is compiled."""
        if not self.wide:
            return f"U64({value})"
        words = ", ".join(f"U64({value >> (WORD * i) & (1 << WORD) - 1})"
                          for i in range(self.width))
        return f"wmake(({words},))"

    @property
    def zero(self) -> str:
        """The empty mask (to start a union from)."""
        return self.const(0) if self.wide else "ZERO"

    def words(self, value: int) -> list[int]:
        """A mask as its words, the lowest first (a table row, a state field)."""
        return [value >> (WORD * i) & (1 << WORD) - 1 for i in range(self.width)]
