"""The JSON Schema of game files, generated from the pydantic models (and so from every
registered plugin)."""

from __future__ import annotations

import json

from framework.spec.models import game_model


def schema_text() -> str:
    schema = game_model().model_json_schema(by_alias=True)
    schema["$schema"] = "https://json-schema.org/draft/2020-12/schema"
    schema["title"] = "boardspec game file"
    return json.dumps(schema, indent=2, ensure_ascii=False, sort_keys=False) + "\n"
