"""Rulebooks: docs/rulebooks is what the game files generate, every example is a diagram,
every catalog translates every sentence, and the diagrams are drawn from the engine."""

from __future__ import annotations

import filecmp
import re
import string
import subprocess
import sys
from pathlib import Path

import pytest
import yaml
from babel.messages.extract import extract_from_dir
from babel.messages.pofile import read_po

from framework import load_game
from framework.docs import LANGUAGES, render_rulebook, write_rulebooks
from framework.docs.diagrams import example_diagram
from framework.docs.extract import counted_words, game_words
from framework.docs.i18n import catalog_path
from framework.render.svg import MARKS, Marks, Piece, board_svg
from framework.spec.models import ExampleSpec

from .conftest import GAME_FILES, ROOT

RULEBOOKS = ROOT / "docs" / "rulebooks"
REGENERATE = "rm -rf docs/rulebooks && boardspec docs games/*.yaml --out docs/rulebooks"


def _tree(root: Path) -> set[str]:
    """The generated files under root (the review screenshots are taken by a browser)."""
    return {p.relative_to(root).as_posix() for p in root.rglob("*")
            if p.is_file() and p.relative_to(root).parts[0] != "screenshots"}


def test_rulebooks_are_up_to_date(tmp_path: Path) -> None:
    write_rulebooks(GAME_FILES, tmp_path, LANGUAGES, ("md", "html"))
    fresh, committed = _tree(tmp_path), _tree(RULEBOOKS)
    assert fresh == committed, (f"docs/rulebooks has other files than the game files make "
                                f"(missing: {sorted(fresh - committed)[:5]}, extra: "
                                f"{sorted(committed - fresh)[:5]}); run: {REGENERATE}")
    _, stale, errors = filecmp.cmpfiles(tmp_path, RULEBOOKS, sorted(fresh), shallow=False)
    assert not stale and not errors, f"stale rulebooks {stale[:5]}; run: {REGENERATE}"


@pytest.mark.parametrize("path", GAME_FILES, ids=[p.stem for p in GAME_FILES])
def test_every_example_is_a_diagram_in_every_rulebook(path: Path) -> None:
    game = load_game(path)
    examples = game.spec.examples
    for lang in LANGUAGES:
        html = (RULEBOOKS / lang / f"{path.stem}.html").read_text(encoding="utf-8")
        figures = re.findall(r'<figure class="diagram" data-diagram="([^"]+)">\s*<svg', html)
        assert len(figures) == len(examples) + 1, (lang, figures)  # + the starting position
        assert f'data-diagrams="{len(figures)}"' in html
        markdown = (RULEBOOKS / lang / f"{path.stem}.md").read_text(encoding="utf-8")
        linked = re.findall(r"!\[[^\]]*\]\(\.\./svg/([^)]+\.svg)\)", markdown)
        assert [f"{path.stem}/{f}.svg" for f in figures] == linked
        for name in linked:
            assert (RULEBOOKS / "svg" / name).read_text(encoding="utf-8").startswith("<svg")


def test_rendering_is_deterministic_and_translated() -> None:
    game = load_game(ROOT / "games" / "assimilation.yaml")
    first, svgs = render_rulebook(game, "eo", "md", "assimilation")
    again, svgs_again = render_rulebook(game, "eo", "md", "assimilation")
    assert first == again and svgs == svgs_again
    # The diagram files are shared by the Markdown rulebooks of every language.
    assert render_rulebook(game, "ru", "md", "assimilation")[1] == svgs
    assert "# Asimilado" in first and "## Ekzemploj" in first and "Kloni aŭ salti" in first
    assert str(ROOT) not in first


def _placeholders(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name} | set(
        re.findall(r"%\((\w+)\)s", text))


Key = tuple[str | None, str]  # (context, message id: the singular of a plural entry)


def _catalog(lang: str) -> dict[Key, tuple[str, ...]]:
    """Every entry of a catalog: (context, id) -> its forms (one, or one per plural form)."""
    with catalog_path(lang).open("rb") as po:
        catalog = read_po(po, locale=lang)
    found = {}
    for m in catalog:
        if m.id:
            ids = m.id if isinstance(m.id, tuple) else (m.id,)
            forms = m.string if isinstance(m.string, tuple) else (m.string,)
            found[(m.context, ids[0])] = (ids, forms)
    return found  # type: ignore[return-value]


