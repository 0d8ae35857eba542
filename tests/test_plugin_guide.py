"""docs/plugins.md builds a package with one block of each kind: its code, registered as the
page says, loads, plays its example game to the end, passes `boardspec check` and writes a
rulebook, so the guide cannot drift from the plugin API."""

from __future__ import annotations

import re
from pathlib import Path

from framework import load_game_text
from framework.check.runner import check_game
from framework.docs import render_rulebook

from .conftest import ROOT
from .third_party import installed

GUIDE = (ROOT / "docs" / "plugins.md").read_text(encoding="utf-8")


def _blocks(fence: str, language: str) -> list[str]:
    return re.findall(rf"^{fence}{language}\n(.*?)^{fence}$", GUIDE, re.DOTALL | re.MULTILINE)


def _entry_points() -> str:
    """The guide's pyproject tables as an entry_points.txt, a group's lines from every table
    together (catalogs left out: the package of the guide ships none)."""
    groups: dict[str, list[str]] = {}
    for block in _blocks("```", "toml"):
        for group, body in re.findall(r'\[project\.entry-points\."([^"]+)"\]\n(.*?)(?=\n\[|\Z)',
                                      block, re.DOTALL):
            if group == "boardspec.locales":
                continue
            for line in body.strip().splitlines():
                key, value = (part.strip().strip('"') for part in line.split("#")[0].split("="))
                groups.setdefault(group, []).append(f"{key} = {value}")
    return "".join(f"[{group}]\n" + "\n".join(lines) + "\n\n" for group, lines in groups.items())


def test_the_guide_package_plays_checks_and_documents_its_game(tmp_path: Path) -> None:
    source = "\n\n".join(_blocks("~~~", "python"))
    assert source.count("class ") >= 11  # five blocks, their parameters, a reference version
    game_text = next(b for b in _blocks("```", "yaml") if b.startswith("name: Crowding"))
    with installed(tmp_path, "mygame_blocks", source, _entry_points()):
        game = load_game_text(game_text, "crowding.yaml")
        state = game.new_initial_state()
        assert state.occupied().bit_count() == 2  # the corners setup
        while not state.is_terminal():
            state.apply(state.legal_actions()[0])
        assert state.occupied().bit_count() == 9  # full_board ended it
        assert state.returns() == [-1.0, 1.0]  # fewest: white dropped one more
        report = check_game(game, examples=5)
        assert not report.failed, report
        text, _ = render_rulebook(game, "en", "md", "crowding")
    for sentence in ("Each player starts with one piece, in opposite corners.",
                     "The game ends when the board is full.",
                     "The player with fewer pieces on the board wins"):
        assert sentence in text


def test_the_guide_primitive_consequence_and_condition_work_everywhere(tmp_path: Path) -> None:
    """The guide's ``jump`` (a move primitive inside ``moves:``), ``blast`` (a consequence
    under its ``then:``) and ``behind`` (a condition under an ``if:``), each with its
    reference twin and native piece, in the guide's Leapers: validate, play, check, docs,
    the reference, serve and the native backend all take them as built-in units."""
    from starlette.testclient import TestClient
    from typer.testing import CliRunner

    from framework.cli import _register, app
    from framework.docs.reference import reference_markdown
    from framework.native import NativeGame
    from framework.perft import perft
    from framework.web import create_app

    source = "\n\n".join(_blocks("~~~", "python"))
    game_text = next(b for b in _blocks("```", "yaml") if b.startswith("name: Leapers"))
    folder = tmp_path / "games"
    folder.mkdir()
    path = folder / "leapers.yaml"
    path.write_text(game_text, encoding="utf-8")
    with installed(tmp_path, "mygame_blocks", source, _entry_points()):
        _register()
        runner = CliRunner()
        validated = runner.invoke(app, ["validate", str(path)])
        assert validated.exit_code == 0 and "native backend: yes" in validated.output, \
            validated.output
        played = runner.invoke(app, ["play", str(path), "--seed", "3"])
        assert played.exit_code == 0, played.output
        game = load_game_text(game_text, "leapers.yaml")
        option = game.phases[0].options[0]  # type: ignore[attr-defined]
        assert option.keyword == "jump" and option.consequences[0].keyword == "blast"
        native = NativeGame(game)
        for depth in range(1, 5):
            assert native.perft(native.encode(game.new_initial_state()), depth) == \
                perft(game.new_initial_state(), depth), depth
        report = check_game(game, examples=5)
        assert not report.failed and not report.unchecked, report
        text, _ = render_rulebook(game, "en", "md", "leapers")
        assert "a piece jumps two cells along a line onto an empty cell" in text
        assert "The enemy pieces next to where your piece landed are taken." in text
        assert "you have fewer pieces than an opponent" in text
        reference = reference_markdown()
        assert all(f"`{k}`" in reference for k in ("jump", "blast", "behind"))
        with TestClient(create_app([folder]), base_url="http://localhost") as client:
            listed = client.get("/api/games").json()
        assert "Leapers" in str(listed), listed


def test_every_python_example_of_the_guide_runs_as_written() -> None:
    """The ```python examples (the board and masks, a slot-keeping block) run on their own,
    beside the ~~~python package the test above builds from the others."""
    examples = _blocks("```", "python")
    assert len(examples) >= 2
    for number, code in enumerate(examples):
        exec(compile(code, f"docs/plugins.md, python example {number + 1}", "exec"), {})


def _groups_named(text: str) -> set[str]:
    """The ``boardspec.<word>`` names in ``text`` that are not file names."""
    files = {"po", "pot", "sqlite", "toml", "json", "yaml", "py", "mo", "egg"}
    return {name for name, suffix in re.findall(r"\b(boardspec\.([a-z_]+))\b", text)
            if suffix not in files}


def test_the_docs_name_the_entry_point_groups_the_code_reads() -> None:
    """One group of rule units (``boardspec.rules``) and one of catalogs: the docs once
    named a group per kind, which boardspec never read."""
    from framework.entries import GROUP
    from framework.i18n import LOCALES_GROUP

    read = {GROUP, LOCALES_GROUP}
    sources = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md")),
               *sorted((ROOT / "framework").rglob("*.py"))]
    named = {path.relative_to(ROOT).as_posix(): _groups_named(path.read_text(encoding="utf-8"))
             for path in sources}
    stray = {path: sorted(groups - read) for path, groups in named.items() if groups - read}
    assert not stray, stray
    assert read <= named["docs/plugins.md"]
    from framework.plugins import KINDS

    for kind in KINDS:  # the table of kinds lists each
        assert f"`{kind}" in GUIDE.split("## The kinds", 1)[1].split("\n## ", 1)[0], kind
