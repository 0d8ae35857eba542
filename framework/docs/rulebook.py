"""A game file → its rulebook, in one language and one format (Markdown or HTML).

Everything is read from the compiled game: the board and material from the spec, the turn
from each phase plugin's own ``describe()`` (so a new plugin documents itself), and every
example is run through the engine into a diagram. The output is deterministic — same file,
same bytes — so ``docs/`` can be checked for staleness by regenerating it.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

import jinja2

from framework.docs.diagrams import Diagram, example_diagram
from framework.docs.i18n import LANGUAGES, translations
from framework.plugins import Translate
from framework.render.svg import Marks, board_svg

if TYPE_CHECKING:
    from framework.compiler import CompiledGame
    from framework.spec.models import ExampleSpec

RULEBOOK_FORMATS = ("md", "html")
TEMPLATES = Path(__file__).resolve().parent / "templates"
SVG_DIR = "svg"  # beside the language folders; Markdown rulebooks link their diagrams there


@dataclass
class Figure:
    """One diagram of a rulebook."""

    slug: str
    title: str
    caption: str
    svg: str  # inline in HTML, its names in the rulebook's language
    file_svg: str  # a Markdown rulebook's linked file, shared by every language: English
    facts: list[str] = field(default_factory=list)


@dataclass
class Section:
    """Paragraphs, an optional list of (term, text) items and optional figures."""

    paragraphs: list[str] = field(default_factory=list)
    items: list[tuple[str, str]] = field(default_factory=list)
    figures: list[Figure] = field(default_factory=list)


@cache
def environment() -> jinja2.Environment:
    env = jinja2.Environment(
        loader=jinja2.FileSystemLoader(TEMPLATES),
        extensions=["jinja2.ext.i18n"],
        autoescape=jinja2.select_autoescape(["html.j2"]),
        keep_trailing_newline=True,
        trim_blocks=True,
        lstrip_blocks=True,
        undefined=jinja2.StrictUndefined,
    )
    env.filters["md"] = _markdown_escape
    return env


@cache
def _css() -> str:
    return (TEMPLATES / "rulebook.css").read_text(encoding="utf-8")


def _markdown_escape(text: str) -> str:
    return re.sub(r"([\\`*_\[\]<>|])", r"\\\1", text)


def sentence(text: str) -> str:
    """A sentence starts with a capital, even when it starts with a game's word."""
    return text[:1].upper() + text[1:]


def slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-") or "diagram"


def render_rulebook(game: CompiledGame, lang: str, fmt: str, stem: str
                    ) -> tuple[str, dict[str, str]]:
    """The rulebook text, and for Markdown the SVG files it links (name → content)."""
    gettext = translations(lang)
    _ = gettext.gettext
    env = environment()
    env.install_gettext_translations(gettext, newstyle=True)  # type: ignore[attr-defined]
    book = _book(game, _)
    figures = [*book["setup"].figures, *book["examples"].figures]
    languages = [(code, name, f"../{code}/{stem}.{fmt}") for code, name in LANGUAGES.items()]
    template = env.get_template(f"rulebook.{fmt}.j2")
    text = template.render(book=book, lang=lang, languages=languages, stem=stem,
                           svg_dir=f"../{SVG_DIR}/{stem}", diagrams=len(figures),
                           css=_css())
    svgs = {f"{f.slug}.svg": f.file_svg + "\n" for f in figures} if fmt == "md" else {}
    return text, svgs


def write_rulebooks(files: Sequence[Path], out: Path, langs: Iterable[str],
                    formats: Iterable[str]) -> list[Path]:
    """Write OUT/<lang>/<stem>.<fmt> for each file, language and format (Markdown diagrams
    to OUT/svg/<stem>/), and OUT/index.md listing them. Returns the paths written."""
    from framework.compiler import load_game

    langs, formats = list(langs), list(formats)
    written: list[Path] = []
    games = []
    for path in files:
        game = load_game(path)
        games.append((path.stem, game.name))
        for lang in langs:
            for fmt in formats:
                text, svgs = render_rulebook(game, lang, fmt, path.stem)
                written.append(_write(out / lang / f"{path.stem}.{fmt}", text))
                for name, svg in svgs.items():
                    written.append(_write(out / SVG_DIR / path.stem / name, svg))
    index = environment().get_template("index.md.j2").render(
        games=sorted(games), langs=[(c, LANGUAGES[c]) for c in langs], formats=formats)
    written.append(_write(out / "index.md", index))
    return written


