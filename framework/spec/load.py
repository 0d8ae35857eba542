"""Load a game file: YAML → validated spec, or one ``SpecError`` listing every problem.

Nothing is half-loaded: the spec object exists only when the schema and every semantic
check passed. Messages are for game authors: ``file:line:column``, the path inside the
document, what was expected and what was found.
"""

from __future__ import annotations

import difflib
import re
import types
import typing
from collections.abc import Mapping
from pathlib import Path
from typing import Any, Union, get_args, get_origin

from pydantic import BaseModel, ValidationError

from framework.errors import SpecError, SpecIssue
from framework.limits import MAX_EXAMPLES, MAX_RULE_BLOCKS
from framework.plugins import broken
from framework.spec.characters import character_issues
from framework.spec.models import GameBase, game_model
from framework.spec.params import with_parameters
from framework.spec.semantics import semantic_issues
from framework.spec.yamlsource import Loc, YamlSource, has_part, parse_yaml, read_yaml


def load_spec_text(text: str, file: str = "<string>",
                   parameters: Mapping[str, Any] | None = None) -> tuple[GameBase, YamlSource]:
    return validate_source(parse_yaml(text, file), parameters)


def load_spec(path: str | Path, parameters: Mapping[str, Any] | None = None
              ) -> tuple[GameBase, YamlSource]:
    return validate_source(read_yaml(path), parameters)


def validate_source(src: YamlSource, parameters: Mapping[str, Any] | None = None
                    ) -> tuple[GameBase, YamlSource]:
    """Validate a parsed game file under the given parameter values (the defaults for the
    others); a document whose parameters are already substituted is taken as it is."""
    if not isinstance(src.data, dict):
        raise SpecError([src.issue((), "expected a mapping of game keys (name, players, "
                                        f"board, …), found {_kind(src.data)}")])
    # Before anything reads a name: a name with a line break or a right-to-left override
    # is refused at its line, whatever block it is in.
    refused = character_issues(src)
    if refused:
        raise SpecError(refused)
    if src.parameters is None:
        src = with_parameters(src, parameters or {})
    elif parameters:
        raise ValueError("this document's parameters are already settled")
    too_many = _too_many_blocks(src)
    if too_many:
        raise SpecError(too_many)
    model = game_model()
    try:
        spec = model.model_validate(src.data)
    except ValidationError as exc:
        raise SpecError([_issue(src, err, model) for err in exc.errors()]) from None
    issues = [src.issue(loc, message) for loc, message in semantic_issues(spec)]
    if issues:
        raise SpecError(issues)
    return spec, src


#: Top-level keys that are not lists of rule blocks (their entries are cells, links, words).
_NOT_BLOCKS = {"board", "examples", "name", "description", "notation"}


def _too_many_blocks(src: YamlSource) -> list[SpecIssue]:
    """Refuse, before any validation, more rule blocks in one list than ``MAX_RULE_BLOCKS``
    (and more examples than ``MAX_EXAMPLES``): validating and compiling them grows faster
    than their number, and no real game has more than a few."""
    issues = []
    for key, value in src.data.items():
        if not isinstance(value, list | dict) or key in _NOT_BLOCKS - {"examples"}:
            continue
        limit, what = (MAX_EXAMPLES, "examples") if key == "examples" else (
            MAX_RULE_BLOCKS, "entries")
        if len(value) > limit:
            issues.append(src.issue((key,), f"at most {limit:,} {what} are allowed here "
                                            f"(see docs/limits.md); found {len(value):,}"))
    return issues


def _kind(value: Any) -> str:
    names = {dict: "a mapping", list: "a list", str: "text", bool: "true/false",
             int: "a whole number", float: "a number", type(None): "nothing (null)"}
    text = repr(value)
    shown = text if len(text) <= 40 else text[:37] + "..."
    return f"{names.get(type(value), type(value).__name__)} {shown}" if value is not None \
        else "nothing (null)"


