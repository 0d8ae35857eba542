"""The committed JSON Schema is the one the models generate."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
import yaml

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


@pytest.fixture(scope="module")
def validator() -> Any:
    """A validator of the committed schema (which the first test finds fresh)."""
    import jsonschema

    schema = json.loads((ROOT / "schemas" / "game.schema.json").read_text(encoding="utf-8"))
    jsonschema.Draft202012Validator.check_schema(schema)
    return jsonschema.Draft202012Validator(schema)


def read_yaml(path: Path) -> Any:
    loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
    return yaml.load(path.read_text(encoding="utf-8"), Loader=loader)


def test_every_bundled_game_file_is_valid_under_the_schema(validator: Any) -> None:
    """What an editor checks a game file with: Hex's ``size: $size``, ``max_plies:
    ${size * size + 1}`` and ``{$if: swap, then: ...}`` stand where the models want a
    number or a block, and Hasami Shogi's ``if:`` holds one condition."""
    for path in sorted((ROOT / "games").glob("*.yaml")):
        data = read_yaml(path)
        errors = [e.message[:200] for e in validator.iter_errors(data)]
        assert not errors, (path.name, errors)


def test_the_schema_still_refuses_what_no_parameter_makes_right(validator: Any) -> None:
    hex_file = read_yaml(ROOT / "games" / "hex.yaml")
    for change in (lambda d: d["board"].update(size="size"),      # no $: a word, no number
                   lambda d: d.update(max_plies="$"),
                   lambda d: d["board"].update(size="$Size"),     # not a parameter's name
                   lambda d: d["turn"][0]["options"].append({"$if": "swap"}),  # no then
                   lambda d: d["parameters"]["size"].update(min="$size")):  # declarations
        data = json.loads(json.dumps(hex_file))
        change(data)
        assert list(validator.iter_errors(data)), data