def test_catalogs_translate_every_sentence_and_game_word() -> None:
    """Every sentence Babel extracts from the framework (plugins' describe(), the rulebook
    builder, the templates; plural sentences with every plural form of the language), every
    word the bundled games name (players, pieces, attributes, counters, phases) and the
    counted forms of their pieces, attributes and counters are translated in every catalog.
    A translation uses only the placeholders of its English sentence (it may leave one out
    when its grammar says it otherwise, never invent one). Descriptions and captions of game
    files fall back to English when a catalog lacks them."""
    method_map = [("framework/**.py", "python"), ("framework/docs/templates/**.j2", "jinja2")]
    options = {"framework/docs/templates/**.j2": {"extensions": "jinja2.ext.i18n"}}
    extracted = [message for _, _, message, _, _ in extract_from_dir(
        ROOT, method_map, options, keywords={"_": None, "N_": None, "ngettext": (1, 2)})]
    wanted: set[Key] = {(None, m if isinstance(m, str) else m[0]) for m in extracted}
    plurals = {m[0] for m in extracted if isinstance(m, tuple)}
    assert {"Material", "first", "{n} {word}"} <= {key for _, key in wanted}
    assert "The action {actions} is legal here." in plurals
    for path in GAME_FILES:
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
        wanted |= {(None, word) for word in game_words(data)}
        wanted |= {("count", word) for word in counted_words(data)}
    for lang in LANGUAGES:
        if lang == "en":
            continue
        found = _catalog(lang)
        forms = read_po(catalog_path(lang).open("rb"), locale=lang).num_plurals
        untranslated = sorted(str(key) for key in wanted
                              if key not in found or not all(found[key][1]))
        assert not untranslated, (f"{lang}: {len(untranslated)} untranslated, e.g. "
                                  f"{untranslated[:3]}: see docs/tutorial.md, 'Translations'")
        for key in wanted:
            ids, texts = found[key]
            if key[1] in plurals or key[0] == "count":
                assert len(texts) == forms, (lang, key, texts)
            for text in texts:
                assert _placeholders(text) <= _placeholders(" ".join(ids)), (lang, key, text)


def test_plural_forms_follow_each_language() -> None:
    """Numbers take the form their language gives them (Babel's CLDR plural rules)."""
    from framework.docs.i18n import translations
    from framework.plugins import counted

    ru = translations("ru").gettext
    assert [counted(ru, "legs", n) for n in (1, 2, 5, 21)] == ["нога", "ноги", "ног", "нога"]
    es = translations("es").gettext
    assert [counted(es, "pincers", n) for n in (1, 2)] == ["pinza", "pinzas"]
    en = translations("en").gettext
    assert [counted(en, "legs", 1), counted(en, "adaptoid", 12)] == ["leg", "adaptoids"]
    text = (RULEBOOKS / "ru" / "adaptoid.md").read_text(encoding="utf-8")
    assert "12 адаптоидов, 12 ног и 12 клешней" in text
    assert "5 захватов" in text
    english = (RULEBOOKS / "en" / "adaptoid.md").read_text(encoding="utf-8")
    assert "Each player has 12 adaptoids, 12 legs and 12 pincers." in english
    assert "up to as many cells as it has legs" in english
    assert "1 legs" not in english and "1 pincers" not in english


def test_diagrams_are_drawn_to_the_board_shape() -> None:
    hexes = load_game(ROOT / "games" / "hexxagon.yaml")
    svg = board_svg(hexes.new_initial_state())
    assert svg.count("<polygon") == hexes.board.size == 58
    assert svg.count('class="piece"') == 6
    squares = load_game(ROOT / "games" / "ataxx.yaml")
    svg = board_svg(squares.new_initial_state())
    assert svg.count('<g class="cell"') == 49 and "<polygon" not in svg
    for name in "abcdefg1234567":  # the notation's file letters and rank numbers
        assert f">{name}</text>" in svg


def test_example_diagrams_mark_piece_targets_and_removals() -> None:
    game = load_game(ROOT / "games" / "assimilation.yaml")
    by_name = {example.name: example for example in game.spec.examples}
    clone_or_jump = by_name["Clone or jump"]
    taking_over = by_name["Taking over the pieces around the target"]
    diagram = example_diagram(game, clone_or_jump)
    names = {game.board.names[c] for c in diagram.marks.targets}
    assert game.board.names[diagram.marks.highlight] == "a1"
    assert names == {"b1", "a2", "b2", "a3", "b3", "c3", "c2", "c1"}
    diagram = example_diagram(game, taking_over)
    assert game.board.names[diagram.marks.highlight] == "b4"  # where the last action landed
    assert not diagram.marks.removed  # taking over is no removal
    svg = board_svg(diagram.state, diagram.marks)
    assert svg.count('class="target"') == 0 and svg.count('class="highlight"') == 1


