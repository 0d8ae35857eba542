"""The ``boardspec`` command's entry: one count answered before the command line loads.

``boardspec perft GAME DEPTH --backend native`` from the start, where a library linked
ahead of time counts the game (``framework.native.ahead``), is answered here: typer and
rich cost 0.15 s of CPU and 20 MB to import, more than the kernels take to count chess
perft(5). Every other command line, and this one where no library counts the game, goes
to ``framework.cli``, which parses it in full (and has the kernels link the library for
next time).
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from typing import NamedTuple

from framework.limits import MAX_PERFT_DEPTH
from framework.numerals import is_digits


class PerftLine(NamedTuple):
    """A ``boardspec perft`` command line a library may answer."""

    game: str
    depth: int
    params: list[str]
    turns: bool


#: Flags the line may carry that change nothing here (the defaults, said aloud).
_NEUTRAL = {"--no-divide", "--no-parallel"}


def perft_line(args: Sequence[str]) -> PerftLine | None:
    """``args`` (the command line after ``boardspec``) when it asks for a native count from
    the start in the plainest spelling; None for anything else, which ``framework.cli``
    parses."""
    if not args or args[0] != "perft":
        return None
    positional: list[str] = []
    params: list[str] = []
    backend, turns = "python", False
    rest = iter(args[1:])
    for token in rest:
        name, _, inline = token.partition("=") if token.startswith("--") else (token, "", "")
        if name in ("--backend", "--param"):
            value = inline or next(rest, "")
            if name == "--backend":
                backend = value
            else:
                params.append(value)
        elif token in ("--turns", "--no-turns"):
            turns = token == "--turns"
        elif token.startswith("-"):
            if token not in _NEUTRAL:
                return None
        else:
            positional.append(token)
    if backend != "native" or len(positional) != 2 or not is_digits(positional[1]):
        return None
    depth = int(positional[1])
    if depth > MAX_PERFT_DEPTH or not all(params):
        return None
    return PerftLine(positional[0], depth, params, turns)


def main() -> None:
    line = perft_line(sys.argv[1:])
    if line is not None:
        from framework.bundled import shadowed_file
        from framework.errors import BoardspecError
        from framework.native.ahead import answer

        try:
            # The text as typed: as a Path, ./chess would read as the bare name chess.
            if answer(line.game, line.params, line.depth, line.turns):
                if (note := shadowed_file(line.game)) is not None:
                    print(note, file=sys.stderr)
                sys.exit(0)
        except BoardspecError as exc:
            print(f"error: {exc}", file=sys.stderr)
            sys.exit(2)
        except KeyboardInterrupt:
            print("interrupted", file=sys.stderr)
            sys.exit(130)
    from framework.cli import main as parse_and_run

    parse_and_run()
