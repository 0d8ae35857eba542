"""Rulebooks read as rulebooks: every bundled English rulebook is scanned for what a game
file's author wrote for the machine (keys and keywords, compass letters, "zone <name>"),
for material counted as "as many … as needed" where the setup fixes it, and for notation
lines that only repeat themselves; chess names its traditional terms and every draw rule its
file applies, and draughts says that crowning ends the move (issue 30).

The scan reads docs/rulebooks/en (kept up to date by test_docs), leaving out what the file's
author wrote as prose (the description, the examples' captions): only generated text is
judged."""

from __future__ import annotations

import re
from collections.abc import Iterator
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest
import yaml

from framework import load_game

from .conftest import GAME_FILES, ROOT

if TYPE_CHECKING:
    from framework.game import Game

RULEBOOKS = ROOT / "docs" / "rulebooks" / "en"
#: Fields a game file writes for readers: their values are prose, not identifiers.
PROSE_KEYS = {"name", "description", "caption", "glyph", "glyphs", "symbols", "notation",
              "examples", "words", "letter", "choices", "credits", "prose"}
COMPASS = r"(?:n|e|s|w|ne|nw|se|sw)"
#: A list of compass letters, "n, e, s or w", "ne or sw", "direction n".
COMPASS_LIST = re.compile(rf"\b{COMPASS}(?:, {COMPASS})*(?: or | and ){COMPASS}\b"
                          rf"|\bdirection {COMPASS}\b")


def _identifiers(data: Any, key: str = "") -> Iterator[str]:
    """Every key and keyword of a game file, outside the fields written for readers."""
    if key in PROSE_KEYS:
        return
    if isinstance(data, dict):
        for k, v in data.items():
            yield str(k)
            yield from _identifiers(v, str(k))
    elif isinstance(data, list):
        for item in data:
            yield from _identifiers(item, key)
    elif isinstance(data, str):
        yield data


def _reader_words(game: Game) -> set[str]:
    """The words a game names for readers: players, pieces, attributes, counters, phases
    (a rulebook names them by design) and every word of the file's own prose and terms."""
    spec = game.spec
    words = {str(p) for p in game.players} | set(spec.pieces) | set(game.counters)
    for piece in spec.pieces.values():
        words |= set(piece.attributes)
    words |= {phase.name for phase in game.phases}
    prose = " ".join([spec.name, *_authored(game), *(e.name for e in spec.examples),
                      *spec.terms.get("en", {}).values()])  # the file's words for readers
    return words | set(re.findall(r"[\w-]+", prose.lower()))


def _authored(game: Game) -> list[str]:
    """What the file's author wrote as prose: the description, the captions and the
    prose the rulebook places."""
    return [game.spec.description, *(e.caption for e in game.spec.examples),
            *game.spec.prose.get("en", {}).values()]


def _generated_text(path: Path, game: Game) -> str:
    """The English rulebook of a game file without its author's prose and without the
    notation's written forms (code spans, which are the file's notation)."""
    text = (RULEBOOKS / f"{path.stem}.md").read_text(encoding="utf-8")
    text = re.sub(r"<!--.*?-->", "", text, flags=re.DOTALL)
    text = re.sub(r"`[^`]*`|!\[[^\]]*\]\([^)]*\)|\[[^\]]*\]\([^)]*\)", "", text)
    text = text.replace("\\", "")  # Markdown's escapes (en\_passant)
    text = re.sub(r"\s+", " ", text)
    for authored in _authored(game):
        text = text.replace(re.sub(r"\s+", " ", authored).strip(), "")
    return text


def _file(path: Path) -> dict[str, Any]:
    return yaml.safe_load(path.read_text(encoding="utf-8"))  # type: ignore[no-any-return]


@cache
def _game(path: Path) -> Game:
    return load_game(path)


