"""Notation words in the rulebook languages (``notation.words``, the catalogs' ``notation``
context): written in the rulebooks, read when a person plays in that language, and never
in records, JSON or FEN."""

from __future__ import annotations

import re
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from framework import load_game
from framework.docs.rulebook import render_rulebook
from framework.engine.state import State
from framework.errors import IllegalActionError, NotationError, SpecError
from framework.examples import start_of
from framework.game import Game, load_game_text
from framework.notation_words import notation_words, words_in

from .conftest import ROOT

ADAPTOID = ROOT / "games" / "adaptoid.yaml"
LANGS = ("es", "pt", "ru", "eo")


@pytest.fixture(scope="module")
def adaptoid() -> Game:
    return load_game(ADAPTOID)


def states_of(game: Game) -> Iterator[State]:
    """The start, and every state the game file's examples go through."""
    yield game.new_initial_state()
    for example in game.spec.examples:
        state = start_of(game, example)
        yield state.clone()
        for text in example.actions:
            state.apply(state.parse_action(text))
            yield state.clone()


def test_the_words_of_a_game_are_those_its_notation_writes(adaptoid: Game) -> None:
    assert notation_words(adaptoid) == ("white", "black", "skip", "leg", "pincer")
    assert notation_words(load_game(ROOT / "games" / "ataxx.yaml")) == ()  # f1, g1e1, 0000


@pytest.mark.parametrize("lang", LANGS)
def test_every_action_round_trips_through_its_translated_notation(adaptoid: Game,
                                                                   lang: str) -> None:
    words = words_in(adaptoid, lang)
    file_words = set(notation_words(adaptoid))
    translated = 0
    for state in states_of(adaptoid):
        if state.is_terminal():
            continue
        for action in state.legal_actions():
            written = words.write(action)
            back = words.parse(state.clone(), written)
            assert back == action and back.notation == action.notation, (written, action)
            assert words.parse(state.clone(), action.notation) == action  # the file's form
            assert words.parse(state.clone(), written.upper()) == action
            if written != action.notation:
                translated += 1
                assert not set(re.findall(r"[^\W\d_]{2,}", written)) & file_words, written
    assert translated > 20


def test_spanish_words(adaptoid: Game) -> None:
    words = words_in(adaptoid, "es")
    assert words.words == {"white": "blancas", "black": "negras", "skip": "pasar",
                           "leg": "pata", "pincer": "pinza"}
    start = adaptoid.new_initial_state()
    placed = words.parse(start, "blancas@D2")
    assert placed.notation == "white@D2"
    state = adaptoid.state_from_json({"to_move": "white", "phase": "build",
                                      "cells": {"D5": "white", "A1": "black"}})
    grow = words.parse(state, "d5+PATA")
    assert grow.notation == "D5+leg" and grow.attribute == "legs"
    assert grow.to_json(adaptoid)["notation"] == "D5+leg"  # JSON keeps the file's words
    state.apply(grow)
    assert "pata" not in state.to_json_string()
    moving = adaptoid.state_from_json({"to_move": "white", "cells": {"D5": "white",
                                                                       "A1": "black"}})
    assert words.parse(moving, "pasar").notation == "skip"
    assert words.write_text("C5+pincer") == "C5+pinza"


def test_a_rejected_word_is_quoted_and_what_was_expected_is_listed_in_spanish(
        adaptoid: Game) -> None:
    words = words_in(adaptoid, "es")
    state = adaptoid.state_from_json({"to_move": "white", "phase": "build",
                                      "cells": {"D5": "white", "A1": "black"}})
    with pytest.raises(NotationError) as caught:
        words.parse(state, "D5+brazo")
    message = str(caught.value)
    assert message.startswith("'D5+brazo' no es una acción de Adaptoid; se esperaba una "
                              "acción escrita como ")
    assert "'A1+pata'" in message and "'pasar'" in message and "'blancas@A1'" in message
    assert "'skip'" not in message and "leg" not in message
    with pytest.raises(IllegalActionError) as illegal:
        words.parse(state, "A1+pinza")  # a word of the game, but black's piece
    text = str(illegal.value)
    assert text.startswith("'A1+pinza' no es legal aquí (turno de: blancas); acciones "
                           "legales: ")
    assert "D5+pata" in text and "D5+leg" not in text


def test_english_keeps_the_engines_messages(adaptoid: Game) -> None:
    state = adaptoid.new_initial_state()
    with pytest.raises(NotationError, match="is not an action of Adaptoid; expected an action "
                                            "written like 'A1-A2'"):
        words_in(adaptoid, "en").parse(state, "D5+brazo")


