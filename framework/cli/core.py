"""Core commands: validate, show, moves, perft, apply, schema."""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path
from typing import Annotated, Any

import typer

from framework.cli import app
from framework.cli.options import (
    FenOption,
    GameArgument,
    GameFiles,
    ParamOption,
    PositionOption,
    load,
    start_state,
)
from framework.limits import MAX_PERFT_DEPTH


@app.command()
def validate(files: GameFiles, params: ParamOption = None) -> None:
    """Check game files: schema, meaning and board. Exit code 2 if any is refused."""
    from framework.agents.evaluation import evaluation_misfit
    from framework.errors import BoardspecError, SpecError
    from framework.native.support import native_line
    from framework.units import missing_twins

    failed = False
    for path in files:
        try:
            game = load(path, params)
        except SpecError as exc:
            failed = True
            print(exc, file=sys.stderr)
            continue
        try:  # a unit's twin that cannot be loaded refuses the file before any "ok"
            notes = [native_line(game), *(f"note: {m}" for m in missing_twins(game))]
        except BoardspecError as exc:
            failed = True
            print(f"{path}: error: {exc}", file=sys.stderr)
            continue
        print(f"ok  {path}: {game.name}, {game.board.size} cells, "
              f"{counted(len(game.phases), 'phase')}, "
              f"{counted(len(game.spec.examples), 'example')}")
        for note in notes:  # check --strict refuses the missing twins noted
            print(f"    {note}")
        misfit = evaluation_misfit(game)
        if misfit:
            print(f"    warning: {misfit}")
    if failed:
        raise typer.Exit(2)


def counted(number: int, word: str) -> str:
    """``1 phase``, ``2 phases``."""
    return f"{number} {word}{'' if number == 1 else 's'}"


@app.command()
def show(game_file: GameArgument, position: PositionOption = None,
         fen: FenOption = None,
         svg: Annotated[Path | None, typer.Option(help="write the picture as SVG here")]
         = None, params: ParamOption = None) -> None:
    """Draw a position (default: the start) in the terminal, or as an SVG picture."""
    from framework.safeio import check_output_file, write_text

    if svg is not None:
        check_output_file(svg, "picture")
    game = load(game_file, params)
    state = start_state(game, position, fen)
    if svg is None:
        print(state)
        from framework.render.zone_text import zone_lines

        for line in zone_lines(state):  # the file's zones, a letter each
            print(line)
        return
    from framework.render.svg import board_svg

    write_text(svg, board_svg(state, title=game.name, zones=True) + "\n", "picture")
    print(f"wrote {svg}")


@app.command()
def moves(game_file: GameArgument, position: PositionOption = None, fen: FenOption = None,
          as_json: Annotated[bool, typer.Option("--json", help="one JSON object per action")]
          = False,
          turns: Annotated[bool, typer.Option(help="list whole turns (actions joined by "
                                                   "spaces), not phase steps")] = False,
          params: ParamOption = None) -> None:
    """List the legal actions of a position."""
    game = load(game_file, params)
    state = start_state(game, position, fen)
    if turns:
        found = state.legal_turns()
        if as_json:
            print(json.dumps([{"notation": t.notation,
                               "actions": [a.to_json(game) for a in t.actions]}
                              for t in found], ensure_ascii=False, indent=1))
        else:
            for turn in found:
                print(turn.notation)
        return
    actions = state.legal_actions()
    if as_json:
        print(json.dumps([a.to_json(game) for a in actions], ensure_ascii=False, indent=1))
    else:
        for action in actions:
            print(action.notation)


