"""The native backend behind ``boardspec perft --backend native``."""

from __future__ import annotations

import sys
import time
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from collections.abc import Sequence
    from pathlib import Path

    from framework.compiler import CompiledGame
    from framework.engine.state import State


def native_counters(game: CompiledGame, state: State, *, turns: bool, parallel: bool,
                    ahead: tuple[Path, Sequence[str]] | None = None
                    ) -> tuple[Any, Any] | None:
    """``divide`` and ``perft`` run by the game's kernels (compiled first, the time said
    on stderr), or None, the reason said once on stderr, when the kernels cannot make this
    count: the Python engine makes it. ``ahead``: the game's file and ``--param`` values
    as given, when this is a count from the start, which a library linked ahead of time
    then makes next time (``framework.native.ahead``). Each count runs in a child process
    (``framework.native.apart``), so that Ctrl-C stops it."""
    from framework.native import why_not_native

    reason = why_not_native(game)
    if reason is not None:
        print(f"{reason}; counting with the Python engine", file=sys.stderr)
        return None
    from framework.native import cache
    from framework.native.apart import apart
    from framework.native.backend import NativeGame

    # A native move is one ply, except when a later choice is folded into it (a
    # promotion's kind): it is then a whole turn, and the kernels count whole turns, as
    # OpenSpiel and the published counts do (chess's perft counts each promotion's kind);
    # a count by phase steps is the Python engine's (--backend python). By turns, a chain
    # of hops counts once.
    native = NativeGame(game)
    if native.plan.choices and not turns:
        print(whole_turn_notice(game.name, native.plan.choices[0]), file=sys.stderr)
        turns = True
    seconds = native.compile()
    if turns:  # compiled on demand: here, so that the count's time is the count's alone
        begun = time.perf_counter()
        native.perft_turns(native.initial(), 1)
        seconds += time.perf_counter() - begun
    how = "loaded from the cache" if native.from_cache else "compiled"
    print(f"native kernels {how} in {seconds:.2f} s", file=sys.stderr)
    if ahead is not None:
        from framework.native.ahead import link

        said = link(native, *ahead)
        if said:
            print(said, file=sys.stderr)

    def stopped(pid: int) -> None:  # Ctrl-C: what the count's child was writing removed
        cache.sweep(native.kernels, pid)

    def sealed(found: Any) -> Any:  # in the child: what it compiled (--parallel) is kept
        cache.seal_numba_files(native.kernels)
        return found

    def count(s: State, depth: int) -> int:
        return apart(lambda: sealed(counted(s, depth)), stopped)

    def divide(s: State, depth: int) -> list[tuple[str, int]]:
        return apart(lambda: sealed(divided(s, depth)), stopped)

    def counted(s: State, depth: int) -> int:
        # By turns, a chain of hops is one turn and several plies (perft_turns' stack
        # goes down a level per action); elsewhere the two trees are the same.
        if turns:
            return native.perft_turns(native.encode(s), depth)
        return native.perft(native.encode(s), depth, parallel=parallel)

    def divided(s: State, depth: int) -> list[tuple[str, int]]:
        if turns:  # the root's turns by the Python engine (it writes them), below natively
            from framework.engine.turns import turns_with_states

            return sorted((turn.notation, native.perft_turns(native.encode(child), depth - 1))
                          for turn, child in turns_with_states(s))
        st = native.encode(s)
        return [(" ".join(a.notation for a in native.turn_of(s, move)), n)
                for move, n in native.divide(st, depth)]

    return divide, count


def whole_turn_notice(name: str, choice: Any) -> str:
    """Why a count of a game whose native move folds a later choice in is by whole turns."""
    # A choice phase's piece keeps its phase; a folded option's (a shot, a removal) its
    # option, which names the phase.
    folded = choice.phase.name if hasattr(choice, "phase") else choice.option.phase
    return (f"a native move of {name} is a whole turn (the choice of {folded!r} is part of "
            "it): counting whole turns (--turns), as OpenSpiel and published perft counts "
            "do; --backend python counts phase steps")