def test_long_input_is_quoted_shortened() -> None:
    game = load_game(ROOT / "games" / "ataxx.yaml")
    state = game.new_initial_state()
    with pytest.raises(NotationError) as caught:
        state.parse_action("x" * 5000)
    message = str(caught.value)
    assert len(message) < 300 and "(5000 characters)" in message
    assert message.startswith("'" + "x" * 40 + "'…")
    with pytest.raises(IllegalActionError) as illegal:
        state.parse_action("a1" + " " * 100 + "")  # stripped: short, quoted whole
    assert "'a1' is not legal here" in str(illegal.value)
    with pytest.raises(NotationError) as spanish:
        words_in(game, "es").parse(state, "y" * 999)
    assert "(999 characters)" in str(spanish.value) and len(str(spanish.value)) < 300


TEMPLATED = """\
name: Crossings
players: [red, blue]
board: {type: grid, rows: 3, columns: 3, adjacency: king}
pieces:
  stone: {symbols: {red: r, blue: b}}
setup:
  - {type: fixed, cells: {a1: red, c3: blue}}
turn:
  - name: move
    type: moves
    optional: true
    skip: wait
    options:
      - {type: reach, distance: 1, effect: move, kind: step, notation: "{from}x{to}"}
notation:
  words:
    es: {x: por, wait: espera}
"""


def test_a_word_glued_to_cells_in_a_template_is_translated() -> None:
    game = load_game_text(TEMPLATED)
    assert notation_words(game) == ("x", "wait")
    words = words_in(game, "es")
    state = game.new_initial_state()
    written = sorted(words.write(a) for a in state.legal_actions())
    assert written == ["a1pora2", "a1porb1", "a1porb2", "espera"]
    assert words.parse(state, "a1porb2").notation == "a1xb2"
    assert words.parse(state, "ESPERA").notation == "wait"
    portuguese = words_in(game, "pt")  # no word given: the file's
    assert all(portuguese.write(a) == a.notation for a in state.legal_actions())


@pytest.mark.parametrize(("words", "where", "expected"), [
    ("{fr: {leg: jambe}}", "notation.words.fr", "'fr' is not a language the notation can be "
                                                "translated into"),
    ("{es: {arm: brazo}}", "notation.words.es.arm", "'arm' is not a word of this game's "
                                                    "notation; its words are: white, black, "
                                                    "skip, leg, pincer"),
    ("{es: {leg: D5}}", "notation.words.es.leg", "'D5' must be one word of letters"),
    ("{es: {leg: two words}}", "notation.words.es.leg", "must be one word"),
    ("{es: {leg: pincer}}", "notation.words.es.leg", "'pincer' is how the game file writes "
                                                     "'pincer'"),
    ("{es: {leg: pata, pincer: pata}}", "notation.words.es.pincer", "'pata' is also the es "
                                                                    "word for 'leg'"),
])
def test_wrong_words_are_reported_with_their_place(words: str, where: str,
                                                   expected: str) -> None:
    text = ADAPTOID.read_text(encoding="utf-8")
    text = re.sub(r"notation:\n  words:.*?\n(?=examples:)", f"notation: {{words: {words}}}\n",
                  text, flags=re.DOTALL)
    with pytest.raises(SpecError) as caught:
        load_game_text(text, "adaptoid.yaml")
    message = str(caught.value)
    assert f"error at {where}: " in message and expected in message
    assert re.match(r"adaptoid\.yaml:\d+:\d+: ", message)


def test_a_cell_name_cannot_be_a_translated_word() -> None:
    text = (ROOT / "games" / "super-adaptoid.yaml").read_text(encoding="utf-8")
    assert "es: {leg: pata" in text
    with pytest.raises(SpecError, match="'O' is the name of cell o") as caught:
        load_game_text(text.replace("es: {leg: pata", "es: {leg: O"))
    assert "notation.words.es.leg" in str(caught.value)


def test_the_rulebooks_write_the_translated_words(adaptoid: Game) -> None:
    spanish, _ = render_rulebook(adaptoid, "es", "md", "adaptoid")
    assert "- `C5+pata`: Las negras añaden una pata al adaptoide de C5" in spanish
    assert "- `pasar`: Las blancas se saltan el paso «mover»" in spanish
    assert ("*Jugado: Las blancas se saltan el paso «mover» (pasar); las blancas colocan una "
            "pieza nueva (adaptoide) en D4 (+D4).") in spanish
    assert "(blancas@D2)" in spanish and "(negras@D6)" in spanish
    assert "Aquí las blancas pueden jugar D3+pata o G4+pata, pero no" in spanish
    assert "(blancas = white, negras = black, pasar = skip, pata = leg, pinza = pincer)" \
        in spanish
    assert "C5+leg" not in spanish and "`skip`" not in spanish
    pie = adaptoid.new_initial_state()
    for text in ("white@D2", "black@D6"):
        pie.apply(pie.parse_action(text))
    russian_words = words_in(adaptoid, "ru")
    assert russian_words.parse(pie, "ЧЕРНЫЕ").notation == "black"  # ё typed as е
    assert russian_words.parse(pie, "чёрные").notation == "black"
    russian, _ = render_rulebook(adaptoid, "ru", "md", "adaptoid")
    assert "`C5+нога`" in russian and "`пропуск`" in russian
    english, _ = render_rulebook(adaptoid, "en", "md", "adaptoid")
    assert "- `C5+leg`: Black adds one leg" in english and "either form" not in english


