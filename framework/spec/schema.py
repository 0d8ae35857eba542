"""The JSON Schema of game files, generated from the pydantic models (and so from every
registered plugin).

A game file may write a parameter where a value stands (``size: $size``, ``max_plies:
${size * size + 1}``, ``{$if: swap, then: ...}``; ``docs/parameters.md``), so the schema
an editor checks the file with says so: every value of the models' schema (a property, a
list's item, a mapping's value) is the value the model describes, or a parameter reference
(``$name``, ``${expression}``), or a ``$if`` (whose branches the schema leaves
unchecked: pointing each at the value it stands for made the schema five times the size).
The declarations under ``parameters:`` stay literal. ``boardspec validate`` checks every
value after substitution, with the file's line.
"""

from __future__ import annotations

import json
from typing import Any

from framework.spec.models import game_model

#: A whole value taken from the parameters: ``$size`` or ``${size * size + 1}``.
REFERENCE_PATTERN = r"^\$([a-z_][a-z0-9_]*|\{[^{}]*\})$"
REFERENCE = {"type": "string", "pattern": REFERENCE_PATTERN,
             "description": "a parameter's value: $name, or ${expression} of the "
                            "parameters (see docs/parameters.md)"}
#: One value or another by the parameters. Its branches are not checked here (the value
#: they stand for has no name in the schema to point to); ``validate`` checks them.
CHOICE = {"type": "object", "required": ["$if", "then"], "additionalProperties": False,
          "description": "one value or another, by the parameters: {$if: swap, then: ..., "
                         "else: ...} (without else: left out when false)",
          "properties": {"$if": {"type": ["string", "boolean"],
                                 "description": "a parameter, or an expression that is "
                                                "true or false"},
                         "then": {}, "else": {}}}
#: The keys under which a schema gives the schema of a value inside it.
_VALUE_KEYS = ("additionalProperties", "items")
_BRANCH_KEYS = ("anyOf", "oneOf", "allOf", "prefixItems")


def schema_text() -> str:
    schema = game_model().model_json_schema(by_alias=True)
    schema = with_parameter_references(schema)
    schema["$schema"] = "https://json-schema.org/draft/2020-12/schema"
    schema["title"] = "boardspec game file"
    return json.dumps(schema, indent=2, ensure_ascii=False, sort_keys=False) + "\n"


def with_parameter_references(schema: dict[str, Any]) -> dict[str, Any]:
    """``schema`` with every value position also taking a parameter reference or a
    ``$if`` (see the module's docstring)."""
    defs = schema.get("$defs", {})
    for name, node in defs.items():
        if name != "ParameterSpec":  # the declarations are written as they are
            _inside(node)
    for key, node in list(schema.get("properties", {}).items()):
        if key != "parameters":
            _inside(node)
            schema["properties"][key] = _wrapped(node)
    defs["ParameterReference"] = REFERENCE
    defs["ParameterChoice"] = CHOICE
    defs["Parameterised"] = {"anyOf": [{"$ref": "#/$defs/ParameterReference"},
                                       {"$ref": "#/$defs/ParameterChoice"}]}
    return schema


def _inside(node: Any) -> None:
    """Wrap every value position below ``node``."""
    if not isinstance(node, dict):
        return
    for key in _BRANCH_KEYS:
        for member in node.get(key, []):
            _inside(member)
    for key, member in list(node.get("properties", {}).items()):
        if key == "if" and member.get("type") == "array" and "items" in member:
            # ``if:`` takes one condition or a list (ConditionalParams reads either).
            member = {"description": member.get("description", ""),
                      "anyOf": [member["items"], member]}
        _inside(member)
        node["properties"][key] = _wrapped(member)
    for key in _VALUE_KEYS:
        member = node.get(key)
        if isinstance(member, dict):
            _inside(member)
            node[key] = _wrapped(member)


def _wrapped(node: dict[str, Any]) -> dict[str, Any]:
    """The value ``node`` describes, a parameter reference, or a ``$if``."""
    return {"anyOf": [node, {"$ref": "#/$defs/Parameterised"}]}
