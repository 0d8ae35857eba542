"""Print a check report with rich: one table per game file (per property: outcome, states
checked, time), then each failure with its minimal reproduction — the actions, the start
position JSON when it is not the game's start, the failing position JSON and a
``boardspec`` command that replays it."""

from __future__ import annotations

import json
import shlex

from rich.console import Console
from rich.table import Table
from rich.text import Text

from framework.check.runner import GameReport, Outcome

STYLES = {"passed": "green", "failed": "bold red", "not checked": "yellow",
          "not required": "dim"}


def _status(outcome: Outcome) -> Text:
    return Text(outcome.status, style=STYLES[outcome.status])


def param_words(report: GameReport) -> list[str]:
    """``--param name=value`` for each parameter the game was checked under."""
    from framework.spec.params import show_value

    return [word for name, value in report.parameters.items()
            for word in ("--param", f"{name}={show_value(value)}")]


def print_report(report: GameReport, console: Console) -> None:
    table = Table(title=f"{report.game}  ({shlex.join([report.file, *param_words(report)])})",
                  title_justify="left",
                  show_edge=False, pad_edge=False)
    table.add_column("property")
    table.add_column("outcome")
    table.add_column("states", justify="right")
    table.add_column("time", justify="right")
    for o in report.outcomes:
        table.add_row(o.name + (" *" if o.note else ""), _status(o), str(o.states),
                      f"{o.seconds:.2f} s")
    console.print(table)
    for o in report.outcomes:
        if o.note:
            console.print(f"* {o.name}: {o.note}", style=STYLES[o.status], highlight=False)
    for note in report.notes:
        console.print(f"[yellow]note:[/yellow] {note}", highlight=False)
    for outcome in report.failed:
        print_failure(report, outcome, console)
    console.print()


def print_failure(report: GameReport, outcome: Outcome, console: Console) -> None:
    failure = outcome.failure
    if failure is None:
        return
    console.print(f"\n[bold red]FAILED[/bold red] {outcome.name}: {failure.message}",
                  highlight=False, markup=True)
    if failure.detail:
        console.print(f"  {failure.detail}", highlight=False, markup=False)
    trail = failure.trail
    if trail.label == "?":
        return
    console.print(f"  from: {trail.label}", highlight=False, markup=False)
    if trail.start is not None:
        console.print("  start position: " + json.dumps(trail.start, ensure_ascii=False),
                      highlight=False, markup=False, soft_wrap=True)
    shown = " ".join(trail.actions) if trail.actions else "(none)"
    console.print(f"  actions ({len(trail.actions)}): {shown}", highlight=False,
                  markup=False, soft_wrap=True)
    if failure.position is not None:
        console.print("  failing position: " + json.dumps(failure.position,
                                                          ensure_ascii=False),
                      highlight=False, markup=False, soft_wrap=True)
    console.print("  replay: " + failure.replay_command(report.file, param_words(report)),
                  highlight=False,
                  markup=False, soft_wrap=True)
