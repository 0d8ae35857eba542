"""Options shared by the commands that start from a position."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

if TYPE_CHECKING:
    from framework.engine.state import State
    from framework.game import Game

PositionOption = Annotated[str | None, typer.Option(
    "--position", "-p", help="position JSON (text, or the path of a .json file)")]
FenOption = Annotated[str | None, typer.Option("--fen", help="FEN-like position string")]


def game_argument(given: str) -> Path:
    """A command's game argument as the file it names: a bare name is the bundled game's
    (said on stderr when a file of that name is also here); ``./chess`` is that file,
    kept a path (as ``Path`` it would read ``chess``, the bare name, again)."""
    import sys

    from framework.bundled import game_path, is_path, shadowed_file

    note = shadowed_file(given)
    if note is not None:
        print(note, file=sys.stderr)
    path = game_path(given)
    return path.absolute() if is_path(given) and not is_path(str(path)) else path


GameArgument = Annotated[Path, typer.Argument(
    help="game file (YAML), or a bundled game's name (boardspec games lists them)",
    parser=game_argument)]
GameFiles = Annotated[list[Path], typer.Argument(
    help="game files, or bundled games' names (boardspec games lists them)",
    parser=game_argument)]
ParamOption = Annotated[list[str] | None, typer.Option(
    "--param", help="NAME=VALUE: a game parameter (repeat the option), e.g. --param size=7; "
                    "boardspec games lists each game's parameters")]
# Help texts are rich markup: "\\[" writes a bracket ([ray] alone would be a style tag).
BackendOption = Annotated[str, typer.Option(
    help="where the games run: local (this machine: --jobs processes) or ray (a Ray "
         "cluster; pip install 'boardspec\\[ray]')")]
AddressOption = Annotated[str | None, typer.Option(
    help="the Ray cluster to use (e.g. auto, 10.0.0.5:6379, ray://host:10001); default: "
         "start Ray on this machine")]

EngineOption = Annotated[str | None, typer.Option(
    help="how mcts and alphabeta agents search: auto (in the game's native kernels where "
         "they play it, pip install 'boardspec\\[fast]'; else in Python, saying once why) "
         "or python (the Python engine); an agent spec's :native or :python decides for "
         "that agent. Default: $BOARDSPEC_ENGINE, else auto")]


def use_engine(engine: str | None) -> None:
    """Make ``--engine`` the default of this process's agents and of the processes it
    starts (``$BOARDSPEC_ENGINE``); refuse anything else before any work."""
    import os

    from framework.agents.base import ENGINE_VARIABLE, ENGINES

    if engine is None:
        return
    chosen = engine.strip().lower()
    if chosen not in ENGINES:
        raise typer.BadParameter(f"expected one of {', '.join(ENGINES)}, found {engine!r}",
                                 param_hint="--engine")
    os.environ[ENGINE_VARIABLE] = chosen


def check_backend(backend: str, address: str | None) -> None:
    """Refuse a bad --backend/--address before any work or any file is written."""
    from framework.backends import BACKENDS

    if backend not in BACKENDS:
        raise typer.BadParameter(f"expected one of {', '.join(BACKENDS)}, found {backend!r}",
                                 param_hint="--backend")
    if address is not None and backend != "ray":
        raise typer.BadParameter("--address names a Ray cluster: add --backend ray",
                                 param_hint="--address")


def load(path: Path, params: list[str] | None = None) -> Game:
    """The game of a command's game argument (a path or a bundled name) under its
    ``--param`` values."""
    from framework.game import load_game
    from framework.spec.params import parse_assignments

    return load_game(path, parse_assignments(params))


def game_file(path: Path) -> Path:
    """The file of a game argument: a path, or the file of the bundled game so named."""
    from framework.bundled import game_path

    return game_path(path)


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


def start_state(game: Game, position: str | None, fen: str | None) -> State:
    from framework.errors import PositionError

    if position is not None and fen is not None:
        raise PositionError("give --position or --fen, not both")
    if fen is not None:  # an empty --fen is a FEN to refuse, not "no FEN"
        if not fen.strip():
            raise PositionError("--fen is empty; give a position such as "
                                f"{game.new_initial_state().to_fen()!r}"
                                if game.spec.notation.fen else "--fen is empty")
        return game.state_from_fen(fen)
    if position is not None:
        if not position.strip():
            raise PositionError("--position is empty; give position JSON or a .json file")
        data = read_position(position)
        try:
            return game.state_from_json(data)
        except PositionError as exc:
            if position.lstrip().startswith("{"):
                raise
            # Name the file read, not "the position".
            raise PositionError(f"position file {position!r}: "
                                f"{str(exc).removeprefix('the position: ')}") from None
    return game.new_initial_state()
