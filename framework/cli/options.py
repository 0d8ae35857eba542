"""Options shared by the commands that start from a position."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

if TYPE_CHECKING:
    from framework.compiler import CompiledGame
    from framework.engine.state import State

PositionOption = Annotated[str | None, typer.Option(
    "--position", "-p", help="position JSON (text, or the path of a .json file)")]
FenOption = Annotated[str | None, typer.Option("--fen", help="FEN-like position string")]
GameArgument = Annotated[Path, typer.Argument(help="game file (YAML)")]


def load(path: Path) -> CompiledGame:
    from framework.compiler import load_game

    return load_game(path)


def read_position(text: str) -> Any:
    from framework.errors import InputError, PositionError
    from framework.limits import MAX_POSITION_BYTES
    from framework.safeio import load_json, read_text

    what = "the position"
    if not text.lstrip().startswith("{"):
        try:
            what = f"the position file {text!r}"
            text = read_text(text, MAX_POSITION_BYTES, "position file")
        except InputError as exc:
            raise PositionError(f"--position (not JSON text, so a file name): {exc}"
                                ) from None
    return load_json(text, what, PositionError)


def start_state(game: CompiledGame, position: str | None, fen: str | None) -> State:
    from framework.errors import PositionError

    if position and fen:
        raise PositionError("give --position or --fen, not both")
    if fen:
        return game.state_from_fen(fen)
    if position:
        return game.state_from_json(read_position(position))
    return game.new_initial_state()
