"""What ``boardspec validate`` says about the native backend (no numba needed)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from framework.native.assemble import support_of

if TYPE_CHECKING:
    from framework.compiler import CompiledGame


def native_line(game: CompiledGame) -> str:
    """One line: whether the native backend plays ``game`` and, if not, why not."""
    reason = support_of(game)
    if reason is not None:
        return f"native backend: no ({reason}; the Python engine plays it)"
    from framework.native import available

    extra = "" if available() else " (install the [fast] extra to use it)"
    return f"native backend: yes{extra}"
