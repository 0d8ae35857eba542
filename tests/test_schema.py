"""The committed JSON Schema is the one the models generate."""

from __future__ import annotations

import json

from framework.spec.schema import schema_text

from .conftest import ROOT


def test_committed_schema_is_fresh() -> None:
    committed = (ROOT / "schemas" / "game.schema.json").read_text()
    assert committed == schema_text(), "run `boardspec schema` and commit schemas/"


def test_schema_lists_every_phase_type() -> None:
    schema = json.loads(schema_text())
    text = json.dumps(schema)
    for keyword in ("clone_or_jump", "convert_adjacent", "fixed", "majority", "hexhex"):
        assert f'"{keyword}"' in text