def test_a_removed_piece_is_crossed_out() -> None:
    game = load_game(ROOT / "games" / "assimilation.yaml")
    jump = ExampleSpec(name="jump", position={"to_move": "white", "cells": {"a1": "white"}},
                       actions=["a1c3"])
    diagram = example_diagram(game, jump)
    assert not diagram.marks.removed  # a jump moves the piece: nothing is crossed out
    assert game.board.names[diagram.marks.highlight] == "c3"
    assert diagram.marks.arrows == [(game.board.cell("a1"), game.board.cell("c3"))]
    assert diagram.marks.used() == ["highlight", "arrow"]
    svg = board_svg(diagram.state, Marks(removed={0: Piece(1, "stone")}))
    assert 'class="removed"' in svg and svg.count("<line") == 2


def test_adaptoid_starvation_crosses_out_the_starved_piece() -> None:
    path = ROOT / "games" / "adaptoid.yaml"
    if not path.exists():
        pytest.skip("games/adaptoid.yaml is not there yet")
    game = load_game(path)
    starved = ExampleSpec(name="starvation", position={
        "to_move": "white", "phase": "build", "cells": {
            "D5": {"owner": "black", "legs": 2, "pincers": 2}, "D6": {"owner": "white"},
            "C5": {"owner": "black"}, "D3": {"owner": "white"}}}, actions=["+D4"])
    diagram = example_diagram(game, starved)
    assert [game.board.names[c] for c in diagram.marks.removed] == ["D5"]
    assert game.board.names[diagram.marks.highlight] == "D4"
    svg = board_svg(diagram.state, diagram.marks)
    ghost = re.search(r'<g class="removed" opacity="0.45" data-cell="D5">.*?</g>', svg)
    assert ghost and ">2·2</text>" in ghost.group(0)  # faded, its numbers still readable


def _adaptoid_example(name: str) -> tuple[object, ExampleSpec]:
    game = load_game(ROOT / "games" / "adaptoid.yaml")
    return game, next(e for e in game.spec.examples if e.name == name)


def test_an_attacker_lost_on_its_target_is_drawn_there() -> None:
    """Equal pincers: both pieces are taken off the target cell, so both are drawn there
    (not the attacker on its starting cell), and an arrow shows the move."""
    game, example = _adaptoid_example("equal pincers remove both, and both score")
    diagram = example_diagram(game, example)  # type: ignore[arg-type]
    names = game.board.names  # type: ignore[attr-defined]
    assert {names[c]: len(p) for c, p in diagram.marks.removed.items()} == {"C5": 2}
    assert [(names[a], names[b]) for a, b in diagram.marks.arrows] == [("D6", "C5")]
    svg = board_svg(diagram.state, diagram.marks)
    assert svg.count('<g class="removed"') == 2 and svg.count('class="arrow"') == 1
    assert 'data-cell="D6"><title>' not in svg  # no piece drawn on the start cell


def test_a_winning_attacker_and_the_loser_share_the_target() -> None:
    game, example = _adaptoid_example("the stronger attacker stays")
    diagram = example_diagram(game, example)  # type: ignore[arg-type]
    names = game.board.names  # type: ignore[attr-defined]
    assert [names[c] for c in diagram.marks.removed] == ["D3"]
    svg = board_svg(diagram.state, diagram.marks)
    assert 'class="piece" data-cell="D3"' in svg and 'class="removed" opacity="0.45" ' \
        'data-cell="D3"' in svg


def test_every_page_has_a_legend_for_every_mark_it_uses() -> None:
    for page in sorted(RULEBOOKS.glob("*/*.html")):
        html = page.read_text(encoding="utf-8")
        legend = html[html.index('<section class="legend">'):html.index("</section>")]
        figures = "".join(re.findall(r'<figure class="diagram".*?</figure>', html, re.DOTALL))
        used = {m for m in MARKS if f'class="{m}"' in figures}
        listed = set(re.findall(r'data-mark="(\w+)"', legend)) - {"piece"}
        assert used == listed, (page, used, listed)
        assert legend.count('data-mark="piece"') == 2  # one disc per player


def test_every_example_is_explained_in_words() -> None:
    """A caption for every example in every language: the file's own, or one generated
    from its actions and their consequences."""
    for page in sorted(RULEBOOKS.glob("*/*.html")):
        html = page.read_text(encoding="utf-8")
        examples = html.split('<h2>', 6)[-1]
        for figure in re.findall(r'<figure class="diagram".*?</figure>', examples, re.DOTALL):
            caption = re.search(r"<figcaption>(.*?)<span", figure, re.DOTALL)
            assert caption and len(caption.group(1).split()) >= 6, (page, figure[:80])
    english = (RULEBOOKS / "en" / "adaptoid.md").read_text(encoding="utf-8")
    assert ("White moves the adaptoid on D6 onto the enemy on C5, an attack (D6-C5). White "
            "loses the piece on C5; black loses the piece on C5") in english


