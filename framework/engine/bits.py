"""Bit helpers for int bitmasks (cell id i is bit 1 << i)."""

from __future__ import annotations

from collections.abc import Iterator


def iter_bits(mask: int) -> Iterator[int]:
    """Cell ids set in ``mask``, lowest first."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def nth_bit(mask: int, k: int) -> int:
    """The cell id of the ``k``-th set bit of ``mask`` (0 = the lowest)."""
    for _ in range(k):
        mask &= mask - 1
    return (mask & -mask).bit_length() - 1
