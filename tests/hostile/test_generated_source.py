"""Issue 48, "game text never becomes code": the native kernels' module holds only what
the generator writes (names it makes, numbers, its own docstrings and comments), and
``validate`` refuses control and invisible characters in every name, at its line.

The generator is tested on its own, with the file's character checks switched off
(``unchecked``): a name that validation would refuse still never reaches the source."""

from __future__ import annotations

import ast
import io
import json
import os
import re
import subprocess
import sys
import tokenize
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from framework import load_game, load_game_text
from framework.kernel.pieces import Unsupported
from framework.native.assemble import plan_of, source_of, support_of
from tests.conftest import GAME_FILES, ROOT
from tests.hostile.bounded import assert_refused, cli, run_bounded

#: Every character that could end a string literal, a comment or a line of source.
HOSTILE = "'\"'''\"\"\"\\\r\n\x00\u2028#"
#: The package's own source, where every literal and comment of a module must come from.
PACKAGE_SOURCE = "\n".join(path.read_text(encoding="utf-8")
                           for path in sorted((ROOT / "framework").rglob("*.py")))


def hostile_game(hostile: bool) -> dict[str, Any]:
    """Tic-tac-toe with every kind of text a file may write filled with ``HOSTILE`` (or,
    not ``hostile``, with plain words of the same structure)."""
    def t(tag: str) -> str:
        return f"{tag}{HOSTILE}" if hostile else tag

    x, o, mark, zone, phase, counter, style = (t("px"), t("po"), t("mk"), t("zn"), t("ph"),
                                               t("ct"), t("st"))
    return {
        "name": t("nm"), "description": t("ds"),
        "parameters": {"style": {"type": "choice", "default": style,
                                 "choices": [style, "plain"], "description": t("pd")}},
        "players": [{"name": x, "forward": "s"}, {"name": o, "forward": "n"}],
        "board": {"type": "grid", "rows": 3, "columns": 3, "adjacency": "king"},
        "pieces": {mark: {"symbols": {x: "x", o: "o"}, "glyph": "x"}},
        "counters": [counter],
        "zones": {zone: ["a1", "b2"]},
        "turn": [{"name": phase, "type": "moves", "options": [
            {"type": "place", "piece": mark, "where": "anywhere", "notation": t("{to}")}]}],
        "goals": [{"type": "line", "length": 3}],
        "result": {"type": "draw"},
        "max_plies": 9,
        # A translation is one word of letters (checked by the notation): plain here.
        "notation": {"pass": t("pass"), "words": {"es": {"pass": "pasar"}}},
        "terms": {"en": {zone: t("tz")}},
        "credits": {"author": t("au"), "publisher": t("pu"), "source": t("so"),
                    "licence": t("li")},
        "prose": {"en": {"introduction": t("in")}},
        "evaluation": {"terms": [{"piece": mark, "weight": 1}], "mobility": 0},
        "examples": [{"name": t("ex"), "caption": t("ca"), "actions": []}],
    }


@pytest.fixture
def unchecked(monkeypatch: pytest.MonkeyPatch) -> None:
    """The file's character checks off: what the generator does with any text."""
    import framework.spec.load
    import framework.spec.semantics

    monkeypatch.setattr(framework.spec.load, "character_issues", lambda src: [])
    monkeypatch.setattr(framework.spec.semantics, "_name_problem", lambda name: None)


def tokens(source: str) -> Iterator[tokenize.TokenInfo]:
    return tokenize.generate_tokens(io.StringIO(source).readline)


def texts_of(source: str) -> list[str]:
    """Every string constant of the module's syntax tree, and every comment."""
    tree = ast.parse(source)
    constants = [node.value for node in ast.walk(tree)
                 if isinstance(node, ast.Constant) and isinstance(node.value, str)]
    return constants + [t.string for t in tokens(source) if t.type == tokenize.COMMENT]


def assert_generated_by_the_package(source: str) -> None:
    """Each literal and comment of a module is written, as it stands, in the package's
    source, and every name is ASCII: nothing came from the game file."""
    ast.parse(source)
    for token in tokens(source):
        if token.type in (tokenize.STRING, tokenize.COMMENT):
            assert token.string in PACKAGE_SOURCE, token.string
        if token.type == tokenize.NAME:
            assert token.string.isascii(), token.string


@pytest.mark.parametrize("path", GAME_FILES, ids=[p.stem for p in GAME_FILES])
def test_a_bundled_games_module_holds_only_the_generators_own_text(path: Path) -> None:
    game = load_game(path)
    try:
        plan = plan_of(game)
    except Unsupported:  # the kernels do not play it: no module is generated at all
        assert support_of(game) is not None
        return
    assert_generated_by_the_package(source_of(plan))


def test_every_text_of_a_file_leaves_its_module_unchanged(unchecked: None) -> None:
    """A file whose every text holds quotes, triple quotes, backslashes, line breaks, NUL,
    U+2028 and # makes the very module a plain file of the same rules makes, and none of
    that text is in it."""
    plain = load_game_text(json.dumps(hostile_game(False), indent=1), "plain.yaml")
    hostile = load_game_text(json.dumps(hostile_game(True), indent=1), "hostile.yaml")
    assert hostile.name == "nm" + HOSTILE and hostile.players[0] == "px" + HOSTILE
    source = source_of(plan_of(hostile))
    assert source == source_of(plan_of(plain))
    for text in texts_of(source):
        for part in (HOSTILE, "\x00", "\u2028", "\r", '"""' + "\\"):
            assert part not in text, text