@pytest.mark.parametrize("path", GAME_FILES, ids=[p.stem for p in GAME_FILES])
def test_no_identifier_of_the_file_reaches_the_reader(path: Path) -> None:
    data, game = _file(path), _game(path)
    text = _generated_text(path, game)
    allowed = _reader_words(game)
    names = {w for w in _identifiers(data) if re.fullmatch(r"[a-z][a-z0-9]*(?:_[a-z0-9]+)+",
                                                           w)}
    leaked = sorted(w for w in names if w not in allowed and re.search(
        rf"(?<![\w-]){re.escape(w)}(?![\w-])", text))
    assert not leaked, f"{path.stem}: the file's keywords {leaked} are shown to the reader"
    zones = set(data.get("zones", {}))
    shown = sorted(z for z in zones if re.search(rf"\bzones? {re.escape(z)}\b", text) or (
        z not in allowed and re.search(rf"(?<![\w-]){re.escape(z)}(?![\w-])", text)))
    assert not shown, f"{path.stem}: zones shown by their file names {shown}"
    assert not re.search(r"\bof kind\b", text), f"{path.stem}: 'of kind' names a key"
    found = COMPASS_LIST.search(text)
    assert not found, f"{path.stem}: compass letters shown: {found.group(0)!r}"


@pytest.mark.parametrize("path", GAME_FILES, ids=[p.stem for p in GAME_FILES])
def test_a_fixed_setup_counts_its_material(path: Path) -> None:
    """Pieces the setup puts on the board are counted, never "as many … as needed"."""
    game = _game(path)
    placed: set[str] = set()
    kinds = list(game.spec.pieces)
    for block in game.spec.setup:
        if block.type == "fixed":
            for value in block.cells.values():  # an owner's name alone: the first kind
                placed.add(kinds[0] if isinstance(value, str) else value.piece or kinds[0])
    text = _generated_text(path, game)
    for found in re.finditer(r"as many (.+?) as needed", text):
        named = set(re.findall(r"\w+", found.group(1)))
        counted = {k for k in placed if k in named or f"{k}s" in named or
                   (k.endswith("an") and k[:-2] + "en" in named)}
        assert not counted, f"{path.stem}: {found.group(0)!r}, but the setup fixes {counted}"


@pytest.mark.parametrize("path", GAME_FILES, ids=[p.stem for p in GAME_FILES])
def test_a_component_lists_no_sum_of_one(path: Path) -> None:
    """A kind that one side has alone is listed once, with that side ("13 geese, for
    geese"), never as a sum of a single term ("13 geese: 13 for geese")."""
    text = (RULEBOOKS / f"{path.stem}.md").read_text(encoding="utf-8")  # a line an item
    for found in re.finditer(r"^- .*?(\d+) [^:\n]+: (\d+) for [^,\n]+$", text, re.MULTILINE):
        assert found.group(1) != found.group(2), f"{path.stem}: {found.group(0)!r}"


def test_fox_and_geese_lists_each_sides_pieces_once() -> None:
    text = (RULEBOOKS / "fox-and-geese.md").read_text(encoding="utf-8")
    assert "13 geese, for geese" in text and "1 fox, for fox" in text
    assert "13 for geese" not in text


def test_shogi_counts_the_pieces_on_the_board_with_the_empty_hands() -> None:
    """Shogi's hands start empty (in_hand: 0), its pieces on the board."""
    text = (RULEBOOKS / "shogi.md").read_text(encoding="utf-8")
    assert "2 rooks: 1 for each player" in text and "18 pawns: 9 for each player" in text
    assert not re.search(r"\b0 \w+: 0 for each player", text)


@pytest.mark.parametrize("path", GAME_FILES, ids=[p.stem for p in GAME_FILES])
def test_no_notation_line_only_repeats_itself(path: Path) -> None:
    """"`b1a3`: White plays b1a3" says nothing: every written action is told in words."""
    text = (RULEBOOKS / f"{path.stem}.md").read_text(encoding="utf-8")
    for written, meaning in re.findall(r"^- `([^`]+)`: (.*)$", text, re.MULTILINE):
        meaning = meaning.replace("\\", "")
        said = re.sub(r"\s*\(?" + re.escape(written) + r"\)?", "", meaning)
        assert not re.fullmatch(r"\w+ plays\.?", said.strip()), (path.stem, written, meaning)
        assert said.strip(), (path.stem, written, meaning)


