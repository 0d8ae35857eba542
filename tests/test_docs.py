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
from framework.docs.extract import game_words
from framework.docs.i18n import catalog_path
from framework.render.svg import Marks, Piece, board_svg
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


def _catalog(lang: str) -> dict[str, str]:
    with catalog_path(lang).open("rb") as po:
        return {m.id: m.string for m in read_po(po) if m.id}


def test_catalogs_translate_every_sentence_and_game_word() -> None:
    """Every sentence Babel extracts from the framework (plugins' describe(), the rulebook
    builder, the templates) and every word the bundled games name (players, pieces,
    attributes, counters, phases) is translated in every catalog, with the same
    placeholders. Descriptions and captions of game files fall back to English when a
    catalog lacks them."""
    method_map = [("framework/**.py", "python"), ("framework/docs/templates/**.j2", "jinja2")]
    options = {"framework/docs/templates/**.j2": {"extensions": "jinja2.ext.i18n"}}
    wanted = {message for _, _, message, _, _ in extract_from_dir(
        ROOT, method_map, options, keywords={"_": None, "N_": None})
        if isinstance(message, str)}
    assert {"Material", "first", "Legal: {actions}."} <= wanted
    for path in GAME_FILES:
        wanted |= set(game_words(yaml.safe_load(path.read_text(encoding="utf-8"))))
    for lang in LANGUAGES:
        if lang == "en":
            continue
        found = _catalog(lang)
        untranslated = sorted(m for m in wanted if not found.get(m))
        assert not untranslated, (f"{lang}: {len(untranslated)} untranslated, e.g. "
                                  f"{untranslated[:3]}: see docs/tutorial.md, 'Translations'")
        for message, text in found.items():
            if text:
                assert _placeholders(text) == _placeholders(message), (lang, message)


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
    assert 'class="removed" opacity="0.8" data-cell="D5"' in svg


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
     "**adaptoide**: 12 por jugador. Cada adaptoide puede llevar patas: 12 por jugador. "
     "Cada adaptoide puede llevar pinzas: 12 por jugador."),
    ("capturar al menos 5 adaptoides enemigos", "Gana el jugador cuyas capturas lleguen a 5."),
    ("dejar al oponente sin un solo adaptoide sobre el tablero",
     "Cuando a un jugador no le queda ninguna pieza en el tablero, gana el otro jugador."),
    ("El juego comienza con el tablero vacío.", "El tablero empieza vacío."),
    ("coloca un adaptoide blanco y otro negro",
     "El primer jugador coloca un adaptoide de cada color (blanco, negro)"),
    ("el segundo jugador decide si quiere jugar con piezas blancas o negras",
     "el segundo jugador elige con qué color juega"),
    ("el jugador que juega con piezas blancas comienza la partida", "Empieza blanco."),
    ("Opcionalmente, un jugador puede mover uno de sus adaptoids",
     "Mover es opcional"),
    ("puede moverse tantas casillas como número de patas tenga",
     "Mueve un adaptoide tuyo tantos pasos como patas tenga"),
    ("no puede pasar a través de una casilla ocupada", "pasando solo por casillas vacías"),
    ("el adaptoide con más pinzas permanece en el tablero y el otro es capturado",
     "el que tenga más pinzas permanece y el otro es retirado"),
    ("Si ambos adaptoides tienen el mismo número de pinzas, ambos serán removidos",
     "Con las mismas pinzas, ambos son retirados."),
    ("el número de adaptoides capturados se incrementa para ambos jugadores",
     "Cada pieza retirada suma 1 a las capturas del otro jugador."),
    ("Los adaptoides capturados pueden ser usados otra vez",
     "vuelve, con todo lo que lleva, a la reserva de su dueño y puede usarse otra vez"),
    ("no puede moverse a la casilla ocupada por el adaptoide negro porque éste tiene más pinzas",
     "No puede atacar a un enemigo que tenga más pinzas que él."),
    ("el adaptoide remarcado no puede alcanzar la casilla D7",
     "no puede alcanzar D7, que necesitaría 3 patas porque D6 está ocupada"),
    ("debe crear un nuevo adaptoide o añadir una pata o una pinza",
     "crea un adaptoide nuevo y desnudo de tu reserva en una casilla vacía junto a una de tus "
     "piezas, o añade 1 (patas o pinzas) de tu reserva a una de tus piezas"),
    ("El nuevo adaptoide creado debe ser colocado en cualquier  casilla vacía adyacente",
     "Un nuevo adaptoide negro puede crearse exactamente en las casillas vacías junto a uno "
     "negro."),
    ("el número de casillas adyacentes a ésta es menor que el número de extremidades",
     "se retira toda pieza enemiga que tenga menos casillas vecinas vacías que patas y pinzas "
     "juntas"),
    ("pasan a la cuenta de adaptoides capturados por el jugador que efectúa el movimiento",
     "Cada una suma 1 a tus capturas."),
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
