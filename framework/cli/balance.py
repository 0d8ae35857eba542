"""``boardspec balance``: a balance study of a game in one command (see framework.balance)."""

from __future__ import annotations

import sys
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from framework.cli import app
from framework.cli.options import (
    AddressOption,
    BackendOption,
    EngineOption,
    GameArgument,
    ParamOption,
    check_backend,
    use_engine,
)
from framework.limits import MAX_COUNT, MAX_JOBS

if TYPE_CHECKING:
    from framework.backends import Backend
    from framework.balance import Level


@app.command()
def balance(game_file: GameArgument,
            agents: Annotated[str, typer.Option(
                help="strength levels, weakest first: each agent plays itself")]
            = "random,mcts:20i,mcts:100i",
            games: Annotated[str, typer.Option(
                help="games per level: one number, or one per agent (e.g. 2000,200,60)")]
            = "200",
            seed: Annotated[int, typer.Option(help="study seed (same seed, same games)")] = 0,
            max_plies: Annotated[int | None, typer.Option(
                min=1, max=MAX_COUNT, help="stop a game unfinished after this many actions")]
            = None,
            out: Annotated[Path | None, typer.Option(
                help="report folder (default: balance-<game>): balance.html, balance.json, "
                     "plots/")] = None,
            records: Annotated[Path | None, typer.Option(
                help="folder of the game records (default: OUT/records); the same command "
                     "again continues an unfinished study")] = None,
            published: Annotated[Path | None, typer.Option(
                help="published results to set beside ours (default: "
                     "published/<game>.yaml beside the game file, if any)")] = None,
            jobs: Annotated[int | None, typer.Option(
                min=1, max=MAX_JOBS, help="local processes (default 1), or the CPUs of a Ray "
                                       "started here (default: all)")] = None,
            backend: BackendOption = "local", engine: EngineOption = None,
            address: AddressOption = None, params: ParamOption = None,
            compare: Annotated[list[str] | None, typer.Option(
                help="a setting to compare, NAME=VALUE[,NAME=VALUE…] (repeat: two or more); "
                     "one study each, in OUT/<setting>/, and compare.html of their "
                     "differences")] = None,
            search: Annotated[str | None, typer.Option(
                help="NAME=LOW:HIGH: look for the value of a number parameter (a komi, a "
                     "compensation) that makes the game even, by bisection: a study at "
                     "each end, then at the middle of the two either side of 50 %")] = None,
            steps: Annotated[int, typer.Option(
                min=0, max=20, help="middles --search plays after its two ends")] = 3
            ) -> None:
    """Is the game balanced? Each agent plays itself; the report gives the first player's
    advantage with a 95 % interval, draws, game lengths, wins by game length, how often
    each rule fires and how it all moves with strength, as HTML with plots and JSON. With
    --compare, one study per setting and a report of their differences; with --search,
    the studies of a bisection over one number and their comparison."""
    from framework.backends import make_backend
    from framework.balance import BalanceError, levels_of
    from framework.bundled import game_path
    from framework.cli.play import agent_specs
    from framework.numerals import whole_number

    check_backend(backend, address)
    use_engine(engine)
    specs = agent_specs(agents, at_least=1)
    read = [whole_number(part) for part in games.split(",") if part.strip()]
    counts = [count for count in read if count is not None]
    if len(counts) != len(read):
        raise typer.BadParameter(f"expected numbers (digits 0-9) separated by commas, found "
                                 f"{games!r}", param_hint="--games")
    if not counts or min(counts) < 1:
        raise typer.BadParameter("every level plays at least one game", param_hint="--games")
    try:
        levels = levels_of(specs, counts)
    except BalanceError as exc:
        raise typer.BadParameter(str(exc), param_hint="--games") from None
    if compare and len(compare) < 2:
        raise typer.BadParameter("give two settings or more to compare, e.g. --compare "
                                 "swap=false --compare swap=true", param_hint="--compare")
    if compare and search:
        raise typer.BadParameter("give --compare or --search, not both", param_hint="--search")
    bounds = _search_bounds(game_file, params, search) if search else None
    out = out or Path(f"balance-{game_path(game_file).stem}")
    with make_backend(backend, jobs=jobs, address=address) as runner:
        study = partial(_study, game_file, levels, seed=seed, max_plies=max_plies,
                        published=published, runner=runner, jobs=jobs, address=address)
        if not compare and bounds is None:
            study(params, out, records)
            return
        from framework.balance.compare import (
            compare_reports,
            search_compensation,
            setting_slug,
            write_comparison,
        )

        def one(setting: str) -> dict[str, Any]:
            given = [*(params or []), *(p for p in setting.split(",") if p.strip())]
            print(f"--- {setting}", file=sys.stderr)
            return study(given, out / setting_slug(setting), None)

        if bounds is not None:
            name, low, high, whole = bounds
            played = search_compensation(name, low, high, one, steps=steps, whole=whole)
            by_value = {float(s.split("=", 1)[1]): (s, r) for s, r in played}
            reports = [by_value[v] for v in sorted(by_value)]
        else:
            reports = [(setting, one(setting)) for setting in compare or []]
    comparison = compare_reports(reports)
    written = write_comparison(comparison, out)
    for line in comparison["summary"]:
        print(line)
    print(f"wrote {out / 'compare.html'} ({len(written)} files)")