EXPLOIT = "Pwn\nimport os; open('PWNED','w').write('x')\n#"


def tic_tac_toe_named(name: str) -> str:
    text = (ROOT / "games" / "tic-tac-toe.yaml").read_text(encoding="utf-8")
    return text.replace("name: Tic-tac-toe", f"name: {json.dumps(name)}", 1)


def test_the_exploit_of_issue_48_is_refused_at_its_line(tmp_path: Path) -> None:
    """``boardspec perft FILE 3 --backend native`` on the file of the report: refused at
    the name's line and column, exit 2, and nothing it wrote ran."""
    game = tmp_path / "pwn.yaml"
    game.write_text(tic_tac_toe_named(EXPLOIT), encoding="utf-8")
    env = {**os.environ, "BOARDSPEC_NATIVE_CACHE": str(tmp_path / "cache")}
    done = subprocess.run([sys.executable, "-m", "framework", "perft", str(game), "3",
                           "--backend", "native"], cwd=tmp_path, env=env,
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 2, done.stderr
    assert "pwn.yaml:2:7" in done.stderr and "U+000A" in done.stderr, done.stderr
    assert "Traceback" not in done.stderr
    assert not (tmp_path / "PWNED").exists()


def test_the_exploits_module_never_runs_its_name(tmp_path: Path, unchecked: None,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    """Past validation (checks off), the native module of the file is written and
    imported, as every native command does first: the name's line of Python never runs."""
    pytest.importorskip("numba")
    from framework.native.backend import NativeGame

    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("BOARDSPEC_NATIVE_CACHE", str(tmp_path / "cache"))
    game = load_game_text(tic_tac_toe_named(EXPLOIT), "pwn.yaml")
    assert game.name == EXPLOIT
    native = NativeGame(game)
    assert "PWNED" not in native.source
    assert not (tmp_path / "PWNED").exists()


# Names at validate ---------------------------------------------------------------------
TIC_TAC_TOE = (ROOT / "games" / "tic-tac-toe.yaml").read_text(encoding="utf-8")
#: Control, format, separator and invisible characters, one of each family.
REFUSED = ["\n", "\r", "\t", "\x00", "\x1b", "\x85", "\u2028", "\u2029", "\u200b", "\u200d",
           "\u202e", "\u2066", "\ufeff", "\u00ad", "\ue000", "\u3164"]
#: Where a name stands in tic-tac-toe: (the text replaced, the name it holds, where the
#: name then stands).
NAMES = {
    "game": ("name: Tic-tac-toe", "Tic-tac-toe", "2:7"),
    "player": ("players: [x, o]", "o", "7:14"),
    "piece": ("  mark:\n", "mark", "10:3"),
    "phase": ("  - name: place", "place", "15:11"),
    "example": ("  - name: Crosses move first", "Crosses move first", "31:11"),
}


def with_character(name: str, char: str) -> str:
    old, word, _ = NAMES[name]
    return TIC_TAC_TOE.replace(old, old.replace(word, json.dumps(f"{word}{char}x")), 1)


@pytest.mark.parametrize("name", list(NAMES))
@pytest.mark.parametrize("char", REFUSED, ids=[f"U+{ord(c):04X}" for c in REFUSED])
def test_a_name_with_an_invisible_or_control_character_is_refused(name: str,
                                                                  char: str) -> None:
    """Refused by ``validate`` at the name's line and column, the character named."""
    text = with_character(name, char)
    outcome = run_bounded(lambda: load_game_text(text, "named.yaml"))
    assert_refused(outcome, f"named.yaml:{NAMES[name][2]}", f"U+{ord(char):04X}",
                   "visible characters only")
    assert char not in outcome.message  # said escaped, never written out


def test_the_cli_refuses_a_zone_named_with_a_right_to_left_override(tmp_path: Path) -> None:
    text = TIC_TAC_TOE.replace("no_legal_move:", 'zones: {"corner\\u202e": [a1]}\n'
                               "no_legal_move:", 1)
    path = tmp_path / "zone.yaml"
    path.write_text(text, encoding="utf-8")
    assert_refused(run_bounded(cli("validate", str(path))), "zone.yaml:19:9", "U+202E",
                   "RIGHT-TO-LEFT OVERRIDE")


def with_description(text: str) -> str:
    return re.sub(r"description: >\n(  .*\n)+",
                  lambda _: f"description: {json.dumps(text)}\n", TIC_TAC_TOE, count=1)


@pytest.mark.parametrize("char", ["\n", "\t", "\u200d"])
def test_prose_keeps_line_breaks_tabs_and_joiners(char: str) -> None:
    text = with_description(f"a{char}b").replace(
        "max_plies:", "prose: {en: {strategy: " + json.dumps(f"c{char}d") + "}}\nmax_plies:")
    game = load_game_text(text, "prose.yaml")
    assert game.spec.description == f"a{char}b"
    assert game.spec.prose["en"]["strategy"] == f"c{char}d"


@pytest.mark.parametrize("char", ["\r", "\x00", "\u2028", "\u202e", "\u200b"])
def test_prose_refuses_every_other_control_or_invisible_character(char: str) -> None:
    text = with_description(f"a{char}b")
    outcome = run_bounded(lambda: load_game_text(text, "prose.yaml"))
    assert_refused(outcome, "prose.yaml:3:14", f"U+{ord(char):04X}", "prose may break lines")
