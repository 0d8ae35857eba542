"""``boardspec check``: property-based checks of game files."""

from __future__ import annotations

import json
import sys
from contextlib import nullcontext
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from framework.balance.design import DESIGN_AGENTS, DESIGN_GAMES
from framework.check import DEFAULT_EXAMPLES
from framework.cli import app
from framework.cli.options import (
    AddressOption,
    BackendOption,
    GameFiles,
    ParamOption,
    check_backend,
)
from framework.limits import MAX_COUNT

if TYPE_CHECKING:
    from framework.check.runner import Outcome


@app.command()
def check(files: GameFiles,
          examples: Annotated[int, typer.Option(
              min=1, help="generated plays or positions per property")] = DEFAULT_EXAMPLES,
          seed: Annotated[int, typer.Option(help="random seed (the same seed checks the "
                                                 "same cases)")] = 0,
          strict: Annotated[bool, typer.Option(
              help="also fail when a property could not be checked (a rule unit without "
                   "a reference twin or a native piece)")] = False,
          jobs: Annotated[int | None, typer.Option(
              min=1, help="local processes (default 1), or the CPUs of a Ray started here "
                          "(default: all)")] = None,
          backend: BackendOption = "local",
          address: AddressOption = None, params: ParamOption = None,
          settings: Annotated[int, typer.Option(
              min=0, help="a game with parameters: also check this many other settings "
                          "(each parameter at its other ends, one at a time; fewer "
                          "generated cases each); 0 checks only the one given")] = 3,
          as_json: Annotated[bool, typer.Option(
              "--json", help="print the reports as one JSON document")] = False,
          design: Annotated[bool, typer.Option(
              help="instead, play a few games and name the lines of goals never reached "
                   "(or reached within 2 plies), rules that never fire and loops under "
                   "play")] = False,
          agents: Annotated[str, typer.Option(
              help="with --design: the agents that play (each itself)")]
          = ",".join(DESIGN_AGENTS),
          games: Annotated[int, typer.Option(
              min=1, max=MAX_COUNT, help="with --design: games per agent")] = DESIGN_GAMES,
          max_plies: Annotated[int | None, typer.Option(
              min=1, max=MAX_COUNT, help="with --design: stop a game unfinished after "
                                         "this many actions")] = None) -> None:
    """Check the rules of game files: conformance of the state API, agreement with the
    reference interpreter, the file's declared invariants, termination, and agreement of
    the native kernels with the engine. Prints the shortest play that breaks a property;
    exit code 1 on any failure, 2 when a file cannot be loaded. With --design: the
    designer's lints instead (exit code 1 when one finds something)."""
    if design:
        check_backend(backend, address)
        _design(files, agents, games, seed, max_plies, params, as_json,
                backend=backend, jobs=jobs, address=address)
        return
    from rich.console import Console
    from rich.markup import escape

    from framework.backends import make_backend
    from framework.check.report import print_report, report_json
    from framework.check.runner import check_game
    from framework.cli.options import load
    from framework.errors import SpecError
    from framework.match import GameSource
    from framework.spec.params import parse_assignments, settings_to_check, show_value
    from framework.units import missing_twins

    check_backend(backend, address)
    console = Console(highlight=False)
    failed = unchecked = 0
    refused: list[dict[str, str]] = []
    reports = []
    with make_backend(backend, jobs=jobs, address=address) as runner:
        for path in files:
            try:
                game = load(path, params)
            except SpecError as exc:
                refused.append({"file": str(path), "error": str(exc)})
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
                with console.status(f"checking {escape(title)}…") if not as_json \
                        else nullcontext():
                    report = check_game(setting, examples=cases, random_seed=seed,
                                        backend=runner,
                                        source=GameSource.read(path, setting.parameters),
                                        progress=partial(_progress, title))
                if as_json:
                    reports.append(report_json(report))
                else:
                    print_report(report, console)
                failed += len(report.failed)
                unchecked += len(report.unchecked)
                missing = missing_twins(setting)  # units check cannot compare, or natively
                unchecked += len(missing)
                if as_json and missing:
                    reports[-1]["units_not_checked"] = missing
                for sentence in [] if as_json else missing:
                    console.print(f"not checked: {sentence}", style="yellow", markup=False)
    if as_json:
        print(json.dumps({"files": reports, "refused": refused, "failed": failed,
                          "not_checked": unchecked}, ensure_ascii=False, indent=1))
    else:
        summary = (f"{len(files)} file(s): {failed} failed "
                   f"propert{'y' if failed == 1 else 'ies'}")
        if unchecked:
            summary += f", {unchecked} not checked"
        if refused:
            summary += f", {len(refused)} refused (not loaded)"
        console.print(summary, style="bold red" if failed or refused else "bold green")
    if refused:
        raise typer.Exit(2)
    if failed or (strict and unchecked):
        raise typer.Exit(1)


def _progress(path: Path | str, outcome: Outcome) -> None:
    """One line on stderr as each property finishes (a long check shows it is going on,
    also where no spinner is drawn: a pipe, a log, CI)."""
    print(f"{path}: {outcome.name}: {outcome.status} ({outcome.states} states, "
          f"{outcome.seconds:.1f} s)", file=sys.stderr, flush=True)


def _design(files: list[Path], agents: str, games: int, seed: int, max_plies: int | None,
            params: list[str] | None, as_json: bool, *, backend: str, jobs: int | None,
            address: str | None) -> None:
    """``check --design``: each file's findings, one line each (``file:line: where:
    what``), or one JSON document."""
    from framework.backends import make_backend
    from framework.balance.design import design_findings
    from framework.cli.options import load
    from framework.cli.play import agent_specs
    from framework.errors import SpecError
    from framework.match import GameSource
    from framework.spec.load import load_spec

    specs = agent_specs(agents, at_least=1)
    found: dict[str, list[dict[str, Any]]] = {}
    refused = False
    with make_backend(backend, jobs=jobs, address=address) as runner:
        for path in files:
            try:
                game = load(path, params)
            except SpecError as exc:
                refused = True
                print(exc, file=sys.stderr)
                continue
            _, src = load_spec(path, game.parameters)
            findings = design_findings(game, GameSource.read(path, game.parameters), src,
                                       backend=runner, agents=specs, games=games, seed=seed,
                                       max_plies=max_plies)
            found[str(path)] = [{"line": f.line, "where": f.where, "message": f.message}
                                for f in findings]
            for finding in [] if as_json else findings:
                print(finding.text(str(path)))
            if not as_json:
                print(f"{path}: {len(findings)} design finding{'' if len(findings) == 1 else 's'}"
                      f" in {games} games for each of {', '.join(specs)}")
    if as_json:
        print(json.dumps({"files": found}, ensure_ascii=False, indent=1))
    if refused:
        raise typer.Exit(2)
    if any(found.values()):
        raise typer.Exit(1)