def _issue(src: YamlSource, err: Any, model: type[BaseModel]) -> SpecIssue:
    loc: Loc = tuple(err["loc"])
    kind = err["type"]
    ctx = err.get("ctx") or {}
    if kind == "extra_forbidden":
        key = loc[-1]
        allowed = _allowed_keys(model, src.data, loc[:-1])
        hint = ""
        if allowed:
            close = difflib.get_close_matches(str(key), allowed, n=1)
            hint = f" (did you mean {close[0]!r}?)" if close else ""
            hint += f"; expected one of: {', '.join(allowed)}"
        return src.issue(loc, f"unknown key {key!r}{hint}", key=True)
    if kind == "missing":
        return src.issue(loc[:-1], f"missing required key {loc[-1]!r}")
    if kind == "union_tag_invalid":
        what = _block_word(loc)
        tags = ctx.get("expected_tags", "")
        why = broken(str(ctx.get("tag")))  # registered, but its package failed to load
        left_out = f" ({why}, so it is left out)" if why else ""
        return src.issue((*loc, "type"), f"unknown {what} {ctx.get('tag')!r}{left_out}; "
                                         f"expected one of: {tags}")
    if kind == "union_tag_not_found":
        return src.issue(loc, "this block needs a 'type:' key naming its kind")
    if kind == "too_long":
        what = "characters" if ctx.get("field_type") == "String" else "items"
        given = err.get("input")
        found = f"; found {len(given):,}" if isinstance(given, str | list | dict) else ""
        return src.issue(loc, f"at most {ctx.get('max_length')} {what} are allowed here "
                              f"(see docs/limits.md){found}")
    if kind == "too_short":  # pydantic says it twice ("…, not 0; found a list []")
        what = "characters" if ctx.get("field_type") == "String" else "items"
        given = err.get("input")
        found = "none" if not given else _kind(given)
        return src.issue(loc, f"at least {ctx.get('min_length')} {what} are needed here; "
                              f"found {found}")
    if kind == "string_pattern_mismatch" and ctx.get("pattern") == r"^\w+$":
        return src.issue(loc, f"only letters, digits and _ are allowed here (see "
                              f"docs/limits.md); found {_kind(err.get('input'))}")
    if kind == "less_than_equal":
        return src.issue(loc, f"at most {ctx.get('le')!r} is allowed here (see "
                              f"docs/limits.md); found {_kind(err.get('input'))}")
    found = _kind(err.get("input"))
    if kind in ("model_type", "model_attributes_type", "dict_type"):
        # pydantic names its internal model class here ("instance of Reach"): say what a
        # game author writes instead, a block of keys.
        keys = _allowed_keys(model, src.data, loc)
        shape = f"a block of keys ({', '.join(keys)})" if keys else "a block of keys"
        return src.issue(loc, f"expected {shape}; found {found}")
    message = err["msg"].replace("Input should be", "expected").replace("Value error, ", "")
    message = re.sub(r" or (an )?instance of \w+", "", message)  # never an internal class
    if kind == "value_error" and "found" in message:  # it says what it found already
        return src.issue(loc, message)
    return src.issue(loc, f"{message}; found {found}")


#: What a tagged block's type is called, by the key of the list (or field) that holds it:
#: an option inside a phase names a move primitive, not a phase.
_BLOCK_WORDS = {"options": "move primitive", "moves": "move primitive",
                "if": "condition type", "then": "consequence type", "turn": "phase type",
                "setup": "setup type", "goals": "goal type", "result": "result type",
                "invariants": "invariant type", "restrictions": "restriction type",
                "board": "board type"}


def _block_word(loc: Loc) -> str:
    """``phase type``, ``move primitive``, ... for the block at ``loc``: named by the
    innermost key that holds it, a key followed by a list index or ending the location
    (pydantic puts the enclosing blocks' tags in the location too, each followed by a
    field's name)."""
    holders = [key for i, key in enumerate(loc) if isinstance(key, str)
               and (i + 1 == len(loc) or isinstance(loc[i + 1], int))]
    return _BLOCK_WORDS.get(holders[-1], "rule type") if holders else "rule type"


def _allowed_keys(model: type[BaseModel], data: Any, loc: Loc) -> list[str]:
    """The keys allowed at ``loc`` (best effort: follows lists, dicts and tagged unions)."""
    annotation: Any = model
    node = data
    for part in loc:
        annotation = _strip(annotation, node)
        if isinstance(annotation, type) and issubclass(annotation, BaseModel):
            field = annotation.model_fields.get(str(part))
            if field is None:
                field = next((f for f in annotation.model_fields.values() if f.alias == part),
                             None)
            if field is None:
                continue  # a union tag that pydantic adds to the location
            annotation = field.annotation
        elif get_origin(annotation) in (list, tuple):
            annotation = get_args(annotation)[0]
        elif get_origin(annotation) is dict:
            annotation = get_args(annotation)[1]
        else:
            if isinstance(node, dict) and part in node:
                continue
            return []
        if has_part(node, part):
            node = node[part]
    annotation = _strip(annotation, node)
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        return [f.alias or name for name, f in annotation.model_fields.items()]
    return []


def _strip(annotation: Any, node: Any) -> Any:
    """Unwrap Annotated/Optional and pick the union member whose ``type`` tag matches."""
    while True:
        origin = get_origin(annotation)
        if origin is typing.Annotated:
            annotation = get_args(annotation)[0]
        elif origin in (Union, types.UnionType):
            members = [a for a in get_args(annotation) if a is not type(None)]
            tag = node.get("type") if isinstance(node, dict) else None
            chosen = members[0] if len(members) == 1 else None
            for member in members:
                member = _strip(member, node)
                if isinstance(member, type) and issubclass(member, BaseModel):
                    field = member.model_fields.get("type")
                    if field is not None and tag in get_args(field.annotation):
                        chosen = member
            if chosen is None:
                return annotation
            annotation = chosen
        else:
            return annotation