def test_chess_names_its_terms_and_every_draw_it_applies() -> None:
    path = ROOT / "games" / "chess.yaml"
    data = _file(path)
    text = _generated_text(path, _game(path)).lower()
    for term in ("check", "checkmate", "stalemate"):
        assert re.search(rf"\b{term}\b", text), term
    names = {"halfmove_clock": "fifty-move rule", "repetition": "threefold repetition",
             "insufficient_material": "insufficient material"}
    applied = [goal["type"] for goal in data["goals"]]
    assert set(applied) <= set(names), applied  # a new draw rule: name its term here
    for goal in applied:
        assert names[goal] in text, names[goal]
    assert "as many" not in text
    assert "1 king, 1 queen, 2 rooks, 2 bishops, 2 knights and 8 pawns" in text
    assert "2 rooks on a1 and h1" in text


@pytest.mark.parametrize(("stem", "said"), [
    ("checkers", r"crown\w*[^.]* ends the move"),  # a man crowned by a capture stops there
    # A man that passes the far row in a capture jumps on and is crowned only at its end.
    ("international-draughts", r"crown\w*[^.]* only where its move ends")])
def test_draughts_says_crowning_ends_the_move(stem: str, said: str) -> None:
    path = ROOT / "games" / f"{stem}.yaml"
    text = _generated_text(path, _game(path))
    assert re.search(said, text, re.IGNORECASE), f"{stem}: nothing says {said!r}"
    assert "as many" not in text


def test_a_file_names_its_zones_and_rules_per_language(tmp_path: Path) -> None:
    """``terms:`` gives the reader's words for a zone or a rule, per language; a term that
    names nothing of the file is refused with its line."""
    from framework.docs import render_rulebook
    from framework.errors import SpecError

    text = (ROOT / "games" / "checkers.yaml").read_text(encoding="utf-8")
    game = tmp_path / "draughts.yaml"
    game.write_text(text.replace("  en: {crown: crowning}",
                                 "  en: {crown: crowning, crownhead: the king's row}"))
    english, _ = render_rulebook(load_game(game), "en", "md", "draughts")
    assert "A man that ends its move on the king's row becomes a king." in english
    assert "Crowning ends the move" in english
    game.write_text(text.replace("  en: {crown: crowning}", "  en: {crowns: crowning}"))
    with pytest.raises(SpecError, match=r"draughts.yaml:\d+:\d+: .*'crowns' names nothing"):
        load_game(game)


def test_diagram_marks_match_the_legend() -> None:
    """A piece that moved is never drawn as taken off (castling's king and rook, the pawn
    that takes en passant, a man crowned on arrival), and every moved piece has its arrow;
    two moves along one row are drawn apart."""
    from framework.docs.diagrams import example_diagram
    from framework.render.svg import board_svg

    chess = _game(ROOT / "games" / "chess.yaml")
    by_name = {e.name: e for e in chess.spec.examples}
    cell = chess.board.cell
    castling = example_diagram(chess, by_name["Castling"])
    assert castling.marks.arrows == [(cell("e1"), cell("g1")), (cell("h1"), cell("f1"))]
    assert not castling.marks.removed
    svg = board_svg(castling.state, castling.marks)
    lines = re.findall(r'<line x1="([^"]+)" y1="([^"]+)" x2="[^"]+" y2="([^"]+)"', svg)
    assert len(lines) == 2 and len({(y1, y2) for _x, y1, y2 in lines}) == 2  # apart
    passant = example_diagram(chess, by_name["En passant"])
    assert list(passant.marks.removed) == [cell("d5")]  # the victim only
    draughts = _game(ROOT / "games" / "checkers.yaml")
    crowning = example_diagram(draughts, next(e for e in draughts.spec.examples
                                              if e.name == "Crowning"))
    assert not crowning.marks.removed and crowning.marks.arrows