@app.command()
def perft(game_file: GameArgument,
          depth: Annotated[int, typer.Argument(min=0, max=MAX_PERFT_DEPTH)],
          position: PositionOption = None, fen: FenOption = None,
          divide: Annotated[bool, typer.Option(help="count below each action")] = False,
          turns: Annotated[bool, typer.Option(help="count whole turns, not phase steps")]
          = False,
          backend: Annotated[str, typer.Option(help="python (the reference engine) or native "
                                                    "(numba kernels: the \\[fast] extra; "
                                                    "the engine, saying why, where they "
                                                    "cannot count the game)")]
          = "python",
          parallel: Annotated[bool, typer.Option(help="native: spread the root's moves over "
                                                      "the cores")] = False,
          params: ParamOption = None) -> None:
    """Count the leaves of the action tree to DEPTH (libataxx conventions)."""
    from framework.engine.turns import divide_turns, perft_turns
    from framework.perft import divide as divide_counts
    from framework.perft import perft as perft_count

    if backend not in ("python", "native"):
        raise typer.BadParameter(f"unknown backend {backend!r}; expected python or native",
                                 param_hint="--backend")
    # A count from the start that a library linked ahead of time makes was answered by
    # the entry (framework/command.py) before this command line was parsed; here the
    # kernels link one for the next such count.
    from_start = backend == "native" and not (position or fen or divide or parallel)
    if turns:
        divide_counts, perft_count = divide_turns, perft_turns
    game = load(game_file, params)
    state = start_state(game, position, fen)
    if backend == "native":  # or, saying why not, the Python engine
        from framework.native.cli import native_counters

        counters = native_counters(game, state, turns=turns, parallel=parallel,
                                   ahead=(game_file, params or []) if from_start else None)
        if counters is not None:
            divide_counts, perft_count = counters
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
                  position: PositionOption = None, fen: FenOption = None,
                  params: ParamOption = None) -> None:
    """Play ACTIONS and print the resulting position (JSON, or FEN when given --fen)."""
    from framework.errors import IllegalActionError

    game = load(game_file, params)
    state = start_state(game, position, fen)
    for ply, text in enumerate(actions, start=1):
        try:
            state.apply(text)
        except IllegalActionError as exc:
            raise IllegalActionError(f"action {ply} ({text!r}): {exc}") from None
    print(state.to_fen() if fen else json.dumps(state.to_json(), ensure_ascii=False))


@app.command()
def schema(out: Annotated[Path, typer.Option(help="where to write the schema")]
           = Path("schemas/game.schema.json")) -> None:
    """Write the JSON Schema of game files (generated from the spec models)."""
    from framework.safeio import write_text
    from framework.spec.schema import schema_text

    write_text(out, schema_text(), "schema")
    print(f"wrote {out}")


@app.command("games")
def list_games(as_json: Annotated[bool, typer.Option(
        "--json", help="one JSON object per game: name, title, file, parameters")] = False
               ) -> None:
    """List the games found by name (bundled, and those of $BOARDSPEC_GAMES_PATH) with
    their parameters: any command takes such a name instead of a file."""
    from framework.bundled import PATH_VARIABLE, named_games
    from framework.errors import SpecError
    from framework.limits import MAX_LISTED_GAMES
    from framework.spec.load import load_spec

    # Each game is printed as soon as it is read, and at most MAX_LISTED_GAMES are read:
    # a folder of thousands of files shows its first games at once, then says what it
    # left out.
    games = list(named_games().items())
    examined = games[:MAX_LISTED_GAMES]
    width = max((len(name) for name, _ in examined), default=0)
    listed = 0
    for name, path in examined:
        try:
            spec, _ = load_spec(path)
        except SpecError as exc:
            print(exc, file=sys.stderr)
            continue
        if as_json:
            _print_json_entry(name, path, spec, first=listed == 0)
        else:
            _print_game(name, spec, width)
        listed += 1
        sys.stdout.flush()
    if as_json:
        print("[]" if listed == 0 else "\n]")
    if len(games) > len(examined):
        print(f"note: {len(games):,} games are found by name; only the first "
              f"{len(examined):,} were read and listed (the others are still found by "
              f"name; keep fewer files in the folders of ${PATH_VARIABLE} to list them)",
              file=sys.stderr)


def _print_json_entry(name: str, path: Path, spec: Any, *, first: bool) -> None:
    """One game of ``games --json``, as an entry of the list that ``json.dumps(...,
    indent=1)`` writes (the whole output is that list)."""
    entry = json.dumps({"name": name, "title": spec.name, "file": str(path),
                        "category": spec.category,
                        "parameters": {p: d.model_dump(exclude_defaults=True)
                                       for p, d in spec.parameters.items()}},
                       ensure_ascii=False, indent=1)
    sys.stdout.write(("[\n" if first else ",\n") + "\n".join(" " + line for line in
                                                             entry.splitlines()))


def _print_game(name: str, spec: Any, width: int) -> None:
    from framework.spec.params import show_value

    print(f"{name:<{width}}  {spec.name}" + (f"  ({spec.category})" if spec.category else ""))
    for param, declared in spec.parameters.items():
        said = declared.description.strip()
        print(f"{'':<{width}}    --param {param}={show_value(declared.default)}  "
              f"({declared.allowed()}){': ' + said if said else ''}")