def _search_bounds(game_file: Path, params: list[str] | None, search: str
                   ) -> tuple[str, float, float, bool]:
    """``komi=0:9`` read against the game's parameters: the name, the two ends, and
    whether the parameter is a whole number."""
    from framework.cli.options import load
    from framework.numerals import decimal_number

    name, _, span = search.partition("=")
    low_text, _, high_text = span.partition(":")
    low, high = decimal_number(low_text.strip()), decimal_number(high_text.strip())
    if not name.strip() or low is None or high is None or low >= high:
        raise typer.BadParameter(f"expected NAME=LOW:HIGH with LOW below HIGH (komi=0:9), "
                                 f"found {search!r}", param_hint="--search")
    game = load(game_file, params)
    value = game.parameters.get(name.strip())
    if isinstance(value, bool) or not isinstance(value, int | float):
        numbers = [k for k, v in game.parameters.items()
                   if isinstance(v, int | float) and not isinstance(v, bool)]
        raise typer.BadParameter(f"{name.strip()!r} is no number parameter of the game; its "
                                 f"number parameters: {', '.join(numbers) or 'none'}",
                                 param_hint="--search")
    return name.strip(), float(low), float(high), isinstance(value, int)


def _study(game_file: Path, levels: list[Level], params: list[str] | None, out: Path,
           records: Path | None, *, seed: int, max_plies: int | None,
           published: Path | None, runner: Backend, jobs: int | None,
           address: str | None) -> dict[str, Any]:
    """One study: the games of every level under ``params`` (resumed from ``records``),
    its report written into ``out`` and its lines printed; the report."""
    from framework.agents.evaluation import evaluation_misfit
    from framework.balance import (
        all_facts,
        balance_plans,
        published_for,
        summarise,
        write_report,
    )
    from framework.balance.analysis import verdict
    from framework.balance.design import design_section
    from framework.bundled import game_path
    from framework.cli.options import load
    from framework.cli.play import run_with_progress
    from framework.match import GameSource, record_problem
    from framework.study import StudyFolder, file_digest

    game = load(game_file, params)
    misfit = evaluation_misfit(game)
    if misfit:  # the agents' verdict would be the evaluation's, not the rules'
        print(f"warning: {game_file}: {misfit}", file=sys.stderr)
    game_file = game_path(game_file)
    published_results = published_for(game_file, published)
    plans = balance_plans(levels, seed)
    identity = {"kind": "balance", "game_file": str(game_file),
                "game_sha256": file_digest(game_file),
                "levels": [[level.agent, level.games] for level in levels], "seed": seed,
                "max_plies": max_plies}
    if game.parameters:  # records of another variant are not this study's
        identity["parameters"] = game.parameters
    folder = StudyFolder(records or out / "records", identity, len(plans), game=game)
    done = folder.open(lambda i, record: record_problem(plans[i], record, game,
                                                            max_plies))
    if done:
        print(f"{folder.folder}: {len(done)} of {len(plans)} games already played; "
              "continuing", file=sys.stderr)
    source = GameSource.read(game_file, game.parameters)
    finished = run_with_progress(source, plans, backend=runner, jobs=jobs,
                                 address=address, max_plies=max_plies, done=done,
                                 folder=folder)
    facts = all_facts(source, finished, runner)  # every record replayed and read
    report = summarise(game, levels, facts, published_results, seed=seed)
    report["design"] = design_section(game, game_file, levels, facts, max_plies)
    written = write_report(report, out)
    for level in report["levels"]:
        print(f"{level['agent']:>12}: {level['games']} games, {verdict(level)}, median "
              f"length {level['length']['median']:g} plies")
    for finding in report["design"]:
        print(f"{game_file.name}:{finding['line']}: {finding['where']}: {finding['message']}")
    print(f"wrote {out / 'balance.html'} ({len(written)} files)")
    return report
