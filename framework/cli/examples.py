"""``boardspec examples``: run the worked examples written in game files."""

from __future__ import annotations

import typer

from framework.cli import app
from framework.cli.options import GameFiles, ParamOption, load


@app.command()
def examples(files: GameFiles, params: ParamOption = None) -> None:
    """Run every example of the game files (those written for the parameter values
    given); exit code 1 if one fails."""
    from framework.examples import run_examples

    failed = 0
    for path in files:
        game = load(path, params)
        for name, failures in run_examples(game):
            print(f"{'ok  ' if not failures else 'FAIL'} {path}: {name}")
            for failure in failures:
                print(f"       {failure}")
            failed += bool(failures)
    if failed:
        print(f"{failed} example(s) failed")
        raise typer.Exit(1)
