"""Bit helpers for int bitmasks (cell id i is bit 1 << i)."""

from __future__ import annotations

from collections.abc import Iterator


def iter_bits(mask: int) -> Iterator[int]:
    """Cell ids set in ``mask``, lowest first."""
    if mask.bit_count() > 24:
        # Many cells (the empty cells of a big board): reading the binary text is several
        # times faster than peeling the lowest bit off a big int again and again.
        return iter([i for i, digit in enumerate(bin(mask)[:1:-1]) if digit == "1"])
    return _peel_bits(mask)


def _peel_bits(mask: int) -> Iterator[int]:
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def nth_bit(mask: int, k: int) -> int:
    """The cell id of the ``k``-th set bit of ``mask`` (0 = the lowest)."""
    base = 0
    while k >= 16:  # a big board: halve the mask by counting the bits of its low half
        half = mask.bit_length() >> 1
        low = mask & ((1 << half) - 1)
        below = low.bit_count()
        if below <= k:
            k -= below
            mask >>= half
            base += half
        else:
            mask = low
    for _ in range(k):
        mask &= mask - 1
    return base + (mask & -mask).bit_length() - 1
