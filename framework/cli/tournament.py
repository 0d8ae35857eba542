"""``boardspec tournament``: many agents, a round robin or a gauntlet, and their ratings."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Annotated

import typer

from framework.cli import app
from framework.cli.options import (
    AddressOption,
    BackendOption,
    EngineOption,
    GameArgument,
    ParamOption,
    check_backend,
    load,
    use_engine,
)


@app.command()
def tournament(game_file: GameArgument,
               agents: Annotated[str, typer.Option(
                   help="comma-separated agent specs, e.g. mcts:200i,alphabeta:d2,greedy,"
                        "random")],
               games: Annotated[int, typer.Option(
                   min=1, help="games per pair of agents (seats swapped every game)")] = 10,
               gauntlet: Annotated[bool, typer.Option(
                   help="the first agent plays each other one (default: every pair plays, "
                        "a round robin)")] = False,
               jobs: Annotated[int | None, typer.Option(
                   min=1, help="local processes (default 1), or the CPUs of a Ray started "
                               "here (default: all)")] = None,
               seed: Annotated[int, typer.Option(help="tournament seed")] = 0,
               max_plies: Annotated[int | None, typer.Option(
                   help="stop a game unfinished after this many actions")] = None,
               out: Annotated[Path | None, typer.Option(
                   help="directory for the records and ratings.json; the same command "
                        "again continues an unfinished tournament")] = None,
               backend: BackendOption = "local", engine: EngineOption = None,
               address: AddressOption = None, params: ParamOption = None) -> None:
    """Play every pair of agents (or the first against each other) and print a ratings
    table: OpenSkill's skill estimate of each agent with a 95 % interval, wins, draws and
    losses (needs pip install 'boardspec\\[ratings]')."""
    from rich.console import Console
    from rich.markup import escape
    from rich.table import Table

    from framework.bundled import game_path
    from framework.cli.play import agent_specs, run_with_progress
    from framework.match import GamePlan, GameSource, game_seed, plan_problem, schedule
    from framework.ratings import _model, rate
    from framework.study import StudyFolder, file_digest

    check_backend(backend, address)
    use_engine(engine)
    _model()  # the rating library is there, before any game is played
    specs = agent_specs(agents)
    if len(set(specs)) != len(specs):
        raise typer.BadParameter("each agent once", param_hint="--agents")
    game = load(game_file, params)
    if len(game.players) != 2:
        raise typer.BadParameter(f"a tournament is for two-player games; {game.name} has "
                                 f"{len(game.players)} players (use match)")
    plans = schedule(specs, games, seed)
    if gauntlet:  # numbered again from 0, as a study folder numbers its records
        kept = [p.seats for p in plans if specs[0] in p.seats]
        plans = [GamePlan(i, seats, game_seed(seed, i)) for i, seats in enumerate(kept)]
    folder = done = None
    if out is not None:
        from framework.safeio import check_output_dir

        check_output_dir(out, "tournament folder")
        identity = {"kind": "tournament", "game_file": str(game_file),
                    "game_sha256": file_digest(game_path(game_file)), "agents": specs,
                    "games_per_pair": games, "gauntlet": gauntlet, "seed": seed,
                    "max_plies": max_plies, "parameters": game.parameters}
        folder = StudyFolder(out, identity, len(plans), game=game)
        done = folder.open(lambda i, record: plan_problem(plans[i], record, game.players))
        if done:
            print(f"{out}: {len(done)} of {len(plans)} games already played; continuing",
                  file=sys.stderr)
    records = run_with_progress(GameSource.read(game_file, game.parameters), plans,
                                backend=backend, jobs=jobs, address=address,
                                max_plies=max_plies, done=done, folder=folder)
    table = rate(game.players, specs, [records[i] for i in sorted(records)])
    shown = Table(title=escape(f"{game.name}: {'gauntlet' if gauntlet else 'round robin'}, "
                               f"{len(records)} games (OpenSkill, Plackett-Luce)"))
    for column in ("rank", "agent", "games", "wins", "draws", "losses", "mu", "95 % interval"):
        shown.add_column(column, justify="left" if column == "agent" else "right")
    for rank, row in enumerate(table, start=1):
        shown.add_row(str(rank), escape(row.agent), str(row.games), str(row.wins), str(row.draws),
                      str(row.losses), f"{row.mu:.1f}", f"{row.low:.1f} – {row.high:.1f}")
    wide = Console(highlight=False)
    wide.width = max(wide.width, 110)
    wide.print(shown)
    if folder is not None and out is not None:
        folder.write_json("ratings.json", {"agents": [
            {"agent": r.agent, "games": r.games, "wins": r.wins, "draws": r.draws,
             "losses": r.losses, "mu": r.mu, "sigma": r.sigma, "ci95": [r.low, r.high]}
            for r in table]})
        print(f"{out}: {len(records)} records and ratings.json", file=sys.stderr)