def test_show_writes_an_svg(tmp_path: Path) -> None:
    out = tmp_path / "start.svg"
    done = subprocess.run([sys.executable, "-m", "framework", "show",
                           str(ROOT / "games" / "hexxagon.yaml"), "--svg", str(out)],
                          capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr
    assert out.read_text(encoding="utf-8").startswith("<svg") and "<polygon" in out.read_text()


#: Each rule the Spanish rule page (tests/data/adaptoid_es_seed.txt, seed 000) states, with
#: what it says there and what our generated Spanish rulebook must say for it.
SEED_RULES = [
    ("tablero hexagonas con 4 escaques por lado",
     "El tablero es un hexágono de casillas hexagonales, con 4 casillas por lado"),
    ("cada jugador dispone de 12 adaptoides, 12 patas y 12 pinzas",
     "Cada jugador dispone de 12 adaptoides, 12 patas y 12 pinzas."),
    ("capturar al menos 5 adaptoides enemigos",
     "Gana la partida el jugador que alcance 5 capturas."),
    ("dejar al oponente sin un solo adaptoide sobre el tablero",
     "Cuando a un jugador no le queda ninguna pieza en el tablero, gana el otro jugador."),
    ("El juego comienza con el tablero vacío.", "El juego comienza con el tablero vacío."),
    ("coloca un adaptoide blanco y otro negro",
     "El primer jugador coloca un adaptoide de cada color (blancas y negras)"),
    ("el segundo jugador decide si quiere jugar con piezas blancas o negras",
     "el segundo jugador decide con qué piezas quiere jugar"),
    ("el jugador que juega con piezas blancas comienza la partida",
     "Comienza la partida quien juega con las blancas."),
    ("Opcionalmente, un jugador puede mover uno de sus adaptoids",
     "Puedes mover uno de tus adaptoides"),
    ("puede moverse tantas casillas como número de patas tenga",
     "hasta tantas casillas como patas tenga"),
    ("no puede pasar a través de una casilla ocupada", "solo a través de casillas vacías"),
    ("el adaptoide con más pinzas permanece en el tablero y el otro es capturado",
     "La pieza con más pinzas permanece en el tablero y la otra es retirada."),
    ("Si ambos adaptoides tienen el mismo número de pinzas, ambos serán removidos",
     "Si ambas tienen el mismo número de pinzas, se retiran las dos."),
    ("el número de adaptoides capturados se incrementa para ambos jugadores",
     "Por cada pieza retirada, el otro jugador suma una captura."),
    ("Los adaptoides capturados pueden ser usados otra vez",
     "vuelve, con todo lo que lleva, a la reserva de su dueño y puede usarse otra vez"),
    ("no puede moverse a la casilla ocupada por el adaptoide negro porque éste tiene más pinzas",
     "No puede atacar a un enemigo que tenga más pinzas que ella."),
    ("el adaptoide remarcado no puede alcanzar la casilla D7",
     "no puede alcanzar D7, que necesitaría 3 patas porque D6 está ocupada"),
    ("debe crear un nuevo adaptoide o añadir una pata o una pinza",
     "Después debes colocar un adaptoide nuevo de tu reserva, sin patas o pinzas, en una "
     "casilla vacía adyacente a uno de tus adaptoides, o añadir una pata o una pinza de tu "
     "reserva a uno de tus adaptoides del tablero"),
    ("El nuevo adaptoide creado debe ser colocado en cualquier  casilla vacía adyacente",
     "Un nuevo adaptoide negro puede crearse exactamente en las casillas vacías junto a uno "
     "negro."),
    ("el número de casillas adyacentes a ésta es menor que el número de extremidades",
     "se retira toda pieza enemiga que tenga menos casillas vecinas vacías que patas y pinzas "
     "juntas"),
    ("pasan a la cuenta de adaptoides capturados por el jugador que efectúa el movimiento",
     "Por cada una de ellas sumas una captura."),
    ("El adaptoide negro situado en D5 tiene 4 extremidades (2 patas y 2 pinzas) pero sólo "
     "tres espacios vacíos adyacentes (C4, E5 y E6)",
     "El negro de D5 tiene 4 extremidades pero solo tres casillas vecinas vacías (C4, E5 y E6)"),
]


def test_spanish_adaptoid_rulebook_states_every_rule_of_the_seed() -> None:
    rulebook = RULEBOOKS / "es" / "adaptoid.md"
    if not (ROOT / "games" / "adaptoid.yaml").exists():
        pytest.skip("games/adaptoid.yaml is not there yet")
    seed = " ".join((ROOT / "tests" / "data" / "adaptoid_es_seed.txt").read_text(
        encoding="utf-8").split())
    ours = " ".join(rulebook.read_text(encoding="utf-8").split())
    for stated, counterpart in SEED_RULES:
        assert " ".join(stated.split()) in seed, stated
        assert counterpart in ours, f"the seed says {stated!r}; we lack {counterpart!r}"
