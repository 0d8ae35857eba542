"""Core commands: validate, show, moves, perft, apply, play, schema."""

from __future__ import annotations

import json
import random
import sys
import time
from pathlib import Path
from typing import Annotated

import typer

from framework.cli import app
from framework.cli.options import FenOption, GameArgument, PositionOption, load, start_state


@app.command()
def validate(files: Annotated[list[Path], typer.Argument(help="game files")]) -> None:
    """Check game files: schema, meaning and board. Exit code 2 if any is refused."""
    from framework.errors import SpecError

    failed = False
    for path in files:
        try:
            game = load(path)
        except SpecError as exc:
            failed = True
            print(exc, file=sys.stderr)
            continue
        print(f"ok  {path}: {game.name}, {game.board.size} cells, "
              f"{len(game.phases)} phases, {len(game.spec.examples)} examples")
    if failed:
        raise typer.Exit(2)


@app.command()
def show(game_file: GameArgument, position: PositionOption = None,
         fen: FenOption = None,
         svg: Annotated[Path | None, typer.Option(help="write the picture as SVG here")]
         = None) -> None:
    """Draw a position (default: the start) in the terminal, or as an SVG picture."""
    game = load(game_file)
    state = start_state(game, position, fen)
    if svg is None:
        print(state)
        return
    from framework.render.svg import board_svg

    svg.write_text(board_svg(state, title=game.name) + "\n", encoding="utf-8")
    print(f"wrote {svg}")


@app.command()
def moves(game_file: GameArgument, position: PositionOption = None, fen: FenOption = None,
          as_json: Annotated[bool, typer.Option("--json", help="one JSON object per action")]
          = False) -> None:
    """List the legal actions of a position."""
    game = load(game_file)
    state = start_state(game, position, fen)
    actions = state.legal_actions()
    if as_json:
        print(json.dumps([a.to_json(game) for a in actions], ensure_ascii=False, indent=1))
    else:
        for action in actions:
            print(action.notation)


@app.command()
def perft(game_file: GameArgument, depth: Annotated[int, typer.Argument(min=0)],
          position: PositionOption = None, fen: FenOption = None,
          divide: Annotated[bool, typer.Option(help="count below each action")] = False
          ) -> None:
    """Count the leaves of the action tree to DEPTH (libataxx conventions)."""
    from framework.perft import divide as divide_counts
    from framework.perft import perft as perft_count

    game = load(game_file)
    state = start_state(game, position, fen)
    start = time.perf_counter()
    if divide and depth > 0:
        total = 0
        for notation, count in divide_counts(state, depth):
            print(f"{notation}: {count}")
            total += count
        print(f"\ntotal: {total}")
    else:
        total = perft_count(state, depth)
        print(total)
    seconds = time.perf_counter() - start
    print(f"{total} nodes in {seconds:.3f} s", file=sys.stderr)


@app.command("apply")
def apply_actions(game_file: GameArgument,
                  actions: Annotated[list[str], typer.Argument(help="actions in notation")],
                  position: PositionOption = None, fen: FenOption = None) -> None:
    """Play ACTIONS and print the resulting position (JSON, or FEN when given --fen)."""
    from framework.errors import IllegalActionError

    game = load(game_file)
    state = start_state(game, position, fen)
    for ply, text in enumerate(actions, start=1):
        try:
            state.apply(text)
        except IllegalActionError as exc:
            raise IllegalActionError(f"action {ply} ({text!r}): {exc}") from None
    print(state.to_fen() if fen else json.dumps(state.to_json(), ensure_ascii=False))


@app.command()
def play(game_file: GameArgument,
         human: Annotated[str | None, typer.Option(help="the player you play")] = None,
         seed: Annotated[int | None, typer.Option(help="random seed")] = None,
         max_plies: Annotated[int | None, typer.Option(help="stop after this many actions")]
         = None,
         quiet: Annotated[bool, typer.Option(help="print only the result")] = False) -> None:
    """Play a game in the terminal: computer against computer, or you against it."""
    game = load(game_file)
    if human is not None and human not in game.players:
        raise typer.BadParameter(f"expected one of {', '.join(game.players)}, found {human!r}",
                                 param_hint="--human")
    rng = random.Random(seed)
    state = game.new_initial_state()
    limit = max_plies or game.spec.max_plies or 10_000
    plies = 0
    while not state.is_terminal() and plies < limit:
        side = game.players[state.to_move]
        if human is not None and state.seat_of_side.index(state.current_player) \
                == game.players.index(human):
            print(state)
            action = _ask(state)
        else:
            action = rng.choice(state.legal_actions())
            if not quiet:
                print(f"{state.fullmove:>3}. {side}: {action.notation}")
        state.apply(action)
        plies += 1
    print(state)
    if not state.is_terminal():
        print(f"unfinished after {plies} actions")


def _ask(state: object) -> object:
    from framework.engine.state import State
    from framework.errors import IllegalActionError, NotationError

    assert isinstance(state, State)
    while True:
        text = input("your move (? lists the legal ones): ").strip()
        if text == "?":
            print(" ".join(a.notation for a in state.legal_actions()))
            continue
        try:
            return state.parse_action(text)
        except (NotationError, IllegalActionError) as exc:
            print(exc)


@app.command()
def schema(out: Annotated[Path, typer.Option(help="where to write the schema")]
           = Path("schemas/game.schema.json")) -> None:
    """Write the JSON Schema of game files (generated from the spec models)."""
    from framework.spec.schema import schema_text

    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(schema_text(), encoding="utf-8")
    print(f"wrote {out}")
