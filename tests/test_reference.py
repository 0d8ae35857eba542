"""The game file reference documents every registered block, and the committed copy is fresh."""

from __future__ import annotations

from framework.docs.reference import SECTIONS, reference_markdown
from framework.plugins import plugins

from .conftest import ROOT


def test_committed_reference_is_fresh() -> None:
    committed = (ROOT / "docs" / "reference.md").read_text(encoding="utf-8")
    assert committed == reference_markdown(), "run `boardspec reference` and commit docs/"


def test_every_block_has_a_yaml_example_and_documented_parameters() -> None:
    text = reference_markdown()
    for kind in SECTIONS:
        for keyword in plugins(kind):
            section = text.split(f"### `{keyword}`", 1)[1].split("\n### ", 1)[0]
            assert "```yaml" in section, f"{kind} {keyword!r} has no YAML example"
            assert "| parameter |" in section


def test_every_top_level_key_and_every_parameter_has_a_meaning() -> None:
    from framework.spec.models import game_model

    text = reference_markdown()
    top = text.split("## The top level", 1)[1].split("\n### ", 1)[0]
    for name, field in game_model().model_fields.items():
        assert f"| `{field.alias or name}` |" in top, f"top-level key {name!r} is missing"
    for section in ("`pieces.<kind>`", "`pieces.<kind>.attributes.<name>`", "`notation.fen`",
                    "`evaluation.terms[]`", "`examples[]`", "`examples[].expect`"):
        assert f"### {section}" in text
    rows = [line for line in text.splitlines() if line.startswith("| `")]
    assert len(rows) > 100
    empty = [row for row in rows if row.rstrip().endswith("|  |")]
    assert not empty, f"parameters without a meaning: {empty[:3]}"
    assert "| `steps.attribute` |" in text  # a block inside a block has its rows too


def test_the_top_level_example_is_a_game_that_loads_and_plays() -> None:
    from framework import load_game_text
    from framework.docs.reference import TOP_EXAMPLE

    game = load_game_text(TOP_EXAMPLE, "reference.yaml")
    state = game.new_initial_state()
    assert state.legal_actions()
