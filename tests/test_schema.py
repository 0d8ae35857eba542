"""The committed JSON Schema is the one the models generate."""

from __future__ import annotations

import json
from typing import Any

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


def game_validator() -> Any:
    import jsonschema

    schema = json.loads(schema_text())
    jsonschema.Draft202012Validator.check_schema(schema)
    return jsonschema.Draft202012Validator(schema)


def test_every_bundled_game_file_is_valid_under_the_schema() -> None:
    """What an editor checks a game file with: Hex's ``size: $size``, ``max_plies:
    ${size * size + 1}`` and ``{$if: swap, then: ...}`` stand where the models want a
    number or a block, and Hasami Shogi's ``if:`` holds one condition."""
    validator = game_validator()
    for path in sorted((ROOT / "games").glob("*.yaml")):
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
        errors = [e.message[:200] for e in validator.iter_errors(data)]
        assert not errors, (path.name, errors)


def test_the_schema_still_refuses_what_no_parameter_makes_right() -> None:
    validator = game_validator()
    hex_file = yaml.safe_load((ROOT / "games" / "hex.yaml").read_text(encoding="utf-8"))
    for change in (lambda d: d["board"].update(size="size"),      # no $: a word, no number
                   lambda d: d.update(max_plies="$"),
                   lambda d: d["board"].update(size="$Size"),     # not a parameter's name
                   lambda d: d["turn"][0]["options"].append({"$if": "swap"}),  # no then
                   lambda d: d["parameters"]["size"].update(min="$size")):  # declarations
        data = yaml.safe_load(yaml.safe_dump(hex_file))
        change(data)
        assert list(validator.iter_errors(data)), data
