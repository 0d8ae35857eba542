"""``boardspec check``: property-based checks of game files."""

from __future__ import annotations

import sys
from typing import Annotated

import typer

from framework.check import DEFAULT_EXAMPLES
from framework.cli import app
from framework.cli.options import (
    AddressOption,
    BackendOption,
    GameFiles,
    ParamOption,
    check_backend,
)


@app.command()
def check(files: GameFiles,
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
          address: AddressOption = None, params: ParamOption = None,
          settings: Annotated[int, typer.Option(
              min=0, help="a game with parameters: also check this many other settings "
                          "(each parameter at its other ends, one at a time; fewer "
                          "generated cases each); 0 checks only the one given")] = 3
          ) -> None:
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
    from framework.spec.params import parse_assignments, settings_to_check, show_value

    check_backend(backend, address)
    console = Console(highlight=False)
    failed = unchecked = refused = 0
    with make_backend(backend, jobs=jobs, address=address) as runner:
        for path in files:
            try:
                game = load(path, params)
            except SpecError as exc:
                refused += 1
                print(exc, file=sys.stderr)
                continue
            # The setting given (or the defaults), then a few others with fewer cases.
            given = parse_assignments(params)
            runs = [(game, examples, "")]
            for other in settings_to_check(game.spec.parameters, limit=settings):
                values = {**given, **other}
                label = " ".join(f"--param {n}={show_value(v)}" for n, v in other.items())
                runs.append((load(path, [f"{n}={show_value(v)}" for n, v in values.items()]),
                             max(10, examples // 4), label))
            for setting, cases, label in runs:
                setting.file = str(path)
                title = f"{path} {label}".strip()
                with console.status(f"checking {title}…"):
                    report = check_game(setting, examples=cases, random_seed=seed,
                                        backend=runner,
                                        source=GameSource.read(path, setting.parameters))
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
