"""The ``docs`` command: rulebooks (Markdown and HTML, every language) from game files."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Annotated

import typer

from framework.cli import app
from framework.cli.options import ParamOption


@app.command()
def docs(files: Annotated[list[Path], typer.Argument(help="game files")],
         out: Annotated[Path, typer.Option(help="output folder")] = Path("docs/rulebooks"),
         lang: Annotated[list[str] | None, typer.Option(
             help="language code (repeatable; default: every language)")] = None,
         fmt: Annotated[list[str] | None, typer.Option(
             "--format", help="md, html or pdf (repeatable; default: md and html; pdf needs "
                              "the pdf extra)")] = None,
         print_and_play: Annotated[bool, typer.Option(
             help="with --format pdf: instead of the rulebook, OUT/<lang>/<game>.print-and-"
                  "play.pdf: the board at full size tiled over the pages with crop marks, "
                  "a sheet of pieces to cut out, and the rules")] = False,
         paper: Annotated[str, typer.Option(help="with --print-and-play: a4 or letter")]
         = "a4", params: ParamOption = None) -> None:
    """Write the rulebook of each game file: OUT/<lang>/<game>.<md|html|pdf>, diagrams
    included (a PDF is the HTML rulebook laid out for print, its diagrams vectors). Under
    --param values other than the defaults a rulebook is named after them too
    (OUT/en/ataxx-players-4.md)."""
    from framework.docs import DEFAULT_FORMATS, LANGUAGES, RULEBOOK_FORMATS, write_rulebooks
    from framework.docs.print_and_play import PAPERS

    for code in lang or ():
        if code not in LANGUAGES:
            raise typer.BadParameter(f"expected one of {', '.join(LANGUAGES)}, found {code!r}",
                                     param_hint="--lang")
    for name in fmt or ():
        if name not in RULEBOOK_FORMATS:
            raise typer.BadParameter(f"expected md, html or pdf, found {name!r}",
                                     param_hint="--format")
    if print_and_play and list(fmt or ()) != ["pdf"]:
        raise typer.BadParameter("a print-and-play game is a PDF: give --format pdf",
                                 param_hint="--print-and-play")
    if paper not in PAPERS:
        raise typer.BadParameter(f"expected one of {', '.join(PAPERS)}, found {paper!r}",
                                 param_hint="--paper")
    from framework.safeio import check_output_dir
    from framework.spec.params import parse_assignments

    given = parse_assignments(params)  # a bad --param is refused before any file is written
    check_output_dir(out, "rulebook folder")
    if print_and_play:
        from framework.docs.print_and_play import write_print_and_play
        from framework.game import load_game

        made = [write_print_and_play(load_game(path, given), code, path.stem,
                                     out / code / f"{path.stem}.print-and-play.pdf", paper)
                for path in files for code in lang or list(LANGUAGES)]
        print(f"wrote {len(made)} files under {out}")
        return
    written = write_rulebooks(files, out, lang or list(LANGUAGES), fmt or list(DEFAULT_FORMATS),
                              warn=lambda text: print(f"warning: {text}", file=sys.stderr),
                              parameters=given)
    print(f"wrote {len(written)} files under {out}")


@app.command()
def reference(out: Annotated[Path, typer.Option(help="where to write the reference")]
              = Path("docs/reference.md")) -> None:
    """Write the game file reference: every board and registered rule block, with examples."""
    from framework.docs.reference import reference_markdown
    from framework.safeio import write_text

    write_text(out, reference_markdown(), "reference")
    print(f"wrote {out}")