def _write(path: Path, text: str) -> Path:
    from framework.safeio import write_text

    return write_text(path, text, "rulebook file")


# The content ----------------------------------------------------------------------------
def _book(game: CompiledGame, _: Translate) -> dict[str, Any]:
    spec = game.spec
    return {
        "title": _(spec.name),
        "summary": _(spec.description.strip()) if spec.description.strip() else "",
        "material": _material(game, _),
        "setup": _setup(game, _),
        "turn": _turn(game, _),
        "end": _end(game, _),
        "notation": _notation(game, _),
        "examples": Section(figures=[_example_figure(game, i, ex, _)
                                     for i, ex in enumerate(spec.examples, 1)]),
    }


def _names(words: Iterable[str], _: Translate) -> str:
    return ", ".join(_(w) for w in words)


def _material(game: CompiledGame, _: Translate) -> Section:
    spec = game.spec
    section = Section()
    section.paragraphs.append(_("Players, in turn order: {players}.").format(
        players=_names(game.players, _)))
    section.paragraphs.append(_board_text(game, _))
    finite = False
    for kind, piece in spec.pieces.items():
        lines = []
        if piece.supply is None:
            lines.append(_("As many as needed."))
        else:
            finite = True
            lines.append(_("{count} per player.").format(count=piece.supply))
        for attribute, attr in piece.attributes.items():
            words = {"attribute": _(attribute), "piece": _(kind)}
            if attr.supply is None:
                lines.append(_("Each {piece} can carry {attribute} (as many as needed).")
                             .format(**words))
            else:
                finite = True
                lines.append(_("Each {piece} can carry {attribute}: {count} per player.")
                             .format(count=attr.supply, **words))
            if attr.max is not None:
                lines.append(_("At most {max} {attribute} on one {piece}.")
                             .format(max=attr.max, **words))
        if piece.max_attributes_total is not None:
            lines.append(_("At most {max} in all ({attributes}) on one {piece}.").format(
                max=piece.max_attributes_total, attributes=" + ".join(
                    _(a) for a in piece.attributes), piece=_(kind)))
        if piece.attributes:
            lines.append(_("In the diagrams, the numbers on each {piece} are its {attributes}, in "
                           "this order.").format(piece=_(kind), attributes=" · ".join(
                               _(a) for a in piece.attributes)))
        section.items.append((_(kind), " ".join(lines)))
    if finite:
        section.paragraphs.append(_("A piece taken off the board goes back, with what it "
                                    "carries, to its owner's supply and can be used again."))
    for counter in game.counters:
        section.paragraphs.append(_("Each player keeps a count of {counter}, starting at 0.")
                                  .format(counter=_(counter)))
    return section


def _board_text(game: CompiledGame, _: Translate) -> str:
    board = game.spec.board
    cells = game.board.size
    if board.type == "grid":
        text = _("The board is a grid of {rows} × {columns} square cells ({cells} cells).")\
            .format(rows=board.rows, columns=board.columns, cells=cells)
        text += " " + {
            "king": _("Cells touch along their sides and at their corners (8 neighbours)."),
            "orthogonal": _("Cells touch along their sides (4 neighbours)."),
            "diagonal": _("Cells touch at their corners (4 neighbours)."),
        }[board.adjacency]
    elif board.type == "hexhex":
        text = _("The board is a hexagon of hexagonal cells, {side} cells on a side "
                 "({cells} cells).").format(side=board.side, cells=cells)
    else:
        text = _("The board has {cells} cells, linked as the diagram shows.").format(
            cells=cells)
    if board.holes:
        text += " " + _("These cells are not part of the board: {holes}.").format(
            holes=", ".join(board.holes))
    return text


def _setup(game: CompiledGame, _: Translate) -> Section:
    section = Section(paragraphs=[sentence(block.describe(_)) for block in game.setups])
    if not game.setups:
        section.paragraphs.append(_("The game starts on an empty board."))
    start = game.new_initial_state()
    title = _("The starting position")
    section.figures.append(Figure("start", title, "", board_svg(start, title=title, _=_),
                                  board_svg(start, title="The starting position"),
                                  _facts(game, Diagram(start, Marks()), None, _)))
    return section


