"""``boardspec check``: property-based checks of game files."""

from __future__ import annotations

import sys
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from framework.check import DEFAULT_EXAMPLES
from framework.cli import app
from framework.cli.options import AddressOption, BackendOption, check_backend

if TYPE_CHECKING:
    from framework.check.runner import Outcome


@app.command()
def check(files: Annotated[list[Path], typer.Argument(help="game files")],
          examples: Annotated[int, typer.Option(
              min=1, help="generated plays or positions per property")] = DEFAULT_EXAMPLES,
          seed: Annotated[int, typer.Option(help="random seed (the same seed checks the "
                                                 "same cases)")] = 0,
          strict: Annotated[bool, typer.Option(
              help="also fail when a property could not be checked (a rule block without "
                   "a reference implementation)")] = False,
          jobs: Annotated[int | None, typer.Option(
              min=1, help="local processes (default 1), or the CPUs of a Ray started here "
                          "(default: all)")] = None,
          backend: BackendOption = "local",
          address: AddressOption = None) -> None:
    """Check the rules of game files: conformance of the state API, agreement with the
    reference interpreter, the file's declared invariants, and termination. Prints the
    shortest play that breaks a property; exit code 1 on any failure, 2 when a file cannot
    be loaded."""
    from rich.console import Console

    from framework.backends import make_backend
    from framework.check.report import print_report
    from framework.check.runner import check_game
    from framework.cli.options import load
    from framework.errors import SpecError
    from framework.match import GameSource

    check_backend(backend, address)
    console = Console(highlight=False)
    failed = unchecked = refused = 0
    with make_backend(backend, jobs=jobs, address=address) as runner:
        for path in files:
            try:
                game = load(path)
            except SpecError as exc:
                refused += 1
                print(exc, file=sys.stderr)
                continue
            game.file = str(path)
            with console.status(f"checking {path}…"):
                report = check_game(game, examples=examples, random_seed=seed,
                                    backend=runner, source=GameSource.read(path),
                                    progress=partial(_progress, path))
            print_report(report, console)
            failed += len(report.failed)
            unchecked += len(report.unchecked)
    summary = f"{len(files)} file(s): {failed} failed propert{'y' if failed == 1 else 'ies'}"
    if unchecked:
        summary += f", {unchecked} not checked"
    if refused:
        summary += f", {refused} refused (not loaded)"
    console.print(summary, style="bold red" if failed or refused else "bold green")
    if refused:
        raise typer.Exit(2)
    if failed or (strict and unchecked):
        raise typer.Exit(1)


def _progress(path: Path, outcome: Outcome) -> None:
    """One line on stderr as each property finishes (a long check shows it is going on,
    also where no spinner is drawn: a pipe, a log, CI)."""
    print(f"{path}: {outcome.name}: {outcome.status} ({outcome.states} states, "
          f"{outcome.seconds:.1f} s)", file=sys.stderr, flush=True)
