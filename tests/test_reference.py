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
