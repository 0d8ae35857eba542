"""A game file → its rulebook, in one language and one format (Markdown or HTML).

Everything is read from the compiled game: the board and material from the spec, the turn
from each phase plugin's own ``describe()`` (so a new plugin documents itself), and every
example is run through the engine into a diagram. The output is deterministic — same file,
same bytes — so ``docs/`` can be checked for staleness by regenerating it.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from contextvars import ContextVar
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

import jinja2

from framework.board.holes import hole_names
from framework.docs.diagrams import Diagram, example_diagram
from framework.docs.wording import (
    SYMBOLS,
    action_sentence,
    capitalised,
    example_words,
    keeps_case,
    targets_sentence,
    turn_writing,
    written_action,
)
from framework.engine.slots import hand_slot_name, pile_slot_name
from framework.errors import BoardspecError
from framework.i18n import LANGUAGES, game_translations
from framework.notation_words import WRITING, shown, shown_text, words_in
from framework.plugins import (
    Translate,
    counted,
    guarded,
    join_words,
    many,
    ngettext,
)
from framework.render.svg import (
    COLOUR_NAMES,
    MARKS,
    OTHER_COLOUR_NAME,
    Marks,
    board_svg,
    drawn_zones,
    legend_swatch,
    pieces_of,
    pieces_swatch,
    player_colour,
)
from framework.spec.terms import (
    TERMS,
    counter_words,
    prose_in,
    shown_key,
    terms_in,
    zone_words,
)

if TYPE_CHECKING:
    from framework.game import Game
    from framework.spec.models import ExampleSpec

RULEBOOK_FORMATS = ("md", "html", "pdf")
#: What ``boardspec docs`` writes unless told: PDF needs the ``pdf`` extra, and its bytes
#: change with the renderer's version, so it is made on demand, not kept in the repository.
DEFAULT_FORMATS = ("md", "html")
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
    marks: list[str] = field(default_factory=list)  # the marks it uses (svg.MARKS)


@dataclass
class Section:
    """Paragraphs, an optional list of (term, text) items and optional figures."""

    paragraphs: list[str] = field(default_factory=list)
    items: list[tuple[str, str]] = field(default_factory=list)
    figures: list[Figure] = field(default_factory=list)
    #: (file name, swatch <svg>, text); a text-only entry has no name and no swatch
    legend: list[tuple[str, str, str]] = field(default_factory=list)
    closing: list[str] = field(default_factory=list)  # paragraphs after the items


#: The language of the rulebook being written (the designer's prose is chosen by it).
WRITING_LANG: ContextVar[str] = ContextVar("WRITING_LANG", default="en")


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
    """A sentence starts with a capital, even when it starts with a game's word; but not
    when it starts with a one-letter player name (Ataxx's x and o are symbols)."""
    return capitalised(text)


def slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-") or "diagram"


def render_rulebook(game: Game, lang: str, fmt: str, stem: str, *,
                    source: str | None = None, languages: Iterable[str] | None = None,
                    untranslated: set[str] | None = None, page: str | None = None
                    ) -> tuple[str, dict[str, str]]:
    """The rulebook text, and for Markdown the SVG files it links (name → content).

    ``stem`` names the game file (its own words' catalog entries), ``page`` the rulebook's
    files when they are named otherwise (a setting of its parameters: ``page_name``);
    ``source`` is the game file as the header names it (default ``games/<stem>.yaml``);
    ``languages`` the languages to link to (default: every one); ``untranslated``, when
    given, receives the strings no catalog of ``lang`` translates (they read in English)."""
    gettext = game_translations(lang, stem)
    _ = gettext.gettext
    env = environment()
    env.install_gettext_translations(gettext, newstyle=True)  # type: ignore[attr-defined]
    token = SYMBOLS.set(frozenset(_(p) for p in game.players if len(_(p)) == 1))
    writing = WRITING.set(words_in(game, lang))
    language = WRITING_LANG.set(lang)
    terms = TERMS.set(terms_in(game.spec, lang, _))
    try:
        book = _book(game, _)
    finally:
        TERMS.reset(terms)
        WRITING_LANG.reset(language)
        WRITING.reset(writing)
        SYMBOLS.reset(token)
    figures = [*book["setup"].figures, *book["examples"].figures]
    linked = set(LANGUAGES if languages is None else languages) | {lang}
    page = page or stem
    links = [(code, name, f"../{code}/{page}.{fmt}") for code, name in LANGUAGES.items()
             if code in linked]
    template = env.get_template(f"rulebook.{'html' if fmt == 'pdf' else fmt}.j2")
    contents = [("components", _("Components")), ("material", _("Material")),
                ("setup", _("Setup")), ("turn", _("Playing a turn")),
                ("end", _("End of the game")), ("notation", _("Notation"))]
    contents += [("variants", _("Variants"))] * bool(book["variants"].items)
    contents += [("strategy", _("Strategy"))] * bool(book["strategy"].paragraphs)
    contents += [("examples", _("Examples"))] * bool(book["examples"].figures)
    contents += [("credits", _("Credits"))]
    text = template.render(book=book, lang=lang, languages=links, stem=stem,
                           for_print=fmt == "pdf", contents=contents,
                           source=source or f"games/{stem}.yaml",
                           svg_dir=f"../{SVG_DIR}/{page}", diagrams=len(figures),
                           css=_css())
    if untranslated is not None:
        untranslated |= gettext.missing
    svgs = {f"{f.slug}.svg": f.file_svg + "\n" for f in figures} if fmt == "md" else {}
    if fmt == "md":  # the legend's and the components' swatches, linked beside their words
        svgs |= {f"{name}.svg": swatch + "\n" for name, swatch, _text in
                 [*book["legend"].legend, *book["components"].legend] if name}
    return text, svgs


def write_rulebooks(files: Sequence[Path], out: Path, langs: Iterable[str],
                    formats: Iterable[str], *, warn: Callable[[str], None] | None = None,
                    parameters: Mapping[str, Any] | None = None) -> list[Path]:
    """Write OUT/<lang>/<page>.<fmt> for each file, language and format (Markdown diagrams
    to OUT/svg/<page>/), and OUT/index.md listing every rulebook under OUT — those written
    now and those already there, so regenerating one game or one language loses no other.
    A page links to the languages its rulebook exists in. Returns the paths written.

    ``parameters``: the values of the games' parameters (``--param``); a page is named
    after its file and the values that are not the defaults (``page_name``).
    ``warn`` is told, per file and language, the strings left in English for want of a
    translation (a plugin's sentence no catalog has, a player's name)."""
    from framework.game import load_game

    langs, formats = list(langs), list(formats)
    written: list[Path] = []
    for path in files:
        game = load_game(path, parameters)
        page, setting = page_name(path.stem, game), setting_words(game)
        untranslated: dict[str, set[str]] = {lang: set() for lang in langs}
        for fmt in formats:
            present = [code for code in LANGUAGES
                       if code in langs or (out / code / f"{page}.{fmt}").is_file()]
            for lang in langs:
                text, svgs = render_rulebook(game, lang, fmt, path.stem, page=page,
                                             source=" ".join([display_path(path), *setting]),
                                             languages=present,
                                             untranslated=untranslated[lang])
                target = out / lang / f"{page}.{fmt}"
                if fmt == "pdf":
                    from framework.docs.pdf import html_to_pdf

                    written.append(html_to_pdf(text, target))
                    continue
                written.append(_write(target, text))
                for name, svg in svgs.items():
                    written.append(_write(out / SVG_DIR / page / name, svg))
        for lang, missing in untranslated.items():
            if missing and warn is not None:
                shown = "; ".join(repr(m) for m in sorted(missing))
                warn(f"{path}: {len(missing)} string(s) have no {LANGUAGES[lang]} "
                     f"translation and read in English in its rulebook: {shown}")
    ours = not parameters and all(_bundled(path) for path in files)
    written.append(_write(out / "index.md", _index(out, ours)))
    return written


def setting_words(game: Game) -> list[str]:
    """``--param name=value`` for each parameter of ``game`` not at its default."""
    from framework.spec.params import show_value

    return [f"--param {name}={show_value(value)}" for name, value in game.parameters.items()
            if value != game.spec.parameters[name].default]


def page_name(stem: str, game: Game) -> str:
    """The rulebook's file name (without suffix): the game file's stem, then each parameter
    not at its default and its value (``ataxx-players-4``), so that a setting's rulebook
    stands beside the default one."""
    from framework.spec.params import show_value

    parts = [stem, *(f"{name}-{show_value(value)}" for name, value in game.parameters.items()
                     if value != game.spec.parameters[name].default)]
    return re.sub(r"[^\w.-]+", "_", "-".join(parts))


def _bundled(path: Path) -> bool:
    """Whether ``path`` is one of boardspec's own game files (``games/``)."""
    from framework.bundled import bundled_folder, game_path

    folder = bundled_folder()
    return folder is not None and game_path(path).resolve().parent == folder.resolve()


def display_path(path: Path) -> str:
    """The game file as a header names it: relative to the working folder when inside it."""
    try:
        return path.resolve().relative_to(Path.cwd().resolve()).as_posix()
    except ValueError:
        return path.name


def _index(out: Path, ours: bool) -> str:
    """OUT/index.md: a row per game, a column per language, linking every page under OUT;
    ``ours``: the pages of boardspec's own games, whose index says how games/ makes them
    (else it speaks of the user's own files)."""
    pages: dict[str, dict[str, list[str]]] = {}  # stem -> lang -> formats
    titles: dict[str, str] = {}
    for lang in LANGUAGES:
        for fmt in RULEBOOK_FORMATS:
            for page in sorted((out / lang).glob(f"*.{fmt}")):
                pages.setdefault(page.stem, {}).setdefault(lang, []).append(fmt)
                if fmt != "pdf" and (lang == "en" or page.stem not in titles):
                    titles[page.stem] = _title_of(page) or page.stem
    langs = [(code, name) for code, name in LANGUAGES.items()
             if any(code in by_lang for by_lang in pages.values())]
    games = sorted((titles.get(stem, stem), stem) for stem in pages)
    return environment().get_template("index.md.j2").render(
        games=[(stem, title, pages[stem]) for title, stem in games], langs=langs, ours=ours)


def _title_of(page: Path) -> str:
    text = page.read_text(encoding="utf-8")
    found = re.search(r"^# (.+)$", text, re.MULTILINE) if page.suffix == ".md" else \
        re.search(r"<h1>(.*?)</h1>", text)
    return re.sub(r"\\(.)", r"\1", found.group(1)) if found else ""


def _write(path: Path, text: str) -> Path:
    from framework.safeio import write_text

    return write_text(path, text, "rulebook file")


# The content ----------------------------------------------------------------------------
def _book(game: Game, _: Translate) -> dict[str, Any]:
    spec = game.spec
    examples = Section(figures=[_example_figure(game, i, ex, _)
                                for i, ex in enumerate(spec.examples, 1)])
    setup = _setup(game, _)
    prose = prose_in(spec, WRITING_LANG.get(), _)
    book: dict[str, Any] = {
        "title": _(spec.name),
        "summary": _(spec.description.strip()) if spec.description.strip() else "",
        "introduction": _paragraphs(prose.get("introduction", "")),
        "components": _components(game, _),
        "material": _material(game, _),
        "legend": _legend(game, [*setup.figures, *examples.figures], _),
        "setup": setup,
        "turn": _turn(game, _),
        "pieces": _pieces(game, _),
        "end": _end(game, _),
        "notation": _notation(game, _),
        "variants": _variants(game, _),
        "strategy": Section(paragraphs=_paragraphs(prose.get("strategy", ""))),
        "examples": examples,
        "credits": _credits(game, _),
    }
    # The designer's notes close the generated sections they are written for.
    for place in ("material", "setup", "turn", "end", "notation"):
        book[place].closing += _paragraphs(prose.get(place, ""))
    return book


def _paragraphs(text: str) -> list[str]:
    """A designer's text as paragraphs (a blank line between two)."""
    return [" ".join(p.split()) for p in re.split(r"\n\s*\n", text.strip()) if p.strip()]


def _components(game: Game, _: Translate) -> Section:
    """What is in the box: the board, and each kind of piece counted (from the setup, the
    supplies and the hands), with a picture of it."""
    spec = game.spec
    section = Section()
    cells = game.board.size
    section.legend.append(("", "", ngettext("a board of {n} cell", "a board of {n} cells",
                                            cells, _).format(n=cells)))
    at_start = _start_counts(game)
    players = game.players
    grows = _adds_pieces(game)  # Othello's discs: the start's are not all there are
    for kind, piece in spec.pieces.items():
        if piece.piles is not None:
            continue  # counted by the piles of the setup (Material)
        if kind in at_start and (piece.supply is None and not grows):
            counts = at_start[kind]
        elif piece.hand and piece.in_hand is not None:
            # What each side starts with on the board and in hand (shogi: a rook on the
            # board, none in hand; its supply is the most it can ever hold).
            placed = at_start.get(kind, [0] * len(players))
            counts = [placed[side] + piece.in_hand for side in range(len(players))]
        elif piece.supply is not None:
            counts = [piece.supply] * len(players)
        else:
            counts = []
        # Each player's piece in its colour (the white king beside the black one), for
        # the players who have some (all of them where the box does not count them).
        owners = [s for s in range(len(players)) if not counts or counts[s]] or [0]
        swatch = pieces_swatch([(player_colour(game, s), piece.glyphs.get(players[s])
                                 or piece.glyph or "") for s in owners])
        name = f"component-{slug(kind)}"
        if not counts:
            if kind in _promoted_kinds(game) and piece.supply is None:
                continue  # made by a promotion from a piece already counted
            text = _("{pieces} in each player's colour, as the game needs them").format(
                pieces=many(_, kind))
        elif len(set(counts)) == 1:
            text = _("{total}: {each} for each player").format(
                total=_count(_, kind, sum(counts)), each=counts[0])
        elif len(owners) == 1:  # one side has them all (Fox and Geese's geese): no sum
            text = _("{total}, for {player}").format(total=_count(_, kind, sum(counts)),
                                                     player=_(players[owners[0]]))
        else:
            text = _("{total}: {each}").format(total=_count(_, kind, sum(counts)), each=(
                join_words(_, [_("{n} for {player}").format(n=n, player=_(player))
                               for n, player in zip(counts, players, strict=True) if n])))
        section.legend.append((name, swatch, text))
        for attribute, attr in piece.attributes.items():
            if attr.supply is not None:
                section.legend.append(("", "", _("{total}: {each} for each player").format(
                    total=_count(_, attribute, attr.supply * len(players)),
                    each=attr.supply)))
    return section


def _credits(game: Game, _: Translate) -> Section:
    """Who made the game, where its rules come from, and how this rulebook was made."""
    credits = game.spec.credits
    section = Section()
    if credits is not None:
        for label, value in ((_("Game by"), credits.author),
                             (_("Published by"), credits.publisher),
                             (_("Rules from"), credits.source),
                             (_("Licence"), credits.licence)):
            if value.strip():
                section.items.append((label, " ".join(value.split())))
    section.paragraphs.append(_("This rulebook was written by boardspec from the game "
                                "file, which the rules are played from as well."))
    return section


def _variants(game: Game, _: Translate) -> Section:
    """The file's parameters: what each changes, what it allows and its default; and the
    values this rulebook describes."""
    from framework.spec.params import show_value

    section = Section()
    declared = game.spec.parameters
    if not declared:
        return section
    values = ", ".join(f"{name}={show_value(game.parameters[name])}" for name in declared)
    section.paragraphs.append(_(
        "Each parameter below chooses a variant of these rules (boardspec's option "
        "{option}). This rulebook describes the game with {values}.").format(
        option="--param name=value", values=values))
    for name, spec in declared.items():
        if spec.type == "bool":
            allowed = _("true or false")
        elif spec.type == "choice":
            allowed = _("one of {choices}").format(choices=", ".join(spec.choices))
        elif spec.min is not None and spec.max is not None:
            allowed = (_("a whole number from {low} to {high}") if spec.type == "int"
                       else _("a number from {low} to {high}")).format(
                low=show_value(spec.min), high=show_value(spec.max))
        else:
            allowed = _("a whole number") if spec.type == "int" else _("a number")
        text = _("{allowed}; by default {default}").format(
            allowed=allowed, default=show_value(spec.default))
        said = spec.description.strip()
        section.items.append((name, f"{_(said)} ({text})" if said else text))
    return section


def _names(words: Iterable[str], _: Translate) -> str:
    return join_words(_, [_(w) for w in words])


def stacks_text(stacks: Any, _: Translate) -> str:
    """What a game of stacks (``stacks:``) says of its cells, for the rulebook."""
    text = _("Pieces stack: a cell may hold a stack of up to {n} pieces, of either player "
             "and any kind, in order. The piece on top commands the stack: the stack is its "
             "owner's, and it moves as that piece does.").format(n=stacks.max_height)
    text += " " + (_("A stack moves as a whole.") if stacks.moves == "whole" else
                   _("Only the top piece moves, uncovering the piece beneath it.")
                   if stacks.moves in ("top", 1) else
                   _("The top {n} pieces of a stack move together (the whole stack when it "
                     "holds no more), uncovering the piece beneath them.").format(
                       n=stacks.moves))
    if stacks.conserved:
        text += " " + _("No piece ever leaves the board.")
    return text + " " + _("The diagrams write on a stack how many pieces it holds.")


def _material(game: Game, _: Translate) -> Section:
    spec = game.spec
    section = Section()
    section.paragraphs.append(sentence(_("{players} take turns, in this order.").format(
        players=_names(game.players, _))))
    if len(game.players) > 2 or spec.turn_order != "rotate":  # two alternate: nothing to add
        section.paragraphs.append(game.turn_order.describe(_))
    section.paragraphs.append(_board_text(game, _))
    counts, unlimited, in_hand, empty_hands = [], [], [], []
    at_start = _start_counts(game)
    started: list[str] = []
    uneven = any(len(set(n)) > 1 for n in at_start.values())
    for kind, piece in spec.pieces.items():
        if piece.piles is not None:
            section.paragraphs.append(_piles_text(game, kind, piece.piles, _))
        elif piece.supply is None and kind in at_start and not uneven:
            started.append(_count(_, kind, at_start[kind][0]))
        elif piece.supply is None and kind in at_start:
            continue
        elif piece.supply is None and kind not in _promoted_kinds(game):
            unlimited.append(many(_, kind))
        elif piece.hand and piece.in_hand == 0:
            empty_hands.append(many(_, kind))
        elif piece.supply is None:
            continue
        elif piece.hand:
            in_hand.append(_count(_, kind, piece.in_hand if piece.in_hand is not None
                                  else piece.supply))
        else:
            counts.append(_count(_, kind, piece.supply))
        counts += [_count(_, a, attr.supply) for a, attr in piece.attributes.items()
                   if attr.supply is not None]
    if counts:
        section.paragraphs.append(_("Each player has {counts}.").format(
            counts=join_words(_, counts)))
    if started:
        section.paragraphs.append((
            _("Each player starts with {counts} on the board; more come into play as the "
              "game goes on.") if _adds_pieces(game) else
            _("Each player starts with {counts}.")).format(counts=join_words(_, started)))
    if uneven:  # Tablut: 16 soldiers against 8 and a king
        each = [_("{counts} for {player}").format(player=_(player), counts=join_words(
            _, [_count(_, kind, n[side]) for kind, n in at_start.items() if n[side]]))
            for side, player in enumerate(game.players)]
        section.paragraphs.append(_("At the start there are {counts} on the board.").format(
            counts="; ".join(each)))
    for kind, (promoted, phase) in _promoted_kinds(game).items():
        if spec.pieces[kind].supply is None and kind not in at_start:
            section.paragraphs.append(_("There is no {piece} on the board at the start: a "
                                        "{promoted} becomes one as the {step} step says."
                                        ).format(piece=_(kind), promoted=_(promoted),
                                                 step=_(phase)))
    if unlimited:
        section.paragraphs.append(_("Each player has as many {pieces} as needed.").format(
            pieces=join_words(_, unlimited)))
    if in_hand:
        section.paragraphs.append(_("Each player starts with {counts} in hand, off the "
                                    "board. Placing a piece takes it from your hand; a "
                                    "piece taken off the board is out of the game and never "
                                    "comes back to the hand.").format(
            counts=join_words(_, in_hand)))
    if empty_hands:
        section.paragraphs.append(_("The hands start empty: {pieces} come into your hand "
                                    "only by capture.").format(
            pieces=join_words(_, empty_hands)))
    changing = [(kind, piece.captured_as) for kind, piece in spec.pieces.items()
                if piece.captured_as]
    if changing:
        section.paragraphs.append(_("A captured piece changes side: it goes into the hand "
                                    "of the player who captured it, as {kinds}. Placing a "
                                    "piece takes it from your hand.").format(
            kinds=join_words(_, [_("a {kind} for a {piece}").format(kind=_(becomes),
                                                                   piece=_(kind))
                                 for kind, becomes in changing])))
    if spec.stacks is not None:
        section.paragraphs.append(stacks_text(spec.stacks, _))
    stacked = _stacked(game)
    for kind, piece in spec.pieces.items():
        if kind in stacked:  # the attribute counts the pieces: a stack, not a thing carried
            limit = piece.attributes[stacked[kind]].max
            section.paragraphs.append(_(
                "A cell holds one stack of one player's {pieces}, at most {n} of them; the "
                "diagrams write on a stack how many it holds.").format(
                    pieces=many(_, kind), n=limit if limit is not None else 0))
            continue
        if not piece.attributes:
            continue
        lines = [_("On the board, each {piece} carries {attributes}.").format(
            piece=_(kind), attributes=_names(piece.attributes, _))]
        for attribute, attr in piece.attributes.items():
            if attr.max is not None:
                lines.append(_("No {piece} may carry more than {n} {attributes}.").format(
                    piece=_(kind), n=attr.max, attributes=many(_, attribute)))
        if piece.max_attributes_total is not None:
            lines.append(_("No {piece} may carry more than {n} {attributes} in all.").format(
                piece=_(kind), n=piece.max_attributes_total,
                attributes=join_words(_, [many(_, a) for a in piece.attributes])))
        section.paragraphs.append(" ".join(lines))
    if counts:
        section.paragraphs.append(_("A piece taken off the board goes back, with what it "
                                    "carries, to its owner's supply and can be used again."))
    for counter in game.counters:
        section.paragraphs.append(_("Each player counts their {counter}, starting from 0.")
                                  .format(counter=counter_words(counter, _)))
    return section


def _stacked(game: Game) -> dict[str, str]:
    """The kinds whose pieces are stacks (a phase says so): kind → the counting attribute."""
    found: dict[str, str] = {}
    for phase in game.phases:
        stack = type(phase).stacks(phase.params)
        if stack is not None:
            found[stack[0]] = stack[1]
    return found


def _start_counts(game: Game) -> dict[str, list[int]]:
    """Each kind's count per player at the start, for the kinds the setup puts on the
    board (chess: 8 pawns each); empty when players set the board up themselves."""
    start = game.new_initial_state()
    if start.setup < len(game.setups):
        return {}
    per_side: dict[tuple[int, str], int] = {}
    stacked = _stacked(game)
    for piece in pieces_of(start).values():
        # A stack counts the pieces it holds (race: a point of five checkers is five).
        held = dict(piece.attrs).get(stacked[piece.kind], 1) if piece.kind in stacked else 1
        per_side[piece.side, piece.kind] = per_side.get((piece.side, piece.kind), 0) + held
    found = {}
    for kind in game.spec.pieces:
        counts = [per_side.get((side, kind), 0) for side in range(len(game.players))]
        if any(counts):
            found[kind] = counts
    return found


def _promoted_kinds(game: Game) -> dict[str, tuple[str, str]]:
    """The kinds a promotion step makes: kind → (the kind promoted, the step's name)."""
    found: dict[str, tuple[str, str]] = {}
    for phase in game.phases:
        params = phase.params
        made = getattr(params, "to", None) or list(getattr(params, "choices", {}).values())
        piece = getattr(params, "piece", None)
        if piece is None or not (isinstance(made, (str, list))) or not \
                phase.keyword.startswith("promote"):
            continue
        for kind in [made] if isinstance(made, str) else made:
            found.setdefault(kind, (piece, phase.name))
    return found


def _adds_pieces(game: Game, tried: int = 64) -> bool:
    """Whether a first action can bring a new piece onto the board (Othello's discs,
    Ataxx's clones), read off the engine: the start's first actions, played."""
    start = game.new_initial_state()
    if start.is_terminal():
        return False
    before = len(pieces_of(start))
    for action in start.legal_actions()[:tried]:
        if len(pieces_of(start.child(action))) > before:
            return True
    return False


def _count(_: Translate, word: str, n: int) -> str:
    """"12 legs": a number and a game's word in the form that number takes."""
    return ngettext("{n} {word}", "{n} {word}", n, _).format(n=n, word=counted(_, word, n))


def _board_text(game: Game, _: Translate) -> str:
    board = game.spec.board
    cells = game.board.size
    in_all = ngettext("({n} cell in all)", "({n} cells in all)", cells, _).format(n=cells)
    if board.type == "grid":
        text = _("The board is a grid of {rows} × {columns} square cells {in_all}.").format(
            rows=board.rows, columns=board.columns, in_all=in_all)
        text += " " + {
            "king": _("Cells touch along their sides and at their corners (8 neighbours)."),
            "orthogonal": _("Cells touch along their sides (4 neighbours)."),
            "diagonal": _("Cells touch at their corners (4 neighbours)."),
            "alquerque": _("Cells touch along their sides, and at their corners along the "
                           "diagonal lines that run through the cells whose row and column "
                           "add up to an even number, the corner cells among them."),
        }[board.adjacency]
    elif board.type == "hexhex":
        text = ngettext("The board is a hexagon of hexagonal cells, {n} cell on each side "
                           "{in_all}.",
                        "The board is a hexagon of hexagonal cells, {n} cells on each side "
                        "{in_all}.", board.side, _).format(n=board.side, in_all=in_all)
    elif board.type == "star":
        text = ngettext("The board is a six-pointed star of hexagonal cells: a hexagon with "
                        "a triangle of {n} row on each of its sides {in_all}.",
                        "The board is a six-pointed star of hexagonal cells: a hexagon with "
                        "a triangle of {n} rows on each of its sides {in_all}.",
                        board.points, _).format(n=board.points, in_all=in_all)
    elif board.type == "hex_rhombus":
        text = _("The board is a rhombus of {rows} × {columns} hexagonal cells {in_all}; "
                 "each row sits half a cell to the right of the row below it.").format(
            rows=board.height, columns=board.width, in_all=in_all)
    elif board.type == "hex_triangle":
        text = _("The board is a triangle of hexagonal cells, {n} cells on each side "
                 "{in_all}; each row sits half a cell to the right of the row below it and "
                 "holds one cell fewer.").format(n=board.side, in_all=in_all)
    elif board.type == "edges":
        text = _("The board is a grid of {rows} × {columns} boxes drawn with dots: each "
                 "line between two neighbouring dots is a cell {in_all}, named by its two "
                 "dots.").format(rows=board.rows, columns=board.columns, in_all=in_all)
    else:
        text = ngettext("The board has {n} cell, linked as the diagram shows.",
                        "The board has {n} cells, linked as the diagram shows.", cells
                        , _).format(n=cells)
    holes = hole_names(board)
    if holes and _chequered(game):
        text += " " + _("Only every other cell is part of the board, as the dark squares of a "
                        "chequered board: {first} is one of them.").format(
            first=game.board.written[0])
    elif holes:
        text += " " + ngettext("This cell is not part of the board: {holes}.",
                               "These cells are not part of the board: {holes}.",
                               len(holes), _).format(holes=join_words(_, holes))
    return text


def _chequered(game: Game) -> bool:
    """Whether a grid's holes are exactly the cells of one colour of a chequerboard."""
    board = game.spec.board
    if board.type != "grid":
        return False
    holes = set(hole_names(board))
    cells = [f"{chr(ord('a') + c)}{r + 1}" for r in range(board.rows) for c in
             range(board.columns)]
    odd = {name for i, name in enumerate(cells) if (i // board.columns + i % board.columns) % 2}
    return holes in (odd, set(cells) - odd)


def _legend(game: Game, figures: list[Figure], _: Translate) -> Section:
    """What every mark of this page's diagrams means: the players' pieces, the numbers on
    them, and each mark (``framework.render.svg.MARKS``) a diagram of the page uses."""
    section = Section()
    pieces = list(game.spec.pieces.values())
    # A game whose every kind is kept in piles has no player's pieces to draw.
    drawn = game.players if any(p.piles is None for p in pieces) else []
    for side, player in enumerate(drawn):
        colour = player_colour(game, side)
        # Pieces drawn by their glyph alone (noughts and crosses) are told by it.
        glyph = pieces[0].glyphs.get(player) or pieces[0].glyph or "" \
            if len(pieces) == 1 and not pieces[0].disc else ""
        section.legend.append((f"legend-player-{side + 1}",
                               legend_swatch("piece", colour, glyph=glyph), _(
            "{colour}: a piece of the {player} player").format(
                colour=glyph or _(COLOUR_NAMES.get(colour, OTHER_COLOUR_NAME)),
                player=_(player))))
    for kind, piece in game.spec.pieces.items():
        if piece.piles is not None:
            section.legend.append((f"legend-pile-{kind}", legend_swatch("pile"), _(
                "a number on a cell: how many {pieces} it holds").format(
                    pieces=many(_, kind))))
        attributes = list(piece.attributes)
        if kind in _stacked(game):
            section.legend.append(("", "", _("the number on a stack: how many {pieces} it "
                                              "holds").format(pieces=many(_, kind))))
            continue
        if not attributes:
            continue
        text = _("the numbers on each {piece}: how many {attributes} it carries, in this order"
                 ).format(piece=_(kind), attributes=" · ".join(many(_, a) for a in attributes))
        text += "; " + _("the strokes below it are its {attribute}").format(
            attribute=many(_, attributes[0]))
        if len(attributes) > 1:
            text += "; " + _("the strokes ending in a knob above it are its {attribute}"
                             ).format(attribute=many(_, attributes[1]))
        section.legend.append(("", "", text))
    used = {mark for figure in figures for mark in figure.marks}
    texts = {
        "highlight": _("yellow cell: the piece the example is about, or where the last "
                       "action played"),
        "arrow": _("orange arrow: a move, from the cell where the piece started to the cell "
                   "where it went"),
        "target": _("blue dot: a cell where the action the example is about may go (beside "
                    "the piece when the cell is taken)"),
        "removed": _("faded piece with a small red cross: a piece the last action took off "
                     "the board, drawn where it was taken off"),
        "converted": _("purple ring: a piece that changed sides in the last action"),
    }
    for mark in MARKS:
        if mark in used:
            section.legend.append((f"legend-{mark}", legend_swatch(mark), texts[mark]))
    if "zone" in used:  # the zones the starting position shows, each with its line
        for zone in drawn_zones(game):
            where = zone_words(game, zone.zone, _)
            text = _("a dashed line inside the cells: {zone}, the same for every player"
                     ).format(zone=where) if zone.player < 0 else \
                _("a line inside the cells: {zone} of the {player} player").format(
                    zone=where, player=_(game.players[zone.player]))
            section.legend.append((f"legend-zone-{slug(zone.zone)}-{zone.player + 1}",
                                   legend_swatch("zone", zone.colour, dashed=zone.dashed),
                                   text))
    section.legend = [(name, swatch, sentence(text)) for name, swatch, text in section.legend]
    return section


def _piles_text(game: Game, kind: str, piles: dict[str, int], _: Translate) -> str:
    """What a kind kept in piles is, and what each zone's cells start with."""
    text = _("The {pieces} are all alike and belong to nobody: each cell holds a number of "
             "them, a pile, shown by its number on the diagrams.").format(
                 pieces=many(_, kind))
    starts = [_("{n} on each cell of {zone}").format(
        n=_count(_, kind, n), zone=zone_words(game, zone, _)) for zone, n in piles.items()]
    if starts:
        text += " " + _("At the start there are {starts}; every other cell is empty.").format(
            starts=join_words(_, starts))
    return text


def _setup(game: Game, _: Translate) -> Section:
    section = Section(paragraphs=[sentence(block.describe(_)) for block in game.setups])
    if not game.setups and any(p.piles for p in game.spec.pieces.values()):
        section.paragraphs.append(_("The game starts with the piles the material gives."))
    elif not game.setups:
        section.paragraphs.append(_("The game starts on an empty board."))
    start = game.new_initial_state()
    title = _("The starting position")
    facts = _facts(game, Diagram(start, Marks()), None, _)
    if start.setup < len(game.setups):  # the players set the board up: nobody moves yet
        facts = [_("The board before the setup.")]
    # The starting position shows the file's zones (the legend says whose each is).
    section.figures.append(Figure("start", title, "",
                                  board_svg(start, title=title, _=_, zones=True),
                                  board_svg(start, title="The starting position", zones=True),
                                  facts, ["zone"] if game.zones else []))
    return section


def _always_can_act(game: Game) -> bool:
    """Whether the player to move always has an action: the turn's first deciding step may
    be skipped by choice (then "no legal move" cannot happen, and is not printed)."""
    first = next((phase for phase in game.phases if phase.decides), None)
    return first is not None and bool(getattr(first.params, "optional", False))


def _by_piece(phase: Any, _: Translate) -> list[tuple[str, str]]:
    """A move step's options as one short paragraph per kind of piece (chess: the king's
    moves, then the queen's, …), when every option moves a named kind and none has an
    ``if:`` or a ``then:`` (those read with their option); else none."""
    options = getattr(phase, "options", ())
    kinds: list[str] = [getattr(o.params, "piece", None) or "" for o in options]
    if len(set(kinds)) < 2 or "" in kinds or getattr(phase, "skip", None) or any(
            o.conditions or getattr(o, "consequences", ()) for o in options):
        return []
    by_kind: dict[str, list[str]] = {}
    for kind, option in zip(kinds, options, strict=True):
        by_kind.setdefault(kind, []).append(option.tested_text(_))
    return [(sentence(_(kind)), sentence("; ".join(clauses)) + ".")
            for kind, clauses in by_kind.items()]


def _pieces(game: Game, _: Translate) -> Section:
    """How each kind of piece moves, for the turn's step that moves them."""
    section = Section()
    for phase in game.phases:
        section.items += _by_piece(phase, _)
    return section


def _turn(game: Game, _: Translate) -> Section:
    section = Section(paragraphs=[*_view(game, _),
                                  _("A turn is made of these steps, in this order:")])
    for phase in game.phases:
        text = sentence(guarded(phase, phase.describe(_), _))
        if _by_piece(phase, _):
            text = guarded(phase, _("You move one of your pieces as its kind allows (see "
                                    "below)."), _)
        if not phase.decides:
            text = _("(automatic)") + " " + text
        section.items.append((sentence(_(phase.name)), text))
    section.paragraphs += [sentence(rule.describe(_)) for rule in game.restrictions]
    if game.spec.no_legal_move == "pass":
        section.closing.append((
            _("A player who has no legal move must pass (written {notation}); the game ends "
              "when no player can move.") if len(game.players) > 2 else
            _("A player who has no legal move must pass (written {notation}); the game ends "
              "when neither player can move.")).format(notation=shown(game.pass_action)))
    elif game.spec.no_legal_move == "lose":
        section.closing.append(_("A player who has no legal move loses."))
    elif game.spec.no_legal_move == "win":
        section.closing.append(_("A player who has no legal move wins."))
    elif not _always_can_act(game):
        section.closing.append(_("When the player to move has no legal move, the game "
                                    "ends."))
    return section


def _view(game: Game, _: Translate) -> list[str]:
    """What each player sees (``view:``): nothing to say when everyone sees everything."""
    view = game.spec.view
    if view is None:
        return []
    kinds = join_words(_, [many(_, kind) for kind in view.hide])
    found = [_("You see your own {pieces}, and those of the other players only once you "
               "have found them: the others are hidden from you.").format(pieces=kinds)]
    if view.public is not None:
        found.append(_("On {zone} every piece is seen by everyone.").format(
            zone=zone_words(game, view.public, _)))
    if view.hands == "own":
        found.append(_("Nobody sees another player's hand."))
    if view.plies:
        found.append(_("Every player knows how many actions have been played in all."))
    return found


def _end(game: Game, _: Translate) -> Section:
    spec = game.spec
    section = Section(paragraphs=[sentence(guarded(goal, goal.describe(_), _))
                                  for goal in game.goals])
    if game.goals:
        if spec.goal_checks:
            steps = [_("the {step} step").format(step=_(name)) for name in spec.goal_checks]
            section.paragraphs.append(_("These conditions are checked after {steps}, and at "
                                        "the end of every turn.").format(
                steps=join_words(_, steps)))
        several = len(game.players) > 2
        if spec.tie_break == "last_mover":
            section.paragraphs.append(
                _("If more than one player meets a winning condition at the same check, the "
                  "player who made the last move wins.") if several else
                _("If both players meet a winning condition at the same check, the player "
                  "who made the last move wins."))
        elif "tie_break" in spec.model_fields_set:
            section.paragraphs.append(
                _("If more than one player meets a winning condition at the same check, the "
                  "game is a draw.") if several else
                _("If both players meet a winning condition at the same check, the game is "
                  "a draw."))
    if game.result is not None:
        section.paragraphs.append(sentence(guarded(game.result, game.result.describe(_), _)))
    if not section.paragraphs and spec.no_legal_move in ("lose", "win"):
        section.paragraphs.append(_("The game ends when the player to move has no legal "
                                    "move."))
    return section


def _notation(game: Game, _: Translate) -> Section:
    spec = game.spec
    board = game.board
    section = Section()
    example = join_words(_, [board.names[0], board.names[-1]])
    if board.numbers:
        section.paragraphs.append(_(
            "The squares are numbered {first} to {last}, as in the diagrams; actions name a "
            "square by its number, and the hops of one capture are written together, each "
            "landing once.").format(first=1, last=board.size))
    elif board.mirrored:  # Othello: row 1 at the top, as its players draw the board
        section.paragraphs.append(_("A cell is named by its column letter (a on the left) and "
                                    "its row number (1 at the top): {example}.")
                                  .format(example=example))
    elif spec.board.type in ("grid", "hex_rhombus", "hex_triangle"):
        section.paragraphs.append(_("A cell is named by its column letter (a on the left) and "
                                    "its row number (1 at the bottom): {example}.")
                                  .format(example=example))
    elif spec.board.type in ("hexhex", "star"):
        if spec.board.case == "upper":
            naming = _("A cell is named by its row letter (A at the bottom) and its number "
                      "along the diagonal, as on the margins of the diagrams: {example}.")
        else:
            naming = _("A cell is named by its row letter (a at the bottom) and its number "
                      "along the diagonal, as on the margins of the diagrams: {example}.")
        section.paragraphs.append(naming.format(example=example))
    else:
        section.paragraphs.append(_("Cells are named as in the diagrams: {example}.")
                                  .format(example=example))
    written = _written_actions(game, _)
    if written:
        section.paragraphs.append(_("Actions are written like this:"))
        section.items += written
    words = WRITING.get()
    if written and words is not None and words.pairs():
        section.closing.append(_("Game records and files keep the game file's words "
                                 "({pairs}); either form may be typed when you play.").format(
            pairs=", ".join(f"{mine} = {theirs}" for mine, theirs in words.pairs())))
    if spec.notation.san is not None:
        section.closing += _san_text(game, _)
    if spec.notation.fen is not None:
        section.closing.append(_fen_text(game, _))
    return section


def _san_text(game: Game, _: Translate) -> list[str]:
    """How records and the move list write a move in algebraic notation (``notation.san``),
    with the examples' own moves so written."""
    from framework.examples import start_of
    from framework.san import san_of

    san = san_of(game)
    assert san is not None and game.spec.notation.san is not None
    pawn = game.spec.notation.san.pawn
    letters = ", ".join(f"{san.letters[i]} {_(kind)}" for i, kind in
                        enumerate(game.piece_kinds) if san.letters[i])
    texts = [_("Game records and the move list write each move as one word in algebraic "
               "notation: the letter of the piece that moves ({letters}; a {pawn} has "
               "none), x if it captures, then the cell it goes to. Where another piece of "
               "the same kind could go to the same cell, the letter is followed by the "
               "column of the cell the piece leaves, or its row, or both; a {pawn} that "
               "captures is named by its column.").format(letters=letters, pawn=_(pawn))]
    if _promoted_kinds(game):
        texts.append(_("A promotion adds = and the letter of the new piece."))
    partners = {move.partner for piece in game.spec.pieces.values() for move in piece.moves
                if getattr(move, "type", None) == "castle"}
    if partners:
        texts.append(_("Castling is written O-O with the nearer {partner} and O-O-O with "
                       "the farther.").format(partner=_names(sorted(partners), _)))
    if san.royal:
        texts.append(_("A + after a move marks an attack on the {royal} (check), a # a "
                       "checkmate.").format(royal=_names(
                           [game.piece_kinds[k] for k in san.royal], _)))
    written: list[str] = []
    for example in game.spec.examples:
        try:
            state = start_of(game, example)
            texts_left = list(example.actions)
            while texts_left and not state.is_terminal():
                turn = _example_turn(state, texts_left)
                written.append(san.write(state, turn))
                for action in turn.actions:
                    state.apply_unchecked(action)
        except BoardspecError:  # an example that does not run fails its own test
            continue
    paragraphs = [" ".join(texts)]
    if written:
        paragraphs.append(_("The moves of this rulebook's examples are written {moves}.")
                          .format(moves=join_words(_, list(dict.fromkeys(written)))))
    return paragraphs


def _example_turn(state: Any, texts: list[str]) -> Any:
    """The whole turn the next of an example's actions begin (taken off ``texts``)."""
    from framework.engine.turns import Turn, turn_key

    key, node, actions = turn_key(state), state.clone(), []
    while texts:
        action = node.parse_action(texts.pop(0))
        node.apply(action)
        actions.append(action)
        if node.is_terminal() or turn_key(node) != key:
            break
    return Turn(tuple(actions))


def _written_actions(game: Game, _: Translate) -> list[tuple[str, str]]:
    """One written action of each kind, with its meaning: found among the legal actions of
    the start and of the examples' positions. A block's own notation example seen nowhere
    is shown bare; a move option's is not (it is a cell or two put in the option's
    template, often not a legal action, and its meaning would be left empty)."""
    from framework.examples import start_of

    states = [game.new_initial_state()]
    for example in game.spec.examples:
        try:
            state = start_of(game, example)
            states.append(state.clone())
            for text in example.actions:
                state.apply(state.parse_action(text))
                states.append(state.clone())
        except BoardspecError:  # an example that does not run fails its own test
            continue
    found: dict[tuple[str, str, str], tuple[str, str]] = {}
    for state in states:
        if state.is_terminal():
            continue
        chance = state.is_chance_node()
        for action in state.legal_actions():
            # A grow of each attribute; chance's outcomes (720 deals) once per phase.
            key = (action.phase, action.kind, "" if chance else action.attribute)
            if key not in found:
                found[key] = (shown(action), _action_meaning(game, state, action, _))
    blocks: list[Any] = [*game.setups, *game.phases]
    seen = {notation for notation, _meaning in found.values()}
    kinds = {kind for _phase, kind, _attribute in found}
    items = list(found.values())
    for block in blocks:
        unseen = {o.example() for o in getattr(block, "options", ())}
        for text in block.notation_examples:
            if text in unseen:  # an option of a moves phase: shown only where it is legal
                continue
            text = shown_text(text)
            if text not in seen and not _same_form(text, seen, game.board.written):
                items.append((text, ""))
                seen.add(text)
    if game.spec.no_legal_move == "pass" and "pass" not in kinds:
        items.append((shown(game.pass_action), _("a pass")))
    return items


def _same_form(text: str, shown: set[str], cells: Sequence[str]) -> bool:
    """Whether a notation example has the form of one already shown (cells replaced: the
    longest names first, whole, so that ``o`` and ``c10`` of a drawn board count too)."""
    names = "|".join(re.escape(n) for n in sorted(cells, key=len, reverse=True))
    pattern = re.compile(rf"(?<!\w)(?:{names})(?!\w)|[A-Za-z]?\d+")

    def form(value: str) -> str:
        return pattern.sub("#", value)
    return form(text) in {form(s) for s in shown}


def _action_meaning(game: Game, state: Any, action: Any, _: Translate) -> str:
    text = action_sentence(game, state, action, _)
    return text.rsplit(" (", 1)[0] if text.endswith(")") else text


def _fen_text(game: Game, _: Translate) -> str:
    spec = game.spec
    fen = game.new_initial_state().to_fen()
    symbols = []
    for kind, piece in spec.pieces.items():
        for player, symbol in piece.symbols.items():
            symbols.append(_("{symbol} for a {piece} of {player}").format(
                symbol=symbol, piece=_(kind), player=_(player)))
    if symbols:
        text = _("A position can be written as a FEN-like string: the rows from top to "
                 "bottom, separated by /; in each row, a digit for a run of empty cells and a "
                 "letter for each piece ({symbols}).").format(symbols=join_words(_, symbols))
    else:  # no piece is ever on a cell (piles only): the rows are runs of empty cells
        text = _("A position can be written as a FEN-like string: the rows from top to "
                 "bottom, separated by /, each the number of its cells.")
    fields = fen.split()[1:]
    named = list(spec.notation.fen.fields) if spec.notation.fen else []
    if named and len(fields) > len(named):  # slots written as fields of their own
        values = fields[1:1 + len(named)]
        items = [_("{field} ({value})").format(field=shown_key(name, _), value=value)
                 for name, value in zip(named, values, strict=True)]
        text += " " + _("After the player to move ({side}) come {fields}.").format(
            side=fields[0], fields=join_words(_, items))
        fields = [fields[0], *fields[1 + len(named):]]
        if len(fields) >= 3:
            text += " " + _("Last come the half-move clock ({clock}: turns since the clock "
                            "was last reset) and the number of the move ({number})."
                            ).format(clock=fields[1], number=fields[2])
    elif len(fields) >= 3:
        text += " " + _("Then come the player to move ({side}), the half-move clock ({clock}: "
                        "turns since the clock was last reset) and the number of the move "
                        "({number}).").format(side=fields[0], clock=fields[1],
                                              number=fields[2])
    elif fields:
        text += " " + _("Then comes the player to move ({side}).").format(side=fields[0])
    text += " " + _("The start is written {fen}.").format(fen=fen)
    piled = [kind for kind, piece in spec.pieces.items() if piece.piles is not None]
    if piled:
        cell = game.board.names[0]
        text += " " + _("The piles follow, where they differ from the start, as "
                        "{field}=n ({example}).").format(
            field=pile_slot_name(piled[0], "<cell>"), example=f"{pile_slot_name(piled[0], cell)}=0")
    kept = [(kind, piece.supply or 0) for kind, piece in spec.pieces.items() if piece.hand]
    if kept:
        kind, supply = kept[0]
        example = hand_slot_name(str(game.players[0]), kind)
        text += " " + _("The pieces each player has in hand follow, where they differ from "
                        "the start, as {field}=n ({example}).").format(
            field=hand_slot_name("<player>", "<piece>"), example=f"{example}={max(supply - 1, 0)}")
    return text


def _example_figure(game: Game, index: int, example: ExampleSpec, _: Translate
                    ) -> Figure:
    diagram = example_diagram(game, example)
    title = sentence(_(example.name))
    if example.caption.strip():
        caption = _(example.caption.strip())
    else:  # no caption in the file: say what happened, and what the dots are
        words = example_words(game, diagram.steps, _)
        if diagram.marks.targets:
            words.append(targets_sentence(game, diagram.state, list(diagram.marks.targets),
                                          game.board.cell(example.expect.piece)
                                          if example.expect.piece else -1,
                                          example.expect.kind, _))
        caption = " ".join(words)
    return Figure(f"{index:02d}-{slug(example.name)}", title, caption,
                  board_svg(diagram.state, diagram.marks, title=title, _=_),
                  board_svg(diagram.state, diagram.marks, title=example.name),
                  _facts(game, diagram, example, _), diagram.marks.used())


def _facts(game: Game, diagram: Diagram, example: ExampleSpec | None,
           _: Translate) -> list[str]:
    """What the diagram shows, in words read off the engine."""
    state = diagram.state
    facts = []
    if diagram.actions and example is not None and example.caption.strip():
        played = [action_sentence(game, before, action, _, written)
                  for (before, action, _after), written in zip(
                      diagram.steps, turn_writing(game, diagram.steps), strict=True)]
        facts.append(_("Played: {actions}.").format(actions="; ".join(
            [played[0], *(text[:1].lower() + text[1:] if not keeps_case(text, game) else text
                          for text in played[1:])])))
    if state.is_terminal():
        winners = sorted(state.winners or ())
        if len(winners) == 1:
            # A noun, not a verb: "Winner: swedes" reads right for any player's name
            # (the verb agreeing with a plural name, "swedes wins", did not).
            facts.append(_("The game is over. Winner: {player}.").format(
                player=_(game.players[winners[0]])))
        elif winners:
            facts.append(_("The game is over: {players} share the win.").format(
                players=_names((game.players[w] for w in winners), _)))
        else:
            facts.append(_("The game is over: a draw."))
    elif state.is_chance_node():  # nobody moves yet: the dice decide (who starts, too)
        facts.append(_("Chance decides next: {step}.").format(
            step=shown_key(game.phases[state.phase].name, _)))
    else:
        facts.append(_("{player} to move.").format(player=_(game.players[state.to_move])))
    if any(any(row) for row in state.counters):
        for c, counter in enumerate(game.counters):
            facts.append(_("{counter}: {values}.").format(
                counter=sentence(_(counter)), values=", ".join(
                    f"{_(p)} {state.counters[s][c]}" for s, p in enumerate(game.players))))
    if example is not None:
        legal = join_words(_, [written_action(game, state, a) for a in example.expect.legal],
                           either=True)
        illegal = join_words(_, [written_action(game, state, a)
                                 for a in example.expect.illegal],
                             negated=True)  # "but not a or b": Spanish "ni"
        player = _(game.players[state.to_move])
        if legal and illegal:
            facts.append(_("Here {player} may play {legal}, but not {illegal}.").format(
                player=player, legal=legal, illegal=illegal))
        elif legal:
            facts.append(_("Here {player} may play {legal}.").format(player=player,
                                                                     legal=legal))
        elif illegal:
            facts.append(_("Here {player} may not play {illegal}.").format(
                player=player, illegal=illegal))
    return [sentence(fact) for fact in facts]
