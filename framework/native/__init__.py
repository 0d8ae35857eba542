"""The native backend: a game's turn compiled with numba into machine-code kernels.

Optional (``pip install -e '.[fast]'``): nothing in the core imports numba. The kernels —
legal moves into a buffer, make-move, the end of a turn and the goals, perft with the last
ply counted, random playouts with an in-kernel generator — are assembled per game from the
kernel pieces of its blocks (each unit's ``native.py``, named by ``Unit.native``, on the
bases of ``framework/kernel/``), written as one module (``assemble.py``) and compiled
with numba's on-disk cache (``backend.py``). A game with a block that has no piece is
refused with the reason (``support_of``; ``boardspec validate`` prints it), and the Python
engine plays it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

# Where the cache is, defined beside the code that proves what it holds (cache.py imports
# nothing of this package, so the two make no loop); named here for every caller.
from framework.native.cache import cache_dir as cache_dir

if TYPE_CHECKING:
    from framework.compiler import CompiledGame
    from framework.kernel.pieces import Unsupported
    from framework.native.assemble import support_of
    from framework.native.backend import NativeGame

#: Where the package's own names come from, imported on first use: the kernels' assembler
#: imports the game compiler, which a count from a library linked ahead of time
#: (``framework.native.ahead``) does without.
_HOMES = {"NativeGame": "framework.native.backend", "support_of": "framework.native.assemble",
          "Unsupported": "framework.kernel.pieces"}


def available() -> bool:
    """Whether numba is installed (the ``[fast]`` extra)."""
    import importlib.util

    return importlib.util.find_spec("numba") is not None


def why_not_native(game: CompiledGame) -> str | None:
    """None when the native kernels can play ``game`` here, else why not, for people: the
    game needs a block no kernel piece covers, numba is not installed, or the cache cannot
    be written or trusted (``framework.native.cache``: its folder named). Callers that
    asked for the kernels fall back to the Python engine and say this once."""
    from framework.native.assemble import support_of

    reason = support_of(game)
    if reason is not None:
        return f"the native backend cannot play {game.name}: {reason}"
    if not available():
        return ("the native backend needs numba: pip install 'boardspec[fast]' (or "
                "pip install -e '.[fast]' in a clone)")
    from framework.native.cache import problem

    return problem()  # a cache that cannot be written or trusted: no kernels are loaded


def __getattr__(name: str) -> Any:
    if name in _HOMES:  # NativeGame imports numba: only when asked for
        from importlib import import_module

        return getattr(import_module(_HOMES[name]), name)
    raise AttributeError(name)


__all__ = ["NativeGame", "Unsupported", "available", "support_of", "why_not_native"]
