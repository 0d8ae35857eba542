"""The ``boardspec`` command line.

Each group of commands lives in its own module and registers itself on ``app``; imports of
the engine happen inside the commands so that ``boardspec --help`` stays fast.
"""

from __future__ import annotations

import importlib
import sys

import typer

app = typer.Typer(
    name="boardspec",
    help="Rules-as-data board games: validate, play, count and document YAML game files.",
    no_args_is_help=True,
    pretty_exceptions_enable=False,
    add_completion=False,
)


#: Modules under framework/cli/ whose import registers their commands on ``app``.
COMMAND_MODULES = ("core", "docs", "play", "bench", "examples", "check", "uai", "serve",
                   "balance", "tournament")


def _register() -> None:
    for name in COMMAND_MODULES:
        importlib.import_module(f"framework.cli.{name}")


def main() -> None:
    from framework.errors import BoardspecError, SpecError

    _register()
    try:
        app()
    except SpecError as exc:
        print(exc, file=sys.stderr)
        sys.exit(2)
    except BoardspecError as exc:  # a refused input: exit 2, as a bad option or game file
        print(f"error: {exc}", file=sys.stderr)
        sys.exit(2)
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        sys.exit(130)
    except OSError as exc:  # the machine's answer (a closed pipe, a full disk): no traceback
        print(f"error: {exc.strerror or exc}", file=sys.stderr)
        sys.exit(1)
