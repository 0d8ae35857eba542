"""Print a check report with rich: one table per game file (per property: outcome, states
checked, time), the native kernels' section, then each failure with its minimal
reproduction — the actions, the start position JSON when it is not the game's start, the
failing position JSON and a ``boardspec`` command that replays it. The same report as
JSON: :func:`report_json`."""

from __future__ import annotations

import json
import shlex
import textwrap
from typing import Any

from rich.console import Console
from rich.markup import escape
from rich.table import Table
from rich.text import Text

from framework.check.native_diff import NativeOutcome
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
    # Every free text printed through rich is escaped: its markup would eat a "[d4, e5]".
    title = f"{report.game}  ({shlex.join([report.file, *param_words(report)])})"
    table = Table(title=escape(title),
                  title_justify="left",
                  show_edge=False, pad_edge=False)
    table.add_column("property")
    table.add_column("outcome")
    table.add_column("states", justify="right")
    table.add_column("time", justify="right")
    properties = [o for o in report.outcomes if not isinstance(o, NativeOutcome)]
    for o in properties:
        table.add_row(escape(o.name) + (" *" if o.note else ""), _status(o), str(o.states),
                      f"{o.seconds:.2f} s")
    console.print(table)
    for o in properties:
        if o.note:
            console.print(f"* {o.name}: {o.note}", style=STYLES[o.status], highlight=False,
                          markup=False)
    for note in report.notes:
        console.print(f"[yellow]note:[/yellow] {escape(note)}", highlight=False)
    native = native_of(report)
    if native is not None:
        print_native(native, console)
    for outcome in report.failed:
        print_failure(report, outcome, console)
    console.print()


def print_failure(report: GameReport, outcome: Outcome, console: Console) -> None:
    failure = outcome.failure
    if failure is None:
        return
    console.print(f"\n[bold red]FAILED[/bold red] {escape(outcome.name)}: "
                  f"{escape(failure.message)}",
                  highlight=False, markup=True)
    if failure.detail:
        console.print(textwrap.indent(failure.detail, "  "), highlight=False, markup=False)
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


def native_of(report: GameReport) -> NativeOutcome | None:
    return next((o for o in report.outcomes if isinstance(o, NativeOutcome)), None)


def print_native(native: NativeOutcome, console: Console) -> None:
    """The native kernels' section: what was compared, or why it was not."""
    line = Text("native kernels against the engine: ", style="bold")
    line.append(_status(native))
    if native.status in ("passed", "failed"):
        line.append(f" ({native.seconds:.2f} s, of which {native.compile_seconds:.2f} s to "
                    "compile or load the kernels)")
    console.print(line, highlight=False)
    if native.note:
        console.print(f"  {native.note}", style=STYLES[native.status], highlight=False,
                      markup=False)
    if native.status not in ("passed", "failed"):
        return
    so_far = " before the failure below" if native.status == "failed" else ""
    console.print(f"  {native.games} random games of the kernels replayed by the engine"
                  f"{so_far}: {native.states} positions with the same legal moves and "
                  f"result; {native.moves} moves played both ways", highlight=False)
    if native.perft:
        shown = ", ".join(f"{row.position} (depth {row.depth}: {row.count:,})"
                          for row in native.perft[:4])
        more = f" and {len(native.perft) - 4} more positions" if len(native.perft) > 4 else ""
        console.print(f"  perft the same from {shown}{more}", highlight=False,
                      soft_wrap=True, markup=False)


def failure_json(outcome: Outcome, file: str) -> dict[str, Any] | None:
    failure = outcome.failure
    if failure is None:
        return None
    trail = failure.trail
    found: dict[str, Any] = {"message": failure.message, "from": trail.label}
    if failure.detail:
        found["detail"] = failure.detail
    if trail.label != "?":
        found.update(start=trail.start, actions=list(trail.actions),
                     position=failure.position, replay=failure.replay_command(file))
    return found


def outcome_json(outcome: Outcome, file: str) -> dict[str, Any]:
    found: dict[str, Any] = {"name": outcome.name, "status": outcome.status,
                             "states": outcome.states, "seconds": round(outcome.seconds, 3)}
    if outcome.note:
        found["note"] = outcome.note
    if isinstance(outcome, NativeOutcome):
        found = {**found, "positions": found.pop("states"), "games": outcome.games,
                 "moves": outcome.moves, "compile_seconds": round(outcome.compile_seconds, 3),
                 "perft": [{"position": row.position, "depth": row.depth, "count": row.count}
                           for row in outcome.perft]}
    failure = failure_json(outcome, file)
    if failure is not None:
        found["failure"] = failure
    return found


def report_json(report: GameReport) -> dict[str, Any]:
    """The report as JSON: the properties, the native kernels' section (None when the
    report has none) and the notes."""
    native = native_of(report)
    return {"file": report.file, "game": report.game,
            "properties": [outcome_json(o, report.file) for o in report.outcomes
                           if o is not native],
            "native": None if native is None else outcome_json(native, report.file),
            "notes": list(report.notes)}


def without_timings(data: Any) -> Any:
    """``data`` (a report's JSON) without its times (``seconds``, ``compile_seconds``):
    what the same seed gives on every backend."""
    if isinstance(data, dict):
        return {k: without_timings(v) for k, v in data.items() if not k.endswith("seconds")}
    if isinstance(data, list):
        return [without_timings(v) for v in data]
    return data