def _turn(game: CompiledGame, _: Translate) -> Section:
    section = Section(paragraphs=[_("A turn is made of these steps, in this order:")])
    for phase in game.phases:
        text = phase.describe(_)
        if not phase.decides:
            text = _("(automatic)") + " " + text
        section.items.append((_(phase.name), sentence(text)))
    if game.spec.no_legal_move == "pass":
        section.paragraphs.append(_("A player who has no legal move must pass ({notation}); "
                                    "the game ends when neither player can move.")
                                  .format(notation=game.spec.notation.pass_))
    else:
        section.paragraphs.append(_("When the player to move has no legal move, the game "
                                    "ends."))
    return section


def _end(game: CompiledGame, _: Translate) -> Section:
    spec = game.spec
    section = Section(paragraphs=[sentence(goal.describe(_)) for goal in game.goals])
    if game.goals:
        if spec.goal_checks:
            section.paragraphs.append(_("The end is checked after the steps {phases} and at "
                                        "the end of every turn.").format(
                phases=_names(spec.goal_checks, _)))
        if spec.tie_break == "last_mover":
            section.paragraphs.append(_("If both players meet a winning condition at the same "
                                        "check, the player who made the last move wins."))
        elif len(game.goals) > 1:
            section.paragraphs.append(_("If both players meet a winning condition at the same "
                                        "check, the game is a draw."))
    if game.result is not None:
        section.paragraphs.append(game.result.describe(_))
    return section


def _notation(game: CompiledGame, _: Translate) -> Section:
    spec = game.spec
    board = game.board
    section = Section()
    example = f"{board.names[0]}, {board.names[-1]}"
    if spec.board.type == "grid":
        section.paragraphs.append(_("A cell is named by its column letter (a on the left) and "
                                    "its row number (1 at the bottom): {example}.")
                                  .format(example=example))
    elif spec.board.type == "hexhex":
        section.paragraphs.append(_("A cell is named by its row letter (A at the bottom) and "
                                    "its number along the diagonal, as on the margins of the "
                                    "diagrams: {example}.").format(example=example))
    else:
        section.paragraphs.append(_("Cells are named as in the diagrams: {example}.")
                                  .format(example=example))
    blocks: list[Any] = [*game.setups, *game.phases]
    written = [e for block in blocks for e in block.notation_examples]
    if written:
        section.paragraphs.append(_("Actions are written like this: {examples}.").format(
            examples=", ".join(dict.fromkeys(written))))
    if spec.notation.fen is not None:
        section.paragraphs.append(_("A position can be written as a FEN-like string: rows from "
                                    "top to bottom separated by /, digits for runs of empty "
                                    "cells, then the player to move. The start is {fen}.")
                                  .format(fen=game.new_initial_state().to_fen()))
    return section


def _example_figure(game: CompiledGame, index: int, example: ExampleSpec, _: Translate
                    ) -> Figure:
    diagram = example_diagram(game, example)
    title = _(example.name)
    return Figure(f"{index:02d}-{slug(example.name)}", title,
                  _(example.caption.strip()) if example.caption.strip() else "",
                  board_svg(diagram.state, diagram.marks, title=title, _=_),
                  board_svg(diagram.state, diagram.marks, title=example.name),
                  _facts(game, diagram, example, _))


def _facts(game: CompiledGame, diagram: Diagram, example: ExampleSpec | None,
           _: Translate) -> list[str]:
    """What the diagram shows, in words read off the engine."""
    state = diagram.state
    facts = []
    if diagram.actions:
        facts.append(_("After {actions}.").format(actions=", ".join(diagram.actions)))
    if state.is_terminal():
        winners = sorted(state.winners or ())
        facts.append(_("The game is over: {player} wins.").format(
            player=_(game.players[winners[0]])) if len(winners) == 1
            else _("The game is over: a draw."))
    else:
        facts.append(_("{player} to move.").format(player=_(game.players[state.to_move])))
    if game.counters:
        for c, counter in enumerate(game.counters):
            facts.append(_("{counter}: {values}.").format(counter=_(counter), values=", ".join(
                f"{_(p)} {state.counters[s][c]}" for s, p in enumerate(game.players))))
    if example is not None:
        if example.expect.legal:
            facts.append(_("Legal: {actions}.").format(actions=", ".join(example.expect.legal)))
        if example.expect.illegal:
            facts.append(_("Not legal: {actions}.").format(
                actions=", ".join(example.expect.illegal)))
    return [sentence(fact) for fact in facts]
