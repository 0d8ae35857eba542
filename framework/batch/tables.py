"""Bit tricks on arrays of uint64 bitboards (one per game), shared by the batch kernels."""

from __future__ import annotations

from typing import Any

import numpy as np

U64 = np.uint64
Array = np.ndarray[Any, Any]


class Tables:
    """Byte tables of one board (up to 64 cells)."""

    def __init__(self, size: int) -> None:
        self.size = size
        self.byte_offsets = (np.arange(8, dtype=np.intp) * 256)[:, None]
        # SELECT[v, r]: the position of the r-th set bit of the byte value v.
        self.select = np.zeros((256, 8), np.int64)
        for value in range(256):
            ones = [i for i in range(8) if value >> i & 1]
            self.select[value, :len(ones)] = ones

    def padded(self, masks: tuple[int, ...]) -> Array:
        return np.array(masks, U64)

    def byte_table(self, masks: tuple[int, ...]) -> Array:
        """(8, 256): for byte ``b`` of a bitboard holding ``v``, the union of ``masks`` of
        its cells. A table row per byte value replaces a loop over its 8 cells."""
        padded = np.zeros(64, U64)
        padded[:self.size] = masks
        table = np.zeros((8, 256), U64)
        for value in range(1, 256):
            low = (value & -value).bit_length() - 1
            table[:, value] = table[:, value & (value - 1)] | padded[np.arange(8) * 8 + low]
        return table

    @staticmethod
    def byte_rows(boards: Array) -> Array:
        """(8, games) uint8: row i holds byte i of each bitboard."""
        data = np.ascontiguousarray(boards).astype("<u8").view(np.uint8).reshape(-1, 8)
        return np.ascontiguousarray(data.T)

    def union(self, table: Array, boards: Array) -> Array:
        """Per game, the union of ``table``'s masks over the cells of ``boards``."""
        rows = table.ravel()[self.byte_rows(boards) + self.byte_offsets]  # (8, games)
        union = rows[0].copy()
        for row in rows[1:]:
            union |= row
        return union

    # Per-cell arrays are laid out (cells, games): sums and prefix sums then run along the
    # first axis, adding whole rows, which numpy does far faster than many short rows.
    def has(self, pieces: Array) -> Array:
        """(cells, games) bool: which cells hold a piece of ``pieces``."""
        rows = self.byte_rows(pieces)
        return np.unpackbits(rows, axis=0, bitorder="little")[:self.size].view(bool)

    # Row loops below beat numpy's own ``cumsum``/``sum`` along the first axis on these
    # shapes by several times (those walk short columns); int16 keeps the rows small.
    @staticmethod
    def prefix_sums(rows: Array) -> Array:
        """Running sums down the rows."""
        sums = rows.astype(np.int16)
        for i in range(1, len(sums)):
            sums[i] += sums[i - 1]
        return sums

    @staticmethod
    def first_above(prefix: Array, k: Array) -> Array:
        """Per game (column), the first row whose running sum exceeds ``k``."""
        k = k.astype(np.int16)
        found = np.zeros(prefix.shape[1], np.int16)
        for row in prefix:
            found += row <= k
        return found.astype(np.intp)

    def nth_bit(self, masks: Array, k: Array) -> Array:
        """Per game, the cell id of the ``k``-th set bit (0 = lowest) of ``masks``: first
        the byte that holds it, then the bit inside the byte."""
        rows = self.byte_rows(masks)
        counts = np.bitwise_count(rows)
        prefix = self.prefix_sums(counts)
        byte = self.first_above(prefix, k)
        games = np.arange(len(k))
        before = prefix[byte, games] - counts[byte, games]
        return byte * 8 + self.select[rows[byte, games], k - before]
