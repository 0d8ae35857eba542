"""The ``boardspec`` command line.

Each group of commands lives in its own module and registers itself on ``app``; imports of
the engine happen inside the commands so that ``boardspec --help`` stays fast.
"""

from __future__ import annotations

import errno
import importlib
import sys
import warnings
from typing import TextIO

import typer

try:  # typer 0.2x parses with its own copy of click, whose errors these are
    from typer._click.exceptions import ClickException, NoArgsIsHelpError
except ImportError:  # older typer: click itself
    from click.exceptions import (  # type: ignore[assignment]
        ClickException,
        NoArgsIsHelpError,
    )

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
    warnings.showwarning = _show_note
    try:
        # The name shown in usage and errors, however the command was started (python -m
        # framework, a script of another name): the command a reader types.
        code = app(standalone_mode=False, prog_name="boardspec")
    except NoArgsIsHelpError as exc:  # bare `boardspec`: the help, exit 2
        exc.show()
        sys.exit(exc.exit_code)
    except ClickException as exc:  # a refused option or argument: one line, exit 2
        print(refusal(exc), file=sys.stderr)
        sys.exit(exc.exit_code)
    except typer.Abort:  # Ctrl-C or end of input at a prompt
        print("interrupted", file=sys.stderr)
        sys.exit(130)
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
        if exc.errno != errno.EPIPE:  # a reader that stopped reading needs no message
            print(f"error: {exc.strerror or exc}", file=sys.stderr)
        sys.exit(1)
    sys.exit(code if isinstance(code, int) else 0)


_SHOW_WARNING = warnings.showwarning


def _show_note(message: Warning | str, category: type[Warning], filename: str, lineno: int,
               file: TextIO | None = None, line: str | None = None) -> None:
    """Print why the native kernels are not used as one line for people (``note: …``),
    a unit left out likewise (``warning: …``); any other warning as Python shows it."""
    from framework.errors import BrokenUnit, NativeFallback

    if issubclass(category, NativeFallback):
        print(f"note: {message}", file=file or sys.stderr)
    elif issubclass(category, BrokenUnit):
        print(f"warning: {message}", file=file or sys.stderr)
    else:
        _SHOW_WARNING(message, category, filename, lineno, file, line)


def refusal(exc: ClickException) -> str:
    """One line for a refused option or argument, naming the command and where help is."""
    context = getattr(exc, "ctx", None)
    command = context.command_path if context is not None else "boardspec"
    return f"error: {command}: {exc.format_message()} (see '{command} --help')"
