"""``boardspec uai``: the Universal Ataxx Interface over stdin/stdout."""

from __future__ import annotations

from typing import Annotated

import typer

from framework.cli import app
from framework.cli.options import GameArgument, ParamOption, load


@app.command()
def uai(game_file: GameArgument,
        agent: Annotated[str, typer.Option(
            "--agent", "-a", help="the computer player (alphabeta:d3, mcts:1s, ...); "
                                  "go's depth and clocks replace its budget")]
        = "alphabeta:d3", params: ParamOption = None) -> None:
    """Speak the Universal Ataxx Interface on stdin/stdout, for GUIs and tournament
    managers (any game file with a FEN)."""
    from framework.interop.uai import serve

    serve(load(game_file, params), agent)
