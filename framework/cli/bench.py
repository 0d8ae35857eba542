"""``boardspec bench``: speed figures beside python-ataxx, as a table and JSON."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from framework.cli import app


@app.command()
def bench(repeats: Annotated[int, typer.Option(min=1, help="runs of each figure")] = 3,
          only: Annotated[list[str] | None, typer.Option(
              help="figures to run (default: all), e.g. --only ataxx_perft5")] = None,
          out: Annotated[Path, typer.Option(help="where to write the JSON report")]
          = Path("benchmarks/results/latest.json")) -> None:
    """Time perft, playouts, start-up and memory, ours beside python-ataxx's (each run in a
    fresh process, the two sides interleaved); print a table and write JSON."""
    from framework.bench.figures import FIGURES
    from framework.bench.runner import details, machine, run, table
    from framework.safeio import check_output_file, write_json

    check_output_file(out, "benchmark report")  # before minutes of work, not after

    names = {f.name for f in FIGURES}
    unknown = [name for name in only or [] if name not in names]
    if unknown:
        raise typer.BadParameter(f"unknown figure {unknown[0]!r}; expected one of: "
                                 f"{', '.join(sorted(names))}", param_hint="--only")
    info = machine()
    print(f"{info['cpu']}, {info['cores']} cores, Python {info['python']}; "
          f"{repeats} runs each\n")
    report = run(repeats, only, progress=lambda row: print(row, flush=True))
    print("\n" + table(report) + "\n\n" + details(report))
    write_json(out, report, "benchmark report")
    print(f"\nwrote {out}")
