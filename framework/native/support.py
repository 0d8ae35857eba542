"""What ``boardspec validate`` says about the native backend (no numba needed)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from framework.errors import BoardspecError
from framework.native.assemble import support_of

if TYPE_CHECKING:
    from framework.compiler import CompiledGame

#: What the fast extra installs: a native piece that imports one of them cannot be loaded
#: on a core install, which is no fault of the game's.
FAST_EXTRA = ("numba", "numpy", "llvmlite")


def native_line(game: CompiledGame) -> str:
    """One line: whether the native backend plays ``game`` and, if not, why not."""
    from framework.native import available

    try:
        reason = support_of(game)
    except BoardspecError as exc:  # a piece that needs the fast extra to be loaded at all
        if available() or not _needs_fast_extra(exc):
            raise
        return f"native backend: install the [fast] extra to know ({exc})"
    if reason is not None:
        return f"native backend: no ({reason}; the Python engine plays it)"
    extra = "" if available() else " (install the [fast] extra to use it)"
    return f"native backend: yes{extra}"


def _needs_fast_extra(exc: BaseException) -> bool:
    cause = exc.__cause__
    name = getattr(cause, "name", None) or ""
    return isinstance(cause, ModuleNotFoundError) and name.split(".")[0] in FAST_EXTRA