def test_play_in_spanish_in_the_terminal(tmp_path: Path) -> None:
    typed = ["D5+brazo", "blancas@D2", "quit"]
    # A file of its own (safeio now writes into a device rather than renaming over it;
    # tests/hostile/test_safeio.py checks that with a pipe).
    run = subprocess.run([sys.executable, "-m", "framework", "play", "games/adaptoid.yaml",
                          "--white", "human", "--black", "random", "--lang", "es",
                          "--seed", "1", "--save", str(tmp_path / "game.json")],
                         capture_output=True, text=True, cwd=ROOT,
                         input="\n".join(typed) + "\n")
    out = run.stdout
    assert "not played: 'D5+brazo' no es una acción de Adaptoid" in out, out + run.stderr
    assert "blancas@A1" in out  # the legal moves, in Spanish
    assert "white@A1" not in out
    bad = subprocess.run([sys.executable, "-m", "framework", "play", "games/adaptoid.yaml",
                          "--lang", "fr"], capture_output=True, text=True, cwd=ROOT)
    assert bad.returncode == 2 and "expected one of en, es, pt, ru, eo" in bad.stderr


def test_play_in_spanish_in_the_web_app() -> None:
    from starlette.testclient import TestClient

    from framework.web import create_app

    with TestClient(create_app([ROOT / "games"]), base_url="http://localhost") as client:
        made = client.post("/api/play?lang=es", json={"game": "adaptoid",
                                                      "seats": ["human", "human"]})
        assert made.status_code == 201, made.text
        game_id, tokens = made.json()["id"], made.json()["tokens"]
        state = made.json()["state"]
        assert {a["written"] for a in state["legal"]} >= {"blancas@A1", "blancas@D2"}
        assert all(a["notation"].startswith("white@") for a in state["legal"])
        url = f"/api/play/{game_id}/apply?lang=es"
        played = client.post(url, json={"token": tokens[0], "ply": 0, "action": "blancas@D2"})
        assert played.status_code == 200, played.text
        assert played.json()["played"] == ["white@D2"]  # the record's notation
        turn = played.json()["state"]["turns"][0]
        assert turn["actions"] == ["white@D2"] and turn["written"] == ["blancas@D2"]
        wrong = client.post(url, json={"token": tokens[0], "ply": 1, "action": "rojas@D6"})
        assert wrong.status_code == 422
        assert "'rojas@D6' no es una acción de Adaptoid" in wrong.text
        assert "blancas@A1" in wrong.text
        record = client.get(f"/api/play/{game_id}/record").text
        assert "white@D2" in record and "blancas" not in record


def test_a_catalog_word_gives_way_to_the_files_own() -> None:
    text = ADAPTOID.read_text(encoding="utf-8")
    game = load_game_text(text.replace("es: {leg: pata", "es: {leg: pasar"))
    words = words_in(game, "es")
    assert words.words["leg"] == "pasar" and "skip" not in words.words  # skip stays skip
    state = game.state_from_json({"to_move": "white", "cells": {"D5": "white", "A1": "black"}})
    assert words.parse(state, "skip").notation == "skip"
    with pytest.raises(NotationError):
        words.parse(state, "pasar")


def test_check_finds_a_translation_that_reads_two_ways() -> None:
    from framework.notation_words import translation_problem

    game = load_game(ADAPTOID)  # its own copy: spoiled below
    state = game.state_from_json({"to_move": "white", "phase": "build",
                                  "cells": {"D5": "white", "A1": "black"}})
    assert translation_problem(state, state.legal_actions()) is None
    words = words_in(game, "pt")
    # What validation refuses in a file: a word that reads as another.
    words.write = lambda action: action.notation.replace("leg", "pincer")  # type: ignore
    problem = translation_problem(state, state.legal_actions())
    assert problem == "pt: 'D5+leg' and 'D5+pincer' are both written 'D5+pincer'", problem


@pytest.mark.parametrize("stem", ["adaptoid", "adaptoid-nestorgames", "super-adaptoid"])
def test_every_written_form_of_the_notation_is_explained(stem: str) -> None:
    # A grow of each attribute is found with its meaning, and a drawn board's cell names
    # (Super-Adaptoid's o, c10) are recognised as cells: no form is listed bare.
    game = load_game(ROOT / "games" / f"{stem}.yaml")
    for lang in ("en", "es"):
        text, _ = render_rulebook(game, lang, "md", stem)
        section = text.split("\n## ")[[s.split("\n")[0] for s in text.split("\n## ")].index(
            "Notation" if lang == "en" else "Notación")]
        items = [line for line in section.splitlines() if line.startswith("- `")]
        assert len(items) >= 5 and all("`: " in line for line in items), items
        assert any("+pincer`: " in line or "+pinza`: " in line for line in items)
