"""Rows of the board through each cell as kernel tables (``framework.moves.rows``), for
the pieces that ask whether a piece stands in a row of its owner's pieces: the condition
``line_formed`` and ``remove``'s spared pieces."""

from __future__ import annotations

from framework.kernel.pieces import Piece


class RowTables:
    """Per cell, the masks of the rows of a length through it (``rows_through``): a flat
    table of ``width`` rows a cell (``ROWS``) and how many of them there are (``NROWS``)."""

    def __init__(self, piece: Piece, rows: tuple[tuple[int, ...], ...], name: str = "") -> None:
        self.m = piece.m
        self.width = max(1, *(len(r) for r in rows))
        self.rows = piece.table(f"{name}ROWS", [r[i] if i < len(r) else 0 for r in rows
                                                for i in range(self.width)])
        self.counts = piece.table(f"{name}NROWS", [len(r) for r in rows], "int64")

    def in_row(self, cell: str, mine: str, then: list[str], indent: str = "") -> list[str]:
        """The lines that run ``then`` when a row through ``cell`` is all ``mine`` (the
        masks' expressions), as ``in_row``; the loop's variables are ``i`` and ``r``."""
        return [f"{indent}for i in range({self.counts}[{cell}]):",
                f"{indent}    r = {self.m.row(self.rows, f'{cell} * {self.width} + i')}",
                f"{indent}    if (r & {mine}) == r:",
                *(f"{indent}        {line}" for line in then)]
